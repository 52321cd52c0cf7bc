/**
 * Typed JSON strings (`json:` on a string parameter or result, docs/spec.md): the wire carries a string, the handler
 * and the caller a value. The server reads a parameter's text with `readJsonString` before its handler runs and
 * writes a result with `writeJsonString`; the client does the reverse. One module, so both sides refuse the same
 * texts with the same words.
 *
 * Texts are strict JSON (RFC 8259, as `JSON.parse` reads it). A text that is not JSON is named by the parameter and
 * the place it stops being JSON; a value the schema refuses by the JSON pointer and the rule, as the schema's
 * validator (compiled by ajv at generation time) reports the first one. Neither message repeats the value.
 */

/** One problem a validator reports: ajv's error object, of which these fields are read. */
export interface JsonSchemaIssue {
  /** The JSON pointer of the value refused, `''` for the whole value. */
  readonly instancePath: string;
  /** The rule: `type`, `required`, `pattern`, … */
  readonly keyword: string;
  readonly params?: Readonly<Record<string, unknown>>;
  readonly message?: string;
}

/** A schema's validator, compiled at generation time (ajv standalone code): `errors` tells why it refused. */
export interface JsonSchemaValidator {
  (value: unknown): boolean;
  errors?: readonly JsonSchemaIssue[] | null;
}

/** A typed JSON string site: what the runtime knows of its schema. */
export interface JsonStringDescription {
  /** The schema's validator. */
  readonly validate: JsonSchemaValidator;
}

/** A JSON string that is not JSON, or whose value its schema refuses; `message` says which, where and why. */
export class JsonStringError extends Error {
  override readonly name = 'JsonStringError';
}

/**
 * The value of a JSON string, validated against its schema; `undefined` for an absent (or nil) string. `name` is what
 * the message calls it (`requestJson`, `the result`).
 */
export function readJsonString(json: JsonStringDescription, text: unknown, name: string): unknown {
  if (text === undefined || text === null) return text;
  if (typeof text !== 'string') throw new JsonStringError(`${name} is not a string.`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new JsonStringError(`${name} is not JSON: ${syntaxProblem(text)}.`);
  }
  checkJsonValue(json, value, name);
  return value;
}

/** Throws a `JsonStringError` when the schema refuses `value`. */
export function checkJsonValue(json: JsonStringDescription, value: unknown, name: string): void {
  if (json.validate(value)) return;
  const issue = json.validate.errors?.[0];
  throw new JsonStringError(`${name} does not match its schema: ${issue ? describeIssue(issue) : 'refused'}.`);
}

/**
 * The text of a JSON string's value; `undefined` (nothing on the wire) for `undefined`. A value `JSON.stringify`
 * cannot write (a function, a bigint, a cycle) is a `JsonStringError`.
 */
export function writeJsonString(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined;
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    throw new JsonStringError(`${name} cannot be written as JSON: ${error instanceof Error ? error.message : error}.`);
  }
  if (text === undefined) throw new JsonStringError(`${name} cannot be written as JSON: it is a ${typeof value}.`);
  return text;
}

/** `at /phone: must match pattern "^[0-9]+$" (pattern)`; an extra property is named in the pointer. */
export function describeIssue(issue: JsonSchemaIssue): string {
  let pointer = issue.instancePath;
  const extra = issue.keyword === 'additionalProperties' ? issue.params?.['additionalProperty'] : undefined;
  if (typeof extra === 'string') pointer += `/${extra.replace(/~/g, '~0').replace(/\//g, '~1')}`;
  const at = pointer === '' ? '(root)' : pointer;
  return `at ${at}: ${issue.message ?? 'refused'} (${issue.keyword})`;
}

/**
 * Where a text stops being JSON: `unexpected "}" at character 12`, `unexpected end`. A scan of the grammar (the text
 * is known to be invalid): no message of the JavaScript engine, whose wording differs between versions and quotes
 * the text.
 */
export function syntaxProblem(text: string): string {
  const scan = new Scan(text);
  try {
    scan.space();
    scan.value(0);
    scan.space();
    if (scan.i < text.length) scan.fail();
  } catch (error) {
    if (error instanceof SyntaxProblem) return error.message;
    throw error;
  }
  return 'not JSON';
}

class SyntaxProblem extends Error {}

/** The scan recurses: past this depth it says so rather than find the place. */
const MAX_DEPTH = 1000;

class Scan {
  i = 0;
  constructor(private readonly text: string) {}

  fail(): never {
    if (this.i >= this.text.length) throw new SyntaxProblem('unexpected end');
    const c = String.fromCodePoint(this.text.codePointAt(this.i)!);
    const shown = c < ' ' ? `U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}` : JSON.stringify(c);
    throw new SyntaxProblem(`unexpected ${shown} at character ${this.i + 1}`);
  }

  space(): void {
    const t = this.text;
    while (this.i < t.length && (t[this.i] === ' ' || t[this.i] === '\t' || t[this.i] === '\n' || t[this.i] === '\r'))
      this.i++;
  }

  expect(c: string): void {
    if (this.text[this.i] !== c) this.fail();
    this.i++;
  }

  value(depth: number): void {
    if (depth > MAX_DEPTH) throw new SyntaxProblem('nested too deeply');
    const c = this.text[this.i];
    if (c === '{') return this.object(depth);
    if (c === '[') return this.array(depth);
    if (c === '"') return this.string();
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return this.number();
    for (const word of ['true', 'false', 'null']) {
      if (this.text.startsWith(word, this.i)) {
        this.i += word.length;
        return;
      }
    }
    // Within a word, the first character that differs.
    for (const word of ['true', 'false', 'null']) {
      if (c === word[0]) {
        let k = 0;
        while (this.text[this.i + k] === word[k]) k++;
        this.i += k;
      }
    }
    this.fail();
  }

  object(depth: number): void {
    this.i++;
    this.space();
    if (this.text[this.i] === '}') {
      this.i++;
      return;
    }
    for (;;) {
      if (this.text[this.i] !== '"') this.fail();
      this.string();
      this.space();
      this.expect(':');
      this.space();
      this.value(depth + 1);
      this.space();
      if (this.text[this.i] === ',') {
        this.i++;
        this.space();
        continue;
      }
      this.expect('}');
      return;
    }
  }

  array(depth: number): void {
    this.i++;
    this.space();
    if (this.text[this.i] === ']') {
      this.i++;
      return;
    }
    for (;;) {
      this.value(depth + 1);
      this.space();
      if (this.text[this.i] === ',') {
        this.i++;
        this.space();
        continue;
      }
      this.expect(']');
      return;
    }
  }

  string(): void {
    const t = this.text;
    this.i++;
    while (this.i < t.length) {
      const c = t.charCodeAt(this.i);
      if (c === 0x22) {
        this.i++;
        return;
      }
      if (c < 0x20) this.fail();
      if (c === 0x5c) {
        const e = t[this.i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(t.slice(this.i + 2, this.i + 6))) {
            this.i += 2;
            while (/[0-9a-fA-F]/.test(t[this.i] ?? '')) this.i++;
            this.fail();
          }
          this.i += 6;
          continue;
        }
        this.i++;
        if (e === undefined || !'"\\/bfnrt'.includes(e)) this.fail();
        this.i++;
        continue;
      }
      this.i++;
    }
    this.fail();
  }

  number(): void {
    const t = this.text;
    if (t[this.i] === '-') this.i++;
    if (t[this.i] === '0') this.i++;
    else this.digits();
    if (t[this.i] === '.') {
      this.i++;
      this.digits();
    }
    if (t[this.i] === 'e' || t[this.i] === 'E') {
      this.i++;
      if (t[this.i] === '+' || t[this.i] === '-') this.i++;
      this.digits();
    }
  }

  digits(): void {
    const start = this.i;
    while (this.text[this.i] !== undefined && this.text[this.i]! >= '0' && this.text[this.i]! <= '9') this.i++;
    if (this.i === start) this.fail();
  }
}

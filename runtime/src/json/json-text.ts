/**
 * JSON text as ASP.NET AJAX's `JavaScriptSerializer` reads and writes it (docs/wire.md, "JSON (ScriptService)").
 *
 * Writing strings follows the .NET Framework 4.x (`HttpUtility.JavaScriptStringEncode`): `"` and `\` escaped,
 * `\b \t \n \f \r` short, other controls and `' < > &` and U+0085, U+2028, U+2029 as `\u00XX` (lower-case hex).
 * Mono leaves `&` and U+2028/U+2029 raw.
 *
 * Reading is JavaScriptSerializer's JavaScript-like grammar: member names quoted (`"` or `'`) or bare, strings in
 * either quote, whitespace anywhere; a duplicate member name keeps the last value. Numbers are kept as written
 * (`JsonNumber`), so a `long` or `decimal` loses no digit.
 */

/** A number as written in the JSON text. */
export class JsonNumber {
  constructor(readonly text: string) {}
  get value(): number {
    return Number(this.text);
  }
}

/**
 * A string written `"\/Date(ms)\/"`, its slashes escaped: the only form JavaScriptObjectDeserializer reads as a
 * `DateTime` (`IsNextElementDateTime` looks at the text before unescaping it, for `"\/Date(`; a suffix after the
 * milliseconds, a letter or `+hhmm`, is ignored). `/Date(ms)/` unescaped is a plain string, as `'\/Date(ms)\/'` is.
 */
export class JsonDate {
  constructor(
    /** The string as read: `/Date(ms)/`. */
    readonly text: string,
    readonly ms: number,
  ) {}
}

export type JsonValue = null | boolean | string | JsonNumber | JsonDate | JsonValue[] | JsonObject;
/** An object's members in order of first appearance; a repeated name takes the last value. */
export type JsonObject = Map<string, JsonValue>;

export function isJsonObject(value: JsonValue | undefined): value is JsonObject {
  return value instanceof Map;
}

/** What the reader refuses: not JSON as JavaScriptSerializer reads it. */
export class JsonSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JsonSyntaxError';
  }
}

/** A string literal as JavaScriptSerializer writes it (the .NET Framework's escaping). */
export function quoteJsonString(text: string): string {
  let out = '"';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const escaped = escapeOf(c);
    if (escaped === undefined) continue;
    out += text.slice(start, i) + escaped;
    start = i + 1;
  }
  return out + text.slice(start) + '"';
}

function escapeOf(c: number): string | undefined {
  switch (c) {
    case 0x22:
      return '\\"';
    case 0x5c:
      return '\\\\';
    case 0x08:
      return '\\b';
    case 0x09:
      return '\\t';
    case 0x0a:
      return '\\n';
    case 0x0c:
      return '\\f';
    case 0x0d:
      return '\\r';
    case 0x27:
    case 0x3c:
    case 0x3e:
    case 0x26:
    case 0x85:
    case 0x2028:
    case 0x2029:
      return unicodeEscape(c);
    default:
      return c < 0x20 ? unicodeEscape(c) : undefined;
  }
}

function unicodeEscape(c: number): string {
  return `\\u${c.toString(16).padStart(4, '0')}`;
}

/** Reads one JSON value (JavaScriptSerializer's grammar); a byte-order mark before it is skipped. */
export function parseJson(text: string): JsonValue {
  const reader = new Reader(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  const value = reader.value();
  reader.skipSpace();
  if (!reader.atEnd()) reader.fail('Invalid JSON primitive');
  return value;
}

/** JavaScriptObjectDeserializer's date, in the text as written: `"\/Date(ms)\/"`, a letter or `+hhmm` after ms. */
const ESCAPED_DATE = /^"\\\/Date\((-?\d+)(?:[a-zA-Z]|[+-]\d{4})?\)\\\/"/;

class Reader {
  private at = 0;
  constructor(private readonly text: string) {}

  atEnd(): boolean {
    return this.at >= this.text.length;
  }

  fail(what: string): never {
    throw new JsonSyntaxError(`${what}: ${this.text.slice(this.at, this.at + 20)}.`);
  }

  skipSpace(): void {
    while (this.at < this.text.length && /\s/.test(this.text[this.at]!)) this.at++;
  }

  value(): JsonValue {
    this.skipSpace();
    const c = this.text[this.at];
    if (c === undefined) this.fail('Invalid JSON primitive');
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    if (c === '"' || c === "'") return this.stringOrDate();
    const word = /^[^\s,:\]}]+/.exec(this.text.slice(this.at))?.[0] ?? '';
    this.at += word.length;
    if (word === 'null') return null;
    if (word === 'true') return true;
    if (word === 'false') return false;
    if (/^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(word)) return new JsonNumber(word);
    this.at -= word.length;
    return this.fail('Invalid JSON primitive');
  }

  private object(): JsonObject {
    this.at++;
    const members: JsonObject = new Map();
    this.skipSpace();
    if (this.text[this.at] === '}') {
      this.at++;
      return members;
    }
    for (;;) {
      this.skipSpace();
      const c = this.text[this.at];
      let name: string;
      if (c === '"' || c === "'") name = this.quoted();
      else {
        const bare = /^[^\s:,{}[\]"']+/.exec(this.text.slice(this.at))?.[0];
        if (bare === undefined) this.fail('Invalid object passed in, member name expected');
        name = bare;
        this.at += bare.length;
      }
      this.skipSpace();
      if (this.text[this.at] !== ':') this.fail("Invalid object passed in, ':' expected");
      this.at++;
      members.set(name, this.value());
      this.skipSpace();
      const next = this.text[this.at++];
      if (next === '}') return members;
      if (next !== ',') this.fail("Invalid object passed in, ',' or '}' expected");
    }
  }

  private array(): JsonValue[] {
    this.at++;
    const items: JsonValue[] = [];
    this.skipSpace();
    if (this.text[this.at] === ']') {
      this.at++;
      return items;
    }
    for (;;) {
      items.push(this.value());
      this.skipSpace();
      const next = this.text[this.at++];
      if (next === ']') return items;
      if (next !== ',') this.fail("Invalid array passed in, ',' or ']' expected");
    }
  }

  private stringOrDate(): string | JsonDate {
    const date = ESCAPED_DATE.exec(this.text.slice(this.at, this.at + 40));
    if (date === null || !Number.isSafeInteger(Number(date[1]))) return this.quoted();
    this.at += date[0].length;
    return new JsonDate(date[0].slice(1, -1).replaceAll('\\/', '/'), Number(date[1]));
  }

  private quoted(): string {
    const quote = this.text[this.at++]!;
    let out = '';
    for (;;) {
      const c = this.text[this.at++];
      if (c === undefined) this.fail('Unterminated string passed in');
      if (c === quote) return out;
      if (c !== '\\') {
        out += c;
        continue;
      }
      const e = this.text[this.at++];
      if (e === 'u') {
        const hex = this.text.slice(this.at, this.at + 4);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail('Unrecognized escape sequence');
        out += String.fromCharCode(parseInt(hex, 16));
        this.at += 4;
      } else if (e === 'b') out += '\b';
      else if (e === 'f') out += '\f';
      else if (e === 'n') out += '\n';
      else if (e === 'r') out += '\r';
      else if (e === 't') out += '\t';
      else if (e === undefined) this.fail('Unterminated string passed in');
      else out += e;
    }
  }
}

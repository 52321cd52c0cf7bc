import { readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { isMap, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import { describeIoError } from '../io/describe-io-error.js';
import { newJsonSchemaAjv } from './json-schema-ajv.js';
import type { JsonSchemaObject, SpecJson } from './spec-types.js';
import type { Entry, YamlChecker } from './yaml-checker.js';

/** A schema file is small; anything this big is a mistake. */
const MAX_SCHEMA_BYTES = 4 * 1024 * 1024;

/**
 * `json:` of a string parameter and `resultJson:` of an operation: the JSON Schema (draft-07) of the JSON the
 * string holds, inline or the path of a `.json` or `.yaml` file relative to the spec's folder. Resolved here, once:
 * the file read, each `$ref` to another local file inlined under the root's `$defs` (files in the order first
 * referenced, each once, named after the file), the schema checked against draft-07's meta-schema (at the
 * `file:line:column` of the keyword that is wrong, in the spec or in the schema's file) and compiled. `undefined`
 * after reporting a problem.
 */
export function parseJsonSite(
  c: YamlChecker,
  entry: Entry,
  specFile: string,
  type: string | undefined,
  site: 'parameter' | 'result',
): SpecJson | undefined {
  if ((type ?? 'string') !== 'string') {
    c.problem(entry, `json applies to a string ${site} only (the wire carries the JSON as a string), not "${type}"`);
    return undefined;
  }
  const node = entry.value;
  const specDir = dirname(specFile);
  const loader = new SchemaLoader(c, entry, specDir);
  let root: SchemaDocument | undefined;
  let file: string | undefined;
  if (isMap(node)) {
    root = { value: c.toJs(node), file: specFile, dir: specDir, node, pos: (n) => c.nodePos(n) };
  } else {
    file = c.string(entry, true);
    if (file === undefined) return undefined;
    if (!/\.(json|ya?ml)$/i.test(file)) {
      c.problem(entry, `expected a JSON Schema: a mapping, or the path of a .json or .yaml file (got "${file}")`);
      return undefined;
    }
    root = loader.load(resolve(specDir, file), join(specDir, file));
  }
  if (!root || !loader.check(root)) return undefined;
  const schema = loader.inline(root);
  if (schema === undefined) return undefined;
  try {
    newJsonSchemaAjv(false).compile(schema);
  } catch (error) {
    c.problem(entry, `the JSON Schema does not compile: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
  return { schema, ...(file !== undefined && { file }) };
}

/** A schema document: its value, its file (as shown in messages), and how to find a keyword's position in it. */
interface SchemaDocument {
  readonly value: unknown;
  readonly file: string;
  /** The folder its `$ref`s to files are relative to. */
  readonly dir: string;
  readonly node: Node | null;
  readonly pos: (node: Node | null) => { line: number; column: number };
}

class SchemaLoader {
  /** Files referenced so far, by absolute path: their key under `$defs`. */
  private readonly keys = new Map<string, string>();
  private readonly queue: { abs: string; doc: SchemaDocument; key: string }[] = [];
  private ok = true;

  constructor(
    private readonly c: YamlChecker,
    private readonly entry: Entry,
    /** Files are shown as the spec's own path is, joined with their path from its folder. */
    private readonly specDir: string,
  ) {}

  /** Reads and parses a schema file; `undefined` after reporting why it cannot be. */
  load(abs: string, shown: string): SchemaDocument | undefined {
    let text: string;
    try {
      if (statSync(abs).size > MAX_SCHEMA_BYTES) {
        this.fail(`the JSON Schema file ${shown} is larger than 4 MiB`);
        return undefined;
      }
      text = readFileSync(abs, 'utf8');
    } catch (error) {
      this.fail(`cannot read the JSON Schema file ${shown}: ${describeIoError(error)}`);
      return undefined;
    }
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    const lineCounter = new LineCounter();
    const doc = parseDocument(text, { lineCounter, prettyErrors: false });
    const at = (offset: number) => {
      const { line, col } = lineCounter.linePos(offset);
      return { line: Math.max(line, 1), column: Math.max(col, 1) };
    };
    const error = doc.errors[0];
    if (error) {
      this.problemAt(shown, at(error.pos[0]), `the JSON Schema file is not JSON or YAML: ${error.message}`);
      return undefined;
    }
    if (!isMap(doc.contents)) {
      this.problemAt(shown, at(0), 'a JSON Schema file must hold an object');
      return undefined;
    }
    const pos = (node: Node | null) => at(node?.range?.[0] ?? 0);
    return { value: doc.toJS(), file: shown, dir: dirname(abs), node: doc.contents, pos };
  }

  /** Checks a document against draft-07's meta-schema: the first problem, at its keyword. */
  check(doc: SchemaDocument): boolean {
    const ajv = newJsonSchemaAjv(false);
    const declared = (doc.value as Record<string, unknown>)['$schema'];
    if (declared !== undefined && declared !== DRAFT_07 && declared !== `${DRAFT_07}#`) {
      const at = this.keywordPos(doc, ['$schema']);
      this.problemAt(
        doc.file,
        at,
        `asmxgen reads JSON Schema draft-07 ("$schema": "${DRAFT_07}#"); not ${JSON.stringify(declared)}`,
      );
      return false;
    }
    if (ajv.validateSchema(doc.value as object) === true) return true;
    const first = ajv.errors?.[0];
    const path = (first?.instancePath ?? '').split('/').slice(1).map(unescapePointer);
    const where = path.length === 0 ? '' : ` at /${path.map(escapePointer).join('/')}`;
    this.problemAt(
      doc.file,
      this.keywordPos(doc, path),
      `not a valid JSON Schema${where}: ${first?.message ?? 'refused'}`,
    );
    return false;
  }

  /** The root's schema with every file it references inlined; `undefined` after a problem. */
  inline(root: SchemaDocument): JsonSchemaObject | undefined {
    const rewritten = this.rewrite(root.value, undefined, root.dir, root) as Record<string, unknown>;
    const defs: Record<string, unknown> = {};
    for (let i = 0; i < this.queue.length; i++) {
      const { doc, key } = this.queue[i]!;
      if (!this.check(doc)) continue;
      defs[key] = this.rewrite(doc.value, key, doc.dir, doc);
    }
    if (!this.ok) return undefined;
    if (this.queue.length === 0) return rewritten;
    const own = (rewritten['$defs'] ?? {}) as Record<string, unknown>;
    return { ...rewritten, $defs: { ...own, ...defs } };
  }

  /** A copy of `value` whose `$ref`s point into the root: to a file's place under `$defs`, or as they were. */
  private rewrite(value: unknown, key: string | undefined, dir: string, doc: SchemaDocument): unknown {
    if (Array.isArray(value)) return value.map((v) => this.rewrite(v, key, dir, doc));
    if (typeof value !== 'object' || value === null) return value;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] = k === '$ref' && typeof v === 'string' ? this.ref(v, key, dir, doc) : this.rewrite(v, key, dir, doc);
    }
    return out;
  }

  private ref(ref: string, key: string | undefined, dir: string, doc: SchemaDocument): string {
    if (ref.startsWith('#')) return key === undefined ? ref : `#/$defs/${key}${ref.slice(1)}`;
    if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(ref)) {
      this.problemAt(
        doc.file,
        this.keywordPos(doc, []),
        `$ref "${ref}" is not a local file: only refs to files beside the schema (and pointers into it) are inlined`,
      );
      return ref;
    }
    const hash = ref.indexOf('#');
    const path = decodeURI(hash === -1 ? ref : ref.slice(0, hash));
    const fragment = hash === -1 ? '' : ref.slice(hash + 1);
    const abs = resolve(dir, path);
    let target = this.keys.get(abs);
    if (target === undefined) {
      const shown = join(this.specDir, relative(resolve(this.specDir), abs));
      const loaded = this.load(abs, shown);
      target = this.newKey(abs);
      this.keys.set(abs, target);
      if (loaded) this.queue.push({ abs, doc: loaded, key: target });
    }
    return `#/$defs/${target}${fragment}`;
  }

  /** `address.json` → `address`; a name taken already gets a number (`address2`). */
  private newKey(abs: string): string {
    const base = abs
      .replace(/^.*[\\/]/, '')
      .replace(/(\.schema)?\.(json|ya?ml)$/i, '')
      .replace(/[^A-Za-z0-9_]/g, '_');
    const taken = new Set(this.keys.values());
    let name = base || 'schema';
    for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
    return name;
  }

  /** The position of the keyword at `path` in the document (the nearest node that exists). */
  private keywordPos(doc: SchemaDocument, path: readonly string[]): { line: number; column: number } {
    let node: unknown = doc.node;
    for (const segment of path) {
      let next: unknown;
      if (isMap(node)) next = node.get(segment, true);
      else if (isSeq(node)) next = node.get(Number(segment), true);
      if (next === undefined || next === null) break;
      node = next;
    }
    return doc.pos(node as Node | null);
  }

  private fail(message: string): void {
    this.ok = false;
    this.c.problem(this.entry, message);
  }

  private problemAt(file: string, at: { line: number; column: number }, message: string): void {
    this.ok = false;
    this.c.problems.push({ file, ...at, path: this.entry.path, message });
  }
}

const DRAFT_07 = 'http://json-schema.org/draft-07/schema';

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

import { isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import { isTsIdentifier, isXmlName, RESERVED_NAMES } from '../model/naming.js';
import { BINDING_KINDS, type BindingKind } from '../model/types.js';
import { isXsdType, XSD_TYPE_NAMES, type XsdType } from '../model/xsd-types.js';
import { SpecError, type SpecProblem } from './spec-error.js';
import type { Spec, SpecOperation, SpecParameter, SpecService } from './spec-types.js';

/**
 * Parses and validates a spec. Throws a {@link SpecError} listing every
 * problem, each at the YAML node it is about, sorted by position.
 */
export function parseSpec(text: string, file: string): Spec {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  const pos = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset);
    return { line: Math.max(line, 1), column: Math.max(col, 1) };
  };
  if (doc.errors.length > 0) {
    // A broken tree would only produce misleading follow-up problems.
    throw new SpecError(
      sortProblems(
        doc.errors.map((e) => ({ file, ...pos(e.pos[0]), path: ROOT, message: `invalid YAML: ${e.message}` })),
      ),
    );
  }
  const checker = new Checker(file, doc, pos);
  const spec = checker.spec();
  if (checker.problems.length > 0 || !spec) throw new SpecError(sortProblems(checker.problems));
  return spec;
}

const ROOT = '(root)';

const NAME_RULES = {
  both: 'must start with a letter or "_" and contain only letters, digits and "_"',
  xml: 'must start with a letter or "_" and contain only letters, digits, "_", "-" and "."',
  ts: 'must start with a letter, "_" or "$" and contain only letters, digits, "_" and "$"',
};

/** A value in a mapping, with the key it was found under (for positions of empty values). */
interface Entry {
  readonly key: Node;
  readonly value: Node | null;
  readonly path: string;
}

type Pos = { line: number; column: number };

class Checker {
  readonly problems: SpecProblem[] = [];

  constructor(
    private readonly file: string,
    private readonly doc: Document,
    private readonly pos: (offset: number) => Pos,
  ) {}

  spec(): Spec | undefined {
    const root = this.deref(this.doc.contents);
    if (!isMap(root)) {
      const got = root ? describe(root) : 'an empty document';
      this.report(root, undefined, ROOT, `a spec must be a mapping with "service" and "operations"; got ${got}`);
      return undefined;
    }
    const f = this.fields(root, '', ['service', 'bindings', 'operations'], ['$schema']);
    if (f.$schema) this.string(f.$schema);
    const service = this.need(root, f, '', 'service') && this.service(f.service!);
    const bindings = f.bindings && this.bindings(f.bindings);
    const operations = this.need(root, f, '', 'operations') && this.operations(f.operations!);
    if (!service || !operations) return undefined;
    return { service, ...(bindings && { bindings }), operations };
  }

  private service(entry: Entry): SpecService | undefined {
    const map = this.mapping(entry);
    if (!map) return undefined;
    const f = this.fields(map, entry.path, ['name', 'namespace', 'path', 'description']);
    let name: string | undefined;
    if (this.need(map, f, entry.path, 'name')) name = this.name(f.name!, 'service name', false);
    let namespace: string | undefined;
    if (!f.namespace) {
      this.report(
        map,
        undefined,
        `${entry.path}.namespace`,
        "missing namespace: every ASMX service has one (ASMX's default is http://tempuri.org/)",
      );
    } else {
      namespace = this.string(f.namespace, true);
    }
    const path = f.path && this.string(f.path, true);
    if (path !== undefined && !isEndpointPath(path)) {
      this.problem(
        f.path!,
        `invalid path "${path}": must start with "/", end with ".asmx" and contain no whitespace, "?" or "#"`,
      );
    }
    const description = f.description && this.string(f.description, true);
    if (name === undefined || namespace === undefined) return undefined;
    return { name, namespace, ...(path !== undefined && { path }), ...(description !== undefined && { description }) };
  }

  private bindings(entry: Entry): BindingKind[] | undefined {
    const seq = this.sequence(entry);
    if (!seq) return undefined;
    if (seq.items.length === 0) {
      this.problem(entry, 'must not be empty; omit it to enable all four bindings');
      return undefined;
    }
    const seen = new Map<string, number>();
    const out: BindingKind[] = [];
    seq.items.forEach((item, i) => {
      const e: Entry = { key: seq, value: this.deref(item), path: `${entry.path}[${i}]` };
      const kind = this.string(e);
      if (kind === undefined) return;
      if (!(BINDING_KINDS as readonly string[]).includes(kind)) {
        this.problem(e, `unknown binding "${kind}"; expected one of: ${BINDING_KINDS.join(', ')}`);
      } else if (seen.has(kind)) {
        this.problem(e, `duplicate binding "${kind}" (first listed at line ${seen.get(kind)})`);
      } else {
        seen.set(kind, this.at(e).line);
        out.push(kind as BindingKind);
      }
    });
    return out.length === seq.items.length ? out : undefined;
  }

  private operations(entry: Entry): SpecOperation[] | undefined {
    const seq = this.sequence(entry);
    if (!seq) return undefined;
    if (seq.items.length === 0) {
      this.problem(entry, 'a service needs at least one operation');
      return undefined;
    }
    const seen = new Map<string, number>();
    const nameEntries = new Map<string, Entry>();
    const out: SpecOperation[] = [];
    seq.items.forEach((item, i) => {
      const op = this.operation({ key: seq, value: this.deref(item), path: `${entry.path}[${i}]` }, seen, nameEntries);
      if (op) out.push(op);
    });
    // `A` declares the element `AResponse`: an operation of that name would declare it twice.
    for (const [name, nameEntry] of nameEntries) {
      const owner = name.endsWith('Response') ? name.slice(0, -'Response'.length) : undefined;
      if (owner && seen.has(owner)) {
        this.problem(
          nameEntry,
          `operation "${name}" declares the same WSDL element as the response of operation "${owner}" ` +
            `(line ${seen.get(owner)}); rename one of them`,
        );
      }
    }
    return out.length === seq.items.length ? out : undefined;
  }

  private operation(
    entry: Entry,
    seen: Map<string, number>,
    nameEntries: Map<string, Entry>,
  ): SpecOperation | undefined {
    const map = this.mapping(entry);
    if (!map) return undefined;
    const f = this.fields(map, entry.path, ['name', 'group', 'description', 'soapAction', 'parameters', 'result']);
    let name: string | undefined;
    if (this.need(map, f, entry.path, 'name')) {
      name = this.name(f.name!, 'operation name', false);
      if (name !== undefined) name = this.unique(f.name!, name, 'operation', seen);
      if (name !== undefined) nameEntries.set(name, f.name!);
    }
    const group = f.group && this.string(f.group, true);
    const description = f.description && this.string(f.description, true);
    const soapAction = f.soapAction && this.string(f.soapAction, true);
    const parameters = f.parameters && this.parameters(f.parameters);
    const result = f.result && this.type(f.result);
    // Any problem above is reported and fails the whole spec; only `name` matters to the type.
    if (name === undefined) return undefined;
    return {
      name,
      ...(group !== undefined && { group }),
      ...(description !== undefined && { description }),
      ...(soapAction !== undefined && { soapAction }),
      ...(parameters !== undefined && { parameters }),
      ...(result !== undefined && { result }),
    };
  }

  private parameters(entry: Entry): SpecParameter[] | undefined {
    const seq = this.sequence(entry);
    if (!seq) return undefined;
    const seen = new Map<string, number>();
    const out: SpecParameter[] = [];
    seq.items.forEach((item, i) => {
      const e: Entry = { key: seq, value: this.deref(item), path: `${entry.path}[${i}]` };
      const map = this.mapping(e);
      if (!map) return;
      const f = this.fields(map, e.path, ['name', 'type']);
      let name: string | undefined;
      if (this.need(map, f, e.path, 'name')) {
        name = this.name(f.name!, 'parameter name', true);
        if (name !== undefined) name = this.unique(f.name!, name, 'parameter', seen);
      }
      const type = f.type && this.type(f.type);
      if (name !== undefined && (!f.type || type !== undefined)) out.push({ name, ...(type && { type }) });
    });
    return out.length === seq.items.length ? out : undefined;
  }

  private type(entry: Entry): XsdType | undefined {
    const name = this.string(entry);
    if (name === undefined) return undefined;
    if (isXsdType(name)) return name;
    this.problem(entry, `unknown type "${name}"; expected one of: ${XSD_TYPE_NAMES.join(', ')}`);
    return undefined;
  }

  /** An XML name that, unless `xmlOnly`, must also be a TypeScript identifier. */
  private name(entry: Entry, what: string, xmlOnly: boolean): string | undefined {
    const name = this.string(entry);
    if (name === undefined) return undefined;
    if (RESERVED_NAMES.has(name)) {
      this.problem(entry, `invalid ${what} "${name}": the names ${[...RESERVED_NAMES].join(', ')} are reserved`);
      return undefined;
    }
    const xml = isXmlName(name);
    const ts = xmlOnly || isTsIdentifier(name);
    if (xml && ts) return name;
    const msg =
      !xml && !ts
        ? `is neither a valid XML name nor a valid TypeScript identifier (${NAME_RULES.both})`
        : !xml
          ? `is not a valid XML name (${NAME_RULES.xml})`
          : `is not a valid TypeScript identifier (${NAME_RULES.ts})`;
    this.problem(entry, `invalid ${what} "${name}": it ${msg}`);
    return undefined;
  }

  private unique(entry: Entry, name: string, what: string, seen: Map<string, number>): string | undefined {
    const first = seen.get(name);
    if (first !== undefined) {
      this.problem(entry, `duplicate ${what} "${name}" (first defined at line ${first})`);
      return undefined;
    }
    seen.set(name, this.at(entry).line);
    return name;
  }

  /** Splits a mapping into its known fields; reports unknown ones. `silent` keys are allowed but unlisted. */
  private fields(map: Node, path: string, known: readonly string[], silent: readonly string[] = []) {
    const out: Record<string, Entry | undefined> = {};
    if (!isMap(map)) return out;
    for (const pair of map.items) {
      const key = pair.key as Node | null;
      const keyName =
        isScalar(key) && key.value !== null && typeof key.value !== 'object' ? String(key.value) : undefined;
      const childPath = keyName === undefined ? path || ROOT : path ? `${path}.${keyName}` : keyName;
      if (keyName === undefined) {
        this.report(key ?? map, undefined, childPath, 'field names must be plain strings');
      } else if (!known.includes(keyName) && !silent.includes(keyName)) {
        this.report(key, undefined, childPath, `unknown field "${keyName}"; expected one of: ${known.join(', ')}`);
      } else {
        out[keyName] = { key: key!, value: this.deref(pair.value as Node | null), path: childPath };
      }
    }
    return out;
  }

  /** Reports a missing required field at the mapping; true when present. */
  private need(map: Node, f: Record<string, Entry | undefined>, path: string, key: string): boolean {
    if (f[key]) return true;
    this.report(map, undefined, path ? `${path}.${key}` : key, `missing required field "${key}"`);
    return false;
  }

  private string(entry: Entry, nonEmpty = false): string | undefined {
    const v = entry.value;
    if (!isScalar(v) || typeof v.value !== 'string') {
      this.problem(entry, 'expected a string');
      return undefined;
    }
    if (nonEmpty && v.value.trim() === '') {
      this.problem(entry, 'must not be empty');
      return undefined;
    }
    return v.value;
  }

  private mapping(entry: Entry) {
    if (isMap(entry.value)) return entry.value;
    this.problem(entry, 'expected a mapping');
    return undefined;
  }

  private sequence(entry: Entry) {
    if (isSeq(entry.value)) return entry.value;
    this.problem(entry, 'expected a sequence');
    return undefined;
  }

  private deref(node: unknown): Node | null {
    if (isAlias(node)) return (node.resolve(this.doc) as Node | undefined) ?? null;
    return (node as Node | null | undefined) ?? null;
  }

  /** Where an entry's value is; the key's position when the value is empty. */
  private at(entry: Entry): Pos {
    const v = entry.value;
    const empty = !v?.range || (isScalar(v) && v.value === null && v.range[0] === v.range[1]);
    return this.nodePos(empty ? entry.key : v);
  }

  private nodePos(node: Node | null | undefined): Pos {
    return this.pos(node?.range?.[0] ?? 0);
  }

  private problem(entry: Entry, message: string): void {
    this.report(null, this.at(entry), entry.path, message);
  }

  private report(node: Node | null | undefined, at: Pos | undefined, path: string, message: string): void {
    const { line, column } = at ?? this.nodePos(node);
    this.problems.push({ file: this.file, line, column, path: path || ROOT, message });
  }
}

function describe(node: Node): string {
  if (isMap(node)) return 'a mapping';
  if (isSeq(node)) return 'a sequence';
  if (isScalar(node)) {
    if (node.value === null) return 'null';
    return typeof node.value === 'string' ? 'a string' : `a ${typeof node.value}`;
  }
  return 'something else';
}

function isEndpointPath(path: string): boolean {
  return path.startsWith('/') && /\.asmx$/i.test(path) && !/[\s?#]/.test(path);
}

function sortProblems(problems: readonly SpecProblem[]): SpecProblem[] {
  return [...problems].sort((a, b) => a.line - b.line || a.column - b.column);
}

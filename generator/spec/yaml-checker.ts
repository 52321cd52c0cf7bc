import { isAlias, isMap, isScalar, isSeq, type Document, type Node } from 'yaml';
import { unknownNameMessage } from '../model/name-hint.js';
import { isTsIdentifier, isXmlName, RESERVED_NAMES } from '../model/naming.js';
import type { SpecProblem } from './spec-error.js';

export const ROOT = '(root)';

const NAME_RULES = {
  both: 'must start with a letter or "_" and contain only letters, digits and "_"',
  xml: 'must start with a letter or "_" and contain only letters, digits, "_", "-" and "."',
  ts: 'must start with a letter, "_" or "$" and contain only letters, digits, "_" and "$"',
};

/** A value in a mapping, with the key it was found under (for positions of empty values). */
export interface Entry {
  readonly key: Node;
  readonly value: Node | null;
  readonly path: string;
}

export type Pos = { line: number; column: number };

/** Fields of a YAML mapping, by key. */
export type Fields = Record<string, Entry | undefined>;

/**
 * The checks every part of a spec shares: reading strings, mappings and
 * sequences, names, unknown and missing fields. Problems are collected, each
 * at the YAML node it is about.
 */
export class YamlChecker {
  readonly problems: SpecProblem[] = [];

  constructor(
    private readonly file: string,
    protected readonly doc: Document,
    private readonly pos: (offset: number) => Pos,
  ) {}

  /** An XML name that, unless `xmlOnly`, must also be a TypeScript identifier. */
  name(entry: Entry, what: string, xmlOnly: boolean): string | undefined {
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

  unique(entry: Entry, name: string, what: string, seen: Map<string, number>): string | undefined {
    const first = seen.get(name);
    if (first !== undefined) {
      this.problem(entry, `duplicate ${what} "${name}" (first defined at line ${first})`);
      return undefined;
    }
    seen.set(name, this.at(entry).line);
    return name;
  }

  /** Splits a mapping into its known fields; reports unknown ones. `silent` keys are allowed but unlisted. */
  fields(map: Node, path: string, known: readonly string[], silent: readonly string[] = []) {
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
        this.report(key, undefined, childPath, unknownNameMessage('field', keyName, known));
      } else {
        out[keyName] = { key: key!, value: this.deref(pair.value as Node | null), path: childPath };
      }
    }
    return out;
  }

  /** Reports a missing required field at the mapping; true when present. */
  need(map: Node, f: Record<string, Entry | undefined>, path: string, key: string): boolean {
    if (f[key]) return true;
    this.report(map, undefined, path ? `${path}.${key}` : key, `missing required field "${key}"`);
    return false;
  }

  string(entry: Entry, nonEmpty = false): string | undefined {
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

  mapping(entry: Entry) {
    if (isMap(entry.value)) return entry.value;
    this.problem(entry, 'expected a mapping');
    return undefined;
  }

  sequence(entry: Entry) {
    if (isSeq(entry.value)) return entry.value;
    this.problem(entry, 'expected a sequence');
    return undefined;
  }

  deref(node: unknown): Node | null {
    if (isAlias(node)) return (node.resolve(this.doc) as Node | undefined) ?? null;
    return (node as Node | null | undefined) ?? null;
  }

  /** A node's value as plain JavaScript (mappings as objects, aliases resolved). */
  toJs(node: Node): unknown {
    return node.toJS(this.doc);
  }

  /** Where an entry's value is; the key's position when the value is empty. */
  at(entry: Entry): Pos {
    const v = entry.value;
    const empty = !v?.range || (isScalar(v) && v.value === null && v.range[0] === v.range[1]);
    return this.nodePos(empty ? entry.key : v);
  }

  nodePos(node: Node | null | undefined): Pos {
    return this.pos(node?.range?.[0] ?? 0);
  }

  problem(entry: Entry, message: string): void {
    this.report(null, this.at(entry), entry.path, message);
  }

  report(node: Node | null | undefined, at: Pos | undefined, path: string, message: string): void {
    const { line, column } = at ?? this.nodePos(node);
    this.problems.push({ file: this.file, line, column, path: path || ROOT, message });
  }

  /** A boolean flag. */
  boolean(entry: Entry): boolean | undefined {
    const v = entry.value;
    if (!isScalar(v) || typeof v.value !== 'boolean') {
      this.problem(entry, 'expected true or false');
      return undefined;
    }
    return v.value;
  }

  /** One of a fixed set of strings. */
  oneOf<T extends string>(entry: Entry, values: readonly T[]): T | undefined {
    const v = this.string(entry);
    if (v === undefined) return undefined;
    if ((values as readonly string[]).includes(v)) return v as T;
    this.problem(entry, unknownNameMessage('value', v, values));
    return undefined;
  }

  /** The items of a sequence, each as an entry. */
  items(entry: Entry): Entry[] | undefined {
    const seq = this.sequence(entry);
    if (!seq) return undefined;
    return seq.items.map((item, i) => ({ key: seq, value: this.deref(item), path: `${entry.path}[${i}]` }));
  }
}

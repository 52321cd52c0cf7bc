import {
  Document,
  isScalar,
  LineCounter,
  Pair,
  parseDocument,
  Scalar,
  YAMLMap,
  YAMLSeq,
  type Node,
  type ScalarTag,
} from 'yaml';

/**
 * A spec's YAML as the `yaml` package's `Document`, with the same nodes, values and ranges `parseDocument` gives
 * and the same lines in `lineCounter`, read in one pass when the text keeps to the YAML `import` writes and most
 * people write (block mappings and sequences, flow collections, plain and quoted scalars, comments on lines of
 * their own). Anything else (anchors, tags, block scalars, tabs, CR line ends, a comment after a value, a key that
 * is not a simple name, a duplicate key, an empty value, …) is read by `parseDocument` itself, which also reports
 * what is wrong in a text. The spec of a service of 1,500 operations is half a megabyte: `parseDocument` makes
 * tokens and a syntax tree before the nodes and took about half a second of `generate` (and again of `import`,
 * which reads back the spec it writes); this reading takes a fifth of that. `test/spec/read-yaml.test.ts` holds
 * both readings equal on every YAML file of the repository, on texts changed at random, and on the specs `import`
 * writes.
 */
export function readYamlDocument(text: string, lineCounter: LineCounter): Document.Parsed {
  let doc: Document.Parsed | undefined;
  try {
    doc = new YamlReader(text).document();
  } catch (error) {
    if (!(error instanceof Unread)) throw error;
  }
  if (doc === undefined) return parseDocument(text, { lineCounter, prettyErrors: false });
  lineCounter.addNewLine(0);
  for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', nl + 1)) lineCounter.addNewLine(nl + 1);
  return doc;
}

/** Thrown where the text leaves the YAML this reader reads: `parseDocument` reads it instead. */
class Unread extends Error {}

const unread = (): never => {
  throw new Unread();
};

/** A key: a simple name (what a spec's keys are), read as a plain scalar. */
const KEY = /[A-Za-z_$][\w$.-]*(?=:(?: |\n|$))/y;
/** Characters a plain scalar may not start with: YAML's indicators, and spaces. */
const INDICATOR = /[-?:,[\]{}#&*!|>'"%@` \t\r\n]/;

class YamlReader {
  private at = 0;
  private readonly doc = new Document();
  /** The schema's tags that resolve a plain scalar by its text (null, booleans, numbers), in its order. */
  private readonly tags = this.doc.schema.tags.filter((t): t is ScalarTag => !t.collection);

  constructor(private readonly text: string) {
    if (/[\t\r\uFEFF]/.test(text) || text.length === 0) unread();
  }

  document(): Document.Parsed {
    const indent = this.nextContentLine();
    if (indent !== 0) unread();
    const contents = this.blockNode(-1, indent);
    if (this.nextContentLine() !== -1) unread();
    const doc = this.doc as unknown as Document.Parsed;
    doc.contents = contents as never;
    return doc;
  }

  /**
   * Skips blank lines and comment lines from the start of a line; the indentation of the next content line, its
   * first character at `at`, or -1 at the end.
   */
  private nextContentLine(): number {
    const { text } = this;
    // Already at a content line's first character (after its indentation): where an inner block ended.
    const lineStart = text.lastIndexOf('\n', this.at - 1) + 1;
    if (this.at > lineStart) return this.at - lineStart;
    for (;;) {
      const start = this.at;
      let i = start;
      while (text.charCodeAt(i) === 0x20) i++;
      if (i === text.length) {
        this.at = i;
        return -1;
      }
      const ch = text[i];
      if (ch === '\n') {
        this.at = i + 1;
      } else if (ch === '#') {
        const nl = text.indexOf('\n', i);
        this.at = nl === -1 ? text.length : nl + 1;
      } else {
        if (text.startsWith('---', i) || text.startsWith('...', i) || ch === '%') unread();
        this.at = i;
        return i - start;
      }
    }
  }

  /** A node in block context at `at`, the first line's content at `indent`, within a parent at `parent`. */
  private blockNode(parent: number, indent: number): Node {
    const { text } = this;
    if (indent <= parent) unread();
    if (text[this.at] === '-' && (text[this.at + 1] === ' ' || text[this.at + 1] === '\n')) {
      return this.blockSequence(indent);
    }
    KEY.lastIndex = this.at;
    if (KEY.test(text)) return this.blockMapping(indent);
    return unread();
  }

  private blockMapping(indent: number): YAMLMap {
    const { text } = this;
    const map = new YAMLMap();
    const start = this.at;
    const seen = new Set<unknown>();
    for (;;) {
      KEY.lastIndex = this.at;
      const match = KEY.exec(text);
      if (!match) unread();
      const key = this.plainScalar(match![0], this.at, this.at + match![0].length, true);
      if (seen.has(key.value)) unread();
      seen.add(key.value);
      this.at += match![0].length + 1;
      let value: Node;
      if (text[this.at] === ' ') {
        while (text[this.at] === ' ') this.at++;
        if (text[this.at] === '\n' || text[this.at] === '#' || this.at === text.length) unread();
        value = this.inlineValue(indent);
      } else {
        this.at++;
        const next = this.nextContentLine();
        if (next === -1) unread();
        // A sequence may stand at its key's indentation.
        const sequence = next === indent && text[this.at] === '-';
        value = sequence ? this.blockSequence(indent) : this.blockNode(indent, next);
      }
      map.items.push(new Pair(key, value));
      const end = this.endOf(value);
      const next = this.nextContentLine();
      if (next !== indent) {
        if (next > indent) unread();
        map.range = [start, end, end];
        return map;
      }
    }
  }

  private blockSequence(indent: number): YAMLSeq {
    const { text } = this;
    const seq = new YAMLSeq();
    const start = this.at;
    for (;;) {
      if (text[this.at] !== '-' || text[this.at + 1] !== ' ') unread();
      this.at += 2;
      while (text[this.at] === ' ') this.at++;
      const column = this.at - text.lastIndexOf('\n', this.at - 1) - 1;
      const ch = text[this.at];
      if (ch === '\n' || ch === '#' || ch === '-' || this.at === text.length) unread();
      KEY.lastIndex = this.at;
      const item = KEY.test(text) ? this.blockMapping(column) : this.inlineValue(indent);
      seq.items.push(item);
      const end = this.endOf(item);
      const next = this.nextContentLine();
      if (next !== indent || text[this.at] !== '-') {
        if (next > indent) unread();
        seq.range = [start, end, end];
        return seq;
      }
    }
  }

  /** Where a node's text ends, what follows it on its line included (the range's end that `parseDocument` gives). */
  private endOf(node: Node): number {
    return node.range![2];
  }

  /**
   * A value on the rest of a line in block context (after `key: ` or `- `): a flow collection or a scalar, which
   * may go on over lines indented more than `indent`. Leaves `at` at the start of the next line.
   */
  private inlineValue(indent: number): Node {
    const { text } = this;
    const ch = text[this.at]!;
    let node: Node;
    if (ch === '[' || ch === '{') node = this.flowCollection(indent);
    else if (ch === "'" || ch === '"') node = this.quoted(indent);
    else node = this.blockPlain(indent);
    // Nothing but spaces may follow on the line.
    while (text[this.at] === ' ') this.at++;
    if (this.at < text.length && text[this.at] !== '\n') unread();
    const end = this.at === text.length ? this.at : this.at + 1;
    node.range = [node.range![0], node.range![1], end];
    this.at = end;
    return node;
  }

  /** A plain scalar in block context, its continuation lines indented more than `indent`. */
  private blockPlain(indent: number): Scalar {
    const { text } = this;
    const start = this.at;
    if (INDICATOR.test(text[start]!)) unread();
    let lineEnd = this.plainLineEnd(start);
    let value = text.slice(start, lineEnd);
    let end = lineEnd;
    let breaks = 0;
    for (let i = lineEnd; ;) {
      if (text[i] !== '\n') break;
      // The next line: blank (a line break kept), or a continuation.
      let j = i + 1;
      while (text[j] === ' ') j++;
      if (text[j] === '\n') {
        breaks++;
        i = j;
        continue;
      }
      if (j === text.length || j - (i + 1) <= indent || text[j] === '#') break;
      lineEnd = this.plainLineEnd(j);
      value += (breaks === 0 ? ' ' : '\n'.repeat(breaks)) + text.slice(j, lineEnd);
      breaks = 0;
      end = lineEnd;
      i = lineEnd;
    }
    this.at = end;
    return this.plainScalar(value, start, end, false);
  }

  /** The end of a plain scalar's line from `from`, trailing spaces left out; a `: ` or ` #` in it is not read. */
  private plainLineEnd(from: number): number {
    const { text } = this;
    let nl = text.indexOf('\n', from);
    if (nl === -1) nl = text.length;
    let end = nl;
    while (text[end - 1] === ' ') end--;
    const line = text.slice(from, end);
    if (line.includes(': ') || line.endsWith(':') || line.includes(' #')) unread();
    return end;
  }

  /** A flow sequence or mapping; lines inside it are indented more than `indent`. */
  private flowCollection(indent: number): YAMLMap | YAMLSeq {
    const { text } = this;
    const start = this.at;
    const open = text[start];
    const collection = open === '[' ? new YAMLSeq() : new YAMLMap();
    collection.flow = true;
    const close = open === '[' ? ']' : '}';
    const seen = new Set<unknown>();
    this.at++;
    this.flowSpace(indent);
    if (text[this.at] === close) {
      this.at++;
    } else {
      for (;;) {
        if (collection instanceof YAMLMap) {
          KEY.lastIndex = this.at;
          const match = KEY.exec(text);
          if (!match || text[this.at + match[0].length + 1] !== ' ') unread();
          const key = this.plainScalar(match![0], this.at, this.at + match![0].length, true);
          if (seen.has(key.value)) unread();
          seen.add(key.value);
          this.at += match![0].length + 1;
          this.flowSpace(indent);
          const value = this.flowItem(indent);
          collection.items.push(new Pair(key, value));
        } else {
          collection.items.push(this.flowItem(indent));
        }
        this.flowSpace(indent);
        const ch = text[this.at];
        if (ch === close) {
          this.at++;
          break;
        }
        if (ch !== ',') unread();
        this.at++;
        this.flowSpace(indent);
        if (text[this.at] === close) unread();
      }
    }
    collection.range = [start, this.at, this.at];
    return collection;
  }

  /** Spaces and line breaks between a flow collection's tokens; its lines must be indented more than `indent`. */
  private flowSpace(indent: number): void {
    const { text } = this;
    for (;;) {
      const ch = text[this.at];
      if (ch === ' ') this.at++;
      else if (ch === '\n') {
        this.at++;
        let j = this.at;
        while (text[j] === ' ') j++;
        if (text[j] !== '\n' && j - this.at <= indent) unread();
      } else if (ch === '#') unread();
      else return;
    }
  }

  /** An item of a flow collection; its range ends after the spaces that follow it on its line, and the line's break. */
  private flowItem(indent: number): Node {
    const { text } = this;
    const ch = text[this.at]!;
    if (ch === '[' || ch === '{' || ch === "'" || ch === '"') {
      const node = ch === '[' || ch === '{' ? this.flowCollection(indent) : this.quoted(indent);
      node.range = [node.range![0], node.range![1], this.itemEnd()];
      this.flowSpace(indent);
      return node;
    }
    const start = this.at;
    if (INDICATOR.test(ch)) unread();
    let end = start;
    for (;;) {
      const c = text[end];
      if (c === undefined || c === ',' || c === ']' || c === '}' || c === '\n') break;
      if (c === '[' || c === '{' || c === '#' || (c === ':' && /[ ,\]}\n]/.test(text[end + 1] ?? '\n'))) unread();
      end++;
    }
    while (text[end - 1] === ' ') end--;
    if (end === start) unread();
    this.at = end;
    const node = this.plainScalar(text.slice(start, end), start, end, false);
    node.range = [start, end, this.itemEnd()];
    this.flowSpace(indent);
    return node;
  }

  /** Where a flow item's range ends (`at` after the item): after the spaces that follow it, and a line break. */
  private itemEnd(): number {
    const { text } = this;
    let end = this.at;
    while (text[end] === ' ') end++;
    return text[end] === '\n' ? end + 1 : end;
  }

  /** A single- or double-quoted scalar; its continuation lines are indented more than `indent`. */
  private quoted(indent: number): Scalar {
    const { text } = this;
    const start = this.at;
    const quote = text[start]!;
    let i = start + 1;
    let value = '';
    let from = i;
    for (;;) {
      const c = text[i];
      if (c === undefined) unread();
      if (c === quote) {
        if (quote === "'" && text[i + 1] === "'") {
          value += text.slice(from, i + 1);
          i += 2;
          from = i;
          continue;
        }
        value += text.slice(from, i);
        i++;
        break;
      }
      if (c === '\\' && quote === '"') {
        value += text.slice(from, i);
        const next = text[i + 1];
        const escaped = next === undefined ? undefined : ESCAPES[next];
        if (escaped !== undefined) {
          value += escaped;
          i += 2;
        } else if (next === 'x' || next === 'u' || next === 'U') {
          const length = next === 'x' ? 2 : next === 'u' ? 4 : 8;
          const hex = text.slice(i + 2, i + 2 + length);
          if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== length) unread();
          const code = parseInt(hex, 16);
          if (code > 0x10ffff) unread();
          value += String.fromCodePoint(code);
          i += 2 + length;
        } else if (next === '\n') {
          // An escaped line break: nothing, and the next line's indentation is not read.
          i = this.continuation(i + 2, indent);
        } else {
          unread();
        }
        from = i;
        continue;
      }
      if (c === '\n') {
        // A line break folds: trailing spaces before it and the next line's indentation are not read; one break
        // is a space, each blank line after it a line feed.
        let before = text.slice(from, i);
        let trimmed = before.length;
        while (before[trimmed - 1] === ' ') trimmed--;
        before = before.slice(0, trimmed);
        value += before;
        let breaks = 0;
        let j = i;
        for (;;) {
          j = this.continuation(j + 1, indent, true);
          if (text[j] !== '\n') break;
          breaks++;
        }
        value += breaks === 0 ? ' ' : '\n'.repeat(breaks);
        i = j;
        from = i;
        continue;
      }
      i++;
    }
    this.at = i;
    const node = new Scalar(value);
    node.range = [start, i, i];
    node.source = value;
    node.type = quote === "'" ? Scalar.QUOTE_SINGLE : Scalar.QUOTE_DOUBLE;
    return node;
  }

  /**
   * The first character after the indentation of the line starting at `from`: it must be indented more than
   * `indent`, unless blank (`blank` allowed). A line starting a document marker ends the scalar in YAML: not read.
   */
  private continuation(from: number, indent: number, blank = false): number {
    const { text } = this;
    let j = from;
    while (text[j] === ' ') j++;
    if (blank && text[j] === '\n') return j;
    if (j === text.length || j - from <= indent) unread();
    if (j === from && (text.startsWith('---', j) || text.startsWith('...', j))) unread();
    return j;
  }

  /** A plain scalar's node: its value resolved by the schema's tags, as `parseDocument` resolves it. */
  private plainScalar(source: string, start: number, end: number, atKey: boolean): Scalar {
    const tag = this.tags.find(
      (t) => (t.default === true || (atKey && t.default === 'key')) && t.test !== undefined && t.test.test(source),
    );
    let node: Scalar;
    if (tag === undefined) {
      node = new Scalar(source);
    } else {
      const resolved: unknown = tag.resolve(source, unread, this.doc.options);
      node = isScalar(resolved) ? (resolved as Scalar) : new Scalar(resolved);
      if (tag.format) node.format = tag.format;
    }
    node.range = [start, end, end];
    node.source = source;
    node.type = Scalar.PLAIN;
    return node;
  }
}

const ESCAPES: Readonly<Record<string, string>> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  N: '\u0085',
  _: '\u00a0',
  L: '\u2028',
  P: '\u2029',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
};

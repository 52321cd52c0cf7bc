/**
 * `readYamlDocument` reads a spec in one pass where it can: its document must be `parseDocument`'s, node for node
 * (kind, value, quoting, format, range), with the same lines counted, so that every spec problem is reported at the
 * same `file:line:col`; where it cannot, it is `parseDocument`'s own reading.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document } from 'yaml';
import { readYamlDocument } from '../../generator/spec/read-yaml.js';
import { parseSpec } from '../../generator/spec/parse-spec.js';
import { renderSpecYaml } from '../../generator/emit/spec-yaml.js';
import { readWsdl } from '../../generator/wsdl-reader/read-wsdl.js';

const ROOT = join(import.meta.dirname, '..', '..');

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'artifacts' || name.startsWith('.')) return [];
    if (statSync(path).isDirectory()) return yamlFiles(path);
    return /\.ya?ml$/.test(name) ? [path] : [];
  });
}

/** A node as a plain tree of what a reader of the document can see, ranges included. */
function shape(node: unknown): unknown {
  if (node === null || node === undefined) return null;
  if (isScalar(node)) {
    const { value, type, format, source, range } = node;
    return { scalar: value, type, format, source, range };
  }
  if (isMap(node) || isSeq(node)) {
    return {
      [isMap(node) ? 'map' : 'seq']: node.items.map((item) =>
        isPair(item) ? [shape(item.key), shape(item.value)] : shape(item),
      ),
      flow: node.flow ?? false,
      range: node.range,
    };
  }
  return { other: String(node) };
}

/** Both readings of `text`, and whether the one-pass reading was used. */
function read(text: string) {
  const expectedLines = new LineCounter();
  const expected = parseDocument(text, { lineCounter: expectedLines, prettyErrors: false });
  const lines = new LineCounter();
  const doc = readYamlDocument(text, lines);
  // `parseDocument`'s documents have a range; the one-pass reading's have none.
  const onePass = (doc as Document & { range?: unknown }).range === undefined;
  return { expected, expectedLines, doc, lines, onePass };
}

function expectSameReading(text: string): boolean {
  const { expected, expectedLines, doc, lines, onePass } = read(text);
  if (onePass) expect(expected.errors.map((e) => e.message)).toEqual([]);
  expect(doc.errors.map((e) => e.message)).toEqual(expected.errors.map((e) => e.message));
  expect(shape(doc.contents)).toEqual(shape(expected.contents));
  expect(lines.lineStarts).toEqual(expectedLines.lineStarts);
  return onePass;
}

const FILES = [
  ...yamlFiles(join(ROOT, 'spec')),
  ...yamlFiles(join(ROOT, 'examples')),
  ...yamlFiles(join(ROOT, 'test')),
];

describe('readYamlDocument', () => {
  test('reads every YAML file of the repository as parseDocument does, most in one pass', () => {
    expect(FILES.length).toBeGreaterThan(50);
    const onePass = FILES.filter((file) => {
      try {
        return expectSameReading(readFileSync(file, 'utf8'));
      } catch (error) {
        throw new Error(`${relative(ROOT, file)}: ${(error as Error).message}`, { cause: error });
      }
    });
    expect(onePass.length).toBeGreaterThan(FILES.length * 0.8);
  });

  test.each([
    [
      'plain, quoted and resolved scalars',
      'a: 1\nb: true\nc: \'1\'\nd: "x\\ty\\u00e9\\x41"\ne: 0x1F\nf: 1.5e3\ng: ~\nh: x y\n',
    ],
    ['folded quoted scalars', 'a: \'one\n  two\n\n  three  \n   four\'\nb: "one \\\n  two\n  three"\n'],
    ['a folded plain scalar', 'a: one two\n  three\n\n  four\nb: x\n'],
    ['a sequence at its key’s indentation', 'a:\n- 1\n- { x: 1 }\nb: [c, d]\n'],
    [
      'nested sequences and flow collections over lines',
      'a:\n  - x: [1, 2,\n      3]\n    y: {\n      z: q\n    }\n  - []\n',
    ],
    ['comments and blank lines', '# head\n\na: 1 # not read in one pass\n\n# between\nb:\n  # inside\n  c: 2\n'],
    ['duplicate keys', 'a: 1\na: 2\n'],
    ['anchors, tags and block scalars', 'a: &x 1\nb: *x\nc: !!str 2\nd: |\n  text\n'],
    ['an empty value', 'a:\nb: 1\n'],
    ['a key that is no simple name', '"a b": 1\nc d: 2\n? e\n: 3\n'],
    ['CR line ends and tabs', 'a: 1\r\nb:\t2\r\n'],
    ['bad indentation', 'a:\n  b: 1\n c: 2\n'],
    ['a document marker', '---\na: 1\n...\n'],
    ['a flow collection not indented enough', 'a:\n  b: [1,\n  2]\n'],
    ['text after the root', 'a: 1\n- b\n'],
    ['no final line break', 'a: [x, y]'],
  ])('%s: the same document', (_name, text) => {
    expectSameReading(text);
  });

  test('texts changed at random: the same document wherever they are read in one pass', () => {
    const texts = FILES.map((file) => readFileSync(file, 'utf8')).filter((text) => text.length < 20_000);
    const pieces = [' ', '\n', '\n  ', ':', ': ', '- ', '#', ' #', "'", '"', '\\', '[', ']', '{', '}', ',', 'x'];
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    let onePass = 0;
    for (let i = 0; i < 400; i++) {
      let text = texts[random(texts.length)]!;
      const at = random(text.length + 1);
      text =
        random(2) === 0
          ? text.slice(0, at) + text.slice(at + 1)
          : text.slice(0, at) + pieces[random(pieces.length)] + text.slice(at);
      if (expectSameReading(text)) onePass++;
    }
    expect(onePass).toBeGreaterThan(50);
  });

  test('the specs import writes read back in one pass as the specs it wrote', () => {
    const golden = join(ROOT, 'test', 'golden');
    // Each scenario's WSDL (`Svc.wsdl`; not the other documents of one served in several, `Svc.wsdl1.wsdl`).
    const wsdls = readdirSync(golden, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(golden, entry.name, 'expected'))
      .flatMap((dir) => (statSync(dir, { throwIfNoEntry: false }) ? readdirSync(dir).map((f) => join(dir, f)) : []))
      .filter((file) => /\/[^/.]+\.wsdl$/.test(file));
    expect(wsdls.length).toBeGreaterThan(20);
    // A WSDL naming other documents is read with them (readWsdlDocuments): its spec is written alike.
    const single = wsdls.filter((file) => !readFileSync(file, 'utf8').includes(':import '));
    expect(single.length).toBeGreaterThan(20);
    for (const file of single) {
      const { spec } = readWsdl(readFileSync(file, 'utf8'), file, { exact: false });
      const written = renderSpecYaml(spec, { source: file });
      expect(read(written).onePass, relative(ROOT, file)).toBe(true);
      expect(parseSpec(written, 'spec.yaml'), relative(ROOT, file)).toEqual(spec);
    }
  });
});

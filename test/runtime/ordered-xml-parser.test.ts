/**
 * The one set-up of fast-xml-parser that the runtime's `readXml` and the
 * generator's WSDL reader share: what its output holds, and how a reader
 * adds its own limits.
 */
import { describe, expect, it } from 'vitest';
import {
  ATTRIBUTES_KEY,
  CDATA_KEY,
  createOrderedXmlParser,
  elementKey,
  metadataOf,
  TEXT_KEY,
  type ParsedNode,
} from '../../runtime/src/xml/ordered-xml-parser.js';

/** The nodes without the metadata fast-xml-parser keeps under a symbol. */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

const TEXT =
  '<?xml version="1.0"?>\n<p:a xmlns:p="urn:p" b="1 &amp; 2"> x &lt; y <!-- c --><?pi d?><![CDATA[<z>]]><e/></p:a>';

describe('createOrderedXmlParser', () => {
  const nodes = createOrderedXmlParser().parse(TEXT) as ParsedNode[];
  const root = nodes.find((node) => elementKey(node) !== undefined)!;

  it('keeps the document in order and as written: nothing trimmed, decoded or expanded; no comment, PI or declaration', () => {
    expect(plain(nodes)).toEqual([
      {
        'p:a': [{ [TEXT_KEY]: ' x &lt; y ' }, { [CDATA_KEY]: [{ [TEXT_KEY]: '<z>' }] }, { e: [] }],
        [ATTRIBUTES_KEY]: { '@xmlns:p': 'urn:p', '@b': '1 &amp; 2' },
      },
    ]);
  });

  it('names elements, not text or CDATA nodes', () => {
    const children = root['p:a'] as ParsedNode[];
    expect([root, ...children].map(elementKey)).toEqual(['p:a', undefined, undefined, 'e']);
  });

  it('keeps where each element starts and ends', () => {
    expect(metadataOf(root)).toEqual({ startIndex: TEXT.indexOf('<p:a'), endIndex: TEXT.length });
    const e = (root['p:a'] as ParsedNode[])[2]!;
    expect(metadataOf(e)).toEqual({ startIndex: TEXT.indexOf('<e/>'), endIndex: TEXT.indexOf('<e/>') + 4 });
  });

  it('takes a reader’s own options on top of the shared ones', () => {
    const deep = '<a>'.repeat(10) + '</a>'.repeat(10);
    expect(() => createOrderedXmlParser().parse(deep)).not.toThrow();
    expect(() => createOrderedXmlParser({ maxNestedTags: 3 }).parse(deep)).toThrow();
    expect(plain(createOrderedXmlParser({ trimValues: true }).parse('<a> x </a>'))).toEqual([
      { a: [{ [TEXT_KEY]: 'x' }] },
    ]);
  });
});

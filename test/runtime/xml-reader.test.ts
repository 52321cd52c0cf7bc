import { describe, expect, it } from 'vitest';
import {
  attributeValue,
  childElements,
  decodeXmlBytes,
  readXml,
  textContent,
  XmlReadError,
  type XmlElement,
} from '../../runtime/src/xml/xml-reader.js';

function only(element: XmlElement, ...path: string[]): XmlElement {
  let current = element;
  for (const name of path) current = childElements(current).find((c) => c.localName === name)!;
  return current;
}

function textOf(xml: string): string | undefined {
  return textContent(readXml(xml));
}

describe('readXml: text is kept exactly', () => {
  it.each([
    ['no trimming', '<a>  x  </a>', '  x  '],
    ['the five predefined entities', '<a>&lt;&gt;&amp;&apos;&quot;</a>', `<>&'"`],
    ['character references, decimal and hex', '<a>&#65;&#x42;&#x1F600;</a>', 'AB😀'],
    ['a CR only as &#xD;', '<a>x&#xD;y</a>', 'x\ry'],
    ['CRLF and CR normalized to LF', '<a>1\r\n2\r3\n4</a>', '1\n2\n3\n4'],
    ['&#xD; before a literal LF', '<a>1&#xD;\n2</a>', '1\r\n2'],
    ['CDATA as written', '<a><![CDATA[<b>&amp; ]] ]]></a>', '<b>&amp; ]] '],
    ['CDATA next to text', '<a>x<![CDATA[<]]>y</a>', 'x<y'],
    ['comments and PIs dropped', '<a>x<!-- c -->y<?pi z?>z</a>', 'xyz'],
    ['non-BMP characters', '<a>😀𝄞</a>', '😀𝄞'],
    ['an empty element', '<a/>', ''],
    ['whitespace only', '<a>\t \n</a>', '\t \n'],
  ])('%s', (_name, xml, expected) => {
    expect(textOf(xml)).toBe(expected);
  });

  it('accepts comments, PIs and whitespace around the root', () => {
    expect(readXml('<?xml version="1.0"?>\n<!-- c --><a/>\n<!-- d --><?pi x?>\r\n').localName).toBe('a');
  });

  it('has no text for an element with element content', () => {
    expect(textOf('<a>x<b/></a>')).toBeUndefined();
  });
});

describe('readXml: namespaces', () => {
  it('resolves prefixes, default namespaces and their undeclaration', () => {
    const root = readXml('<s:E xmlns:s="urn:s" xmlns="urn:d"><B><C xmlns=""><s:D s:at="1" plain="2"/></C></B></s:E>');
    expect([root.namespace, root.localName, root.qualifiedName]).toEqual(['urn:s', 'E', 's:E']);
    const b = only(root, 'B');
    expect(b.namespace).toBe('urn:d');
    const c = only(b, 'C');
    expect(c.namespace).toBe('');
    const d = only(c, 'D');
    expect(d.namespace).toBe('urn:s');
    expect(attributeValue(d, 'urn:s', 'at')).toBe('1');
    expect(attributeValue(d, '', 'plain')).toBe('2');
    expect(d.attributes.map((a) => a.qualifiedName)).toEqual(['s:at', 'plain']);
  });

  it('keeps namespace declarations out of attributes and binds xml:', () => {
    const root = readXml('<a xmlns:p="urn:p" xml:lang="en"/>');
    expect(root.attributes).toEqual([
      { namespace: 'http://www.w3.org/XML/1998/namespace', localName: 'lang', qualifiedName: 'xml:lang', value: 'en' },
    ]);
  });

  it('normalizes attribute whitespace and expands references in attributes', () => {
    const root = readXml('<a v="x\ty\r\nz&#9;&lt;&#xD;"/>');
    expect(attributeValue(root, '', 'v')).toBe('x y z\t<\r');
  });

  it('reports element positions like XmlReader (line, column of the name)', () => {
    const root = readXml('<a>\r\n  <b/>\n<c/></a>');
    expect(root.position()).toEqual({ line: 1, column: 2 });
    expect(only(root, 'b').position()).toEqual({ line: 2, column: 4 });
    expect(only(root, 'c').position()).toEqual({ line: 3, column: 2 });
  });
});

describe('readXml: refused documents', () => {
  it.each([
    ['a DOCTYPE', '<!DOCTYPE a><a/>'],
    ['an internal subset with entities', '<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>'],
    ['an external entity (XXE)', '<!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>'],
    ['a parameter entity', '<!DOCTYPE a [<!ENTITY % p SYSTEM "http://example.com/x.dtd"> %p;]><a/>'],
    [
      'billion laughs',
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">' +
        '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;">]><lolz>&lol3;</lolz>',
    ],
    ['a DOCTYPE after the root starts', '<a><!DOCTYPE a></a>'],
    ['an ENTITY declaration in content', '<a><!ENTITY x "y"></a>'],
    ['an undeclared entity', '<a>&nbsp;</a>'],
    ['a stray ampersand', '<a>fish & chips</a>'],
    ['an undeclared entity in an attribute', '<a b="&x;"/>'],
    ['a control character', '<a>\u0001</a>'],
    ['a NUL', '<a>\u0000</a>'],
    ['a reference to NUL', '<a>&#0;</a>'],
    ['a reference to a control character', '<a>&#x1B;</a>'],
    ['a reference to a surrogate', '<a>&#xD800;</a>'],
    ['a reference to U+FFFE', '<a>&#xFFFE;</a>'],
    ['U+FFFF itself', '<a>\uffff</a>'],
    ['a lone surrogate', '<a>\ud800</a>'],
    ['mismatched tags', '<a><b></a></b>'],
    ['an unclosed element', '<a><b></b>'],
    ['two roots', '<a/><b/>'],
    ['no root', '   '],
    ['text after the root', '<a/>x'],
    ['text after a closed root', '<a></a>x'],
    ['a non-breaking space after the root', '<a/>\u00a0'],
    ['text before the root', 'x<a/>'],
    ['a duplicate attribute', '<a b="1" b="2"/>'],
    ['an unquoted attribute', '<a b=1/>'],
    ['< in an attribute', '<a b="<"/>'],
    [']]> in text', '<a>]]></a>'],
    ['-- in a comment', '<a><!-- x -- y --></a>'],
    ['an unclosed comment', '<a><!-- x </a>'],
    ['an unclosed CDATA section', '<a><![CDATA[ x </a>'],
    ['an undeclared prefix', '<p:a/>'],
    ['an undeclared attribute prefix', '<a p:b="1"/>'],
    ['two colons in a name', '<a:b:c xmlns:a="u"/>'],
    ['undeclaring a prefix', '<a xmlns:p=""/>'],
    ['rebinding xml', '<a xmlns:xml="urn:x"/>'],
    ['XML 1.1', '<?xml version="1.1"?><a/>'],
    ['a declaration not at the start', ' <?xml version="1.0"?><a/>'],
  ])('%s', (_name, xml) => {
    expect(() => readXml(xml)).toThrow(XmlReadError);
  });

  it('expands nothing from a DOCTYPE hidden in a CDATA section, and keeps it as text', () => {
    expect(textOf('<a><![CDATA[<!DOCTYPE a [<!ENTITY x "y">]>&x;]]></a>')).toBe('<!DOCTYPE a [<!ENTITY x "y">]>&x;');
  });

  it('caps nesting depth', () => {
    const nested = (depth: number) => '<a>'.repeat(depth) + '</a>'.repeat(depth);
    expect(() => readXml(nested(64))).not.toThrow();
    expect(() => readXml(nested(65))).toThrow(XmlReadError);
    expect(() => readXml(`${'<a>'.repeat(63)}<b/>${'</a>'.repeat(63)}`, { maxDepth: 64 })).not.toThrow();
    expect(() => readXml(`${'<a>'.repeat(64)}<b/>${'</a>'.repeat(64)}`, { maxDepth: 64 })).toThrow(/nested deeper/);
    expect(() => readXml(nested(5), { maxDepth: 4 })).toThrow(XmlReadError);
  });

  it('refuses a deep unclosed nesting without building it', () => {
    expect(() => readXml('<a>'.repeat(200_000))).toThrow(XmlReadError);
  });
});

describe('decodeXmlBytes', () => {
  const utf8 = (text: string) => new TextEncoder().encode(text);

  it('reads UTF-8 by default and drops a BOM', () => {
    expect(decodeXmlBytes(utf8('\ufeff<a>é</a>'))).toBe('<a>é</a>');
  });

  it('follows the charset, and a UTF-16 BOM without one', () => {
    const utf16 = Buffer.from('\ufeff<a>é</a>', 'utf16le');
    expect(decodeXmlBytes(utf16)).toBe('<a>é</a>');
    expect(decodeXmlBytes(Buffer.from('<a>é</a>', 'latin1'), 'ISO-8859-1')).toBe('<a>é</a>');
  });

  it('refuses bytes that are not valid in the charset, and unknown charsets', () => {
    expect(() => decodeXmlBytes(new Uint8Array([0x3c, 0x61, 0xff, 0x3e]))).toThrow(XmlReadError);
    expect(() => decodeXmlBytes(utf8('<a/>'), 'x-no-such-charset')).toThrow(XmlReadError);
  });
});

/**
 * `parseWrittenXmlTree` (one pass over a document asmxgen wrote, or a user's once checked) against
 * `parseCheckedXmlTree` (fast-xml-parser's tree, converted):
 * the same tree, node for node, for every WSDL the repository holds (the corpus the real runtime served, the golden
 * outputs, the reader's fixtures), and a WsdlError at the offending place where the text is not such a document.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SourceText } from '../../generator/wsdl-reader/source-text.js';
import { WsdlError } from '../../generator/wsdl-reader/wsdl-error.js';
import { parseWrittenXmlTree } from '../../generator/wsdl-reader/written-xml-tree.js';
import { parseCheckedXmlTree, parseXmlTree, type XmlNode } from '../../generator/wsdl-reader/xml-tree.js';
import { ROOT } from '../cli/run-cli.js';

function wsdlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : wsdlFiles(path);
    return name.endsWith('.wsdl') ? [path] : [];
  });
}

/** A node as plain data: what the readers must agree on. */
function plain(node: XmlNode): unknown {
  return {
    namespace: node.namespace,
    localName: node.localName,
    qualifiedName: node.qualifiedName,
    attributes: [...node.attributes],
    scope: [...node.scope],
    text: node.text,
    offset: node.offset,
    elements: node.elements.map(plain),
  };
}

const FILES = wsdlFiles(join(ROOT, 'test')).filter((file) => {
  try {
    parseXmlTree(new SourceText(readFileSync(file, 'utf8'), file));
    return true;
  } catch {
    return false; // the reader's refusal fixtures: not documents asmxgen writes
  }
});

describe('parseWrittenXmlTree', () => {
  it('reads the repository’s WSDLs', () => expect(FILES.length).toBeGreaterThan(80));

  it.each(FILES.map((file) => [relative(ROOT, file), file]))('%s: the tree parseXmlTree reads', (_, file) => {
    const text = readFileSync(file, 'utf8');
    const expected = plain(parseCheckedXmlTree(new SourceText(text, file)));
    expect(plain(parseWrittenXmlTree(new SourceText(text, file)))).toEqual(expected);
  });

  it('reads comments, processing instructions, CDATA, references and single quotes as fast-xml-parser does', () => {
    const text =
      "<?xml version='1.0'?>\r\n<!-- a -->\n<a:r xmlns:a='urn:a' x=\"1 &amp;\t2\"><?pi x?><b xmlns=\"urn:b\" a:y='&lt;'>" +
      't&#x41;\r\nu<![CDATA[<c>]]></b ><c/><d /></a:r>\n<!-- z -->\n';
    const source = new SourceText(text, 'x.wsdl');
    expect(plain(parseWrittenXmlTree(source))).toEqual(plain(parseCheckedXmlTree(new SourceText(text, 'y.wsdl'))));
  });

  it.each([
    ['<a><b></a>', 6, 'an unexpected end tag </a>'],
    ['<a>', 0, 'an element that is never closed'],
    ['<a/><b/>', 4, 'a document has exactly one root element'],
    ['<p:a/>', 0, 'the prefix "p" of element <p:a> is not declared'],
    ['<a x="1/>', 3, 'the value of attribute x is never closed'],
  ])('refuses %s at offset %i', (text, offset, detail) => {
    const source = new SourceText(text, 'bad.wsdl');
    const error = (() => {
      try {
        parseWrittenXmlTree(source);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(WsdlError);
    expect(String((error as Error).message)).toBe(source.errorAt(offset, `not well-formed XML (${detail})`).message);
  });
});

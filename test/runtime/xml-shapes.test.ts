/**
 * Reading a document by a remembered shape must give exactly what reading it
 * in full gives: the same tree, the same positions, the same refusals. Each
 * property reads documents both ways and compares.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readXml, type XmlElement } from '../../runtime/src/xml/xml-reader.js';
import { XmlShapes } from '../../runtime/src/xml/xml-shapes.js';

interface Dumped {
  readonly name: string;
  readonly at: string;
  readonly attributes: string[];
  readonly children: (Dumped | string)[];
}

function dump(element: XmlElement): Dumped {
  const { line, column } = element.position();
  return {
    name: `{${element.namespace}}${element.localName} as ${element.qualifiedName}`,
    at: `${line}:${column}`,
    attributes: element.attributes.map((a) => `{${a.namespace}}${a.localName} as ${a.qualifiedName}=${a.value}`),
    children: element.children.map((child) => (typeof child === 'string' ? child : dump(child))),
  };
}

/** The outcome of reading: the dumped tree, or the error's name. */
function outcome(read: () => XmlElement): Dumped | string {
  try {
    return dump(read());
  } catch (error) {
    return (error as Error).name;
  }
}

const SLOT = '\u0000SLOT\u0000';

/** Envelopes as different clients write them; SLOT marks the leaf texts a shape leaves open. */
const TEMPLATES: readonly string[] = [
  // The generated client and .NET proxies.
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body><Authenticate xmlns="App.WebService"><requestJson>${SLOT}</requestJson></Authenticate></soap:Body></soap:Envelope>`,
  // zeep: prefixes everywhere, no declaration.
  `<soap-env:Envelope xmlns:soap-env="http://www.w3.org/2003/05/soap-envelope"><soap-env:Body><ns0:Add xmlns:ns0="urn:x"><ns0:a>${SLOT}</ns0:a><ns0:b>${SLOT}</ns0:b></ns0:Add></soap-env:Body></soap-env:Envelope>`,
  // Indented, on several lines (CRLF), a Header, attributes holding '>' and quotes, an empty leaf, a CDATA leaf,
  // a self-closing leaf and a comment.
  `<?xml version="1.0"?>\r\n<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/">\r\n  <s:Header>\r\n    <h:Token xmlns:h="urn:h" s:mustUnderstand="0" note='a > b "c"'>${SLOT}</h:Token>\r\n  </s:Header>\r\n  <s:Body>\r\n    <Op xmlns="urn:op">\r\n      <a>${SLOT}</a>\r\n      <b></b>\r\n      <c><![CDATA[<kept>]]></c>\r\n      <d />\r\n      <!-- a comment -->\r\n      <e >${SLOT}</e >\r\n    </Op>\r\n  </s:Body>\r\n</s:Envelope>\r\n`,
];

const fill = (template: string, texts: readonly string[]) => {
  let i = 0;
  return template.replace(new RegExp(SLOT, 'g'), () => texts[i++] ?? '');
};

/** Text as an attacker or an honest client may write it: references good and bad, markup, line ends, controls. */
const slotText = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'binary', maxLength: 6 }),
      fc.constantFrom(
        '&amp;',
        '&lt;',
        '&gt;',
        '&quot;',
        '&apos;',
        '&#x1F600;',
        '&#65;',
        '&#0;',
        '&#xD;',
        '&#xFFFE;',
        '&foo;',
        '&',
        '<',
        '>',
        ']]>',
        ']]',
        '\r\n',
        '\r',
        '\n',
        '\u0001',
        '\uFFFE',
        '\uD800',
        '</a>',
        '<a>',
        '<!--',
        '"',
        '{"user":"alice"}',
      ),
    ),
    { maxLength: 8 },
  )
  .map((parts) => parts.join(''));

describe('XmlShapes', () => {
  it('a document of a learned shape reads as reading it in full would: tree, positions, refusals', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: TEMPLATES.length - 1 }),
        fc.array(
          // eslint-disable-next-line no-control-regex -- keeping U+0000-U+0008 (XML refuses them) out is the point
          fc.string({ maxLength: 12 }).filter((s) => !/[<&\]\r\u0000-\u0008]/.test(s)),
          { minLength: 3, maxLength: 3 },
        ),
        fc.array(slotText, { minLength: 3, maxLength: 3 }),
        (which, learnedTexts, texts) => {
          const template = TEMPLATES[which]!;
          const shapes = new XmlShapes();
          readXml(fill(template, learnedTexts), { shapes });
          const text = fill(template, texts);
          expect(outcome(() => readXml(text, { shapes }))).toEqual(outcome(() => readXml(text)));
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('a learned document changed anywhere reads as reading it in full would', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: TEMPLATES.length - 1 }),
        fc.nat(),
        fc.integer({ min: 0, max: 3 }),
        fc.string({ unit: 'binary', maxLength: 3 }),
        (which, where, cut, insert) => {
          const learned = fill(TEMPLATES[which]!, ['x', 'y', 'z']);
          const shapes = new XmlShapes();
          readXml(learned, { shapes });
          const at = where % (learned.length + 1);
          const text = learned.slice(0, at) + insert + learned.slice(at + cut);
          expect(outcome(() => readXml(text, { shapes }))).toEqual(outcome(() => readXml(text)));
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('matches a learned shape with other texts in its slots, and nothing else', () => {
    const shapes = new XmlShapes();
    const template = TEMPLATES[0]!;
    readXml(fill(template, ['one']), { shapes });
    const text = fill(template, ['two &amp; three']);
    const matched = shapes.match(text);
    expect(matched && dump(matched)).toEqual(dump(readXml(text)));
    expect(JSON.stringify(dump(matched!))).toContain('"children":["two & three"]');
    // Another element, an attribute, a CDATA section where the text was: parsed in full.
    expect(shapes.match(text.replace('<requestJson>', '<requestJson a="1">'))).toBeUndefined();
    expect(shapes.match(text.replace('two', '<x/>two'))).toBeUndefined();
    expect(shapes.match(text.replace('two', '<![CDATA[two]]>'))).toBeUndefined();
    expect(shapes.match(text.replace('two', '&bogus;'))).toBeUndefined();
    expect(shapes.match(`${text} `)).toBeUndefined();
  });

  it('keeps at most its capacity of shapes, the most recent ones', () => {
    const shapes = new XmlShapes(2);
    const doc = (name: string, text: string) => `<${name}>${text}</${name}>`;
    for (const name of ['a', 'b', 'c']) readXml(doc(name, '1'), { shapes });
    expect(shapes.match(doc('a', '2'))).toBeUndefined();
    expect(dump(shapes.match(doc('b', '2'))!)).toEqual(dump(readXml(doc('b', '2'))));
    expect(dump(shapes.match(doc('c', '2'))!)).toEqual(dump(readXml(doc('c', '2'))));
  });
});

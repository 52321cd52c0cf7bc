/**
 * The reader resolves prefixes by the declarations in scope, so every spelling of the same document reads
 * the same. `fixtures/legacy-s0.wsdl` is `Legacy.wsdl` (../shared/wsdl-corpus) rewritten by hand in the
 * style .NET 1.x served WSDLs: the WSDL namespace as the default namespace (`<definitions>`, `<types>`,
 * `<message>`, … unprefixed), `s0:` for the target namespace, `s:` for XML Schema, the declarations in
 * .NET 1.x's order and `style="document"` on `soap:binding`. .NET 1.x had no SOAP 1.2; the fixture keeps
 * Legacy's `soap12` binding, written in the same style, so that it describes the same service.
 */
import { describe, expect, test } from 'vitest';
import { renderWsdl } from '../../generator/emit/wsdl.js';
import { buildModel } from '../../generator/index.js';
import { readWsdl } from '../../generator/wsdl-reader/read-wsdl.js';
import { readFixture, readShared } from './wsdl-fixtures.js';

const LEGACY = readWsdl(readShared('wsdl-corpus/Legacy.wsdl'), 'Legacy.wsdl');
const INVENTORY_TEXT = readShared('wsdl-corpus/Inventory.wsdl');
const INVENTORY = readWsdl(INVENTORY_TEXT, 'Inventory.wsdl');

/** Renames namespace prefixes (all at once, so two may swap) in tags, declarations and QName values. */
function renamePrefixes(text: string, renames: Record<string, string>): string {
  const names = Object.keys(renames).join('|');
  return text.replace(
    new RegExp(`(<\\/?|")(${names}):(?!//)|xmlns:(${names})=`, 'g'),
    (_m, before: string | undefined, used: string | undefined, declared: string | undefined) =>
      before !== undefined ? `${before}${renames[used!]}:` : `xmlns:${renames[declared!]}=`,
  );
}

test('the .NET 1.x default-namespace form (legacy-s0.wsdl) reads as Legacy.wsdl does', () => {
  // The fixture ends with a newline, which the spec records; its declarations are not the runtime's set
  // (s0 for the target namespace), so their order is not recorded.
  const { spec, addresses } = readWsdl(readFixture('legacy-s0.wsdl'), 'legacy-s0.wsdl');
  expect({ spec, addresses }).toStrictEqual({
    addresses: LEGACY.addresses,
    spec: { ...LEGACY.spec, wsdl: { finalNewline: true } },
  });
});

describe('the same document with other prefixes reads the same', () => {
  test('every prefix renamed', () => {
    const text = renamePrefixes(INVENTORY_TEXT, {
      wsdl: 'w',
      s: 'xsd',
      tns: 'inv',
      soap: 's11',
      soap12: 's12',
      http: 'h',
      mime: 'm',
    });
    expect(text).toContain('<w:definitions');
    expect(text).toContain(' xmlns:w="http://schemas.xmlsoap.org/wsdl/"');
    expect(text).toContain('type="xsd:int"');
    expect(readWsdl(text, 'renamed.wsdl')).toStrictEqual(INVENTORY);
  });

  test('soap and soap12 swapped: bindings are told apart by namespace, not by prefix', () => {
    const swapped = renamePrefixes(INVENTORY_TEXT, { soap: 'soap12', soap12: 'soap' });
    expect(swapped).toContain('xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap12/"');
    expect(swapped).toContain('<wsdl:binding name="InventorySoap" type="tns:InventorySoap">\n    <soap12:binding');
    expect(readWsdl(swapped, 'swapped.wsdl')).toStrictEqual(INVENTORY);
    const renamed = INVENTORY_TEXT.replaceAll('"InventorySoap12"', '"Second"').replaceAll(
      'tns:InventorySoap12"',
      'tns:Second"',
    );
    expect(renamed).not.toContain('InventorySoap12');
    // The SOAP 1.2 binding's name is the SOAP 1.1 binding's + "12" (or + "1" for a named binding): no other
    // name is something the runtime writes, or a spec can say.
    expect(() => readWsdl(renamed, 'renamed.wsdl')).toThrow(
      /^renamed\.wsdl:401:17: the SOAP 1\.2 binding is named "Second": the ASMX runtime names it "InventorySoap12"/,
    );
  });

  test('XML Schema as the default namespace of the schema, unprefixed QNames included', () => {
    const start = INVENTORY_TEXT.indexOf('<s:schema');
    const end = INVENTORY_TEXT.indexOf('</s:schema>') + '</s:schema>'.length;
    const schema = INVENTORY_TEXT.slice(start, end)
      .replace('<s:schema ', '<schema xmlns="http://www.w3.org/2001/XMLSchema" ')
      .replace(/<(\/?)s:/g, '<$1')
      .replace(/type="s:/g, 'type="');
    const text = INVENTORY_TEXT.slice(0, start) + schema + INVENTORY_TEXT.slice(end);
    expect(text).toContain('<element minOccurs="1" maxOccurs="1" name="itemId" type="int" />');
    expect(readWsdl(text, 'default-xsd.wsdl')).toStrictEqual(INVENTORY);
  });
});

describe('reordered and moved namespace declarations read the same', () => {
  test('the root’s declarations in reverse order', () => {
    const rootEnd = INVENTORY_TEXT.indexOf('>', INVENTORY_TEXT.indexOf('<wsdl:definitions'));
    const root = INVENTORY_TEXT.slice(
      INVENTORY_TEXT.indexOf('<wsdl:definitions') + '<wsdl:definitions '.length,
      rootEnd,
    );
    const attributes = root.match(/[\w:]+="[^"]*"/g)!;
    const reversed = INVENTORY_TEXT.replace(root, [...attributes].reverse().join(' '));
    expect(reversed).toContain('<wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" targetNamespace=');
    expect(readWsdl(reversed, 'reversed.wsdl')).toStrictEqual(INVENTORY);
  });

  test('declarations on inner elements, and a prefix bound to another namespace in an inner scope', () => {
    // `s` means XML Schema only inside wsdl:types; elsewhere it names the target namespace instead of tns.
    let text = INVENTORY_TEXT.replace(' xmlns:s="http://www.w3.org/2001/XMLSchema"', '')
      .replace('<wsdl:types>', '<wsdl:types xmlns:s="http://www.w3.org/2001/XMLSchema">')
      .replace(' xmlns:tns="urn:example:inventory"', ' xmlns:s="urn:example:inventory"');
    const typesEnd = text.indexOf('</wsdl:types>');
    text =
      text.slice(0, typesEnd) +
      text.slice(typesEnd).replaceAll('"tns:', '"s:').replaceAll('type="s:string"', 'type="xs:string"');
    text = text.replaceAll('<wsdl:message name=', '<wsdl:message xmlns:xs="http://www.w3.org/2001/XMLSchema" name=');
    expect(text).toContain('<wsdl:part name="parameters" element="s:CountItems" />');
    expect(readWsdl(text, 'scoped.wsdl')).toStrictEqual(INVENTORY);
  });
});

test('a byte order mark and CRLF line ends read the same; the line ends are recorded', () => {
  const text = '\uFEFF' + INVENTORY_TEXT.replaceAll('\n', '\r\n');
  const { spec, addresses } = readWsdl(text, 'crlf.wsdl');
  expect({ spec, addresses }).toStrictEqual({
    addresses: INVENTORY.addresses,
    spec: { ...INVENTORY.spec, wsdl: { lineEnds: 'crlf' } },
  });
});

test('binding-level documentation (the WS-I conformance claim) is read as the conformance claim', () => {
  const text = INVENTORY_TEXT.replace(
    '<wsdl:binding name="InventorySoap" type="tns:InventorySoap">\n',
    '<wsdl:binding name="InventorySoap" type="tns:InventorySoap">\n    <wsdl:documentation>\n' +
      '      <wsi:Claim conformsTo="http://ws-i.org/profiles/basic/1.1" xmlns:wsi="http://ws-i.org/schemas/conformanceClaim/" />\n' +
      '    </wsdl:documentation>\n',
  );
  expect(text).toContain('wsi:Claim');
  const reading = readWsdl(text, 'claim.wsdl');
  expect(reading.spec.service.conformanceClaim).toBe(true);
  expect(renderWsdl(buildModel(reading.spec), INVENTORY.addresses.soap11!)).toBe(text);
  // On the SOAP 1.2 binding it is no claim the runtime writes.
  const onSoap12 = INVENTORY_TEXT.replace(
    '<wsdl:binding name="InventorySoap12" type="tns:InventorySoap">\n',
    '<wsdl:binding name="InventorySoap12" type="tns:InventorySoap">\n    <wsdl:documentation>\n' +
      '      <wsi:Claim conformsTo="http://ws-i.org/profiles/basic/1.1" xmlns:wsi="http://ws-i.org/schemas/conformanceClaim/" />\n' +
      '    </wsdl:documentation>\n',
  );
  expect(() => readWsdl(onSoap12, 'claim12.wsdl')).toThrow(/^claim12\.wsdl:\d+:\d+: found <wsdl:documentation>/);
});

test('descriptions are decoded as XML text: references expanded, line ends normalized', () => {
  const text = INVENTORY_TEXT.replaceAll(
    'Stock levels and reservations</wsdl:documentation>',
    'Stock &amp; levels: &lt;b&gt; &#x1F4E6;\r\nline two&#xD;</wsdl:documentation>',
  );
  expect(readWsdl(text, 'doc.wsdl').spec.service.description).toBe('Stock & levels: <b> \u{1F4E6}\nline two\r');
});

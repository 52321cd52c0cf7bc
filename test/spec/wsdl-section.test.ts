import { expect, test } from 'vitest';
import { renderWsdl } from '../../generator/emit/wsdl.js';
import { buildModel } from '../../generator/index.js';
import { parseSpec } from '../../generator/spec/parse-spec.js';
import { SpecError } from '../../generator/spec/spec-error.js';

const HEAD = 'service:\n  name: Svc\n  namespace: urn:svc\noperations:\n  - name: Ping\n';

function problems(text: string): string[] {
  try {
    parseSpec(text, 'w.yaml');
  } catch (error) {
    if (error instanceof SpecError) return error.problems.map((p) => `${p.line}:${p.column}: ${p.message}`);
    throw error;
  }
  return [];
}

test('the wsdl section reads into the spec and shapes the WSDL text', () => {
  const spec = parseSpec(
    `${HEAD}wsdl:\n  namespaceOrder: [soap, tm, soapenc, mime, tns, s, soap12, http]\n  lineEnds: crlf\n  finalNewline: true\n`,
    'w.yaml',
  );
  expect(spec.wsdl).toStrictEqual({
    namespaceOrder: ['soap', 'tm', 'soapenc', 'mime', 'tns', 's', 'soap12', 'http'],
    lineEnds: 'crlf',
    finalNewline: true,
  });
  const text = renderWsdl(buildModel(spec), 'http://localhost:8080/Svc.asmx');
  expect(text.split('\r\n')[1]).toMatch(
    /^<wsdl:definitions xmlns:soap="[^"]+" xmlns:tm="[^"]+" xmlns:soapenc="[^"]+" xmlns:mime="[^"]+" xmlns:tns="urn:svc" xmlns:s="[^"]+" xmlns:soap12="[^"]+" xmlns:http="[^"]+" targetNamespace="urn:svc" xmlns:wsdl="[^"]+">$/,
  );
  expect(text.replaceAll('\r\n', '')).not.toContain('\n');
  expect(text.endsWith('</wsdl:definitions>\r\n')).toBe(true);
});

test('prefixes the list leaves out follow in the runtime’s order; prefixes the WSDL lacks are skipped', () => {
  const spec = parseSpec(`${HEAD}wsdl:\n  namespaceOrder: [soap, s7, tns]\n`, 'w.yaml');
  expect(buildModel(spec).wsdl.namespaces.map((n) => n.prefix)).toEqual([
    'soap',
    'tns',
    'soapenc',
    'soap12',
    'http',
    'mime',
    'tm',
    's',
  ]);
});

test('each mistake in the wsdl section is reported at its place', () => {
  expect(
    problems(
      `${HEAD}wsdl:\n  namespaceOrder: [soap, xsd, soap]\n  lineEnds: cr\n  finalNewline: yes\n  order: 1\n  dataSetSchema: v1\n` +
        `  xsdImport: 1\n  prolog: "<!DOCTYPE definitions>"\n`,
    ),
  ).toEqual([
    '7:26: unknown prefix "xsd"; the runtime declares soapenc, soap12, http, tns, mime, tm, s, soap, s0, s1, … for extra schemas, and i0 for the description a binding in another namespace imports',
    '7:31: duplicate prefix "soap" (first defined at line 7)',
    '8:13: unknown value "cr"; expected one of: lf, crlf',
    '9:17: expected true or false',
    '10:3: unknown field "order"; expected one of: namespaceOrder, lineEnds, finalNewline, dataSetSchema, xsdImport, prolog, selfClosing, emptyDocumentation, original, fingerprint, runtime',
    '11:18: unknown value "v1"; did you mean "v2"? Expected one of: legacy, v2',
    '12:14: expected true or false',
    '13:11: a prolog holds only an XML declaration (<?xml version="1.0" encoding="utf-8"?>, any case of utf-8), then whitespace and comments',
  ]);
});

test('dataSetSchema picks the inline schema every DataSet is written with; DataTables are the same either way', () => {
  const service = `service:\n  name: Svc\n  namespace: urn:svc\noperations:\n  - name: Load\n    parameters: [{ name: table, type: dataTable }]\n    result: dataSet\n`;
  const wsdl = (extra: string) =>
    renderWsdl(buildModel(parseSpec(service + extra, 'w.yaml')), 'http://localhost/Svc.asmx');
  const dataTable =
    '            <s:element minOccurs="0" maxOccurs="1" name="table">\n' +
    '              <s:complexType>\n' +
    '                <s:sequence>\n' +
    '                  <s:any minOccurs="0" maxOccurs="unbounded" namespace="http://www.w3.org/2001/XMLSchema" processContents="lax" />\n' +
    '                  <s:any minOccurs="1" namespace="urn:schemas-microsoft-com:xml-diffgram-v1" processContents="lax" />\n' +
    '                </s:sequence>\n' +
    '              </s:complexType>\n' +
    '            </s:element>\n';
  const legacy =
    '            <s:element minOccurs="0" maxOccurs="1" name="LoadResult">\n' +
    '              <s:complexType>\n' +
    '                <s:sequence>\n' +
    '                  <s:element ref="s:schema" />\n' +
    '                  <s:any />\n' +
    '                </s:sequence>\n' +
    '              </s:complexType>\n' +
    '            </s:element>\n';
  const v2 =
    '            <s:element minOccurs="0" maxOccurs="1" name="LoadResult">\n' +
    '              <s:complexType>\n' +
    '                <s:sequence maxOccurs="unbounded">\n' +
    '                  <s:any minOccurs="0" namespace="http://www.w3.org/2001/XMLSchema" processContents="lax" />\n' +
    '                  <s:any minOccurs="0" namespace="urn:schemas-microsoft-com:xml-diffgram-v1" processContents="lax" />\n' +
    '                </s:sequence>\n' +
    '              </s:complexType>\n' +
    '            </s:element>\n';
  for (const [extra, dataSet] of [
    ['', v2],
    ['wsdl:\n  dataSetSchema: v2\n', v2],
    ['wsdl:\n  dataSetSchema: legacy\n', legacy],
  ] as const) {
    const text = wsdl(extra);
    expect(text).toContain(dataTable);
    expect(text).toContain(dataSet);
  }
  expect(parseSpec(`${service}wsdl:\n  dataSetSchema: legacy\n`, 'w.yaml').wsdl).toStrictEqual({
    dataSetSchema: 'legacy',
  });
});

test('selfClosing: compact ends every empty element with "/>"; another value is reported at its place', () => {
  const spec = parseSpec(`${HEAD}wsdl:\n  selfClosing: compact\n`, 'w.yaml');
  expect(spec.wsdl).toStrictEqual({ selfClosing: 'compact' });
  const compact = renderWsdl(buildModel(spec), 'http://localhost:8080/Svc.asmx');
  const plain = renderWsdl(buildModel(parseSpec(HEAD, 'w.yaml')), 'http://localhost:8080/Svc.asmx');
  expect(plain).toContain(' />');
  expect(compact).not.toContain(' />');
  expect(compact).toBe(plain.replaceAll(' />', '/>'));
  expect(problems(`${HEAD}wsdl:\n  selfClosing: tight\n`)).toEqual([
    '7:16: unknown value "tight"; expected one of: compact',
  ]);
});

test('xsdImport starts the service schema with the XML Schema import; prolog replaces the XML declaration line', () => {
  const spec = parseSpec(`${HEAD}wsdl:\n  xsdImport: true\n  prolog: "\\n"\n`, 'w.yaml');
  expect(spec.wsdl).toStrictEqual({ xsdImport: true, prolog: '\n' });
  const text = renderWsdl(buildModel(spec), 'http://localhost:8080/Svc.asmx');
  expect(text.split('\n').slice(0, 5)).toEqual([
    '',
    expect.stringMatching(/^<wsdl:definitions /),
    '  <wsdl:types>',
    '    <s:schema elementFormDefault="qualified" targetNamespace="urn:svc">',
    '      <s:import namespace="http://www.w3.org/2001/XMLSchema" />',
  ]);
  const plain = renderWsdl(buildModel(parseSpec(HEAD, 'w.yaml')), 'http://localhost:8080/Svc.asmx');
  expect(plain.startsWith('<?xml version="1.0" encoding="utf-8"?>\n<wsdl:definitions ')).toBe(true);
  expect(plain).not.toContain('<s:import');
});

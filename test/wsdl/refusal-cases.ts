import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CORPUS_DIR, edit, readShared } from './wsdl-fixtures.js';

/**
 * WSDLs asmxgen must refuse: corpus WSDLs of services a spec cannot express, and corpus WSDLs edited to hold
 * what the ASMX runtime writes for such a construct (a one-way method, rpc style, …) or what no runtime writes
 * for the service the rest of the WSDL describes.
 */
const LEGACY = readShared('wsdl-corpus/LegacySoapOnly.wsdl');
const LEGACY_HTTP = readShared('wsdl-corpus/Legacy.wsdl');
const corpus = (name: string) => readFileSync(resolve(CORPUS_DIR, name), 'utf8');

/** Pieces of TypeNamespaces.wsdl: Waypoint's unqualified member, the end of the geo schema, two types. */
const TN_PLAIN = '<s:element minOccurs="0" maxOccurs="1" form="unqualified" name="Plain" type="s:string" />';
const TN_GEO_END = '    </s:schema>\n    <s:schema elementFormDefault="qualified" targetNamespace="urn:example:notes">';
const TN_CAPTION = [
  '      <s:complexType name="Caption">',
  '        <s:simpleContent>',
  '          <s:extension base="s:string">',
  '            <s:attribute name="Lang" type="s:string" />',
  '          </s:extension>',
  '        </s:simpleContent>',
  '      </s:complexType>',
].join('\n');
const TN_ARRAY_OF_COMPASS = [
  '      <s:complexType name="ArrayOfCompass">',
  '        <s:sequence>',
  '          <s:element minOccurs="0" maxOccurs="unbounded" name="Compass" type="tns:Compass" />',
  '        </s:sequence>',
  '      </s:complexType>',
].join('\n');
const NOTIFY_PARAMETER = '<s:element minOccurs="0" maxOccurs="1" name="message" type="s:string" />';
const END_OF_SCHEMA = '    </s:schema>';
const NOTIFY_SOAP11 = '<soap:operation soapAction="http://tempuri.org/Notify" style="document" />';

/** Legacy.wsdl with `Notify` left out of HttpGet and HttpPost, which the runtime offers it on. */
function withoutHttpNotify(text: string): string {
  return text
    .replace(/ {2}<wsdl:message name="NotifyHttp(Get|Post)In">\n[\s\S]*?<\/wsdl:message>\n/g, '')
    .replace(/ {2}<wsdl:message name="NotifyHttp(Get|Post)Out" \/>\n/g, '')
    .replace(
      / {4}<wsdl:operation name="Notify">\n {6}<wsdl:input message="tns:NotifyHttp[\s\S]*?<\/wsdl:operation>\n/g,
      '',
    )
    .replace(/ {4}<wsdl:operation name="Notify">\n {6}<http:operation[\s\S]*?<\/wsdl:operation>\n/g, '');
}

/** A WSDL with one SOAP 1.2 binding and its port left out, as no runtime writes it. */
function withoutSoap12Binding(text: string, name: string): string {
  const binding = new RegExp(` {2}<wsdl:binding name="${name}" [\\s\\S]*?</wsdl:binding>\\n`);
  const port = new RegExp(` {4}<wsdl:port name="${name}" [\\s\\S]*?</wsdl:port>\\n`);
  if (!binding.test(text) || !port.test(text)) throw new Error(`withoutSoap12Binding: no binding ${name}`);
  return text.replace(binding, '').replace(port, '');
}

const DATASET_V2 =
  '<s:sequence maxOccurs="unbounded">\n' +
  '                  <s:any minOccurs="0" namespace="http://www.w3.org/2001/XMLSchema" processContents="lax" />\n' +
  '                  <s:any minOccurs="0" namespace="urn:schemas-microsoft-com:xml-diffgram-v1" processContents="lax" />\n' +
  '                </s:sequence>';

/** DataTables.wsdl with its first DataSet (parameter `data` of `Split`) in the .NET Framework's legacy form. */
function firstDataSetLegacy(text: string): string {
  const at = text.indexOf(DATASET_V2);
  if (at === -1) throw new Error('firstDataSetLegacy: no DataSet schema in the text');
  const legacy =
    '<s:sequence>\n                  <s:element ref="s:schema" />\n                  <s:any />\n                </s:sequence>';
  return text.slice(0, at) + legacy + text.slice(at + DATASET_V2.length);
}

export const REFUSALS = {
  // Every address without a path is the service at its root (hand-edited-copies.test.ts).
  'an address with no path beside addresses with one': edit(LEGACY, [
    '<soap:address location="http://localhost:8080/Legacy.asmx" />',
    '<soap:address location="http://localhost:8080" />',
  ]),
  'a SOAP 1.1 binding without its SOAP 1.2 twin (TwoBindings.wsdl)': withoutSoap12Binding(
    corpus('TwoBindings.wsdl'),
    'AdminBinding1',
  ),
  'an out parameter beside a renamed result over HTTP (Renames.wsdl edited)': edit(corpus('Renames.wsdl'), [
    '<s:element minOccurs="1" maxOccurs="1" name="Bill" nillable="true" type="tns:Invoice" />',
    '<s:element minOccurs="1" maxOccurs="1" name="Bill" nillable="true" type="tns:Invoice" />\n            <s:element minOccurs="0" maxOccurs="1" name="note" type="s:string" />',
  ]),
  'rpc style': edit(LEGACY, [NOTIFY_SOAP11, NOTIFY_SOAP11.replace('document', 'rpc')]),
  'encoded use': edit(LEGACY, [
    `${NOTIFY_SOAP11}\n      <wsdl:input>\n        <soap:body use="literal" />`,
    `${NOTIFY_SOAP11}\n      <wsdl:input>\n        <soap:body use="encoded" encodingStyle="http://schemas.xmlsoap.org/soap/encoding/" />`,
  ]),
  'one-way in the port type only': edit(LEGACY, [
    '      <wsdl:input message="tns:NotifySoapIn" />\n      <wsdl:output message="tns:NotifySoapOut" />\n',
    '      <wsdl:input message="tns:NotifySoapIn" />\n',
  ]),
  'wsdl:import of another document': edit(LEGACY, [
    '  <wsdl:types>',
    '  <wsdl:import namespace="urn:example:shared" location="Shared.wsdl" />\n  <wsdl:types>',
  ]),
  'two services': edit(LEGACY, [
    '  </wsdl:service>\n',
    '  </wsdl:service>\n  <wsdl:service name="LegacyMirror">\n' +
      '    <wsdl:port name="LegacySoap" binding="tns:LegacySoap">\n' +
      '      <soap:address location="http://mirror.example.com/Legacy.asmx" />\n' +
      '    </wsdl:port>\n  </wsdl:service>\n',
  ]),
  'array parameter repeated but required (minOccurs="1" maxOccurs="unbounded")': edit(LEGACY, [
    NOTIFY_PARAMETER,
    '<s:element minOccurs="1" maxOccurs="unbounded" name="message" type="s:string" />',
  ]),
  'SOAP header in one SOAP binding only': edit(
    LEGACY,
    [
      `${NOTIFY_SOAP11}\n      <wsdl:input>\n        <soap:body use="literal" />`,
      `${NOTIFY_SOAP11}\n      <wsdl:input>\n        <soap:body use="literal" />\n` +
        '        <soap:header message="tns:NotifyAuthHeader" part="AuthHeader" use="literal" />',
    ],
    [
      '  <wsdl:portType name="LegacySoap">',
      '  <wsdl:message name="NotifyAuthHeader">\n    <wsdl:part name="AuthHeader" element="tns:AuthHeader" />\n' +
        '  </wsdl:message>\n  <wsdl:portType name="LegacySoap">',
    ],
  ),
  'a struct written as a class once (minOccurs="0")': edit(corpus('Classes.wsdl'), [
    '<s:element minOccurs="1" maxOccurs="1" name="to" type="tns:GeoPoint" />',
    '<s:element minOccurs="0" maxOccurs="1" name="to" type="tns:GeoPoint" />',
  ]),
  'an XSD type a spec does not name (s:anyType)': edit(LEGACY, [
    NOTIFY_PARAMETER,
    NOTIFY_PARAMETER.replace('s:string', 's:anyType'),
  ]),
  'DataType on the items of an array of arrays (s:token items of ArrayOfArrayOfString)': edit(corpus('Arrays.wsdl'), [
    '<s:element minOccurs="0" maxOccurs="unbounded" name="string" nillable="true" type="s:string" />',
    '<s:element minOccurs="0" maxOccurs="unbounded" name="string" nillable="true" type="s:token" />',
  ]),
  // A named complex type of the service's namespace there is read as the parameters, with a warning
  // (hand-edited-wrappers.test.ts); a built-in type names no parameters.
  'a wrapped request element with type= (a wrapper and a bare element mixed)': edit(LEGACY, [
    `<s:element name="Notify">\n        <s:complexType>\n          <s:sequence>\n            ${NOTIFY_PARAMETER}\n` +
      '          </s:sequence>\n        </s:complexType>\n      </s:element>',
    `<s:element name="Notify" type="s:string" />`,
  ]),
  'request element not a sequence': edit(LEGACY, [
    `<s:sequence>\n            ${NOTIFY_PARAMETER}\n          </s:sequence>`,
    `<s:choice>\n            ${NOTIFY_PARAMETER}\n          </s:choice>`,
  ]),
  'HTTP offers an operation the runtime leaves out (int?)': edit(readShared('wsdl-corpus/Inventory.wsdl'), [
    '<s:element minOccurs="1" maxOccurs="1" name="itemId" type="s:int" />',
    '<s:element minOccurs="1" maxOccurs="1" name="itemId" nillable="true" type="s:int" />',
  ]),
  'DataSets in both forms (WSDL_VERSION 1 and 2)': firstDataSetLegacy(corpus('DataTables.wsdl')),
  'an ArrayOfX in another namespace referred to from the service schema': edit(
    corpus('TypeNamespaces.wsdl'),
    ['name="Headings" type="tns:ArrayOfCompass"', 'name="Headings" type="s1:ArrayOfCompass"'],
    [TN_GEO_END, TN_ARRAY_OF_COMPASS.replaceAll('tns:', 's1:') + '\n' + TN_GEO_END],
  ),
  'not XML (JSON)': '{ "service": "Legacy" }\n',
  'not XML (truncated)': LEGACY.slice(0, LEGACY.indexOf('  <wsdl:binding name="LegacySoap12"')),
  'not WSDL (HTML)': '<html>\n  <body>Legacy Web Service</body>\n</html>\n',
} as const;

export type RefusalCase = keyof typeof REFUSALS;

/**
 * `Caption` written twice, in the service namespace and in urn:example:geo (as the runtime copies a class without
 * `[XmlType(Namespace)]` reached from two namespaces): `import` reads two types, the second named apart.
 */
export const CLASS_IN_TWO_NAMESPACES = edit(
  corpus('TypeNamespaces.wsdl'),
  [TN_PLAIN, TN_PLAIN.replace('s:string', 's1:Caption')],
  [TN_GEO_END, TN_CAPTION + '\n' + TN_GEO_END],
);

/**
 * Corpus WSDLs edited as people edit a served copy: the messages are still clear, but no spec makes the runtime
 * write the document. `import` writes the spec of the messages and keeps the served document beside it.
 */
export const EDITED = {
  'required string (minOccurs="1")': edit(LEGACY, [NOTIFY_PARAMETER, NOTIFY_PARAMETER.replace('"0"', '"1"')]),
  'a type no operation reaches': edit(LEGACY, [
    END_OF_SCHEMA,
    '      <s:complexType name="Message">\n        <s:sequence>\n' +
      '          <s:element minOccurs="0" maxOccurs="1" name="Text" type="s:string" />\n' +
      '        </s:sequence>\n      </s:complexType>\n' +
      END_OF_SCHEMA,
  ]),
  'HTTP leaves out an operation the runtime offers': withoutHttpNotify(LEGACY_HTTP),
  'elements moved (GetVersion before Notify)': getVersionFirst(LEGACY),
  'the service schema unqualified (elementFormDefault="unqualified")': edit(LEGACY, [
    '<s:schema elementFormDefault="qualified" targetNamespace="http://tempuri.org/">',
    '<s:schema elementFormDefault="unqualified" targetNamespace="http://tempuri.org/">',
  ]),
} as const;

/** LegacySoapOnly.wsdl with the wrapper elements of GetVersion moved above those of Notify, by hand. */
function getVersionFirst(text: string): string {
  const notify = text.indexOf('      <s:element name="Notify">');
  const getVersion = text.indexOf('      <s:element name="GetVersion">');
  const end = text.indexOf(END_OF_SCHEMA);
  if (notify === -1 || getVersion === -1 || end === -1) throw new Error('getVersionFirst: not LegacySoapOnly.wsdl');
  return text.slice(0, notify) + text.slice(getVersion, end) + text.slice(notify, getVersion) + text.slice(end);
}

export type EditedCase = keyof typeof EDITED;

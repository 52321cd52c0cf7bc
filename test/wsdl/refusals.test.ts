/**
 * What a spec cannot express is refused with a WsdlError at the construct: `file:line:column: what it is, why
 * a spec cannot express it (or why no runtime writes it), and what to do where there is something to do`. The
 * cases are corpus WSDLs, and corpus WSDLs edited to hold what the ASMX runtime writes for a construct (see
 * refusal-cases.ts).
 */
import { expect, test } from 'vitest';
import { readWsdl, WsdlError } from '../../generator/wsdl-reader/read-wsdl.js';
import { REFUSALS, type RefusalCase } from './refusal-cases.js';

const EXPECTED: readonly (readonly [RefusalCase, string])[] = [
  [
    'an address with no path beside addresses with one',
    'fixture.wsdl:93:21: the service address http://localhost:8080 has no path: an ASMX service answers at the path of its .asmx file, and asmxgen writes an address as the base URL and that path; import the WSDL the endpoint serves (its address followed by ?wsdl), or add the path to the address (e.g. a final /) and import again',
  ],
  [
    'a SOAP 1.1 binding without its SOAP 1.2 twin (TwoBindings.wsdl)',
    'fixture.wsdl:206:17: the SOAP bindings are not in pairs: binding "AdminBinding" (port type "AdminBinding") has no SOAP 1.2 binding in its place; the ASMX runtime writes one SOAP 1.1 and one SOAP 1.2 binding per [WebServiceBinding], both versions in the same order',
  ],
  [
    'an out parameter beside a renamed result over HTTP (Renames.wsdl edited)',
    'fixture.wsdl:149:5: HttpGet offers operation "GetInvoice", but the ASMX runtime leaves out of HttpGet and HttpPost every operation with an out parameter ("note"): no spec makes the runtime write this WSDL',
  ],
  [
    'rpc style',
    'fixture.wsdl:52:62: operation "Notify" of binding "LegacySoap" is style="rpc" ([SoapRpcService] or [SoapRpcMethod]): a spec describes document/literal operations only, the ASMX default; switch the service to document style and import again',
  ],
  [
    'encoded use',
    'fixture.wsdl:27:3: message "NotifySoapIn" is not one part with a type, as document/encoded writes it',
  ],
  [
    'one-way in the port type only',
    'fixture.wsdl:55:7: operation "Notify" of binding "LegacySoap" has an output, but its port type operation has none (one-way, as [SoapDocumentMethod(OneWay = true)] writes it, with no output in the binding either): not a WSDL the ASMX runtime writes',
  ],
  [
    'wsdl:import of another document',
    'fixture.wsdl:3:3: a wsdl:import of Shared.wsdl: readWsdl reads one document; read the documents it names first with readWsdlDocuments, as asmxgen import and diff do',
  ],
  [
    'two services',
    'fixture.wsdl:99:17: a second service, "LegacyMirror" (the first, "Legacy", is at line 91): asmxgen reads one service per WSDL, as ASMX serves one; split the WSDL into one document per service and import each',
  ],
  [
    'array parameter repeated but required (minOccurs="1" maxOccurs="unbounded")',
    'fixture.wsdl:8:38: parameter "message" of operation "Notify" has minOccurs="1" maxOccurs="unbounded": the runtime writes an array parameter\'s repeated items ([XmlElement]) as minOccurs="0" maxOccurs="unbounded" elements of the wrapper\'s own namespace, and a spec cannot express this one',
  ],
  [
    'SOAP header in one SOAP binding only',
    'fixture.wsdl:76:5: operation "Notify" has other SOAP headers in binding "LegacySoap12" than in binding "LegacySoap": the ASMX runtime writes the same headers for both SOAP versions',
  ],
  [
    'a struct written as a class once (minOccurs="0")',
    'fixture.wsdl:104:13: the type "GeoPoint" occurs as a value type (a struct: "Location" at line 25 has minOccurs="1") and as a reference type (a class: "to" at line 104 has minOccurs="0"): the ASMX runtime writes a type one way or the other everywhere',
  ],
  [
    'an XSD type a spec does not name (s:anyType)',
    'fixture.wsdl:8:67: the element "message" in the request element of operation "Notify" has type s:anyType, which is none of the XML Schema types a spec names (string, boolean, byte, unsignedByte, short, unsignedShort, int, unsignedInt, long, unsignedLong, float, double, decimal, dateTime, base64Binary, QName, and the DataType names date, time, hexBinary, integer, token, …): the ASMX runtime writes no other',
  ],
  [
    'DataType on the items of an array of arrays (s:token items of ArrayOfArrayOfString)',
    'fixture.wsdl:295:95: the array items "ArrayOfString" are arrays of token items (a DataType on an array of arrays): a spec gives a dataType to a one-dimensional array\'s items only',
  ],
  [
    'a wrapped request element with type= (a wrapper and a bare element mixed)',
    'fixture.wsdl:5:32: the request element of operation "Notify", "Notify", has type="s:string" instead of a sequence of the parameters, but its message part is the wrapped one ("parameters"): the runtime writes a parameter\'s element with type= only for [SoapDocumentMethod(ParameterStyle = SoapParameterStyle.Bare)], whose parts it names after the parameters and whose response it writes bare too, so no ASMX service wrote this; import the WSDL the service serves (its address followed by ?wsdl)',
  ],
  [
    'request element not a sequence',
    'fixture.wsdl:7:11: the request element of operation "Notify" holds <s:choice>: the runtime writes s:choice in a sequence, as a member or parameter of several [XmlElement(Name, typeof(T))], with minOccurs="1" maxOccurs="1" or minOccurs="0" maxOccurs="unbounded", or as all of an ArrayOfChoiceN, of two or more elements; a spec cannot express this one',
  ],
  [
    'HTTP offers an operation the runtime leaves out (int?)',
    'fixture.wsdl:279:5: HttpGet offers operation "Reserve", but the ASMX runtime leaves out of HttpGet and HttpPost every operation with a parameter of type int? ("itemId"), which it cannot bind from a form: no spec makes the runtime write this WSDL',
  ],
  [
    'not XML (JSON)',
    "fixture.wsdl:1:1: not well-formed XML (char '{' is not expected): asmxgen imports WSDL 1.1 documents; check that the file is one, or that the URL serves one (for an ASMX service, its address followed by ?wsdl)",
  ],
  [
    'not XML (truncated)',
    "fixture.wsdl:2:1: not well-formed XML (Unclosed tag 'wsdl:definitions'): asmxgen imports WSDL 1.1 documents; check that the file is one, or that the URL serves one (for an ASMX service, its address followed by ?wsdl)",
  ],
  [
    'DataSets in both forms (WSDL_VERSION 1 and 2)',
    'fixture.wsdl:92:15: a DataSet written as a <s:sequence maxOccurs="unbounded"> of two <s:any> (WSDL_VERSION 2), where the DataSet at line 51 is <s:element ref="s:schema" /><s:any /> (system.data.dataset WSDL_VERSION below 2): a server writes every DataSet in the form its WSDL_VERSION setting picks, so no runtime wrote both',
  ],
  [
    'not WSDL (HTML)',
    'fixture.wsdl:1:1: the root element is <html>, not <definitions> in namespace http://schemas.xmlsoap.org/wsdl/: this is not a WSDL 1.1 document (asmxgen does not read WSDL 2.0 or HTML pages); import the WSDL the service serves (for ASMX, its address followed by ?wsdl)',
  ],
  [
    'an ArrayOfX in another namespace referred to from the service schema',
    'fixture.wsdl:22:66: the element "Headings" in the complex type "Route" has type s1:ArrayOfCompass, an array type in namespace urn:example:geo, from the schema of urn:example:typens: the runtime writes an ArrayOfX in the namespace of the class whose member it is (or of the message it is in) and refers to it from that schema only; no ASMX service wrote this',
  ],
];

test('every refusal case has its expected message', () => {
  expect(EXPECTED.map(([name]) => name).sort()).toEqual(Object.keys(REFUSALS).sort());
});

test.each(EXPECTED)('%s', (name, message) => {
  let error: unknown;
  try {
    readWsdl(REFUSALS[name], 'fixture.wsdl');
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(WsdlError);
  const wsdlError = error as WsdlError;
  expect(wsdlError.message).toBe(message);
  const [, line, column, reason] = /^fixture\.wsdl:(\d+):(\d+): (.*)$/s.exec(message)!;
  expect([wsdlError.file, wsdlError.line, wsdlError.column, wsdlError.reason]).toEqual([
    'fixture.wsdl',
    Number(line),
    Number(column),
    reason,
  ]);
});

// The reader locates what it refuses by CRLF, CR and LF alike (the runtime's LineIndex). Not well-formed XML is
// located by fast-xml-parser's validator instead, which counts LF only.
test.each(EXPECTED.filter(([, message]) => !message.includes(': not well-formed XML (')))(
  '%s: at the same line and column with CRLF and with CR line ends',
  (name, message) => {
    for (const end of ['\r\n', '\r']) {
      expect(() => readWsdl(REFUSALS[name].replaceAll('\n', end), 'fixture.wsdl')).toThrow(message);
    }
  },
);

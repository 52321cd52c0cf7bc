/**
 * What asmxgen cannot represent is refused with a WsdlError at the construct: `file:line:column: what it is,
 * why asmxgen cannot represent it, what to do`. Each case is a corpus WSDL edited to hold what the ASMX
 * runtime writes for the construct (see refusal-cases.ts).
 */
import { expect, test } from 'vitest';
import { readWsdl, WsdlError } from '../../generator/wsdl-reader/read-wsdl.js';
import { REFUSALS, type RefusalCase } from './refusal-cases.js';

const EXPECTED: readonly (readonly [RefusalCase, string])[] = [
  [
    'complex type',
    'fixture.wsdl:8:67: parameter "message" of operation "Notify" has the complex type tns:Message (declared at line 25): asmxgen represents parameters and results of XSD simple types only; pass the object as a string (e.g. JSON) or as simple parameters and import again',
  ],
  [
    'named complex type no operation uses',
    'fixture.wsdl:25:22: the named complex type "Message": asmxgen represents parameters and results of XSD simple types only; change the service so that no operation takes or returns it (e.g. pass it as a JSON string) and import again',
  ],
  [
    'array type (ArrayOfString)',
    'fixture.wsdl:8:67: parameter "message" of operation "Notify" is an array (tns:ArrayOfString, declared at line 25, repeats s:string with maxOccurs="unbounded"): asmxgen represents single values only; take the values as one string (e.g. JSON) and import again',
  ],
  [
    'array element (maxOccurs=\"unbounded\")',
    'fixture.wsdl:8:38: parameter "message" of operation "Notify" is an array (maxOccurs="unbounded"): asmxgen represents single values only; take the values as one string (e.g. JSON) and import again',
  ],
  [
    'rpc style',
    'fixture.wsdl:52:62: operation "Notify" of binding "LegacySoap" is style="rpc" ([SoapRpcService] or [SoapRpcMethod]): asmxgen generates document/literal services only, as ASMX writes by default; switch the service to document style and import again',
  ],
  [
    'encoded use',
    'fixture.wsdl:54:20: the input of operation "Notify" in binding "LegacySoap" is use="encoded" (SOAP section 5 encoding): asmxgen generates literal messages only, as ASMX writes by default; switch the web method to document/literal and import again',
  ],
  [
    'SOAP header',
    'fixture.wsdl:58:9: the input of operation "Notify" in binding "LegacySoap" has a SOAP header (<soap:header>, from [SoapHeader]): asmxgen does not model SOAP headers; pass the header\'s values as parameters of the web method instead and import again',
  ],
  [
    'two services',
    'fixture.wsdl:99:17: a second service, "LegacyMirror" (the first, "Legacy", is at line 91): asmxgen reads one service per WSDL, as ASMX serves one; split the WSDL into one document per service and import each',
  ],
  [
    'overload by MessageName',
    'fixture.wsdl:66:37: the input message of operation "Notify" is "NotifyLoudSoapIn", not "NotifySoapIn": the method is renamed on the wire to "NotifyLoud" ([WebMethod(MessageName = "NotifyLoud")], as overloads are); asmxgen names every message and element after the operation, so it cannot represent overloads or renamed messages; give the method its own name in the service and import again',
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
    'not WSDL (HTML)',
    'fixture.wsdl:1:1: the root element is <html>, not <definitions> in namespace http://schemas.xmlsoap.org/wsdl/: this is not a WSDL 1.1 document (asmxgen does not read WSDL 2.0 or HTML pages); import the WSDL the service serves (for ASMX, its address followed by ?wsdl)',
  ],
  [
    'unknown XSD type',
    'fixture.wsdl:8:67: parameter "message" of operation "Notify" has type s:anyType, an XSD type asmxgen does not support (it supports string, boolean, byte, unsignedByte, short, unsignedShort, int, unsignedInt, long, unsignedLong, float, double, decimal, dateTime, base64Binary); change the web method to use one of them and import again',
  ],
  [
    'optional value type (int?)',
    'fixture.wsdl:23:66: parameter "itemId" of operation "Reserve" is nillable (a Nullable<…> value or [XmlElement(IsNullable = true)]): asmxgen cannot represent nil; make it a plain int and import again',
  ],
  [
    'required string (minOccurs=\"1\")',
    'fixture.wsdl:8:24: parameter "message" of operation "Notify" has minOccurs="1", but ASMX writes minOccurs="0" for every string (a reference type may be left out): asmxgen derives minOccurs from the type and cannot represent another; make it a plain string and import again',
  ],
  [
    'request element not a sequence',
    'fixture.wsdl:7:11: the request element "Notify" is not a sequence of simple elements (it holds <s:choice>): asmxgen represents an operation\'s parameters and result as a sequence of elements of XSD simple types, as ASMX writes them; change the web method to take and return simple types and import again',
  ],
  [
    'out parameter',
    'fixture.wsdl:22:13: the response element "GetVersionResponse" holds several elements ("GetVersionResult", "build"): out or ref parameters, which asmxgen cannot represent (an operation returns one value); return a single value and import again',
  ],
  [
    'one-way operation',
    'fixture.wsdl:40:5: operation "Notify" in port type "LegacySoap" is one-way (it has no output: [SoapDocumentMethod(OneWay = true)]): asmxgen generates request-response operations only, as ASMX does by default; remove OneWay and import again',
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

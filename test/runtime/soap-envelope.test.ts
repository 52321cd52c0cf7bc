import { describe, expect, it } from 'vitest';
import {
  buildFaultEnvelope,
  buildRequestEnvelope,
  buildResponseEnvelope,
  framedRequestEnvelope,
  requestEnvelopeFrame,
  soapRequestHeaders,
  type RequestParameter,
} from '../../runtime/src/soap/soap-envelope.js';
import { readEnvelope, readFault } from '../../runtime/src/soap/soap-envelope-reader.js';
import { buildHttpResultDocument, readHttpResult } from '../../runtime/src/http/http-result.js';
import { SoapFault } from '../../runtime/src/soap/soap-fault.js';
import { readXml, textContent, childElements } from '../../runtime/src/xml/xml-reader.js';

const HEAD11 =
  '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" ' +
  'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body>';
const HEAD12 = HEAD11.replace('http://schemas.xmlsoap.org/soap/envelope/', 'http://www.w3.org/2003/05/soap-envelope');
const TAIL = '</soap:Body></soap:Envelope>';

describe('buildResponseEnvelope', () => {
  it('writes the void reply ASMX writes, in both versions', () => {
    expect(buildResponseEnvelope('1.1', 'App.WebService', 'AuthenticateResponse')).toBe(
      `${HEAD11}<AuthenticateResponse xmlns="App.WebService" />${TAIL}`,
    );
    expect(buildResponseEnvelope('1.2', 'App.WebService', 'AuthenticateResponse')).toBe(
      `${HEAD12}<AuthenticateResponse xmlns="App.WebService" />${TAIL}`,
    );
  });

  it('writes a result escaped, and omits an absent one', () => {
    const result = { element: 'EchoResult', value: 'a<b&c>d\r' };
    expect(buildResponseEnvelope('1.1', 'ns', 'EchoResponse', result)).toBe(
      `${HEAD11}<EchoResponse xmlns="ns"><EchoResult>a&lt;b&amp;c&gt;d&#xD;</EchoResult></EchoResponse>${TAIL}`,
    );
    expect(buildResponseEnvelope('1.1', 'ns', 'EchoResponse', { element: 'EchoResult', value: undefined })).toBe(
      `${HEAD11}<EchoResponse xmlns="ns" />${TAIL}`,
    );
    expect(buildResponseEnvelope('1.1', 'ns', 'EchoResponse', { element: 'EchoResult', value: '' })).toBe(
      `${HEAD11}<EchoResponse xmlns="ns"><EchoResult /></EchoResponse>${TAIL}`,
    );
  });
});

describe('buildFaultEnvelope', () => {
  it('writes the SOAP 1.1 shape, unqualified parts, empty detail', () => {
    expect(buildFaultEnvelope('1.1', { code: 'Client', message: 'Bad <x>' })).toBe(
      `${HEAD11}<soap:Fault><faultcode>soap:Client</faultcode><faultstring>Bad &lt;x&gt;</faultstring><detail /></soap:Fault>${TAIL}`,
    );
  });

  it('writes the SOAP 1.2 shape with Sender/Receiver', () => {
    expect(buildFaultEnvelope('1.2', { code: 'Server', message: 'm', detail: 'd&' })).toBe(
      `${HEAD12}<soap:Fault><soap:Code><soap:Value>soap:Receiver</soap:Value></soap:Code>` +
        `<soap:Reason><soap:Text xml:lang="en">m</soap:Text></soap:Reason><soap:Detail>d&amp;</soap:Detail></soap:Fault>${TAIL}`,
    );
    expect(buildFaultEnvelope('1.2', { code: 'Client', message: 'm' })).toContain(
      '<soap:Value>soap:Sender</soap:Value>',
    );
  });

  it('writes no detail element in a MustUnderstand fault', () => {
    expect(buildFaultEnvelope('1.1', { code: 'MustUnderstand', message: 'SOAP header X was not understood.' })).toBe(
      `${HEAD11}<soap:Fault><faultcode>soap:MustUnderstand</faultcode>` +
        `<faultstring>SOAP header X was not understood.</faultstring></soap:Fault>${TAIL}`,
    );
  });
});

describe('buildRequestEnvelope', () => {
  it('writes the wrapped request .NET proxies send', () => {
    expect(
      buildRequestEnvelope('1.1', 'App.WebService', 'Authenticate', [
        { name: 'requestJson', value: '{"a":"<&>"}\r\n' },
      ]),
    ).toBe(
      `${HEAD11}<Authenticate xmlns="App.WebService"><requestJson>{"a":"&lt;&amp;&gt;"}&#xD;\n</requestJson></Authenticate>${TAIL}`,
    );
    expect(buildRequestEnvelope('1.2', 'App.WebService', 'UploadImage', [])).toBe(
      `${HEAD12}<UploadImage xmlns="App.WebService" />${TAIL}`,
    );
    expect(
      buildRequestEnvelope('1.1', 'ns', 'Add', [
        { name: 'a', value: '1' },
        { name: 'skipped', value: undefined },
        { name: 'b', value: '' },
      ]),
    ).toBe(`${HEAD11}<Add xmlns="ns"><a>1</a><b /></Add>${TAIL}`);
  });

  it('round-trips every value through the reader exactly', () => {
    const hostile = ' <a>&amp;]]></a> "q" \'s\' \r\n\r\n😀\t ';
    const xml = buildRequestEnvelope('1.1', 'App.WebService', 'Echo', [{ name: 'requestJson', value: hostile }]);
    const reading = readEnvelope(readXml(xml));
    if (reading.kind !== 'envelope') throw new Error('not an envelope');
    const request = childElements(reading.body!)[0]!;
    expect(textContent(childElements(request)[0]!)).toBe(hostile);
  });

  it('gives the request headers of each version', () => {
    expect(soapRequestHeaders('1.1', 'App.WebService/Op')).toEqual({
      'Content-Type': 'text/xml; charset=utf-8',
      SOAPAction: '"App.WebService/Op"',
    });
    expect(soapRequestHeaders('1.2', 'urn:custom"action')).toEqual({
      'Content-Type': 'application/soap+xml; charset=utf-8; action="urn:custom\\"action"',
    });
  });
});

describe('readEnvelope and readFault', () => {
  it('tells envelopes, other roots and unknown namespaces apart', () => {
    expect(readEnvelope(readXml(`${HEAD11}${TAIL}`)).kind).toBe('envelope');
    expect(readEnvelope(readXml('<soap:Body xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"/>')).kind).toBe(
      'not-envelope',
    );
    expect(readEnvelope(readXml('<Envelope xmlns="urn:other"/>'))).toEqual({
      kind: 'unknown-namespace',
      namespace: 'urn:other',
    });
  });

  it('reads back the faults it writes, in both versions', () => {
    for (const version of ['1.1', '1.2'] as const) {
      const xml = buildFaultEnvelope(version, { code: 'Client', message: 'Bad <x> &', detail: 'why' });
      const reading = readEnvelope(readXml(xml));
      if (reading.kind !== 'envelope') throw new Error('not an envelope');
      const fault = readFault(reading.body!, version);
      expect(fault).toBeInstanceOf(SoapFault);
      expect([fault!.code, fault!.message, fault!.detail]).toEqual(['Client', 'Bad <x> &', 'why']);
    }
  });

  it('finds no fault in a success reply', () => {
    const reading = readEnvelope(readXml(buildResponseEnvelope('1.1', 'ns', 'XResponse')));
    if (reading.kind !== 'envelope') throw new Error('not an envelope');
    expect(readFault(reading.body!, '1.1')).toBeUndefined();
  });
});

describe('buildHttpResultDocument', () => {
  it('names the root after the XSD type', () => {
    expect(buildHttpResultDocument('string', 'App.WebService', 'a<b')).toBe(
      '<?xml version="1.0" encoding="utf-8"?>\n<string xmlns="App.WebService">a&lt;b</string>',
    );
    expect(buildHttpResultDocument('int', 'ns', '5')).toBe(
      '<?xml version="1.0" encoding="utf-8"?>\n<int xmlns="ns">5</int>',
    );
    expect(buildHttpResultDocument('string', 'ns', undefined)).toBe(
      '<?xml version="1.0" encoding="utf-8"?>\n<string xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:nil="true" xmlns="ns" />',
    );
  });
});

describe('readHttpResult', () => {
  it('reads back what buildHttpResultDocument writes', () => {
    for (const value of ['a<b', '', ' x\r\n', undefined]) {
      expect(readHttpResult(readXml(buildHttpResultDocument('string', 'ns', value)))).toBe(value);
    }
    expect(() => readHttpResult(readXml('<string xmlns="ns"><x/></string>'))).toThrow(TypeError);
  });
});

describe('request envelope frames', () => {
  const cases: readonly (readonly RequestParameter[])[] = [
    [],
    [{ name: 'a', value: undefined }],
    [{ name: 'a', value: '' }],
    [
      { name: 'a', value: 'x & <y>\r' },
      { name: 'b', value: undefined, xml: '<b><c>1</c></b>' },
    ],
  ];
  it.each(['1.1', '1.2'] as const)('SOAP %s: a frame writes the bytes buildRequestEnvelope writes', (version) => {
    const namespace = 'urn:a&"b"';
    const frame = requestEnvelopeFrame(version, namespace, 'Op');
    for (const params of cases) {
      expect(framedRequestEnvelope(frame, params)).toBe(buildRequestEnvelope(version, namespace, 'Op', params));
    }
  });
});

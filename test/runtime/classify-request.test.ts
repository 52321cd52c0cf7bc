import { describe, expect, it } from 'vitest';
import { classifyRequest, type RequestToClassify } from '../../runtime/src/server.js';
import { NS, PATH, SERVICE } from './fixture-service.js';
import { request11, request12 } from './soap-messages.js';

const classifier = { classify: (request: RequestToClassify) => classifyRequest(SERVICE, request) };
const bytes = (text: string) => new TextEncoder().encode(text);
const echo = `<Echo xmlns="${NS}"><requestJson>x</requestJson></Echo>`;

describe('classifyRequest', () => {
  it('names the operation and binding of HTTP GET and POST calls by their path, as the server routes them', () => {
    expect(classifier.classify({ method: 'GET', path: `${PATH}/Echo`, query: 'requestJson=x', headers: {} })).toEqual({
      operation: 'Echo',
      binding: 'httpGet',
    });
    // The endpoint's path matches ignoring case, the operation's exactly.
    expect(classifier.classify({ method: 'POST', path: `/authenticationwebservice.ASMX/Echo`, headers: {} })).toEqual({
      operation: 'Echo',
      binding: 'httpPost',
    });
    expect(classifier.classify({ method: 'GET', path: `${PATH}/echo`, headers: {} })).toBeUndefined();
  });

  it('leaves documents, help pages and other paths unclassified', () => {
    for (const [path, query] of [
      [PATH, 'wsdl'],
      [PATH, undefined],
      [PATH, 'op=Echo'],
      ['/Other.asmx', undefined],
    ] as const) {
      expect(classifier.classify({ method: 'GET', path, query, headers: {} })).toBeUndefined();
    }
  });

  it('routes SOAP 1.1 on SOAPAction, SOAP 1.2 on the action parameter or the Body, the binding from the envelope', () => {
    const soap11 = { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${NS}/Echo"` };
    expect(classifier.classify({ method: 'POST', path: PATH, headers: soap11, body: bytes(request11(echo)) })).toEqual({
      operation: 'Echo',
      binding: 'soap11',
    });
    // SOAPAction decides, whatever the Body holds.
    const other = `<Count xmlns="${NS}" />`;
    expect(classifier.classify({ method: 'POST', path: PATH, headers: soap11, body: bytes(request11(other)) })).toEqual(
      { operation: 'Echo', binding: 'soap11' },
    );
    const soap12 = { 'content-type': 'application/soap+xml; charset=utf-8' };
    expect(classifier.classify({ method: 'POST', path: PATH, headers: soap12, body: bytes(request12(echo)) })).toEqual({
      operation: 'Echo',
      binding: 'soap12',
    });
    // Text (a HAR's postData.text) is read as it is, whatever charset the content type names.
    const utf16 = { 'content-type': 'text/xml; charset=utf-16', soapaction: `"${NS}/Echo"` };
    expect(classifier.classify({ method: 'POST', path: PATH, headers: utf16, body: request11(echo) })).toEqual({
      operation: 'Echo',
      binding: 'soap11',
    });
    // Without its body a SOAP request calls nothing yet.
    expect(classifier.classify({ method: 'POST', path: PATH, headers: soap11 })).toBeUndefined();
  });

  it('leaves a SOAP request the server refuses before choosing an operation unclassified', () => {
    const soap11 = { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${NS}/Nope"` };
    expect(classifier.classify({ method: 'POST', path: PATH, headers: soap11, body: bytes(request11(echo)) })).toBe(
      undefined,
    );
    const plain = { 'content-type': 'text/plain', soapaction: `"${NS}/Echo"` };
    expect(classifier.classify({ method: 'POST', path: PATH, headers: plain, body: bytes(request11(echo)) })).toBe(
      undefined,
    );
    const good = { 'content-type': 'text/xml', soapaction: `"${NS}/Echo"` };
    expect(classifier.classify({ method: 'POST', path: PATH, headers: good, body: bytes('<soap:Envelope') })).toBe(
      undefined,
    );
  });
});

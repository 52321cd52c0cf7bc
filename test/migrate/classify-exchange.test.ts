import { describe, expect, it } from 'vitest';
import { service } from '../../generated/service.js';
import { classifyExchange } from '../../generator/migrate/classify-exchange.js';

const PATH = '/AuthenticationWebService.asmx';
const SOAP11 = 'http://schemas.xmlsoap.org/soap/envelope/';
const SOAP12 = 'http://www.w3.org/2003/05/soap-envelope';

const envelope = (ns: string, op: string) =>
  `<?xml version="1.0" encoding="utf-8"?><s:Envelope xmlns:s="${ns}"><s:Body>` +
  `<${op} xmlns="App.WebService"><requestJson>{}</requestJson></${op}></s:Body></s:Envelope>`;

describe('classifyExchange', () => {
  it('names SOAP 1.1 calls by SOAPAction, whatever the header names’ case', () => {
    expect(
      classifyExchange(service, {
        method: 'POST',
        path: PATH,
        headers: [
          ['Content-Type', 'text/xml; charset=utf-8'],
          ['SOAPAction', '"App.WebService/GetTerm"'],
        ],
        body: envelope(SOAP11, 'GetTerm'),
      }),
    ).toEqual({ operation: 'GetTerm', binding: 'soap11' });
  });

  it('names SOAP 1.2 calls by the action parameter or the Body’s first element', () => {
    const body = new TextEncoder().encode(envelope(SOAP12, 'SocAuthorize'));
    expect(
      classifyExchange(service, {
        method: 'POST',
        path: PATH,
        headers: { 'content-type': 'application/soap+xml; charset=utf-8' },
        body,
      }),
    ).toEqual({ operation: 'SocAuthorize', binding: 'soap12' });
    expect(
      classifyExchange(service, {
        method: 'POST',
        path: PATH,
        headers: { 'content-type': 'application/soap+xml; charset=utf-8; action="App.WebService/GetTerm"' },
        body,
      }),
    ).toEqual({ operation: 'GetTerm', binding: 'soap12' });
  });

  it('names HTTP GET and POST calls by path, the endpoint matched ignoring case', () => {
    expect(
      classifyExchange(service, { method: 'GET', path: `${PATH}/GetTerm`, query: '?requestJson=x', headers: [] }),
    ).toEqual({ operation: 'GetTerm', binding: 'httpGet' });
    expect(
      classifyExchange(service, {
        method: 'post',
        path: '/authenticationwebservice.ASMX/SocAuthorize',
        headers: [['Content-Type', 'application/x-www-form-urlencoded']],
        body: 'requestJson=x',
      }),
    ).toEqual({ operation: 'SocAuthorize', binding: 'httpPost' });
  });

  it('names nothing for documents, other paths and calls the server refuses before routing', () => {
    const none = [
      { method: 'GET', path: PATH, query: 'wsdl', headers: [] },
      { method: 'GET', path: PATH, headers: [] },
      { method: 'GET', path: `${PATH}/getterm`, headers: [] },
      { method: 'GET', path: '/Other.asmx/GetTerm', headers: [] },
      {
        method: 'POST',
        path: PATH,
        headers: { 'content-type': 'text/xml', soapaction: '"App.WebService/Nope"' },
        body: envelope(SOAP11, 'GetTerm'),
      },
      { method: 'POST', path: PATH, headers: { 'content-type': 'text/plain' }, body: envelope(SOAP11, 'GetTerm') },
      { method: 'POST', path: PATH, headers: { 'content-type': 'text/xml', soapaction: 'x' }, body: '<not xml' },
    ];
    for (const request of none) expect(classifyExchange(service, request), JSON.stringify(request)).toBeUndefined();
  });
});

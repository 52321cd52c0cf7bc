import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createLegacyFetchHandler,
  createLegacyHandler,
  createLegacyServer,
  documents,
  service,
  SoapFault,
  type LegacyHandlers,
} from '../golden/legacy/expected/index.js';

const handlers: LegacyHandlers = {
  Notify: () => {},
  GetVersion: async (_input, ctx) => `1.0 via ${ctx.transport}`,
};

/** The generated modules wired together: the committed output of the `legacy` golden scenario, served for real. */
describe('the generated server (golden scenario legacy)', () => {
  it('serves its WSDL, with the address of the request, byte for byte the committed one', async () => {
    const fetchHandler = createLegacyFetchHandler(handlers);
    const response = await fetchHandler(new Request('http://localhost:8080/Legacy.asmx?wsdl'));
    expect(response.status).toBe(200);
    const expected = readFileSync(join(import.meta.dirname, '../golden/legacy/expected/Legacy.wsdl'), 'utf8');
    expect(await response.text()).toBe(expected);
  });

  it('calls a handler over SOAP 1.1 and HTTP GET', async () => {
    const fetchHandler = createLegacyFetchHandler(handlers);
    const soap = await fetchHandler(
      new Request('http://localhost:8080/Legacy.asmx', {
        method: 'POST',
        headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '"http://tempuri.org/GetVersion"' },
        body:
          '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">' +
          '<soap:Body><GetVersion xmlns="http://tempuri.org/" /></soap:Body></soap:Envelope>',
      }),
    );
    expect(soap.status).toBe(200);
    expect(await soap.text()).toContain('<GetVersionResult>1.0 via soap11</GetVersionResult>');
    const get = await fetchHandler(new Request('http://localhost:8080/Legacy.asmx/GetVersion'));
    expect(await get.text()).toContain('>1.0 via httpGet</string>');
  });

  it('exports the node handler, the server, the constants and SoapFault', () => {
    expect(createLegacyHandler(handlers)).toBeTypeOf('function');
    const server = createLegacyServer(handlers);
    expect(server.listening).toBe(false);
    expect(service.operations.map((op) => op.name)).toEqual(['Notify', 'GetVersion']);
    expect(documents.wsdl).toContain('\u0000address\u0000');
    expect(new SoapFault('Client', 'no')).toBeInstanceOf(Error);
  });

  it('refuses handlers missing an operation', () => {
    expect(() => createLegacyFetchHandler({ Notify: () => {} } as unknown as LegacyHandlers)).toThrow(/GetVersion/);
  });
});

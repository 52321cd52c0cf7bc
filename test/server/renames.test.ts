/**
 * A result element the runtime renames (golden scenario corpus-renames, the service of
 * test/fixtures/asmx-corpus/Renames.asmx): `GetInvoice` returns a class with `[XmlRoot("Bill")]`, and Mono's ASMX
 * runtime (../shared/asmx-host) names the result element `Bill` inside the response element (the class's
 * `elementName`).
 * The replies below are the bytes Mono sent for `new Invoice()`; the generated server sends the same, and the
 * generated client reads them from the runtime itself (test/interop/renames-real-asmx.test.ts).
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRenamesServer, type RenamesHandlers } from '../golden/corpus-renames/expected/index.js';
import { send } from './raw-http.js';

const PATH = '/Renames.asmx';
const XSI_XSD = 'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"';

/** Mono's SOAP 1.1 reply to GetInvoice. */
const SOAP_REPLY =
  '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" ' +
  `${XSI_XSD}><soap:Body><GetInvoiceResponse xmlns="urn:example:renames"><Bill /></GetInvoiceResponse>` +
  '</soap:Body></soap:Envelope>';

/** Mono's HTTP GET and POST reply to GetInvoice: the result class's own root element. */
const HTTP_REPLY =
  '<?xml version="1.0" encoding="utf-8"?>\n<Bill xmlns:xsd="http://www.w3.org/2001/XMLSchema" ' +
  'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns="urn:example:renames" />';

const handlers: RenamesHandlers = {
  FindClient: () => undefined,
  GetInvoice: () => ({}),
  Total: () => undefined,
};

let server: Server;
let port: number;

beforeAll(async () => {
  server = createRenamesServer(handlers);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('a result element named Bill, as the runtime writes it', () => {
  it('over SOAP 1.1: the reply Mono sent, byte for byte', async () => {
    const reply = await send(port, PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: '"urn:example:renames/GetInvoice"' },
      body:
        '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">' +
        '<soap:Body><GetInvoice xmlns="urn:example:renames"><number>7</number></GetInvoice></soap:Body></soap:Envelope>',
    });
    expect(reply.status).toBe(200);
    expect(reply.text).toBe(SOAP_REPLY);
  });

  it('over HTTP GET and POST: the result class root element, as Mono sent it', async () => {
    const get = await send(port, `${PATH}/GetInvoice?number=7`, { method: 'GET' });
    const post = await send(port, `${PATH}/GetInvoice`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'number=7',
    });
    expect([get.status, get.text]).toEqual([200, HTTP_REPLY]);
    expect([post.status, post.text]).toEqual([200, HTTP_REPLY]);
  });
});

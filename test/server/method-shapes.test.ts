/**
 * [SoapDocumentMethod]'s message shapes on the wire (golden scenario corpus-method-shapes, the service of
 * test/fixtures/asmx-corpus/MethodShapes.asmx): renamed and namespaced wrapper elements, bare parameters and
 * results, one-way calls. Each exchange below is a request Mono's ASMX runtime (../shared/asmx-host) answered, with
 * its reply as it sent it: the generated server answers the same request with the same bytes, and the generated
 * client sends that request and reads that reply. A one-way call is answered as the .NET Framework answers it
 * (202, no body) where Mono answers 200 with an empty text/html body.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDispatchClient,
  createDispatchServer,
  XsdDateTime,
  type DispatchHandlers,
  type PackInput,
} from '../golden/corpus-method-shapes/expected/index.js';
import { EXCHANGES } from './method-shape-exchanges.js';
import { send } from './raw-http.js';

const PATH = '/MethodShapes.asmx';
const SOAP11 = 'http://schemas.xmlsoap.org/soap/envelope/';
const SOAP12 = 'http://www.w3.org/2003/05/soap-envelope';
const XSI_XSD = 'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"';

const envelope = (ns: string, body: string) =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${ns}" ${XSI_XSD}>` +
  (body === '' ? '<soap:Body /></soap:Envelope>' : `<soap:Body>${body}</soap:Body></soap:Envelope>`);

const EPOCH = XsdDateTime.parse('0001-01-01T00:00:00');
const calls: { operation: string; input: unknown }[] = [];
const record =
  <T>(operation: string, result: (input: never) => T) =>
  (input: never) => {
    calls.push({ operation, input });
    return result(input);
  };

/** What MethodShapes.asmx's methods do. */
const handlers: DispatchHandlers = {
  Send: record('Send', (i: { shipment?: { Code?: string } }) => i.shipment?.Code ?? 'none'),
  Order: record('Order', () => ({ Issued: EPOCH })),
  Find: record('Find', (i: { code?: string }) => i.code?.length ?? 0),
  Echo: record('Echo', (i: { text?: string }) => i.text),
  Multiply: record('Multiply', (i: { left: number; right: number }) => BigInt(i.left) * BigInt(i.right)),
  Register: record('Register', () => ({ Issued: EPOCH })),
  Store: record('Store', () => undefined),
  Count: record('Count', (i: { word?: string }) => i.word?.length ?? 0),
  Notify: record('Notify', () => undefined),
  Ping: record('Ping', () => undefined),
  Total: record('Total', (i: { values?: number[] }) => i.values?.length ?? 0),
  Pack: record('Pack', (i: PackInput) => i.crate),
  Rate: record('Rate', () => 'Small' as const),
};

let server: Server;
let port: number;

beforeAll(async () => {
  server = createDispatchServer(handlers);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('the generated server answers as the runtime does', () => {
  it.each(EXCHANGES)('$operation over SOAP 1.1: the reply Mono sent, byte for byte', async (x) => {
    calls.length = 0;
    const reply = await send(port, PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"urn:example:shapes/${x.operation}"` },
      body: envelope(SOAP11, x.request),
    });
    expect(calls).toEqual([{ operation: x.operation, input: x.input }]);
    if (x.reply === undefined) {
      // One-way: .NET's 202 Accepted with no body (Mono: 200, an empty text/html body).
      expect(reply.status).toBe(202);
      expect(reply.headers['content-type']).toBeUndefined();
      expect(reply.body.length).toBe(0);
      return;
    }
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(reply.text).toBe(envelope(SOAP11, x.reply));
  });

  it.each([
    [
      'Echo',
      '<text xmlns="urn:example:shapes">hello</text>',
      '<EchoResult xmlns="urn:example:shapes">hello</EchoResult>',
    ],
    ['Find', '<Lookup xmlns="urn:partner:orders"><code>abcd</code></Lookup>', EXCHANGES[2]!.reply!],
    ['Count', '<word xmlns="urn:partner:bare">abc</word>', '<CountResult xmlns="urn:partner:bare">3</CountResult>'],
  ])('SOAP 1.2 without an action routes %s by its request element', async (_operation, request, expected) => {
    const reply = await send(port, PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/soap+xml; charset=utf-8' },
      body: `<?xml version="1.0" encoding="utf-8"?><soap12:Envelope xmlns:soap12="${SOAP12}"><soap12:Body>${request}</soap12:Body></soap12:Envelope>`,
    });
    expect(reply.status).toBe(200);
    expect(reply.text).toBe(envelope(SOAP12, expected));
  });

  it('SOAP 1.2 without an action does not route a bare operation of two parameters by its first (soapActionRequired)', async () => {
    const reply = await send(port, PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/soap+xml; charset=utf-8' },
      body: envelope(SOAP12, EXCHANGES[4]!.request),
    });
    expect(reply.status).toBe(500);
    expect(reply.text).toContain('<soap:Value>soap:Sender</soap:Value>');
    expect(reply.text).toContain(
      'Unable to handle request without a valid action parameter. Please supply a valid soap action.',
    );
  });

  it('a request element in the service namespace instead of the RequestNamespace binds no parameter', async () => {
    calls.length = 0;
    await send(port, PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: '"urn:example:shapes/Find"' },
      body: envelope(SOAP11, '<Lookup xmlns="urn:example:shapes"><code>abcd</code></Lookup>'),
    });
    expect(calls).toEqual([{ operation: 'Find', input: {} }]);
  });
});

describe('the generated client writes and reads what the runtime does', () => {
  let peer: Server;
  let url: string;
  let received: { action: string | undefined; body: string }[] = [];
  let answer: { status: number; body: string } = { status: 200, body: '' };

  beforeAll(async () => {
    peer = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ action: req.headers.soapaction?.toString(), body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(answer.status, answer.body === '' ? {} : { 'Content-Type': 'text/xml; charset=utf-8' });
        res.end(answer.body);
      });
    });
    await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(peer.address() as AddressInfo).port}${PATH}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => peer.close(() => resolve()));
  });

  it.each(EXCHANGES)('$operation over SOAP 1.1: the request Mono read, and its reply read', async (x) => {
    received = [];
    answer = x.reply === undefined ? { status: 202, body: '' } : { status: 200, body: envelope(SOAP11, x.reply) };
    const client = createDispatchClient({ url, transport: 'soap11' });
    const call = client[x.operation] as (input: unknown) => Promise<unknown>;
    await expect(call(x.input)).resolves.toEqual(x.result);
    expect(received).toEqual([{ action: `"urn:example:shapes/${x.operation}"`, body: envelope(SOAP11, x.request) }]);
  });

  it("a one-way call takes Mono's answer too: 200 with no body", async () => {
    answer = { status: 200, body: '' };
    await expect(createDispatchClient({ url, transport: 'soap11' }).Notify({ message: 'hi' })).resolves.toBe(undefined);
  });
});

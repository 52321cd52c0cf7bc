/**
 * A result element named by `[XmlRoot]` on the wire: `GetInvoice` of `test/fixtures/asmx-corpus/Renames.asmx`
 * returns an `Invoice`, whose `[XmlRoot("Bill")]` makes the runtime name the result element `Bill` (nillable), in
 * the SOAP response wrapper and as the HTTP GET/POST document. The real runtime (Mono's System.Web.Services,
 * through `../shared/asmx-host/start.sh`) and the generated server of the golden scenario `corpus-renames` (a
 * handler that does what the C# method does) get the same raw requests and must answer the same: status, content
 * type and body byte for byte. Then the generated client calls the real runtime and reads the `Bill` it writes.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRenamesClient,
  createRenamesServer,
  type RenamesHandlers,
  type RenamesTransport,
} from '../golden/corpus-renames/expected/index.js';
import { exchange, type RawReply, type RawRequest } from './raw-exchange.js';
import { sharedAsmxHost, startCorpusAsmxHost, type SharedAsmxHost } from './shared-asmx-host.js';

const NS = 'urn:example:renames';

/** What the C# method does: no invoice for no number, else one with that number. */
const handlers: RenamesHandlers = {
  FindClient: () => undefined,
  GetInvoice: ({ number }) => (number === undefined ? null : { no: number }),
  Total: () => undefined,
};

function soap(version: '1.1' | '1.2', inner: string): RawRequest {
  const envelope =
    version === '1.1' ? 'http://schemas.xmlsoap.org/soap/envelope/' : 'http://www.w3.org/2003/05/soap-envelope';
  const body =
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${envelope}">` +
    `<soap:Body><GetInvoice xmlns="${NS}">${inner}</GetInvoice></soap:Body></soap:Envelope>`;
  const headers: Record<string, string> =
    version === '1.1'
      ? { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${NS}/GetInvoice"` }
      : { 'Content-Type': `application/soap+xml; charset=utf-8; action="${NS}/GetInvoice"` };
  return { method: 'POST', path: '/Renames.asmx', headers, body };
}

const form = (body: string): RawRequest => ({
  method: 'POST',
  path: '/Renames.asmx/GetInvoice',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body,
});

const CASES: readonly (readonly [string, RawRequest])[] = [
  ['an invoice in Bill over SOAP 1.1', soap('1.1', '<number>A&amp;7</number>')],
  ['an invoice in Bill over SOAP 1.2', soap('1.2', '<number>7</number>')],
  ['a null invoice: a nil Bill over SOAP 1.1', soap('1.1', '')],
  ['a null invoice: a nil Bill over SOAP 1.2', soap('1.2', '')],
  ['the Bill document over HTTP GET', { method: 'GET', path: '/Renames.asmx/GetInvoice?number=7' }],
  ['the Bill document over HTTP POST', form('number=A%267')],
];

let host: SharedAsmxHost | undefined;
let server: Server | undefined;
let port = 0;

beforeAll(async () => {
  server = createRenamesServer(handlers);
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
  if (!sharedAsmxHost.available) return;
  host = await startCorpusAsmxHost(['Renames.asmx']);
}, 180_000);

afterAll(async () => {
  host?.stop();
  if (server) {
    server.closeAllConnections();
    await new Promise<void>((done) => server!.close(() => done()));
  }
});

function compared(reply: RawReply) {
  return { status: reply.status, contentType: reply.header('content-type'), body: reply.body.toString('utf8') };
}

describe('the generated server names the result element Bill as the real ASMX runtime does', () => {
  it.for(CASES)('%s', async ([, request], ctx) => {
    sharedAsmxHost.need(ctx);
    const expected = compared(await exchange(Number(new URL(host!.baseUrl).port), request));
    expect(expected.status).toBe(200);
    expect(expected.body).toContain('Bill');
    expect(compared(await exchange(port, request))).toEqual(expected);
  });
});

describe('the generated client reads the Bill the real ASMX runtime writes', () => {
  it.for(['soap11', 'soap12', 'httpGet', 'httpPost'] as const)('over %s', async (transport: RenamesTransport, ctx) => {
    sharedAsmxHost.need(ctx);
    const client = createRenamesClient({ url: `${host!.baseUrl}/Renames.asmx`, transport, timeoutMs: 60_000 });
    await expect(client.GetInvoice({ number: 'A<7>' })).resolves.toStrictEqual({ no: 'A<7>' });
    if (transport === 'soap11' || transport === 'soap12') await expect(client.GetInvoice({})).resolves.toBeNull();
  });
});

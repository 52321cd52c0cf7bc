/**
 * Several SOAP bindings on the wire: `test/fixtures/asmx-corpus/TwoBindings.asmx` spreads its operations over the
 * default binding and two named ones (`[WebServiceBinding]`, `[SoapDocumentMethod(Binding)]`). One endpoint serves
 * them all, routing each call by its action (SOAP 1.1's `SOAPAction`, SOAP 1.2's `action` parameter) or, without
 * one, by its body's element. The real runtime (Mono's System.Web.Services, through `../shared/asmx-host/start.sh`)
 * and the generated server of the golden scenario `corpus-two-bindings` (handlers doing what the C# methods do) get
 * the same raw requests and must answer the same: status, content type and body byte for byte. Then the generated
 * client calls every operation of every binding on the real runtime.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCatalogClient,
  createCatalogServer,
  type CatalogHandlers,
  type CatalogTransport,
} from '../golden/corpus-two-bindings/expected/index.js';
import { exchange, type RawReply, type RawRequest } from './raw-exchange.js';
import { sharedAsmxHost, startCorpusAsmxHost, type SharedAsmxHost } from './shared-asmx-host.js';

const NS = 'urn:example:catalog';
const PATH = '/TwoBindings.asmx';

/** What the C# methods do. */
const handlers: CatalogHandlers = {
  Describe: ({ sku }) => sku,
  Stock: () => 0,
  Purge: () => undefined,
  Reindex: () => 0,
};

/** A SOAP request for `operation` with `inner` as its body element's content; `action: null` sends none. */
function soap(version: '1.1' | '1.2', operation: string, inner: string, action: string | null = `${NS}/${operation}`) {
  const envelope =
    version === '1.1' ? 'http://schemas.xmlsoap.org/soap/envelope/' : 'http://www.w3.org/2003/05/soap-envelope';
  const body =
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${envelope}">` +
    `<soap:Body><${operation} xmlns="${NS}">${inner}</${operation}></soap:Body></soap:Envelope>`;
  const headers: Record<string, string> =
    version === '1.1'
      ? { 'Content-Type': 'text/xml; charset=utf-8', ...(action !== null && { SOAPAction: `"${action}"` }) }
      : { 'Content-Type': `application/soap+xml; charset=utf-8${action !== null ? `; action="${action}"` : ''}` };
  return { method: 'POST', path: PATH, headers, body } satisfies RawRequest;
}

const CASES: readonly (readonly [string, RawRequest])[] = [
  ['the default binding (Describe) over SOAP 1.1', soap('1.1', 'Describe', '<sku>A&amp;1</sku>')],
  ['the default binding (Describe) over SOAP 1.2', soap('1.2', 'Describe', '<sku>A1</sku>')],
  ['CatalogBinding (Stock) over SOAP 1.1', soap('1.1', 'Stock', '<sku>A1</sku>')],
  ['CatalogBinding (Stock) over SOAP 1.2', soap('1.2', 'Stock', '<sku>A1</sku>')],
  ['AdminBinding (Purge, void) over SOAP 1.1', soap('1.1', 'Purge', '<sku>A1</sku>')],
  ['AdminBinding (Reindex) over SOAP 1.2', soap('1.2', 'Reindex', '')],
  ['AdminBinding (Reindex) over SOAP 1.2 without an action', soap('1.2', 'Reindex', '', null)],
  ['CatalogBinding (Stock) over HTTP GET', { method: 'GET', path: `${PATH}/Stock?sku=A1` }],
  [
    'AdminBinding (Purge) over HTTP POST',
    {
      method: 'POST',
      path: `${PATH}/Purge`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'sku=A1',
    },
  ],
];

let host: SharedAsmxHost | undefined;
let server: Server | undefined;
let port = 0;

beforeAll(async () => {
  server = createCatalogServer(handlers);
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
  if (!sharedAsmxHost.available) return;
  host = await startCorpusAsmxHost(['TwoBindings.asmx']);
}, 180_000);

afterAll(async () => {
  host?.stop();
  if (server) {
    server.closeAllConnections();
    await new Promise<void>((done) => server!.close(() => done()));
  }
});

/** A reply as compared: a runtime reply's stack trace (Mono's `customErrors` off) stands for its first line. */
function compared(reply: RawReply) {
  const body = reply.body.toString('utf8').replace(/\n\s+at [^<]*/g, '');
  return { status: reply.status, contentType: reply.header('content-type'), body };
}

describe('one endpoint serves every binding, as the real ASMX runtime does', () => {
  it.for(CASES)('%s', async ([, request], ctx) => {
    sharedAsmxHost.need(ctx);
    const expected = compared(await exchange(Number(new URL(host!.baseUrl).port), request));
    expect(compared(await exchange(port, request))).toEqual(expected);
  });
});

describe('the generated client calls every binding of the real ASMX runtime', () => {
  it.for(['soap11', 'soap12', 'httpGet', 'httpPost'] as const)('over %s', async (transport: CatalogTransport, ctx) => {
    sharedAsmxHost.need(ctx);
    const client = createCatalogClient({ url: `${host!.baseUrl}${PATH}`, transport, timeoutMs: 60_000 });
    await expect(client.Describe({ sku: 'A<1>' })).resolves.toBe('A<1>');
    await expect(client.Stock({ sku: 'A1' })).resolves.toBe(0);
    await expect(client.Purge({ sku: 'A1' })).resolves.toBeUndefined();
    await expect(client.Reindex({})).resolves.toBe(0);
  });
});

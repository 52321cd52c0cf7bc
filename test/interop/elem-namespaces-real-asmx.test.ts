/**
 * `[XmlElement(Namespace)]` on parameters and results on the wire: `test/fixtures/asmx-corpus/ElemNamespaces.asmx`
 * takes a `SieveFilter` as `<filter xmlns="urn:example:sieves">`, a `string` and an `int` there, answers an `out int`
 * as `<width xmlns="urn:example:stats">` and results as `<MakeResult xmlns="urn:example:sieves">` and
 * `<TotalResult xmlns="urn:example:stats">`. The real runtime (through `../shared/asmx-host/start.sh`) and the
 * generated server of the golden scenario `corpus-elem-namespaces` (handlers that do what the C# methods do) get the
 * same raw requests and must answer the same: status, content type and body byte for byte. Then the generated client
 * calls the real runtime and reads what it writes.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createElemNamespacesClient,
  createElemNamespacesServer,
  type ElemNamespacesHandlers,
  type ElemNamespacesTransport,
} from '../golden/corpus-elem-namespaces/expected/index.js';
import { exchange, type RawReply, type RawRequest } from './raw-exchange.js';
import { sharedAsmxHost, startCorpusAsmxHost, type SharedAsmxHost } from './shared-asmx-host.js';

const NS = 'urn:example:elemns';
const SIEVES = 'urn:example:sieves';

/** What the C# methods do. */
const handlers: ElemNamespacesHandlers = {
  Count: ({ programId, filter }) => (filter === undefined ? -1 : programId * 100 + filter.Category),
  Apply: () => undefined,
  Label: ({ label, size }) => ({ result: label, width: size }),
  Make: ({ category }) => ({ Category: category, Term: `t${category}` }),
  Total: () => 7,
};

function soap(version: '1.1' | '1.2', op: string, inner: string): RawRequest {
  const envelope =
    version === '1.1' ? 'http://schemas.xmlsoap.org/soap/envelope/' : 'http://www.w3.org/2003/05/soap-envelope';
  const body =
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${envelope}" ` +
    `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><soap:Body><${op} xmlns="${NS}">${inner}</${op}>` +
    '</soap:Body></soap:Envelope>';
  const headers: Record<string, string> =
    version === '1.1'
      ? { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${NS}/${op}"` }
      : { 'Content-Type': `application/soap+xml; charset=utf-8; action="${NS}/${op}"` };
  return { method: 'POST', path: '/ElemNamespaces.asmx', headers, body };
}

const FILTER = `<filter xmlns="${SIEVES}"><Category>4</Category><Term>x</Term></filter>`;

const CASES: readonly (readonly [string, RawRequest])[] = [
  ['Count reads filter in its namespace over SOAP 1.1', soap('1.1', 'Count', `<programId>3</programId>${FILTER}`)],
  ['Count reads filter in its namespace over SOAP 1.2', soap('1.2', 'Count', `<programId>3</programId>${FILTER}`)],
  [
    'Count reads no filter in the operation namespace',
    soap('1.1', 'Count', '<programId>3</programId><filter><Category>4</Category></filter>'),
  ],
  [
    'Label reads a string and an int in their namespace and answers width in its own',
    soap('1.1', 'Label', `<label xmlns="${SIEVES}">a&amp;b</label><size xmlns="${SIEVES}">5</size>`),
  ],
  ['Label reads no size in the operation namespace', soap('1.2', 'Label', '<label>a</label><size>5</size>')],
  ['Make answers MakeResult in its namespace', soap('1.1', 'Make', '<category>2</category>')],
  ['Total answers TotalResult in its namespace', soap('1.2', 'Total', '')],
  [
    'Make answers the SieveFilter document over HTTP GET',
    { method: 'GET', path: '/ElemNamespaces.asmx/Make?category=2' },
  ],
  ['Total answers the int document over HTTP GET', { method: 'GET', path: '/ElemNamespaces.asmx/Total' }],
];

let host: SharedAsmxHost | undefined;
let server: Server | undefined;
let port = 0;

beforeAll(async () => {
  server = createElemNamespacesServer(handlers);
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
  if (!sharedAsmxHost.available) return;
  host = await startCorpusAsmxHost(['ElemNamespaces.asmx']);
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

describe('the generated server reads and writes [XmlElement(Namespace)] elements as the real ASMX runtime does', () => {
  it.for(CASES)('%s', async ([, request], ctx) => {
    sharedAsmxHost.need(ctx);
    const expected = compared(await exchange(Number(new URL(host!.baseUrl).port), request));
    expect(expected.status).toBe(200);
    expect(compared(await exchange(port, request))).toEqual(expected);
  });
});

describe('the generated client sends and reads what the real ASMX runtime reads and writes', () => {
  it.for(['soap11', 'soap12'] as const)('over %s', async (transport: ElemNamespacesTransport, ctx) => {
    sharedAsmxHost.need(ctx);
    const client = createElemNamespacesClient({
      url: `${host!.baseUrl}/ElemNamespaces.asmx`,
      transport,
      timeoutMs: 60_000,
    });
    await expect(client.Count({ programId: 3, filter: { Category: 4, Term: 'x' } })).resolves.toBe(304);
    await expect(client.Count({ programId: 3 })).resolves.toBe(-1);
    await expect(client.Label({ label: 'a<b', size: 5 })).resolves.toStrictEqual({ result: 'a<b', width: 5 });
    await expect(client.Make({ category: 2 })).resolves.toStrictEqual({ Category: 2, Term: 't2' });
    await expect(client.Total({})).resolves.toBe(7);
  });
});

/**
 * Parameters and results in the namespace of their class's `[XmlRoot(Namespace)]` on the wire:
 * `test/fixtures/asmx-corpus/RootNamespaces.asmx` takes a `Hamper` (`[XmlRoot(Namespace = "urn:example:elsewhere")]`)
 * and a `Carton` (`[XmlRoot("Box", Namespace = …)]`) and returns them, and takes and returns a `Pouch`
 * (`[XmlRoot("Sack")]`). Mono's runtime reads and writes them as its WSDL says: `<hamper>` and `<Box>` in the root's
 * namespace inside `<Send>`, `<FetchResult xmlns="urn:example:elsewhere">`, `<Box>`, `<Sack>`, and the HTTP GET/POST
 * documents `<Hamper xmlns="urn:example:elsewhere">`, `<Box>` there. The real runtime (through
 * `../shared/asmx-host/start.sh`) and the generated server of the golden scenario `corpus-root-namespaces` (handlers
 * that do what the C# methods do) get the same raw requests and must answer the same: status, content type and
 * body byte for byte. Then the generated client calls the real runtime and reads what it writes.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRootNamespacesClient,
  createRootNamespacesServer,
  type RootNamespacesHandlers,
  type RootNamespacesTransport,
} from '../golden/corpus-root-namespaces/expected/index.js';
import { exchange, type RawReply, type RawRequest } from './raw-exchange.js';
import { sharedAsmxHost, startCorpusAsmxHost, type SharedAsmxHost } from './shared-asmx-host.js';

const NS = 'urn:example:roots';
const ELSEWHERE = 'urn:example:elsewhere';

/** What the C# methods do. */
const handlers: RootNamespacesHandlers = {
  Send: ({ hamper }) => (hamper === null || hamper === undefined ? 'null' : hamper.Label),
  Fetch: ({ label }) => (label === undefined ? {} : { Label: label }),
  Pack: ({ size }) => ({ Size: size }),
  Fill: ({ mark }) => (mark === undefined ? {} : { Mark: mark }),
  Weigh: ({ Sack }) => (Sack === null || Sack === undefined ? 'null' : Sack.Mark),
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
  return { method: 'POST', path: '/RootNamespaces.asmx', headers, body };
}

const form = (op: string, body: string): RawRequest => ({
  method: 'POST',
  path: `/RootNamespaces.asmx/${op}`,
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body,
});

const HAMPER = `<hamper xmlns="${ELSEWHERE}"><Label>A&amp;1</Label></hamper>`;
const BOX = `<Box xmlns="${ELSEWHERE}"><Size>3</Size></Box>`;

const CASES: readonly (readonly [string, RawRequest])[] = [
  ['Send reads hamper and Box in the root namespace over SOAP 1.1', soap('1.1', 'Send', HAMPER + BOX)],
  ['Send reads hamper and Box in the root namespace over SOAP 1.2', soap('1.2', 'Send', HAMPER + BOX)],
  ['Send reads no hamper in the service namespace', soap('1.1', 'Send', '<hamper><Label>x</Label></hamper>')],
  ['Send reads a nil hamper', soap('1.2', 'Send', `<hamper xmlns="${ELSEWHERE}" xsi:nil="true" />`)],
  ['Fetch answers FetchResult in the root namespace over SOAP 1.1', soap('1.1', 'Fetch', '<label>a</label>')],
  ['Fetch answers FetchResult in the root namespace over SOAP 1.2', soap('1.2', 'Fetch', '')],
  ['Fetch answers the Hamper document over HTTP GET', { method: 'GET', path: '/RootNamespaces.asmx/Fetch?label=b' }],
  ['Fetch answers the Hamper document over HTTP POST', form('Fetch', 'label=A%261')],
  ['Pack answers Box in the root namespace over SOAP 1.1', soap('1.1', 'Pack', '<size>7</size>')],
  ['Pack answers the Box document over HTTP GET', { method: 'GET', path: '/RootNamespaces.asmx/Pack?size=7' }],
  ['Pack answers the Box document over HTTP POST', form('Pack', 'size=8')],
  ['Fill answers Sack over SOAP 1.2', soap('1.2', 'Fill', '<mark>m</mark>')],
  ['Fill answers the Sack document over HTTP POST', form('Fill', 'mark=m')],
  ['Weigh reads Sack over SOAP 1.1', soap('1.1', 'Weigh', '<Sack><Mark>w</Mark></Sack>')],
  ['Weigh reads a nil Sack over SOAP 1.2', soap('1.2', 'Weigh', '<Sack xsi:nil="true" />')],
];

let host: SharedAsmxHost | undefined;
let server: Server | undefined;
let port = 0;

beforeAll(async () => {
  server = createRootNamespacesServer(handlers);
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
  if (!sharedAsmxHost.available) return;
  host = await startCorpusAsmxHost(['RootNamespaces.asmx']);
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

describe('the generated server reads and writes [XmlRoot] parameters and results as the real ASMX runtime does', () => {
  it.for(CASES)('%s', async ([, request], ctx) => {
    sharedAsmxHost.need(ctx);
    const expected = compared(await exchange(Number(new URL(host!.baseUrl).port), request));
    expect(expected.status).toBe(200);
    expect(compared(await exchange(port, request))).toEqual(expected);
  });
});

describe('the generated client sends and reads what the real ASMX runtime reads and writes', () => {
  it.for(['soap11', 'soap12', 'httpGet', 'httpPost'] as const)(
    'over %s',
    async (transport: RootNamespacesTransport, ctx) => {
      sharedAsmxHost.need(ctx);
      const client = createRootNamespacesClient({
        url: `${host!.baseUrl}/RootNamespaces.asmx`,
        transport,
        timeoutMs: 60_000,
      });
      await expect(client.Fetch({ label: 'A<1>' })).resolves.toStrictEqual({ Label: 'A<1>' });
      await expect(client.Pack({ size: 5 })).resolves.toStrictEqual({ Size: 5 });
      await expect(client.Fill({ mark: 'm' })).resolves.toStrictEqual({ Mark: 'm' });
      if (transport === 'soap11' || transport === 'soap12') {
        await expect(client.Send({ hamper: { Label: 'h' }, Box: { Size: 1 } })).resolves.toBe('h');
        await expect(client.Send({ hamper: null, Box: null })).resolves.toBe('null');
        await expect(client.Weigh({ Sack: { Mark: 'w' } })).resolves.toBe('w');
        await expect(client.Weigh({ Sack: null })).resolves.toBe('null');
      }
    },
  );
});

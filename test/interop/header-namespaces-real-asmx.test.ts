/**
 * A SOAP header class with `[XmlRoot(Namespace)]` on the wire: `test/fixtures/asmx-corpus/HeaderNamespaces.asmx`
 * reads and writes back (InOut) `<EbMessageHeader xmlns="urn:example:ebheader">`, an element of another namespace's
 * schema. The real runtime (through `../shared/asmx-host/start.sh`) and the generated server of the golden scenario
 * `corpus-header-namespaces` (a handler that does what the C# method does) get the same raw requests and must answer
 * the same: status, content type and body byte for byte. Then the generated client calls the real runtime.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHeaderNamespacesClient,
  createHeaderNamespacesServer,
  type HeaderNamespacesHandlers,
  type HeaderNamespacesTransport,
  type LogonOutHeaders,
} from '../golden/corpus-header-namespaces/expected/index.js';
import { exchange, type RawReply, type RawRequest } from './raw-exchange.js';
import { sharedAsmxHost, startCorpusAsmxHost, type SharedAsmxHost } from './shared-asmx-host.js';

const NS = 'urn:example:headerns';
const EB = 'urn:example:ebheader';

/** What the C# method does. */
const handlers: HeaderNamespacesHandlers = {
  Logon: (_input, ctx) => {
    const header = ctx.soapHeaders.MessageHeader;
    if (header === undefined) return 'none';
    const seen = `${header.ConversationId ?? ''}/${header.Action ?? ''}`;
    ctx.outHeaders.MessageHeader = { ...header, Action: 'Acknowledged' };
    return seen;
  },
};

function soap(version: '1.1' | '1.2', header: string): RawRequest {
  const envelope =
    version === '1.1' ? 'http://schemas.xmlsoap.org/soap/envelope/' : 'http://www.w3.org/2003/05/soap-envelope';
  const body =
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${envelope}">` +
    `<soap:Header>${header}</soap:Header><soap:Body><Logon xmlns="${NS}" /></soap:Body></soap:Envelope>`;
  const headers: Record<string, string> =
    version === '1.1'
      ? { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${NS}/Logon"` }
      : { 'Content-Type': `application/soap+xml; charset=utf-8; action="${NS}/Logon"` };
  return { method: 'POST', path: '/HeaderNamespaces.asmx', headers, body };
}

const HEADER = `<EbMessageHeader xmlns="${EB}"><ConversationId>c&amp;1</ConversationId><Action>Go</Action></EbMessageHeader>`;

const CASES: readonly (readonly [string, RawRequest])[] = [
  ['Logon reads the header in its namespace and writes it back there over SOAP 1.1', soap('1.1', HEADER)],
  ['Logon reads the header in its namespace and writes it back there over SOAP 1.2', soap('1.2', HEADER)],
  [
    'Logon reads no header in the service namespace',
    soap('1.1', `<EbMessageHeader xmlns="${NS}"><ConversationId>c</ConversationId></EbMessageHeader>`),
  ],
  [
    'Logon reads no member in the service namespace',
    soap('1.1', `<EbMessageHeader xmlns="${EB}"><ConversationId xmlns="${NS}">c</ConversationId></EbMessageHeader>`),
  ],
];

let host: SharedAsmxHost | undefined;
let server: Server | undefined;
let port = 0;

beforeAll(async () => {
  server = createHeaderNamespacesServer(handlers);
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
  if (!sharedAsmxHost.available) return;
  host = await startCorpusAsmxHost(['HeaderNamespaces.asmx']);
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

describe('the generated server reads and writes a header of another namespace as the real ASMX runtime does', () => {
  it.for(CASES)('%s', async ([, request], ctx) => {
    sharedAsmxHost.need(ctx);
    const expected = compared(await exchange(Number(new URL(host!.baseUrl).port), request));
    expect(expected.status).toBe(200);
    expect(compared(await exchange(port, request))).toEqual(expected);
  });
});

describe('the generated client sends and reads the header where the real ASMX runtime reads and writes it', () => {
  it.for(['soap11', 'soap12'] as const)('over %s', async (transport: HeaderNamespacesTransport, ctx) => {
    sharedAsmxHost.need(ctx);
    const client = createHeaderNamespacesClient({
      url: `${host!.baseUrl}/HeaderNamespaces.asmx`,
      transport,
      timeoutMs: 60_000,
    });
    const outHeaders: LogonOutHeaders = {};
    await expect(
      client.Logon({}, { soapHeaders: { MessageHeader: { ConversationId: 'c<1', Action: 'Go' } }, outHeaders }),
    ).resolves.toBe('c<1/Go');
    expect(outHeaders).toStrictEqual({ MessageHeader: { ConversationId: 'c<1', Action: 'Acknowledged' } });
    await expect(client.Logon({})).resolves.toBe('none');
  });
});

/**
 * Routing by the request element on the wire: `test/fixtures/asmx-corpus/RoutingStyle.asmx` is a
 * `[SoapDocumentService(RoutingStyle = SoapServiceRoutingStyle.RequestElement)]` whose methods share the empty
 * SOAPAction (`[SoapDocumentMethod(Action = "")]`). The real runtime (Mono's System.Web.Services, through
 * `../shared/asmx-host/start.sh`) and the generated server of the golden scenario `corpus-routing-style` (handlers
 * doing what the C# methods do) get the same raw requests and must answer the same: status, content type and body
 * byte for byte. Then the generated client calls every operation on the real runtime.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSwitchboardClient,
  createSwitchboardServer,
  type SwitchboardHandlers,
  type SwitchboardTransport,
} from '../golden/corpus-routing-style/expected/index.js';
import { exchange, type RawReply, type RawRequest } from './raw-exchange.js';
import { sharedAsmxHost, startCorpusAsmxHost, type SharedAsmxHost } from './shared-asmx-host.js';

const NS = 'urn:example:switchboard';
const PATH = '/RoutingStyle.asmx';

/** What the C# methods do. */
const handlers: SwitchboardHandlers = {
  Connect: ({ line }) => `connected ${line ?? ''}`,
  Dial: ({ attempts }) => attempts + 1,
  Hold: ({ line }) => `holding ${line ?? ''}`,
};

/** A SOAP 1.1 request whose body element is `operation`, sent with the SOAPAction `action`. */
function soap11(operation: string, inner: string, action: string): RawRequest {
  const body =
    '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">' +
    `<soap:Body><${operation} xmlns="${NS}">${inner}</${operation}></soap:Body></soap:Envelope>`;
  return {
    method: 'POST',
    path: PATH,
    headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: action },
    body,
  };
}

const CASES: readonly (readonly [string, RawRequest])[] = [
  ['Connect with the empty SOAPAction the WSDL gives it', soap11('Connect', '<line>7 &amp; 8</line>', '""')],
  ['Dial with the same empty SOAPAction', soap11('Dial', '<number>555</number><attempts>2</attempts>', '""')],
  ['Hold with its own SOAPAction', soap11('Hold', '<line>3</line>', `"${NS}/Hold"`)],
  [
    'Dial sent with the SOAPAction of Hold: its element decides',
    soap11('Dial', '<attempts>4</attempts>', `"${NS}/Hold"`),
  ],
  ['Connect sent with a SOAPAction no operation has', soap11('Connect', '<line>1</line>', '"urn:nowhere"')],
];

let host: SharedAsmxHost | undefined;
let server: Server | undefined;
let port = 0;

beforeAll(async () => {
  server = createSwitchboardServer(handlers);
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
  if (!sharedAsmxHost.available) return;
  host = await startCorpusAsmxHost(['RoutingStyle.asmx']);
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

describe('SOAP 1.1 requests are routed by their element, as the real ASMX runtime routes them', () => {
  it.for(CASES)('%s', async ([, request], ctx) => {
    sharedAsmxHost.need(ctx);
    const expected = compared(await exchange(Number(new URL(host!.baseUrl).port), request));
    expect(expected.status).toBe(200);
    expect(compared(await exchange(port, request))).toEqual(expected);
  });
});

describe('what the runtime refuses', () => {
  it('an element no operation has: a Client fault naming it (.NET’s message; Mono leaves {0} and {1} unfilled)', async () => {
    const reply = compared(await exchange(port, soap11('Transfer', '', '""')));
    expect(reply.status).toBe(500);
    expect(reply.body).toContain('<faultcode>soap:Client</faultcode>');
    expect(reply.body).toContain(
      `<faultstring>The request element &lt;Transfer xmlns='${NS}'&gt; was not recognized.</faultstring>`,
    );
  });

  it('a request without a SOAPAction header at all is still refused: the header is required', async (ctx) => {
    sharedAsmxHost.need(ctx);
    const request = soap11('Connect', '<line>1</line>', '""');
    const without: RawRequest = { ...request, headers: { 'Content-Type': 'text/xml; charset=utf-8' } };
    const expected = compared(await exchange(Number(new URL(host!.baseUrl).port), without));
    expect(compared(await exchange(port, without))).toEqual(expected);
  });
});

describe('the generated client calls every operation of the real ASMX runtime', () => {
  it.for(['soap11', 'soap12', 'httpGet', 'httpPost'] as const)(
    'over %s',
    async (transport: SwitchboardTransport, ctx) => {
      sharedAsmxHost.need(ctx);
      const client = createSwitchboardClient({ url: `${host!.baseUrl}${PATH}`, transport, timeoutMs: 60_000 });
      await expect(client.Connect({ line: '7 & <8>' })).resolves.toBe('connected 7 & <8>');
      await expect(client.Dial({ number: '555', attempts: 2 })).resolves.toBe(3);
      await expect(client.Hold({ line: '3' })).resolves.toBe('holding 3');
    },
  );
});

/**
 * Qualified attributes on the wire, byte for byte: the prefixes XmlTextWriter makes for them (`d{depth}p{n}`,
 * declared at the end of the start tag) and the elements it then writes with such a prefix (`<d6p1:Label>`).
 * `test/fixtures/asmx-corpus/TypeNamespaces.asmx` echoes a route (`PlanRoute`) whose waypoints, markers and caption
 * carry `Form = XmlSchemaForm.Qualified` attributes of their classes' namespaces, at several depths. The real
 * runtime (Mono's System.Web.Services, through `../shared/asmx-host/start.sh`) and the generated server of the
 * golden scenario `corpus-type-namespaces` (an echo, as the C# method) get the same raw requests and must answer
 * the same: status, content type and body byte for byte. The generated client's request holds the route at the
 * depth of the runtime's result element (Envelope, Body, wrapper, element): its `<route>` must be the runtime's
 * `<PlanRouteResult>` but for the name, as XmlSerializer writes one value the same way at the same depth.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTypeNamespacesClient,
  createTypeNamespacesServer,
  type Route,
  type TypeNamespacesHandlers,
} from '../golden/corpus-type-namespaces/expected/index.js';
import { exchange, type RawReply, type RawRequest } from './raw-exchange.js';
import { sharedAsmxHost, startCorpusAsmxHost, type SharedAsmxHost } from './shared-asmx-host.js';

const NS = 'urn:example:typens';

/** What the C# methods do. */
const handlers: TypeNamespacesHandlers = {
  PlanRoute: ({ route }) => route,
  ListStops: () => [],
  GetFare: () => ({ Value: '0' }),
  Quote: () => ({ Value: '0' }),
};

/** Qualified attributes on the result's members (depth 5), in an array (6), nested (7), and with a default namespace. */
const ROUTE =
  '<route><Name>coast</Name>' +
  '<Stops><Waypoint xmlns:g="urn:example:geo" g:Code="H-1"><Label xmlns="urn:example:geo">Harbour</Label>' +
  '<Marker xmlns="urn:example:geo"><Note xmlns="urn:example:typens">pier</Note><Local xmlns="">quay</Local></Marker>' +
  '</Waypoint>' +
  '<Waypoint xmlns:g="urn:example:geo" g:Code="H-2"><Heading xmlns="urn:example:geo">North</Heading>' +
  '<Marker xmlns="urn:example:geo" xmlns:t="urn:example:typens" t:Rank="-7" Kind="light">' +
  '<Note xmlns="urn:example:typens">buoy</Note></Marker></Waypoint></Stops>' +
  '<Start xmlns="urn:example:geo" xmlns:g="urn:example:geo" g:Code="D"><Label>Depot</Label>' +
  '<Marker xmlns:t="urn:example:typens" t:Rank="3"><Note xmlns="urn:example:typens">gate</Note></Marker></Start>' +
  `<Title xmlns:t="${NS}" Lang="en" t:Script="Latn"> Along</Title>` +
  '</route>';

function soap(version: '1.1' | '1.2', inner: string): RawRequest {
  const envelope =
    version === '1.1' ? 'http://schemas.xmlsoap.org/soap/envelope/' : 'http://www.w3.org/2003/05/soap-envelope';
  const body =
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${envelope}">` +
    `<soap:Body><PlanRoute xmlns="${NS}">${inner}</PlanRoute></soap:Body></soap:Envelope>`;
  const headers: Record<string, string> =
    version === '1.1'
      ? { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${NS}/PlanRoute"` }
      : { 'Content-Type': `application/soap+xml; charset=utf-8; action="${NS}/PlanRoute"` };
  return { method: 'POST', path: '/TypeNamespaces.asmx', headers, body };
}

let host: SharedAsmxHost | undefined;
let server: Server | undefined;
let port = 0;

beforeAll(async () => {
  server = createTypeNamespacesServer(handlers);
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
  if (!sharedAsmxHost.available) return;
  host = await startCorpusAsmxHost(['TypeNamespaces.asmx']);
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

const hostPort = () => Number(new URL(host!.baseUrl).port);

describe('the generated server prefixes qualified attributes as the real ASMX runtime does', () => {
  it.for(['1.1', '1.2'] as const)('echoes a route over SOAP %s', async (version, ctx) => {
    sharedAsmxHost.need(ctx);
    const request = soap(version, ROUTE);
    const expected = compared(await exchange(hostPort(), request));
    expect(expected.status).toBe(200);
    // The runtime's own prefixes, at the depths they are made: what this test is about.
    expect(expected.body).toContain('<Waypoint d6p1:Code="H-1" xmlns:d6p1="urn:example:geo"><d6p1:Label>');
    expect(compared(await exchange(port, request))).toEqual(expected);
  });
});

describe("the generated client's request prefixes qualified attributes as the runtime writes them", () => {
  it.for(['soap11', 'soap12'] as const)('over %s', async (transport, ctx) => {
    sharedAsmxHost.need(ctx);
    const exchanged: string[] = [];
    const client = createTypeNamespacesClient({
      url: `${host!.baseUrl}/TypeNamespaces.asmx`,
      transport,
      timeoutMs: 60_000,
      fetch: async (input, init) => {
        exchanged.push(String(init?.body));
        const reply = await fetch(input, init);
        exchanged.push(await reply.clone().text());
        return reply;
      },
    });
    await expect(client.PlanRoute({ route: ROUTE_VALUE })).resolves.toEqual(ROUTE_VALUE);
    const [request, reply] = exchanged;
    const sent = /<route[\s>][\s\S]*<\/route>/.exec(request!)![0];
    const echoed = /<PlanRouteResult[\s>][\s\S]*<\/PlanRouteResult>/.exec(reply!)![0];
    expect(sent).toContain('<Waypoint d6p1:Code="H-1" xmlns:d6p1="urn:example:geo"><d6p1:Label>');
    expect(sent).toBe(echoed.replaceAll('PlanRouteResult', 'route'));
  });
});

/** Every value type given (the runtime writes them all), qualified attributes at every depth. */
const ROUTE_VALUE: Route = {
  Name: 'coast',
  Stops: [
    { Label: 'Harbour', Heading: 'West', Marker: { Note: 'pier', Local: 'quay', Rank: 0 }, Code: 'H-1' },
    { Heading: 'North', Marker: { Note: 'buoy', Rank: -7, Kind: 'light' }, Code: 'H-2' },
  ],
  Start: { Label: 'Depot', Heading: 'South', Marker: { Note: 'gate', Rank: 3 }, Code: 'D' },
  Title: { Lang: 'en', Script: 'Latn', Value: ' Along' },
  Headings: [],
};

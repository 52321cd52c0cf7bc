/**
 * Arrays repeated in place on the wire: `test/fixtures/asmx-corpus/Unwrapped.asmx` has `[XmlElement]` on array
 * parameters and `[return: XmlElement]` on array results. The real runtime (Mono's System.Web.Services, through
 * `../shared/asmx-host/start.sh`) and the generated server of the golden scenario `corpus-unwrapped` (handlers doing
 * what the C# methods do) get the same raw requests, SOAP and HTTP, and must answer the same: status, content type
 * and body byte for byte. Then the generated client calls the real runtime over every protocol.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRosterClient,
  createRosterServer,
  type Player,
  type RosterHandlers,
  type RosterTransport,
} from '../golden/corpus-unwrapped/expected/index.js';
import { exchange, type RawReply, type RawRequest } from './raw-exchange.js';
import { sharedAsmxHost, startCorpusAsmxHost, type SharedAsmxHost } from './shared-asmx-host.js';

const NS = 'urn:example:roster';
const PATH = '/Unwrapped.asmx';

function team(size: number): Player[] {
  return Array.from({ length: size }, (_, i) => ({ Name: `p${i}`, Number: i }));
}

/** What the C# methods do (a missing unwrapped array reaches them as an empty one). */
const handlers: RosterHandlers = {
  Team: async ({ size }) => team(size),
  Bench: async ({ size }) => team(size),
  Count: async ({ numbers }) => (numbers === undefined ? -1 : numbers.length),
  Echo: async ({ names }) => names,
  Nils: async ({ items }) =>
    items === undefined ? 'null' : `${items.length}${items.map((i) => (i === null ? ',nil' : `,${i}`)).join('')}`,
  Roll: async ({ players, p }) =>
    (players === undefined ? -1 : players.length) * 100 + (p === undefined ? -1 : p.length),
  Tags: async ({ tag, max }) => (tag === undefined ? undefined : tag.slice(0, Math.min(max, tag.length))),
  Split: async ({ text }) => (text === undefined ? {} : { part: text.split(',') }),
};

function soap(version: '1.1' | '1.2', operation: string, inner: string): RawRequest {
  const envelope =
    version === '1.1' ? 'http://schemas.xmlsoap.org/soap/envelope/' : 'http://www.w3.org/2003/05/soap-envelope';
  const body =
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${envelope}" ` +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    `<soap:Body><${operation} xmlns="${NS}">${inner}</${operation}></soap:Body></soap:Envelope>`;
  return {
    method: 'POST',
    path: PATH,
    headers:
      version === '1.1'
        ? { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${NS}/${operation}"` }
        : { 'Content-Type': `application/soap+xml; charset=utf-8; action="${NS}/${operation}"` },
    body,
  };
}

function get(query: string): RawRequest {
  return { method: 'GET', path: `${PATH}/${query}`, headers: {} };
}

const CASES: readonly (readonly [string, RawRequest])[] = [
  ['a result of repeated Player elements', soap('1.1', 'Team', '<size>2</size>')],
  ['a result of no items: an empty response element', soap('1.1', 'Team', '<size>0</size>')],
  ['the same over SOAP 1.2', soap('1.2', 'Team', '<size>2</size>')],
  ['a wrapped result beside it ([return: XmlArrayItem("Member")])', soap('1.1', 'Bench', '<size>1</size>')],
  ['no items in a request element with content of its own: an empty array', soap('1.1', 'Count', ' ')],
  ['an empty request element: no array at all', soap('1.1', 'Count', '')],
  ['items with another element between them', soap('1.1', 'Count', '<numbers>1</numbers><x /><numbers>2</numbers>')],
  ['nil, empty and plain strings echoed', soap('1.1', 'Echo', '<names>a</names><names xsi:nil="true" /><names />')],
  ['nillable items: xsi:nil is null', soap('1.1', 'Nils', '<items>a</items><items xsi:nil="true" /><items />')],
  [
    'a wrapped array beside an unwrapped one, in either order',
    soap('1.1', 'Roll', '<p><Name>x</Name></p><players><Player /></players><p />'),
  ],
  ['an out parameter of repeated elements', soap('1.1', 'Split', '<text>a,b</text>')],
  ['an out parameter left null: nothing', soap('1.1', 'Split', '')],
  ['HTTP GET: the result as a plain ArrayOfPlayer', get('Team?size=2')],
  ['HTTP GET: no items', get('Team?size=0')],
  ['HTTP GET: [return: XmlArrayItem] is SOAP only', get('Bench?size=1')],
  ['HTTP GET: an unwrapped parameter binds as any array', get('Count?numbers=1&numbers=2')],
  ['HTTP GET: strings in and out', get('Echo?names=a&names=b')],
  ['renamed elements by SOAP: tag and max', soap('1.1', 'Tags', '<tag>a</tag><tag>b</tag><max>1</max>')],
  ['renamed elements: HTTP names the fields after the parameters', get('Tags?tags=a&tags=b&limit=1')],
];

let host: SharedAsmxHost | undefined;
let server: Server | undefined;
let port = 0;

beforeAll(async () => {
  server = createRosterServer(handlers);
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
  if (!sharedAsmxHost.available) return;
  host = await startCorpusAsmxHost(['Unwrapped.asmx']);
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

describe('arrays repeated in place are read and written as the real ASMX runtime does', () => {
  it.for(CASES)('%s', async ([, request], ctx) => {
    sharedAsmxHost.need(ctx);
    const expected = compared(await exchange(Number(new URL(host!.baseUrl).port), request));
    expect(expected.status).toBe(200);
    expect(compared(await exchange(port, request))).toEqual(expected);
  });
});

describe('a renamed element is no HTTP field', () => {
  it('the field named after the element is missing, as .NET says (Mono prints its stack and leaves {0})', async () => {
    const reply = compared(await exchange(port, get('Tags?tags=a&max=1')));
    expect(reply).toEqual({
      status: 500,
      contentType: 'text/plain; charset=utf-8',
      body: 'Missing parameter: limit.\r\n',
    });
  });
});

describe('the generated client calls the real ASMX runtime', () => {
  it.for(['soap11', 'soap12', 'httpGet', 'httpPost'] as const)('over %s', async (transport: RosterTransport, ctx) => {
    sharedAsmxHost.need(ctx);
    const client = createRosterClient({ url: `${host!.baseUrl}${PATH}`, transport, timeoutMs: 60_000 });
    await expect(client.Team({ size: 2 })).resolves.toEqual(team(2));
    await expect(client.Team({ size: 0 })).resolves.toEqual([]);
    await expect(client.Bench({ size: 1 })).resolves.toEqual(team(1));
    await expect(client.Count({ numbers: [4, 5, 6] })).resolves.toBe(3);
    await expect(client.Echo({ names: ['a', '', 'c'] })).resolves.toEqual(['a', '', 'c']);
    await expect(client.Tags({ tag: ['x', 'y', 'z'], max: 2 })).resolves.toEqual(['x', 'y']);
    if (transport === 'soap11' || transport === 'soap12') {
      // No items: the request element is empty (`<Count … />`), which the runtime hands the method as null.
      await expect(client.Count({})).resolves.toBe(-1);
      await expect(client.Count({ numbers: [] })).resolves.toBe(-1);
      await expect(client.Nils({ items: ['a', null, ''] })).resolves.toBe('3,a,nil,');
      await expect(client.Roll({ players: [team(1)[0]!], p: team(2) })).resolves.toBe(102);
      await expect(client.Split({ text: 'x,y' })).resolves.toEqual({ part: ['x', 'y'] });
      await expect(client.Split({})).resolves.toEqual({ part: [] });
    }
  });
});

/**
 * Arrays in an `object` on the wire (`[XmlInclude(typeof(T[]))]` on the service): the real ASMX runtime serving
 * `ObjectIncludes.asmx` (test/fixtures/asmx-corpus) and the generated server of the `corpus-object-includes` golden
 * scenario answer the same requests with the same bytes, over SOAP (`<GetResult xsi:type="ArrayOfOiClient">` with
 * its items, a nil item, an empty array, a class, simple values) and as HTTP GET/POST documents, whose root holds an
 * array or a simple value with the `xsi` prefix XmlTextWriter makes (`<anyType d1p1:type="ArrayOfOiClient"
 * xmlns:d1p1="…">`, `xmlns:xsd` on the first item XmlSerializer opens itself); and the generated client reads what the
 * runtime writes and sends an array the runtime echoes back.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createObjectIncludesClient,
  createObjectIncludesServer,
  type ObjectIncludesTransport,
} from '../golden/corpus-object-includes/expected/index.js';
import { sharedAsmxHost, startCorpusAsmxHost, type SharedAsmxHost } from './shared-asmx-host.js';

const NS = 'urn:example:objectincludes';

/** What `Get(what)` returns in ObjectIncludes.asmx, as the values an `object` holds. */
const GOT: Record<string, unknown> = {
  clients: { $type: 'ArrayOfOiClient', value: [{ ClientID: 'c1', Name: 'Ann & Bo' }, null] },
  clicks: { $type: 'ArrayOfOiClick', value: [{ Email: 'a@b', Links: [{ Url: 'u1' }] }] },
  none: { $type: 'ArrayOfOiClient', value: [] },
  result: { $type: 'OiResult', Code: 7, Message: 'done' },
  firstnil: { $type: 'ArrayOfOiClient', value: [null, { ClientID: 'c2' }] },
  number: { $type: 'int', value: 42 },
  text: { $type: 'string', value: 'a < b' },
};

/** Every `what` Get answers: those above, and any other (null). */
const WHATS = [...Object.keys(GOT), 'nothing'];

let host: SharedAsmxHost | undefined;
let ours: ReturnType<typeof createObjectIncludesServer> | undefined;
let oursUrl = '';

beforeAll(async () => {
  ours = createObjectIncludesServer({
    Get: async ({ what }) => (GOT[what ?? ''] ?? null) as never,
    Echo: async ({ value }) => value,
    Delete: async () => undefined,
    Clients: async () => undefined,
  });
  await new Promise<void>((done) => ours!.listen(0, '127.0.0.1', done));
  oursUrl = `http://127.0.0.1:${(ours.address() as AddressInfo).port}/ObjectIncludes.asmx`;
  if (!sharedAsmxHost.available) return;
  host = await startCorpusAsmxHost(['ObjectIncludes.asmx']);
}, 180_000);

afterAll(async () => {
  host?.stop();
  if (ours) await new Promise<void>((done) => ours!.close(() => done()));
});

function soapGet(url: string, what: string, version: '1.1' | '1.2'): Promise<{ status: number; body: string }> {
  const envelope =
    version === '1.1' ? 'http://schemas.xmlsoap.org/soap/envelope/' : 'http://www.w3.org/2003/05/soap-envelope';
  return fetch(url, {
    method: 'POST',
    headers:
      version === '1.1'
        ? { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${NS}/Get"` }
        : { 'Content-Type': `application/soap+xml; charset=utf-8; action="${NS}/Get"` },
    body:
      `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${envelope}"><soap:Body>` +
      `<Get xmlns="${NS}"><what>${what}</what></Get></soap:Body></soap:Envelope>`,
  }).then(async (reply) => ({ status: reply.status, body: await reply.text() }));
}

describe('arrays an object holds, against the real ASMX runtime', () => {
  it.for(['1.1', '1.2'] as const)(
    'answers Get with the bytes the runtime writes over SOAP %s',
    async (version, ctx) => {
      sharedAsmxHost.need(ctx);
      for (const what of Object.keys(GOT)) {
        const theirs = await soapGet(`${host!.baseUrl}/ObjectIncludes.asmx`, what, version);
        expect(theirs.body, what).toContain('GetResult xsi:type="');
        expect(await soapGet(oursUrl, what, version), what).toEqual(theirs);
      }
    },
  );

  it('reads an array an object parameter holds, and writes it back as the runtime does (Echo)', async (ctx) => {
    sharedAsmxHost.need(ctx);
    const echo = (url: string) =>
      fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${NS}/Echo"` },
        body:
          '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" ' +
          'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><soap:Body>' +
          `<Echo xmlns="${NS}"><value xsi:type="ArrayOfOiClick"><OiClick><Email>e</Email><Links><OiLink><Url>x</Url>` +
          '</OiLink><OiLink xsi:nil="true" /></Links></OiClick><OiClick xsi:nil="true" /></value></Echo></soap:Body></soap:Envelope>',
      }).then(async (reply) => ({ status: reply.status, body: await reply.text() }));
    const theirs = await echo(`${host!.baseUrl}/ObjectIncludes.asmx`);
    expect(theirs.body).toContain('<EchoResult xsi:type="ArrayOfOiClick">');
    expect(await echo(oursUrl)).toEqual(theirs);
  });

  it.for(['GET', 'POST'] as const)(
    'answers Get by HTTP %s with the document the runtime writes',
    async (method, ctx) => {
      sharedAsmxHost.need(ctx);
      const get = (url: string, what: string) =>
        fetch(
          method === 'GET' ? `${url}/Get?what=${encodeURIComponent(what)}` : `${url}/Get`,
          method === 'GET'
            ? {}
            : {
                method: 'POST',
                headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
                body: new URLSearchParams({ what }).toString(),
              },
        ).then(async (reply) => ({
          status: reply.status,
          type: reply.headers.get('content-type'),
          body: await reply.text(),
        }));
      for (const what of WHATS) {
        const theirs = await get(`${host!.baseUrl}/ObjectIncludes.asmx`, what);
        expect(theirs.body, what).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<anyType /);
        expect(await get(oursUrl, what), what).toEqual(theirs);
      }
    },
  );

  it.for(['httpGet', 'httpPost'] as const satisfies readonly ObjectIncludesTransport[])(
    'reads the documents the runtime returns over %s',
    async (transport, ctx) => {
      sharedAsmxHost.need(ctx);
      const client = createObjectIncludesClient({
        url: `${host!.baseUrl}/ObjectIncludes.asmx`,
        transport,
        timeoutMs: 60_000,
      });
      // A nil document reads as an absent result (`undefined`), as every HTTP result's does.
      for (const what of WHATS) expect(await client.Get({ what }), what).toEqual(GOT[what]);
    },
  );

  it.for(['soap11', 'soap12'] as const satisfies readonly ObjectIncludesTransport[])(
    'reads what the runtime returns, and sends an array it echoes back, over %s',
    async (transport, ctx) => {
      sharedAsmxHost.need(ctx);
      const client = createObjectIncludesClient({
        url: `${host!.baseUrl}/ObjectIncludes.asmx`,
        transport,
        timeoutMs: 60_000,
      });
      for (const [what, value] of Object.entries(GOT)) expect(await client.Get({ what }), what).toEqual(value);
      for (const value of Object.values(GOT)) expect(await client.Echo({ value: value as never })).toEqual(value);
    },
  );
});

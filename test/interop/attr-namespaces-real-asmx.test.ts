/**
 * Attributes in other namespaces (`[XmlAttribute(Namespace = …)]`) on the wire, the generated server and client
 * against the real runtime.
 *
 * `test/fixtures/asmx-corpus/AttrNamespaces.asmx` is served by the real runtime (Mono's System.Web.Services,
 * through `../shared/asmx-host/start.sh`), and the server generated from its imported spec
 * (`../golden/corpus-attr-namespaces/expected/`) by handlers that do what the C# methods do. The same requests
 * go to both and the replies must be the same, byte for byte: each namespace's prefix made once per element
 * (`d4p1`, `d4p2`, declared the last made first), reused below, beside a qualified attribute of the class's own
 * namespace, at depth 4 on SOAP and 1 over HTTP GET and POST. The generated client then sends a tag through the
 * runtime's echo, reads it back unchanged, and its request holds the tag as the runtime writes its result.
 */
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAttrNamespacesClient,
  createAttrNamespacesFetchHandler,
  XsdDateTime,
  type AttrNamespacesHandlers,
  type NsTag,
} from '../golden/corpus-attr-namespaces/expected/index.js';
import { sharedAsmxHost, startSharedAsmxHost, type SharedAsmxHost } from './shared-asmx-host.js';

const ASMX = resolve(import.meta.dirname, '../fixtures/asmx-corpus/AttrNamespaces.asmx');
const NS = 'urn:example:attr-namespaces';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

/** What the C# methods do. */
const handlers: AttrNamespacesHandlers = {
  Echo: ({ tag }) => tag,
  EchoZed: ({ zed }) => zed,
  GetTag: () => ({
    Code: 'c',
    Count: 3,
    lvl: 'High',
    Dflt: 'x',
    Day: XsdDateTime.parse('2026-05-17'),
    Plain: 'p',
    Inner: { Code: 'ic', Count: 0, lvl: 'Low', Day: XsdDateTime.parse('0001-01-01'), Text: 'it' },
  }),
};
const ours = createAttrNamespacesFetchHandler(handlers);

let real: SharedAsmxHost | undefined;
let folder: string | undefined;

beforeAll(async () => {
  if (!sharedAsmxHost.available) return;
  // The one service alone: the host compiles every .asmx file of its folder.
  folder = mkdtempSync(join(tmpdir(), 'asmxgen-attr-namespaces-'));
  copyFileSync(ASMX, join(folder, 'AttrNamespaces.asmx'));
  const port = process.env.ASMXGEN_ASMX_HOST_PORT;
  real = await startSharedAsmxHost(folder, port === undefined ? undefined : Number(port));
}, 180_000);

afterAll(() => {
  real?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
  // start.sh leaves its working folder, /tmp/asmx-host-PORT.*, behind.
  if (real) {
    const port = new URL(real.baseUrl).port;
    for (const name of readdirSync('/tmp')) {
      if (name.startsWith(`asmx-host-${port}.`)) rmSync(join('/tmp', name), { recursive: true, force: true });
    }
  }
});

function soap(version: '1.1' | '1.2', op: string, inner: string): { headers: Record<string, string>; body: string } {
  const envelope =
    version === '1.1' ? 'http://schemas.xmlsoap.org/soap/envelope/' : 'http://www.w3.org/2003/05/soap-envelope';
  return {
    headers:
      version === '1.1'
        ? { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${NS}/${op}"` }
        : { 'Content-Type': `application/soap+xml; charset=utf-8; action="${NS}/${op}"` },
    body:
      `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${envelope}" xmlns:xsi="${XSI}">` +
      `<soap:Body><${op} xmlns="${NS}">${inner}</${op}></soap:Body></soap:Envelope>`,
  };
}

async function both(request: { method?: string; path: string; headers?: Record<string, string>; body?: string }) {
  const init = { method: request.method ?? 'GET', headers: request.headers ?? {}, body: request.body ?? null };
  const fromReal = await fetch(`${real!.baseUrl}${request.path}`, init);
  const fromOurs = await ours(new Request(`http://localhost${request.path}`, init));
  return {
    real: [fromReal.status, fromReal.headers.get('content-type'), await fromReal.text()],
    ours: [fromOurs.status, fromOurs.headers.get('content-type'), await fromOurs.text()],
  };
}

const TAG =
  '<tag xmlns:x="urn:example:x" xmlns:y="urn:example:y" x:Code="a &amp; b" x:Count="-7" y:lvl="High" y:Dflt="d" ' +
  'x:Day="2026-05-17" Plain="p" Code="skipped"><Text>t</Text>' +
  '<Inner x:Count="1" y:Dflt="e" x:Day="2026-01-02"><Inner x:Code="deep" x:Count="2" x:Day="0001-01-01" /></Inner></tag>';

const ZED = '<zed xmlns:x="urn:example:x" xmlns:z="urn:example:z" x:Code="c" z:Q="q"><z:Label>l</z:Label></zed>';

const path = '/AttrNamespaces.asmx';

describe('the generated server replies as the real runtime does', () => {
  it.for([
    ['1.1', 'Echo', TAG],
    ['1.2', 'Echo', TAG],
    ['1.1', 'Echo', '<tag />'],
    ['1.1', 'EchoZed', ZED],
    ['1.2', 'EchoZed', ZED],
    ['1.1', 'GetTag', ''],
  ] as const)('SOAP %s %s %s', async ([version, op, inner], ctx) => {
    sharedAsmxHost.need(ctx);
    const replies = await both({ method: 'POST', path, ...soap(version, op, inner) });
    expect(replies.real[0]).toBe(200);
    expect(replies.ours).toEqual(replies.real);
  });

  it.for(['GET', 'POST'] as const)(
    'HTTP %s GetTag: the prefixes of a document root at depth 1',
    async (method, ctx) => {
      sharedAsmxHost.need(ctx);
      const request =
        method === 'GET'
          ? { path: `${path}/GetTag` }
          : {
              method,
              path: `${path}/GetTag`,
              headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
              body: '',
            };
      const replies = await both(request);
      expect(replies.real[2]).toContain('d1p2:lvl="High"');
      expect(replies.ours).toEqual(replies.real);
    },
  );
});

describe('the generated client, through the real runtime', () => {
  const tag: NsTag = {
    Code: 'a < b',
    Count: 5,
    lvl: 'High',
    Dflt: 'not the default',
    Day: XsdDateTime.parse('2026-05-17'),
    Plain: 'p',
    Text: 't',
    // An attribute at its [DefaultValue] is left out, and read back as it.
    Inner: { Count: 1, lvl: 'Low', Dflt: 'd', Day: XsdDateTime.parse('0001-01-01') },
  };

  it.for(['soap11', 'soap12'] as const)(
    'echoes a tag unchanged over %s, written as the runtime writes it',
    async (transport, ctx) => {
      sharedAsmxHost.need(ctx);
      const exchanged: string[] = [];
      const client = createAttrNamespacesClient({
        url: `${real!.baseUrl}${path}`,
        transport,
        timeoutMs: 60_000,
        fetch: async (input, init) => {
          exchanged.push(String(init?.body));
          const reply = await fetch(input, init);
          exchanged.push(await reply.clone().text());
          return reply;
        },
      });
      expect(await client.Echo({ tag })).toEqual(tag);
      const sent = /<tag[\s>][\s\S]*<\/tag>/.exec(exchanged[0]!)![0];
      const echoed = /<EchoResult[\s>][\s\S]*<\/EchoResult>/.exec(exchanged[1]!)![0];
      expect(sent).toBe(echoed.replaceAll('EchoResult', 'tag'));
      expect(await client.EchoZed({ zed: { Code: 'c', Q: 'q', Label: 'l' } })).toEqual({
        Code: 'c',
        Q: 'q',
        Label: 'l',
      });
    },
  );

  it.for(['httpGet', 'httpPost'] as const)('reads the HTTP document over %s', async (transport, ctx) => {
    sharedAsmxHost.need(ctx);
    const client = createAttrNamespacesClient({ url: `${real!.baseUrl}${path}`, transport, timeoutMs: 60_000 });
    const expected = (await handlers.GetTag({}, undefined as never)) as NsTag;
    // The inner tag's Dflt is absent: read as its [DefaultValue].
    expect(await client.GetTag()).toEqual({ ...expected, Inner: { ...expected.Inner, Dflt: 'd' } });
  });
});

/**
 * Attributes of the XML namespace (`[XmlAttribute("lang", Namespace = "http://www.w3.org/XML/1998/namespace")]`,
 * `xml:space`) on the wire: the generated server and client against the real runtime.
 *
 * `test/fixtures/asmx-corpus/XmlLangs.asmx` is served by the real runtime (Mono's System.Web.Services, through
 * `../shared/asmx-host/start.sh`), and the server generated from its imported spec
 * (`../golden/corpus-xml-langs/expected/`) by handlers that do what the C# methods do. The same requests go to both
 * and the replies must be the same, byte for byte: `xml:lang="…"` with the reserved prefix, declared nowhere, on a
 * class, an `[XmlText]` class, unwrapped items, a class of another namespace, and an HTTP GET/POST document's root.
 * The generated client then sends a note through the runtime's echo and reads it back unchanged.
 */
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createXmlLangsClient,
  createXmlLangsFetchHandler,
  type LangNote,
  type XmlLangsHandlers,
} from '../golden/corpus-xml-langs/expected/index.js';
import { sharedAsmxHost, startSharedAsmxHost, type SharedAsmxHost } from './shared-asmx-host.js';

const ASMX = resolve(import.meta.dirname, '../fixtures/asmx-corpus/XmlLangs.asmx');
const NS = 'urn:example:xml-langs';

/** What the C# methods do. */
const handlers: XmlLangsHandlers = {
  EchoNote: ({ note }) => note,
  EchoCard: ({ card }) => card,
  GetText: () => ({ lang: 'en', Value: 'hi' }),
};
const ours = createXmlLangsFetchHandler(handlers);

let real: SharedAsmxHost | undefined;
let folder: string | undefined;

beforeAll(async () => {
  if (!sharedAsmxHost.available) return;
  // The one service alone: the host compiles every .asmx file of its folder.
  folder = mkdtempSync(join(tmpdir(), 'asmxgen-xml-langs-'));
  copyFileSync(ASMX, join(folder, 'XmlLangs.asmx'));
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
      `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${envelope}">` +
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

const NOTE =
  '<note xml:lang="fr" xml:space="preserve" Kind="k" lang="not the xml one"><Body>b</Body>' +
  '<Title xml:lang="de">T &amp; t</Title><Description xml:lang="en">one</Description><Description>two</Description>' +
  '</note>';

const CARD = '<card xml:lang="fr"><Name xmlns="urn:example:langs" xml:lang="it">N</Name></card>';

const path = '/XmlLangs.asmx';

describe('the generated server replies as the real runtime does', () => {
  it.for([
    ['1.1', 'EchoNote', NOTE],
    ['1.2', 'EchoNote', NOTE],
    ['1.1', 'EchoNote', '<note><Title>t</Title></note>'],
    ['1.1', 'EchoCard', CARD],
    ['1.2', 'EchoCard', CARD],
    ['1.1', 'GetText', ''],
  ] as const)('SOAP %s %s %s', async ([version, op, inner], ctx) => {
    sharedAsmxHost.need(ctx);
    const replies = await both({ method: 'POST', path, ...soap(version, op, inner) });
    expect(replies.real[0]).toBe(200);
    expect(replies.ours).toEqual(replies.real);
  });

  it.for(['GET', 'POST'] as const)('HTTP %s GetText: xml:lang on the document root', async (method, ctx) => {
    sharedAsmxHost.need(ctx);
    const request =
      method === 'GET'
        ? { path: `${path}/GetText` }
        : {
            method,
            path: `${path}/GetText`,
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
            body: '',
          };
    const replies = await both(request);
    expect(replies.real[2]).toContain(' xml:lang="en" ');
    expect(replies.ours).toEqual(replies.real);
  });
});

describe('the generated client, through the real runtime', () => {
  const note: LangNote = {
    lang: 'fr-CA',
    space: 'preserve',
    Kind: 'k',
    Body: 'b',
    Title: { lang: 'de', Value: 'T < t' },
    Description: [{ lang: 'en', Value: 'one' }, { Value: 'two' }],
  };

  it.for(['soap11', 'soap12'] as const)(
    'echoes a note unchanged over %s, written as the runtime writes it',
    async (transport, ctx) => {
      sharedAsmxHost.need(ctx);
      const exchanged: string[] = [];
      const client = createXmlLangsClient({
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
      expect(await client.EchoNote({ note })).toEqual(note);
      const sent = /<note[\s>][\s\S]*<\/note>/.exec(exchanged[0]!)![0];
      const echoed = /<EchoNoteResult[\s>][\s\S]*<\/EchoNoteResult>/.exec(exchanged[1]!)![0];
      expect(sent).toContain('<note xml:lang="fr-CA" xml:space="preserve" Kind="k">');
      expect(sent).toBe(echoed.replaceAll('EchoNoteResult', 'note'));
      const card = { lang: 'fr', Name: { lang: 'it', Value: 'N' } };
      expect(await client.EchoCard({ card })).toEqual(card);
    },
  );

  it.for(['httpGet', 'httpPost'] as const)('reads the HTTP document over %s', async (transport, ctx) => {
    sharedAsmxHost.need(ctx);
    const client = createXmlLangsClient({ url: `${real!.baseUrl}${path}`, transport, timeoutMs: 60_000 });
    expect(await client.GetText()).toEqual({ lang: 'en', Value: 'hi' });
  });
});

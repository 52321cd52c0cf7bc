/**
 * Array items written unqualified (`[XmlArrayItem(Form = XmlSchemaForm.Unqualified)]`) on the wire, the generated
 * server and client against the real runtime.
 *
 * `test/fixtures/asmx-corpus/ItemForms.asmx` is served by the real runtime (Mono's System.Web.Services, through
 * `../shared/asmx-host/start.sh`), and the server generated from its imported spec
 * (`../golden/corpus-item-forms/expected/`) by echo handlers, as the C# methods. The same requests go to both and the
 * replies must be the same, byte for byte: the items of `ArrayOfReading` and `ArrayOfString` in no namespace
 * (`xmlns=""`, their members back in the service namespace), qualified items of those arrays skipped, the qualified
 * `ArrayOfReading1` beside them; `Tag`'s `code` parameter and `Latest`'s result element unqualified too
 * (`[XmlElement(Form = XmlSchemaForm.Unqualified)]`). The generated client then sends a survey through the runtime's echo and reads it
 * back unchanged.
 */
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createItemFormsClient,
  createItemFormsFetchHandler,
  type ItemFormsHandlers,
  type Survey,
} from '../golden/corpus-item-forms/expected/index.js';
import { sharedAsmxHost, startSharedAsmxHost, type SharedAsmxHost } from './shared-asmx-host.js';

const ASMX = resolve(import.meta.dirname, '../fixtures/asmx-corpus/ItemForms.asmx');
const NS = 'urn:example:forms';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

const echo: ItemFormsHandlers = {
  EchoSurvey: ({ survey }) => survey,
  List: ({ readings }) => readings,
  Tag: ({ code, count }) => `${code ?? ''}${count}`,
  Latest: ({ gauge }) => ({ Gauge: gauge, Level: 0 }),
};
const ours = createItemFormsFetchHandler(echo);

let real: SharedAsmxHost | undefined;
let folder: string | undefined;

beforeAll(async () => {
  if (!sharedAsmxHost.available) return;
  // The one service alone: the host compiles every .asmx file of its folder.
  folder = mkdtempSync(join(tmpdir(), 'asmxgen-item-forms-'));
  copyFileSync(ASMX, join(folder, 'ItemForms.asmx'));
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

async function both(request: { method: string; path: string; headers: Record<string, string>; body: string }) {
  const init = { method: request.method, headers: request.headers, body: request.body };
  const fromReal = await fetch(`${real!.baseUrl}${request.path}`, init);
  const fromOurs = await ours(new Request(`http://localhost${request.path}`, init));
  return {
    real: [fromReal.status, fromReal.headers.get('content-type'), await fromReal.text()],
    ours: [fromOurs.status, fromOurs.headers.get('content-type'), await fromOurs.text()],
  };
}

const READING = `<Reading xmlns=""><Gauge xmlns="${NS}">g1</Gauge><Level xmlns="${NS}">1.5</Level></Reading>`;
const SURVEY =
  `<survey><Readings>${READING}<Reading xmlns="" xsi:nil="true"/><Reading>qualified: skipped</Reading></Readings>` +
  '<Notes><string xmlns="">a</string><string xmlns="" xsi:nil="true"/><string>skipped</string></Notes>' +
  `<Extra><Reading><Gauge>e</Gauge><Level>2</Level></Reading>${READING}</Extra>` +
  `<Last xmlns=""><Gauge xmlns="${NS}">last</Gauge></Last></survey>`;

const path = '/ItemForms.asmx';

describe('the generated server replies as the real runtime does', () => {
  it.for([
    ['1.1', 'EchoSurvey', SURVEY],
    ['1.2', 'EchoSurvey', SURVEY],
    ['1.1', 'EchoSurvey', '<survey><Readings/><Notes/></survey>'],
    ['1.1', 'List', `<readings>${READING}<Reading xmlns="" xsi:nil="true"/><Reading>skipped</Reading></readings>`],
    ['1.2', 'List', '<readings><Reading><Gauge>qualified</Gauge></Reading></readings>'],
    ['1.1', 'Tag', '<code xmlns="">ab</code><count>3</count>'],
    ['1.2', 'Tag', '<code>qualified: skipped</code><count>4</count>'],
    ['1.1', 'Latest', '<gauge>g7</gauge>'],
    ['1.2', 'Latest', '<gauge>g8</gauge>'],
  ] as const)('SOAP %s %s %s', async ([version, op, inner], ctx) => {
    sharedAsmxHost.need(ctx);
    const replies = await both({ method: 'POST', path, ...soap(version, op, inner) });
    expect(replies.real[0]).toBe(200);
    expect(replies.ours).toEqual(replies.real);
  });
});

describe('the generated client, through the real runtime', () => {
  const survey: Survey = {
    Readings: [{ Gauge: 'g1', Level: 1.5 }, null],
    Notes: ['a', null, ''],
    Extra: [{ Gauge: 'e', Level: 2 }],
    Last: { Gauge: 'last', Level: 0 },
  };

  it.for(['soap11', 'soap12'] as const)('echoes a survey unchanged over %s', async (transport, ctx) => {
    sharedAsmxHost.need(ctx);
    const client = createItemFormsClient({ url: `${real!.baseUrl}${path}`, transport, timeoutMs: 60_000 });
    expect(await client.EchoSurvey({ survey })).toEqual(survey);
    expect(await client.List({ readings: [{ Gauge: 'x', Level: -1 }, null] })).toEqual([
      { Gauge: 'x', Level: -1 },
      null,
    ]);
    expect(await client.Tag({ code: 'ab', count: 3 })).toBe('ab3');
    expect(await client.Latest({ gauge: 'g9' })).toEqual({ Gauge: 'g9', Level: 0 });
  });

  it.for(['httpGet', 'httpPost'] as const)('calls Tag and Latest over %s', async (transport, ctx) => {
    sharedAsmxHost.need(ctx);
    const client = createItemFormsClient({ url: `${real!.baseUrl}${path}`, transport, timeoutMs: 60_000 });
    expect(await client.Tag({ code: 'ab', count: 3 })).toBe('ab3');
    expect(await client.Latest({ gauge: 'g9' })).toEqual({ Gauge: 'g9', Level: 0 });
  });
});

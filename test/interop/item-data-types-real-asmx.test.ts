/**
 * Array items with a `DataType` (`[XmlArrayItem(DataType = …)]`, `[XmlElement(DataType = …)]` on an array) on the
 * wire, the generated server and client against the real runtime.
 *
 * `test/fixtures/asmx-corpus/ItemDataTypes.asmx` is served by the real runtime (Mono's System.Web.Services, through
 * `../shared/asmx-host/start.sh`), and the server generated from its imported spec
 * (`../golden/corpus-item-data-types/expected/`) by echo handlers, as the C# methods. The same requests go to both
 * and the replies must be the same, byte for byte: items named and written by their DataType on SOAP (`<date>`,
 * upper-case hexBinary, trimmed integers, escaped Names, nil items), and as their C# type over HTTP GET and POST
 * (`ArrayOfDateTime` of `dateTime`). The generated client then sends a calendar through the runtime's echo and
 * reads it back unchanged.
 */
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createItemDataTypesClient,
  createItemDataTypesFetchHandler,
  XsdDateTime,
  type ItemCalendar,
  type ItemDataTypesHandlers,
} from '../golden/corpus-item-data-types/expected/index.js';
import { sharedAsmxHost, startSharedAsmxHost, type SharedAsmxHost } from './shared-asmx-host.js';

const ASMX = resolve(import.meta.dirname, '../fixtures/asmx-corpus/ItemDataTypes.asmx');
const NS = 'urn:example:item-data-types';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

const echo: ItemDataTypesHandlers = {
  EchoCalendar: ({ calendar }) => calendar,
  Days: ({ days }) => days,
  Blobs: ({ blobs }) => blobs,
  Counts: ({ counts }) => counts,
  Stamps: ({ stamps }) => stamps,
};
const ours = createItemDataTypesFetchHandler(echo);

let real: SharedAsmxHost | undefined;
let folder: string | undefined;

beforeAll(async () => {
  if (!sharedAsmxHost.available) return;
  // The one service alone: the host compiles every .asmx file of its folder.
  folder = mkdtempSync(join(tmpdir(), 'asmxgen-item-data-types-'));
  copyFileSync(ASMX, join(folder, 'ItemDataTypes.asmx'));
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

const CALENDAR =
  '<calendar><Days><date>2026-05-17</date><date> 0001-01-01 </date></Days>' +
  '<Times><At>23:59:59.1234567Z</At><At>10:00:00</At></Times>' +
  '<Blobs><hexBinary>0aFF</hexBinary><hexBinary xsi:nil="true"/><hexBinary></hexBinary></Blobs>' +
  '<Counts><integer> -000123456789012345678901234567890 </integer><integer xsi:nil="true"/></Counts>' +
  '<Names><Name>1abc def</Name><Name>_x0031_a</Name></Names>' +
  '<Stamps><dateTime>2026-05-17T10:00:00</dateTime></Stamps>' +
  '<Holidays>2026-12-25</Holidays><Holidays>2027-01-01</Holidays>' +
  '<Maybe><date>2026-02-03</date><date xsi:nil="true"/></Maybe></calendar>';

const path = '/ItemDataTypes.asmx';

describe('the generated server replies as the real runtime does', () => {
  it.for([
    ['1.1', 'EchoCalendar', CALENDAR],
    ['1.2', 'EchoCalendar', CALENDAR],
    ['1.1', 'EchoCalendar', '<calendar><Days/><Blobs/><Maybe/></calendar>'],
    ['1.1', 'Days', '<days><date>2026-05-17</date><date>9999-12-31</date></days>'],
    ['1.2', 'Days', '<days/>'],
    ['1.1', 'Blobs', '<blobs><hexBinary> 0a 0b </hexBinary><hexBinary xsi:nil="true"/></blobs><counts/>'],
    ['1.1', 'Counts', '<counts><integer> 12 </integer><integer xsi:nil="true"/></counts>'],
    ['1.1', 'Stamps', '<stamps><dateTime>2026-05-17T10:00:00Z</dateTime></stamps>'],
  ] as const)('SOAP %s %s %s', async ([version, op, inner], ctx) => {
    sharedAsmxHost.need(ctx);
    const replies = await both({ method: 'POST', path, ...soap(version, op, inner) });
    expect(replies.real[0]).toBe(200);
    expect(replies.ours).toEqual(replies.real);
  });

  it('refuses a date item with a time, as the runtime does (a Client fault)', async (ctx) => {
    sharedAsmxHost.need(ctx);
    const replies = await both({
      method: 'POST',
      path,
      ...soap('1.1', 'Days', '<days><date>2026-05-17T10:00:00</date></days>'),
    });
    expect(replies.real[0]).toBe(500);
    expect(replies.ours[0]).toBe(500);
    expect(replies.ours[2]).toContain('<faultcode>soap:Client</faultcode>');
    expect(replies.real[2]).toContain('<faultcode>soap:Client</faultcode>');
  });

  it.for([
    ['GET', 'Days', 'days=2026-05-17&days=2027-01-02T03:04:05'],
    ['POST', 'Days', 'days=2026-05-17'],
    ['GET', 'Counts', 'counts=%2012%20&counts=x'],
    ['POST', 'Stamps', 'stamps=2026-05-17T10:00:00'],
  ] as const)('HTTP %s %s?%s binds and writes the C# type', async ([method, op, query], ctx) => {
    sharedAsmxHost.need(ctx);
    const request =
      method === 'GET'
        ? { path: `${path}/${op}?${query}` }
        : {
            method,
            path: `${path}/${op}`,
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
            body: query,
          };
    const replies = await both(request);
    expect(replies.real[0]).toBe(200);
    expect(replies.ours).toEqual(replies.real);
  });
});

describe('the generated client, through the real runtime', () => {
  const calendar: ItemCalendar = {
    Days: [XsdDateTime.parse('2026-05-17')],
    Times: [XsdDateTime.parse('0001-01-01T10:00:00.5Z')],
    Blobs: [new Uint8Array([10, 255]), null],
    Counts: ['-000123456789012345678901234567890', null],
    Names: ['1abc def'],
    Stamps: [XsdDateTime.fromDate(new Date(Date.UTC(2026, 4, 17, 10)))],
    Holidays: [XsdDateTime.parse('2026-12-25')],
    Maybe: [XsdDateTime.parse('2026-02-03'), null],
  };

  it.for(['soap11', 'soap12'] as const)('echoes a calendar unchanged over %s', async (transport, ctx) => {
    sharedAsmxHost.need(ctx);
    const client = createItemDataTypesClient({ url: `${real!.baseUrl}${path}`, transport, timeoutMs: 60_000 });
    expect(await client.EchoCalendar({ calendar })).toEqual(calendar);
    expect(await client.Blobs({ blobs: [new Uint8Array([1, 2])], counts: [' 7 '] })).toEqual([new Uint8Array([1, 2])]);
  });

  it.for(['httpGet', 'httpPost'] as const)('sends and reads dates as their C# type over %s', async (transport, ctx) => {
    sharedAsmxHost.need(ctx);
    const client = createItemDataTypesClient({ url: `${real!.baseUrl}${path}`, transport, timeoutMs: 60_000 });
    const days = await client.Days({ days: [XsdDateTime.parse('2026-05-17')] });
    expect(days?.map((d) => d.toString())).toEqual(['2026-05-17T00:00:00']);
  });
});

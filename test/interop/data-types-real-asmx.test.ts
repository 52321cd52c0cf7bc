/**
 * `DataType` sites and nillable parameters on the wire, the generated server against the real runtime.
 *
 * `test/fixtures/asmx-corpus/DataTypes.asmx` is served by the real runtime (Mono's System.Web.Services, through
 * `../shared/asmx-host/start.sh`), and the server generated from its imported spec
 * (`../golden/corpus-data-types/expected/`) by echo handlers. The same SOAP requests go to both; the replies
 * must be the same, byte for byte: integers past 2^53 and 2^64 kept as written, trimmed types trimmed, names
 * escaped as XmlConvert escapes them, dates and times in their lexical forms, hexBinary in upper case, nil and
 * absent nillable parameters. The one deliberate difference, a date or time with an offset (ASMX converts it to
 * its host's zone, asmxgen keeps the offset: docs/types.md), is checked as such.
 */
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataTypesFetchHandler, type DataTypesHandlers } from '../golden/corpus-data-types/expected/index.js';
import { sharedAsmxHost, startSharedAsmxHost, type SharedAsmxHost } from './shared-asmx-host.js';

const ASMX = resolve(import.meta.dirname, '../fixtures/asmx-corpus/DataTypes.asmx');
const NS = 'urn:example:datatypes';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

const echo: DataTypesHandlers = {
  EchoMeasure: ({ measure }) => measure,
  EchoInteger: ({ value }) => value,
  EchoDate: ({ day }) => day,
  EchoTime: ({ at }) => at,
  EchoHex: ({ data }) => data,
  EchoTokens: ({ tokens }) => tokens,
  EchoName: ({ name }) => name,
  EchoNullable: ({ text }) => text,
  EchoNullableObject: ({ value }) => value,
  EchoNullableMeasure: ({ measure }) => measure,
};
const ours = createDataTypesFetchHandler(echo);

let real: SharedAsmxHost | undefined;
let folder: string | undefined;

beforeAll(async () => {
  if (!sharedAsmxHost.available) return;
  folder = mkdtempSync(join(tmpdir(), 'asmxgen-data-types-'));
  copyFileSync(ASMX, join(folder, 'DataTypes.asmx'));
  real = await startSharedAsmxHost(folder);
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

function request(op: string, inner: string): { headers: Record<string, string>; body: string } {
  return {
    headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${NS}/${op}"` },
    body:
      '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" ' +
      `xmlns:xsi="${XSI}"><soap:Body><${op} xmlns="${NS}">${inner}</${op}></soap:Body></soap:Envelope>`,
  };
}

async function both(op: string, inner: string): Promise<{ real: string; ours: string; status: [number, number] }> {
  const { headers, body } = request(op, inner);
  const fromReal = await fetch(`${real!.baseUrl}/DataTypes.asmx`, { method: 'POST', headers, body });
  const fromOurs = await ours(new Request('http://localhost/DataTypes.asmx', { method: 'POST', headers, body }));
  return { real: await fromReal.text(), ours: await fromOurs.text(), status: [fromReal.status, fromOurs.status] };
}

/** The result element's content as written: what lies between the response element's tags. */
function result(reply: string, op: string): string {
  const start = reply.indexOf(`<${op}Response`);
  const end = reply.indexOf(`</${op}Response>`);
  return start === -1 || end === -1 ? reply : reply.slice(reply.indexOf('>', start) + 1, end);
}

const MEASURE =
  '<measure Serial=" 0012345678901234567890 " Issued="2026-05-17" Kind="  a   b  " Mac="0aFF">' +
  '<Big> -000123456789012345678901234567890 </Big><Count>+5</Count><Rank>9007199254740993</Rank>' +
  '<Debt>-18446744073709551617</Debt><Floor>0</Floor><Code>  x  y\n z </Code><Word> a b </Word>' +
  '<Words> a  b:c  d.e </Words><Label>1abc def</Label><LocalLabel>a:b</LocalLabel><Lang>en-US</Lang>' +
  '<Line> a\tb\nc </Line><Day>0001-01-01</Day><At>23:59:59.1234567Z</At><Hash>00FFab</Hash>' +
  '<Link> http://x/ y </Link><Id>i</Id><Ref>r</Ref><Refs>r s</Refs><Entity>e</Entity><Entities>e f</Entities>' +
  '<Notation>n</Notation><Span>P1D</Span><Year>2026</Year><Month>2026-05</Month><MonthOnly>--05</MonthOnly>' +
  '<Anniversary>--05-17</Anniversary><DayOnly>---17</DayOnly><MaybeDay>9999-12-31</MaybeDay>' +
  '<NilBig xsi:nil="true"/><Extra>hi</Extra><NilExtra xsi:nil="true"/><Loose>1</Loose><Loose>2</Loose>' +
  '<Plain> p </Plain></measure>';

describe('the generated server replies as the real runtime does', () => {
  it.for([
    ['EchoMeasure', MEASURE],
    ['EchoInteger', '<value> 123456789012345678901234567890 </value>'],
    ['EchoInteger', '<value>-9007199254740993</value>'],
    ['EchoDate', '<day> 2026-02-03 </day>'],
    ['EchoDate', '<day>2026-05-17Z</day>'],
    ['EchoDate', '<day>9999-12-31</day>'],
    ['EchoTime', '<at>23:59:59.1234567Z</at>'],
    ['EchoTime', '<at>10:00:00</at>'],
    ['EchoTime', '<at> 00:00:00.5 </at>'],
    ['EchoHex', '<data>abc</data>'],
    ['EchoHex', '<data> 0a 0b\nFF </data>'],
    ['EchoHex', '<data></data>'],
    ['EchoMeasure', '<measure Mac=""><Hash></Hash><Big></Big></measure>'],
    ['EchoTokens', '<tokens> _x0031_ a  b </tokens>'],
    ['EchoTokens', '<tokens>a&#xA;b</tokens>'],
    ['EchoName', '<name>a_b _x</name>'],
    ['EchoName', '<name>_x0031_abc</name>'],
    ['EchoNullable', '<text xsi:nil="true"/>'],
    ['EchoNullable', ''],
    ['EchoNullable', '<text/>'],
    ['EchoNullableObject', '<value xsi:nil="true"/>'],
    ['EchoNullableMeasure', ''],
    ['EchoNullableMeasure', '<measure xsi:nil="true"/>'],
  ] as const)('%s %s', async ([op, inner], ctx) => {
    sharedAsmxHost.need(ctx);
    const replies = await both(op, inner);
    expect(replies.status).toEqual([200, 200]);
    expect(replies.ours).toBe(replies.real);
  });

  it.for([
    ['EchoInteger', 'value=%2012'],
    ['EchoDate', 'day=2026-05-17'],
    ['EchoHex', 'data=1&data=255'],
    ['EchoTokens', 'tokens=%20a%20%20b%20'],
  ] as const)('HTTP GET %s?%s binds and writes the C# type', async ([op, query], ctx) => {
    sharedAsmxHost.need(ctx);
    const fromReal = await fetch(`${real!.baseUrl}/DataTypes.asmx/${op}?${query}`);
    const fromOurs = await ours(new Request(`http://localhost/DataTypes.asmx/${op}?${query}`));
    expect([fromOurs.status, await fromOurs.text()]).toEqual([fromReal.status, await fromReal.text()]);
  });

  it('refuses a date with a time, as ASMX does (a Client fault)', async (ctx) => {
    sharedAsmxHost.need(ctx);
    const replies = await both('EchoDate', '<day>2026-05-17T10:00:00</day>');
    expect(replies.status).toEqual([500, 500]);
    const reason = (reply: string) => /String was not recognized as a valid DateTime\./.test(reply);
    expect([reason(replies.real), reason(replies.ours)]).toEqual([true, true]);
  });

  it('keeps the offset of a date or time where ASMX converts it to its host zone', async (ctx) => {
    sharedAsmxHost.need(ctx);
    const date = await both('EchoDate', '<day>2026-05-17+02:00</day>');
    // 2026-05-17T00:00+02:00 is 2026-05-16T22:00 on the (UTC) host: the real runtime writes the day before.
    expect([result(date.real, 'EchoDate'), result(date.ours, 'EchoDate')]).toEqual([
      '<EchoDateResult>2026-05-16</EchoDateResult>',
      '<EchoDateResult>2026-05-17</EchoDateResult>',
    ]);
    const time = await both('EchoTime', '<at>10:00:00+02:00</at>');
    expect([result(time.real, 'EchoTime'), result(time.ours, 'EchoTime')]).toEqual([
      '<EchoTimeResult>08:00:00.0000000+00:00</EchoTimeResult>',
      '<EchoTimeResult>10:00:00.0000000+02:00</EchoTimeResult>',
    ]);
  });
});

/**
 * JSON exchanges of a `[ScriptService]` through `proxy --record` and `replay`, with real exchanges: the replies
 * Mono's ASP.NET runtime gave (../shared/reference/scriptservice/transcripts.json) compared as values, and calls
 * through the recording proxy in front of that runtime serving LibraryScript.asmx, each recorded under the
 * operation its path names and the `json` binding, then replayed against the generated server.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeService } from '../../generator/emit/describe-service.js';
import { renderDocuments } from '../../generator/emit/service-documents.js';
import { compareReplies } from '../../generator/migrate/compare-replies.js';
import { parseHar } from '../../generator/migrate/har.js';
import { HarRecorder } from '../../generator/migrate/har-recorder.js';
import { createProxyServer } from '../../generator/migrate/proxy-server.js';
import { Redaction } from '../../generator/migrate/redact.js';
import { Target } from '../../generator/migrate/send-request.js';
import { createServiceServer } from '../../runtime/src/server.js';
import { LIBRARY_SCRIPT, LIBRARY_SCRIPT_HANDLERS, SCRIPT_SERVICE_DIR } from '../client/library-script.js';
import { cli } from '../cli/run-cli.js';
import { sharedAsmxHost, startSharedAsmxHost, type SharedAsmxHost } from '../interop/shared-asmx-host.js';
import { sharedFile } from '../shared-files.js';

interface Exchange {
  readonly name: string;
  readonly request: { method: string; path: string; headers: Record<string, string>; body: string };
  readonly response: { status: number; headers: Record<string, string>; body: string };
}
const TRANSCRIPTS = JSON.parse(
  readFileSync(sharedFile('reference/scriptservice/transcripts.json'), 'utf8'),
) as readonly Exchange[];
const exchange = (name: string) => TRANSCRIPTS.find((e) => e.name === name)!;
const SERVICE = describeService(LIBRARY_SCRIPT);
const JSON_TYPE = { 'Content-Type': 'application/json' };
const reply = (body: string) => ({ status: 200, headers: JSON_TYPE, body });

describe('JSON replies compared as values', () => {
  const getBook = exchange('json GetBook').response.body;

  it('takes members in any order, and escapes as the characters they stand for', () => {
    const reordered = getBook
      .replace('{"Country":"UK","Name":"Ada","BirthYear":1815}', '{"BirthYear":1815,"Name":"Ada","Country":"UK"}')
      .replace('"Tom & Jerry \\u003c3"', '"Tom \\u0026 Jerry <3"');
    expect(reordered).not.toBe(getBook);
    expect(compareReplies(reply(getBook), reply(reordered))).toEqual([]);
  });

  it("names each __type the .NET Framework writes and Mono's reply lacks, by its path", () => {
    const dotNet = getBook
      .replace('{"Isbn"', '{"__type":"Book","Isbn"')
      .replace('{"Country"', '{"__type":"Author","Country"')
      .replace('{"Barcode"', '{"__type":"Copy","Barcode"');
    expect(compareReplies(reply(getBook), reply(dotNet)).map((d) => d.message)).toEqual([
      '/d/__type: not first ≠ first',
      '/d/Authors/0/__type: not first ≠ first',
      '/d/Authors/0/__type: (absent) ≠ "Author"',
      '/d/Copies/0/__type: not first ≠ first',
      '/d/Copies/0/__type: (absent) ≠ "Copy"',
      '/d/__type: (absent) ≠ "Book"',
    ]);
    const late = dotNet.replace('{"__type":"Book","Isbn":"978-0",', '{"Isbn":"978-0","__type":"Book",');
    expect(compareReplies(reply(dotNet), reply(late)).map((d) => d.message)).toEqual(['/d/__type: first ≠ not first']);
  });

  it('keeps dates and every digit: another instant, another long differ', () => {
    const dates = exchange('json Dates').response.body;
    expect(compareReplies(reply(dates), reply(dates.replace('Date(-1)', 'Date(0)'))).map((d) => d.message)).toEqual([
      '/d/3: "/Date(-1)/" ≠ "/Date(0)/"',
    ]);
    const sales = getBook.replace('9007199254740993', '9007199254740992');
    expect(compareReplies(reply(getBook), reply(sales)).map((d) => d.message)).toEqual([
      '/d/Sales: 9007199254740993 ≠ 9007199254740992',
    ]);
    expect(compareReplies(reply(getBook), reply(getBook.replace('12.50', '12.5')))).toEqual([]);
  });

  it("compares a JSON error's members, and a body that is no JSON as such", () => {
    const fail = exchange('json Fail').response;
    const hidden = '{"Message":"There was an error processing the request.","StackTrace":"","ExceptionType":""}';
    const differences = compareReplies(
      { status: 500, headers: JSON_TYPE, body: fail.body },
      { status: 500, headers: JSON_TYPE, body: hidden },
    );
    expect(differences.map((d) => d.where)).toEqual(['/Message', '/StackTrace', '/ExceptionType']);
    expect(compareReplies(reply('{"d":1}'), reply('{"d":1')).map((d) => d.message)).toEqual([
      "body: JSON ≠ not JSON (Invalid object passed in, ',' or '}' expected: )",
    ]);
  });
});

let host: SharedAsmxHost | undefined;
let folder: string | undefined;
let generated: ReturnType<typeof createServiceServer> | undefined;

beforeAll(async () => {
  if (!sharedAsmxHost.available) return;
  folder = mkdtempSync(join(tmpdir(), 'asmxgen-json-exchanges-'));
  copyFileSync(join(SCRIPT_SERVICE_DIR, 'LibraryScript.asmx'), join(folder, 'LibraryScript.asmx'));
  const port = process.env.ASMXGEN_ASMX_HOST_PORT;
  host = await startSharedAsmxHost(folder, port === undefined ? undefined : Number(port));
}, 180_000);

afterAll(async () => {
  host?.stop();
  if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
  if (generated) await new Promise<void>((done) => generated!.close(() => done()));
});

/** Exchanges sent through the proxy: JSON calls by POST and by GET, a JSON error, and a SOAP call beside them. */
const CHARSET = 'charset: (absent) ≠ utf-8';
const SENT = [
  'json Add',
  'json GetPerson base',
  'json GetPerson derived (Author)',
  'get UseHttpGet Titles',
  'json Fail',
];

describe('proxy --record and replay of JSON exchanges (the real runtime, then the generated server)', () => {
  it('records each JSON call under the operation its path names, and replays it compared as values', async (ctx) => {
    sharedAsmxHost.need(ctx);
    const dir = mkdtempSync(join(tmpdir(), 'asmxgen-json-har-'));
    try {
      const har = join(dir, 'calls.har');
      const recorder = await HarRecorder.start(har, '0.0.0', new Redaction([]), () => {});
      const lines: string[] = [];
      const proxy = createProxyServer({
        upstream: new Target(new URL(host!.baseUrl)),
        service: SERVICE,
        keepReplies: true,
        onExchange: () => {},
        record: (e) => recorder.add(e),
        log: (line) => lines.push(line),
      });
      await new Promise<void>((done) => proxy.server.listen(0, '127.0.0.1', done));
      const base = `http://127.0.0.1:${(proxy.server.address() as AddressInfo).port}`;
      for (const name of SENT) {
        const { method, path, headers, body } = exchange(name).request;
        const sent = Object.fromEntries(Object.entries(headers).filter(([h]) => !/^(host|content-length)$/i.test(h)));
        const got = await fetch(`${base}${path}`, { method, headers: sent, ...(method === 'GET' ? {} : { body }) });
        expect(got.status, name).toBe(exchange(name).response.status);
        await got.arrayBuffer();
      }
      await proxy.settled();
      await new Promise<void>((done) => proxy.server.close(() => done()));
      await recorder.close();
      const entries = parseHar(readFileSync(har, 'utf8'), har).log.entries;
      expect(entries.map((e) => [e._operation, e._binding])).toEqual([
        ['Add', 'json'],
        ['GetPerson', 'json'],
        ['GetPerson', 'json'],
        ['Titles', 'json'],
        ['Fail', 'json'],
      ]);
      expect(lines.some((l) => l.includes('POST /LibraryScript.asmx/Add Add json'))).toBe(true);

      generated = createServiceServer(SERVICE, renderDocuments(LIBRARY_SCRIPT), LIBRARY_SCRIPT_HANDLERS);
      await new Promise<void>((done) => generated!.listen(0, '127.0.0.1', done));
      const against = `http://127.0.0.1:${(generated.address() as AddressInfo).port}`;
      const replayed = await cli('replay', har, '--against', against, '--format', 'json');
      const report = JSON.parse(replayed.stdout) as {
        results: { operation: string; binding: string; outcome: string; differences: { message: string }[] }[];
      };
      expect(
        report.results.map((r) => [r.operation, r.binding, r.outcome, r.differences.map((d) => d.message)]),
      ).toEqual([
        // The .NET Framework's JSON replies name their charset (application/json; charset=utf-8); Mono's do not.
        ['Add', 'json', 'different', [CHARSET]],
        // The .NET Framework names the type first; Mono writes no __type (docs/wire.md).
        ['GetPerson', 'json', 'different', [CHARSET, '/d/__type: not first ≠ first', '/d/__type: (absent) ≠ "Person"']],
        ['GetPerson', 'json', 'different', [CHARSET, '/d/__type: not first ≠ first', '/d/__type: (absent) ≠ "Author"']],
        ['Titles', 'json', 'different', [CHARSET]],
        // Mono shows the exception (customErrors is not consulted); the generated server hides it by default.
        [
          'Fail',
          'json',
          'different',
          [
            CHARSET,
            '/Message: "boom" ≠ "There was an error processing the request."',
            expect.stringMatching(/^\/StackTrace: /) as unknown as string,
            '/ExceptionType: "System.InvalidOperationException" ≠ ""',
          ],
        ],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

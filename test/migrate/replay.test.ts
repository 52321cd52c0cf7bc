/**
 * `asmxgen replay` end to end: a HAR recorded here from the real ASMX runtime (Mono, ../shared/asmx-host serving
 * ../shared/reference), every operation over every binding, replayed against that runtime (all the same) and
 * against `asmxgen serve` with handlers of which one answers otherwise (exactly its four exchanges differ).
 */
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { service } from '../../generated/service.js';
import { classifyHarEntry } from '../../generator/migrate/classify-exchange.js';
import type { Har, HarBinding, HarEntry } from '../../generator/migrate/har.js';
import { sharedFile } from '../shared-files.js';
import { cli, startCliServer } from '../cli/run-cli.js';
import { sharedAsmxHost, startSharedAsmxHost, type SharedAsmxHost } from '../interop/shared-asmx-host.js';

const PATH = '/AuthenticationWebService.asmx';
const BINDINGS: readonly SoapOrHttp[] = ['soap11', 'soap12', 'httpGet', 'httpPost'];
/** The bindings of a service that is no [ScriptService]. */
type SoapOrHttp = Exclude<HarBinding, 'json'>;

interface Call {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly headers: [string, string][];
  readonly body: string | undefined;
}

/** The request a .NET client proxy sends for `operation` over `binding`. */
function callOf(operation: string, binding: SoapOrHttp, value: string): Call {
  const takes = service.operations.find((op) => op.name === operation)!.parameters.length > 0;
  const parameter = takes ? `<requestJson>${value}</requestJson>` : '';
  const envelope = (ns: string) =>
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${ns}" ` +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">' +
    `<soap:Body><${operation} xmlns="App.WebService">${parameter}</${operation}></soap:Body></soap:Envelope>`;
  const query = takes ? `requestJson=${encodeURIComponent(value)}` : '';
  switch (binding) {
    case 'soap11':
      return {
        method: 'POST',
        path: PATH,
        headers: [
          ['Content-Type', 'text/xml; charset=utf-8'],
          ['SOAPAction', `"App.WebService/${operation}"`],
        ],
        body: envelope('http://schemas.xmlsoap.org/soap/envelope/'),
      };
    case 'soap12':
      return {
        method: 'POST',
        path: PATH,
        headers: [['Content-Type', `application/soap+xml; charset=utf-8; action="App.WebService/${operation}"`]],
        body: envelope('http://www.w3.org/2003/05/soap-envelope'),
      };
    case 'httpGet':
      return { method: 'GET', path: `${PATH}/${operation}${query ? `?${query}` : ''}`, headers: [], body: undefined };
    case 'httpPost':
      return {
        method: 'POST',
        path: `${PATH}/${operation}`,
        headers: [['Content-Type', 'application/x-www-form-urlencoded']],
        body: query,
      };
  }
}

/** Sends `call` to `base` and records the exchange as a HAR entry, headers as sent and as received. */
async function record(base: string, call: Call): Promise<HarEntry> {
  const url = new URL(call.path, base);
  const body = call.body === undefined ? undefined : Buffer.from(call.body);
  const sent: [string, string][] = [
    ['Host', url.host],
    ['User-Agent', 'Mono Web Services Client Protocol 4.0.30319.42000'],
    ...call.headers,
    ...(body === undefined ? [] : [['Content-Length', String(body.length)] as [string, string]]),
    ['Connection', 'Keep-Alive'],
  ];
  const started = new Date();
  const reply = await new Promise<{ status: number; statusText: string; headers: string[]; text: string }>(
    (resolve, reject) => {
      const req = http.request(url, { method: call.method, headers: sent.flat() }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            statusText: res.statusMessage ?? '',
            headers: res.rawHeaders,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    },
  );
  const headers = [];
  for (let i = 0; i < reply.headers.length; i += 2)
    headers.push({ name: reply.headers[i]!, value: reply.headers[i + 1]! });
  const contentType = headers.find((h) => h.name.toLowerCase() === 'content-type')?.value ?? '';
  const time = Date.now() - started.getTime();
  const entry: HarEntry = {
    startedDateTime: started.toISOString(),
    time,
    request: {
      method: call.method,
      url: url.href,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: sent.map(([name, value]) => ({ name, value })),
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      ...(call.body === undefined ? {} : { postData: { mimeType: call.headers[0]?.[1] ?? '', text: call.body } }),
      headersSize: -1,
      bodySize: body?.length ?? 0,
    },
    response: {
      status: reply.status,
      statusText: reply.statusText,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers,
      content: { size: Buffer.byteLength(reply.text), mimeType: contentType, text: reply.text },
      redirectURL: '',
      headersSize: -1,
      bodySize: Buffer.byteLength(reply.text),
    },
    cache: {},
    timings: { send: 0, wait: time, receive: 0 },
  };
  const classified = classifyHarEntry(service, entry);
  return { ...entry, _operation: classified?.operation ?? null, _binding: classified?.binding ?? null };
}

interface Served {
  readonly child: ChildProcess;
  /** `http://127.0.0.1:PORT`. */
  readonly base: string;
  readonly exited: Promise<number | null>;
}

/** `asmxgen serve --impl FILE` as a process, on a free port. */
async function serve(impl: string): Promise<Served> {
  const server = await startCliServer(['serve', '--port', '0', '--impl', impl], /serving \w+ at (http:\/\/[^/\s]+)/);
  return { child: server.child, base: server.address, exited: server.exited };
}

/** Handlers that answer as the legacy service does (every operation is void), but GetTerm, which fails. */
const STRANGLED_HANDLERS = [
  "import { SoapFault, type AuthenticationWebServiceHandlers } from './generated/index.js';",
  '',
  'const nothing = async (): Promise<void> => {};',
  '',
  'export const handlers: AuthenticationWebServiceHandlers = {',
  ...service.operations.filter((op) => op.name !== 'GetTerm').map((op) => `  ${op.name}: nothing,`),
  '  async GetTerm() {',
  "    throw new SoapFault('Server', 'The term store is not reachable.');",
  '  },',
  '};',
  '',
].join('\n');

describe('asmxgen replay against the real ASMX runtime and asmxgen serve', () => {
  let dir: string;
  let host: SharedAsmxHost | undefined;
  let harFile: string;
  let entries: HarEntry[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'asmxgen-replay-'));
    if (!sharedAsmxHost.available) return;
    host = await startSharedAsmxHost(sharedFile('reference'));
    entries = [];
    for (const op of service.operations) {
      for (const binding of BINDINGS)
        entries.push(await record(host.baseUrl, callOf(op.name, binding, `{"id":"${op.name}"}`)));
    }
    const har: Har = { log: { version: '1.2', creator: { name: 'asmxgen', version: '0.1.0' }, entries } };
    harFile = join(dir, 'legacy.har');
    writeFileSync(harFile, JSON.stringify(har, null, 2));
  }, 180_000);

  afterAll(() => {
    host?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('records 80 exchanges from the real runtime, each named by the server’s own routing', (ctx) => {
    sharedAsmxHost.need(ctx);
    expect(entries).toHaveLength(80);
    expect(entries.map((e) => `${e._operation} ${e._binding}`)).toEqual(
      service.operations.flatMap((op) => BINDINGS.map((b) => `${op.name} ${b}`)),
    );
    expect(entries.every((e) => e.response.status === 200)).toBe(true);
  });

  it('replays the recording against the real runtime: all the same, exit 0', async (ctx) => {
    sharedAsmxHost.need(ctx);
    const r = await cli('replay', harFile, '--against', host!.baseUrl, '--concurrency', '8');
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(`80 exchanges: 80 same, 0 different, 0 errors (${harFile} against ${host!.baseUrl})\n`);
    expect(r.code).toBe(0);
  });

  describe('against asmxgen serve whose GetTerm fails', () => {
    let served: Served | undefined;

    beforeAll(async () => {
      if (!sharedAsmxHost.available) return;
      const generated = await cli('generate', '--out', join(dir, 'generated'));
      expect(generated.code, generated.stderr).toBe(0);
      writeFileSync(join(dir, 'handlers.ts'), STRANGLED_HANDLERS);
      served = await serve(join(dir, 'handlers.ts'));
    }, 120_000);

    afterAll(async () => {
      if (!served) return;
      served.child.kill('SIGTERM');
      await served.exited;
    });

    it('names exactly the four GetTerm exchanges and their differences, exit 1 (json)', async (ctx) => {
      sharedAsmxHost.need(ctx);
      const r = await cli('replay', harFile, '--against', served!.base, '--format', 'json');
      expect(r.code).toBe(1);
      const report = JSON.parse(r.stdout) as {
        summary: unknown;
        results: { index: number; operation: string; binding: string; outcome: string; differences: unknown[] }[];
      };
      expect(report.summary).toEqual({ total: 80, same: 76, different: 4, errors: 0 });
      expect(report.results.map((result) => result.index)).toEqual([...Array(80).keys()]);
      const different = report.results.filter((result) => result.outcome !== 'same');
      const getTerm = service.operations.findIndex((op) => op.name === 'GetTerm') * 4;
      expect(different.map(({ index, operation, binding }) => ({ index, operation, binding }))).toEqual(
        BINDINGS.map((binding, i) => ({ index: getTerm + i, operation: 'GetTerm', binding })),
      );
      const messages = different.map((result) =>
        (result.differences as { message: string }[]).map((difference) => difference.message),
      );
      expect(messages).toEqual([
        [
          'status: 200 ≠ 500',
          '/Envelope/Body/GetTermResponse: <{App.WebService}GetTermResponse> ≠ ' +
            '<{http://schemas.xmlsoap.org/soap/envelope/}Fault>',
        ],
        [
          'status: 200 ≠ 500',
          '/Envelope/Body/GetTermResponse: <{App.WebService}GetTermResponse> ≠ ' +
            '<{http://www.w3.org/2003/05/soap-envelope}Fault>',
        ],
        [
          'status: 200 ≠ 500',
          'media type: (absent) ≠ text/plain',
          'charset: (absent) ≠ utf-8',
          'body, byte 0: (end) ≠ "The term store is not reachable.\\r\\n"',
        ],
        [
          'status: 200 ≠ 500',
          'media type: (absent) ≠ text/plain',
          'charset: (absent) ≠ utf-8',
          'body, byte 0: (end) ≠ "The term store is not reachable.\\r\\n"',
        ],
      ]);
    });

    it('compares the WSDL the runtime served: alike with --keep-host, by address without', async (ctx) => {
      sharedAsmxHost.need(ctx);
      const wsdl = await record(host!.baseUrl, { method: 'GET', path: `${PATH}?wsdl`, headers: [], body: undefined });
      expect(wsdl._operation).toBeNull();
      const file = join(dir, 'wsdl.har');
      const har: Har = { log: { version: '1.2', creator: { name: 'asmxgen', version: '0.1.0' }, entries: [wsdl] } };
      writeFileSync(file, JSON.stringify(har));
      const kept = await cli('replay', file, '--against', served!.base, '--keep-host');
      expect(kept.stdout).toBe(`1 exchange: 1 same, 0 different, 0 errors (${file} against ${served!.base})\n`);
      expect(kept.code).toBe(0);
      const moved = await cli('replay', file, '--against', served!.base, '--format', 'json');
      expect(moved.code).toBe(1);
      const [result] = (JSON.parse(moved.stdout) as { results: { differences: { where: string }[] }[] }).results;
      expect(result!.differences.map((d) => d.where)).toEqual(
        [1, 2, 3, 4].map((n) => `/definitions/service/port[${n}]/address/@location`),
      );
    });

    it('prints a markdown table of the four for a pull request, and a terminal summary', async (ctx) => {
      sharedAsmxHost.need(ctx);
      const markdown = await cli('replay', harFile, '--against', served!.base, '--format', 'markdown');
      expect(markdown.code).toBe(1);
      const lines = markdown.stdout.trimEnd().split('\n');
      expect(lines.slice(0, 5)).toEqual([
        `### asmxgen replay: \`${harFile}\` against \`${served!.base}\``,
        '',
        '**80 exchanges: 76 same, 4 different, 0 errors**',
        '',
        '| entry | operation | binding | request | outcome | differences |',
      ]);
      const rows = lines.slice(6);
      expect(rows).toHaveLength(4);
      expect(rows[0]).toBe(
        '| 60 | GetTerm | soap11 | `POST /AuthenticationWebService.asmx` | **different** | status: 200 ≠ 500<br>' +
          '/Envelope/Body/GetTermResponse: \\<{App.WebService}GetTermResponse\\> ≠ ' +
          '\\<{http://schemas.xmlsoap.org/soap/envelope/}Fault\\> |',
      );
      expect(rows.map((row) => row.split(' | ').slice(1, 3).join(' '))).toEqual(
        BINDINGS.map((binding) => `GetTerm ${binding}`),
      );

      const text = await cli('replay', harFile, '--against', served!.base);
      expect(text.code).toBe(1);
      expect(text.stdout).toContain(
        'different  entries[62]  GetTerm httpGet  GET /AuthenticationWebService.asmx/GetTerm?requestJson=' +
          '%7B%22id%22%3A%22GetTerm%22%7D\n  status: 200 ≠ 500\n',
      );
      expect(text.stdout.trimEnd().split('\n').at(-1)).toBe(
        `80 exchanges: 76 same, 4 different, 0 errors (${harFile} against ${served!.base})`,
      );
    });
  });
});

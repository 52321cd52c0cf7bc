/**
 * Issue 16's acceptance, with real .NET-style clients and the real ASMX runtime: Mono's System.Web.Services
 * serving the seed service (../shared/asmx-host, ../shared/reference) is the legacy upstream, and the callers are
 * proxies made by Mono's `wsdl` tool, one per protocol, called by `dotnet/CallAll.cs` (20 operations × 4
 * protocols = 80 calls). Each asmxgen command runs as a process, as a user runs it:
 *
 * 1. `asmxgen proxy --record` in front of the runtime: the 80 calls succeed, the HAR holds exactly those 80;
 * 2. `asmxgen replay` of that HAR against `asmxgen serve` (handlers answering as the seed service does): 80 same;
 * 3. a strangler (`proxy --impl`, only GetTerm, which throws): replay finds exactly the 4 GetTerm exchanges;
 * 4. `proxy --shadow` of that strangler: the callers' 80 calls succeed, the log has 4 different, all GetTerm.
 *
 * The proxies are made from the WSDL fetched through a plain `asmxgen proxy` (no recording), so the recording holds
 * the 80 calls and nothing else. A run in which Mono itself crashed (`monoCrashed`) is made once more, from a fresh
 * proxy and fresh files: a crashed run leaves a partial recording behind.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { service } from '../../generated/service.js';
import { parseHar, type HarBinding, type HarEntry } from '../../generator/migrate/har.js';
import { cli, startCliServer } from '../cli/run-cli.js';
import { buildCallAll, dotnetProxyTools, PROXY_PROTOCOLS, runCallAll } from '../interop/dotnet-proxy-build.js';
import { describeRun, monoCrashed, type ProgramRun } from '../interop/run-program.js';
import { sharedAsmxHost, startSharedAsmxHost, type SharedAsmxHost } from '../interop/shared-asmx-host.js';
import { sharedFile } from '../shared-files.js';

const PATH = '/AuthenticationWebService.asmx';
/** The value CallAll passes for every `requestJson`: nothing ASP.NET's request validation refuses (no `<`). */
const VALUE = '{"user":"ann","n":1}';
const USER_AGENT = 'Mozilla/4.0 (compatible; MSIE 6.0; MS Web Services Client Protocol 4.0.30319.42000)';

/** The binding each proxy's calls use, in CallAll's order. */
const BINDINGS: Readonly<Record<(typeof PROXY_PROTOCOLS)[number], HarBinding>> = {
  HttpGet: 'httpGet',
  HttpPost: 'httpPost',
  SOAP: 'soap11',
  SOAP12: 'soap12',
};
/** The 80 calls in CallAll's order (by protocol, then by operation name, ordinal), as `Operation binding`. */
const CALLS = PROXY_PROTOCOLS.flatMap((protocol) =>
  service.operations
    .map((op) => op.name)
    .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)))
    .map((operation) => `${operation} ${BINDINGS[protocol]}`),
);
/** Where the four GetTerm calls are among them. */
const GET_TERM = CALLS.flatMap((call, index) => (call.startsWith('GetTerm ') ? [index] : []));

/** Every operation of the seed service is void and does nothing: handlers answering as it does. */
const SEED_HANDLERS = [
  "import type { AuthenticationWebServiceHandlers } from './generated/index.js';",
  '',
  'export const handlers: AuthenticationWebServiceHandlers = {',
  ...service.operations.map((op) => `  async ${op.name}() {},`),
  '};',
  '',
].join('\n');
/** The strangler's handlers: GetTerm only, and it fails. */
const GET_TERM_ONLY = [
  "import { SoapFault, type AuthenticationWebServiceHandlers } from './generated/index.js';",
  '',
  'export const handlers: Partial<AuthenticationWebServiceHandlers> = {',
  '  async GetTerm() {',
  "    throw new SoapFault('Server', 'The term store is not reachable.');",
  '  },',
  '};',
  '',
].join('\n');

interface Running {
  readonly child: ChildProcess;
  /** `http://127.0.0.1:PORT` */
  readonly base: string;
  output(): string;
  /** SIGTERM, then its exit code. */
  stop(): Promise<number | null>;
}

const running: ChildProcess[] = [];

/** `asmxgen <args> --port 0` as a process, once it names its address. */
async function start(args: string[]): Promise<Running> {
  const server = await startCliServer([...args, '--port', '0'], /(?:proxying|serving) \w+ at (http:\/\/[^/\s]+)/, {
    timeoutMs: 60_000,
  });
  running.push(server.child);
  return {
    child: server.child,
    base: server.address,
    output: server.output,
    stop: () => {
      if (server.child.exitCode === null) server.child.kill('SIGTERM');
      return server.exited;
    },
  };
}

/** The lines a proxy printed for the exchanges it served (`METHOD /path Operation binding → where STATUS (N ms)`). */
function exchangeLines(proxy: Running): string[] {
  return proxy
    .output()
    .split('\n')
    .filter((line) => line.includes(' → '));
}

describe('issue 16 acceptance: Mono wsdl proxies through asmxgen proxy in front of the real ASMX runtime', () => {
  let dir: string;
  let host: SharedAsmxHost | undefined;
  let upstream = '';
  let callAll = '';
  let wsdlFetches: string[] = [];
  let seedHandlers = '';
  let getTermOnly = '';
  /** The HAR file, once the first test has recorded it and found it right. */
  let recording: string | undefined;
  let strangler: Running | undefined;

  /**
   * Starts a proxy with `args(attempt)` and runs CallAll through it; when Mono crashed, stops that proxy and does
   * both once more. Returns the proxy, still running, and CallAll's run.
   */
  async function callAllThrough(args: (attempt: number) => string[]): Promise<{ proxy: Running; run: ProgramRun }> {
    for (let attempt = 1; ; attempt++) {
      const argv = args(attempt);
      const proxy = await start(argv);
      const run = await runCallAll(callAll, `${proxy.base}${PATH}`, VALUE);
      if (!monoCrashed(run) || attempt === 2) return { proxy, run };
      process.stderr.write(`Mono crashed running CallAll through asmxgen ${argv.join(' ')}; once more\n`);
      await proxy.stop();
    }
  }

  function needPeers(ctx: Parameters<typeof sharedAsmxHost.need>[0]): void {
    sharedAsmxHost.need(ctx);
    dotnetProxyTools.need(ctx);
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'asmxgen-acceptance-'));
    if (!sharedAsmxHost.available || !dotnetProxyTools.available) return;
    host = await startSharedAsmxHost(sharedFile('reference'));
    upstream = host.baseUrl;

    // The proxies, from the WSDL as the proxy forwards it (naming the upstream's address: CallAll sets the URL).
    const forwarding = await start(['proxy', '--upstream', upstream]);
    const build = join(dir, 'proxies');
    mkdirSync(build);
    callAll = await buildCallAll(`${forwarding.base}${PATH}?wsdl`, build);
    expect(await forwarding.stop()).toBe(0);
    wsdlFetches = exchangeLines(forwarding);

    const generated = await cli('generate', '--out', join(dir, 'generated'));
    expect(generated.code, generated.stderr).toBe(0);
    seedHandlers = join(dir, 'seed-handlers.ts');
    writeFileSync(seedHandlers, SEED_HANDLERS);
    getTermOnly = join(dir, 'get-term-only.ts');
    writeFileSync(getTermOnly, GET_TERM_ONLY);
  }, 600_000);

  afterAll(() => {
    for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
    host?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'record: the 80 calls succeed through proxy --record; the HAR 1.2 holds exactly those 80, named, ' +
      'with the upstream’s headers',
    async (ctx) => {
      needPeers(ctx);
      // Each wsdl run fetched the WSDL once, through the forwarding proxy.
      expect(wsdlFetches).toEqual(
        Array(4).fill(expect.stringMatching(/^GET \/AuthenticationWebService\.asmx\?wsdl → upstream 200 /)),
      );

      let harFile = '';
      const { proxy, run } = await callAllThrough((attempt) => {
        harFile = join(dir, `calls-${attempt}.har`);
        return ['proxy', '--upstream', upstream, '--record', harFile];
      });
      expect(run.code, describeRun(run)).toBe(0);
      expect(run.stdout.trim().split('\n')).toEqual([
        ...CALLS.map(() => expect.stringMatching(/ ok$/)),
        'calls: 80 ok, 0 failed',
      ]);
      expect(await proxy.stop()).toBe(0);
      expect(proxy.output()).toContain(`asmxgen: recorded 80 exchanges to ${harFile}`);

      const { log } = parseHar(await readFile(harFile, 'utf8'), harFile);
      expect(log.version).toBe('1.2');
      expect(log.creator.name).toBe('asmxgen');
      expect(log.entries.map((e) => `${e._operation} ${e._binding}`)).toEqual(CALLS);
      for (const entry of log.entries as (HarEntry & { _servedBy?: string })[]) {
        const where = `${entry._operation} ${entry._binding}`;
        expect(entry._servedBy, where).toBe('upstream');
        expect(entry.request.url.startsWith(`${proxy.base}${PATH}`), where).toBe(true);
        expect(entry.request.headers, where).toContainEqual({ name: 'User-Agent', value: USER_AGENT });
        expect(entry.response.status, where).toBe(200);
        // The upstream's own headers, kept as received.
        expect(entry.response.headers, where).toContainEqual({ name: 'Server', value: 'Mono-HTTPAPI/1.0' });
        expect(entry.response.headers, where).toContainEqual({ name: 'X-AspNet-Version', value: '4.0.30319' });
      }
      // What made Mono's proxies hang without CallAll's fix: the runtime frames a void HTTP reply by Content-Length 0.
      const http = log.entries.filter((e) => e._binding === 'httpGet' || e._binding === 'httpPost');
      expect(http).toHaveLength(40);
      for (const entry of http) {
        expect(entry.response.headers).toContainEqual({ name: 'Content-Length', value: '0' });
        expect(entry.response.content.text ?? '').toBe('');
      }
      const authenticate = log.entries.find((e) => e._operation === 'Authenticate' && e._binding === 'soap11')!;
      expect(authenticate.request.postData!.text).toContain(
        `<Authenticate xmlns="App.WebService"><requestJson>{"user":"ann","n":1}</requestJson></Authenticate>`,
      );
      expect(authenticate.response.content.text).toContain('<AuthenticateResponse xmlns="App.WebService" />');
      recording = harFile;
    },
    300_000,
  );

  it('replay of the recording against asmxgen serve with the seed service’s handlers: 80 same, exit 0', async (ctx) => {
    needPeers(ctx);
    expect(recording, 'the recording (the first test) failed').toBeDefined();
    const served = await start(['serve', '--impl', seedHandlers]);
    const replay = await cli('replay', recording!, '--against', served.base, '--format', 'json');
    expect(await served.stop()).toBe(0);
    expect(replay.stderr).toBe('');
    const report = JSON.parse(replay.stdout) as { summary: unknown; results: { outcome: string }[] };
    expect(report.summary).toEqual({ total: 80, same: 80, different: 0, errors: 0 });
    expect(report.results.map((r) => r.outcome)).toEqual(Array(80).fill('same'));
    expect(replay.code).toBe(0);
  }, 180_000);

  it(
    'strangler with only GetTerm (throwing): GetTerm is answered here, the rest upstream; replay finds exactly ' +
      'the 4 GetTerm exchanges different, exit 1, and markdown tabulates them',
    async (ctx) => {
      needPeers(ctx);
      expect(recording, 'the recording (the first test) failed').toBeDefined();
      strangler = await start(['proxy', '--upstream', upstream, '--impl', getTermOnly]);
      await expect
        .poll(() => strangler!.output(), { timeout: 10_000 })
        .toMatch(/served here from .*get-term-only\.ts: GetTerm; every other request is forwarded/);

      const json = await cli('replay', recording!, '--against', strangler.base, '--format', 'json');
      expect(json.stderr).toBe('');
      const report = JSON.parse(json.stdout) as {
        summary: unknown;
        results: { index: number; operation: string; binding: string; outcome: string; differences: unknown[] }[];
      };
      expect(report.summary).toEqual({ total: 80, same: 76, different: 4, errors: 0 });
      const different = report.results.filter((r) => r.outcome !== 'same');
      expect(
        different.map(({ index, operation, binding, outcome }) => ({ index, operation, binding, outcome })),
      ).toEqual(
        GET_TERM.map((index) => {
          const [operation, binding] = CALLS[index]!.split(' ');
          return { index, operation, binding, outcome: 'different' };
        }),
      );
      for (const result of different) {
        expect(result.differences).toContainEqual(
          expect.objectContaining({ where: 'status', expected: '200', actual: '500' }),
        );
      }
      expect(json.code).toBe(1);

      // Each replayed request was answered where the strangler says: GetTerm here, every other one upstream.
      // A proxy prints an exchange's line once the caller has its reply: the last may come just after replay ends.
      await expect.poll(() => exchangeLines(strangler!).length, { timeout: 10_000 }).toBe(80);
      const served = exchangeLines(strangler);
      const local = served.filter((line) => line.includes(' → local '));
      expect(local.map((line) => line.split(' ').slice(2, 4).join(' ')).sort()).toEqual(
        GET_TERM.map((index) => CALLS[index]!).sort(),
      );
      for (const line of local) expect(line).toContain(' → local 500 ');
      expect(served.filter((line) => line.includes(' → upstream 200 '))).toHaveLength(76);
      const authenticate = served.filter((line) => line.split(' ')[2] === 'Authenticate');
      expect(authenticate).toHaveLength(4);
      for (const line of authenticate) expect(line).toContain(' → upstream 200 ');

      const markdown = await cli('replay', recording!, '--against', strangler.base, '--format', 'markdown');
      expect(markdown.code).toBe(1);
      const lines = markdown.stdout.trimEnd().split('\n');
      expect(lines.slice(0, 6)).toEqual([
        `### asmxgen replay: \`${recording}\` against \`${strangler.base}\``,
        '',
        '**80 exchanges: 76 same, 4 different, 0 errors**',
        '',
        '| entry | operation | binding | request | outcome | differences |',
        '| --- | --- | --- | --- | --- | --- |',
      ]);
      const rows = lines.slice(6);
      expect(rows.map((row) => row.split(' | ').slice(0, 3).concat(row.split(' | ')[4]!))).toEqual(
        GET_TERM.map((index) => [`| ${index}`, ...CALLS[index]!.split(' '), '**different**']),
      );
    },
    180_000,
  );

  it('shadow of the strangler: the callers’ 80 calls succeed; the log has 80 lines, 4 different, all GetTerm', async (ctx) => {
    needPeers(ctx);
    expect(strangler, 'the strangler (the third test) did not start').toBeDefined();
    let shadowLog = '';
    const { proxy, run } = await callAllThrough((attempt) => {
      shadowLog = join(dir, `shadow-${attempt}.jsonl`);
      return ['proxy', '--upstream', upstream, '--shadow', strangler!.base, '--shadow-log', shadowLog];
    });
    expect(run.code, describeRun(run)).toBe(0);
    expect(run.stdout.trim().split('\n').at(-1)).toBe('calls: 80 ok, 0 failed');
    expect(await proxy.stop()).toBe(0);
    // Every caller was answered by the upstream, never by the candidate.
    expect(exchangeLines(proxy).filter((line) => line.includes(' → upstream 200 '))).toHaveLength(80);

    const lines = (await readFile(shadowLog, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { operation: string; binding: string; outcome: string });
    expect(lines).toHaveLength(80);
    expect(lines.map((l) => `${l.operation} ${l.binding}`).sort()).toEqual([...CALLS].sort());
    const different = lines.filter((l) => l.outcome !== 'same');
    expect(different.map((l) => `${l.operation} ${l.binding} ${l.outcome}`).sort()).toEqual(
      GET_TERM.map((index) => `${CALLS[index]} different`).sort(),
    );
    expect(proxy.output()).toContain(`80 exchanges, 76 same, 4 different, 0 errors (${shadowLog})`);
    expect(proxy.output()).toContain('different: GetTerm ×4');
    expect(await strangler!.stop()).toBe(0);
  }, 300_000);
});

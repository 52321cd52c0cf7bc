/**
 * The proxy's own overhead: the generated server (its own process, `async` handlers) called directly, through
 * `asmxgen proxy`, and through `asmxgen proxy --record` (each proxy its own process, its per-exchange lines to
 * /dev/null), SOAP 1.1 `Authenticate`, the same client and the same connections for all three. Two upstreams:
 * the generated server answering at once (`now`), and the same server answering after 10 ms (`10ms`: a legacy
 * service's pace, its process idle while it waits). Two measures, every contender of both interleaved slice by
 * slice as in the server section:
 *
 * - latency (upstream `now`): one caller, one request at a time on a kept-alive connection (`node:http`), each
 *   timed; the p50 added by a proxy is its p50 less the direct call's, in the same round;
 * - throughput: autocannon, `connections` connections; the ratio of a proxy's req/s to the direct call's of the
 *   same upstream, in the same round. Against the upstream answering at once, the load generator, the server
 *   and the proxy share the machine's cores, so the ratio is one of CPU: what the proxy spends per exchange
 *   against what the server and the load generator spend per request.
 *
 * The proxy's CPU per exchange is read from /proc (Linux), the direct server's from its own process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load, median, REPO_ROOT, rotate, sleep, startServer, type RunningServer } from './lib.js';
import { REQUESTS, type BenchRequest } from './requests.js';

export interface ProxySettings {
  readonly rounds: number;
  /** One-second throughput slices per contender and round. */
  readonly seconds: number;
  readonly connections: number;
  /** Sequential requests per contender and round, for latency. */
  readonly sequential: number;
}

export type ProxyUpstream = 'now' | '10ms';

export interface ProxyContender {
  readonly id: 'direct' | 'proxy' | 'proxy --record';
  readonly upstream: ProxyUpstream;
  /** Medians over the rounds. */
  readonly rps: number;
  readonly p50Ms: number;
  /** The proxy's CPU per exchange, µs (under throughput load); undefined for the direct call. */
  readonly proxyCpuUsPerExchange?: number;
  /** The direct call's: the server's CPU per request, µs. */
  readonly serverCpuUsPerRequest?: number;
}

export interface ProxyResults {
  readonly settings: ProxySettings;
  readonly contenders: readonly ProxyContender[];
  readonly ratios: readonly {
    readonly id: string;
    readonly upstream: ProxyUpstream;
    /** req/s through the proxy / req/s direct, per round. */
    readonly throughputPerRound: readonly number[];
    readonly throughput: number;
    /** p50 through the proxy − p50 direct, ms, per round (upstream `now` only). */
    readonly addedP50PerRound?: readonly number[];
    readonly addedP50Ms?: number;
  }[];
}

interface Proxy {
  readonly origin: string;
  readonly child: ChildProcess;
}

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * `asmxgen proxy` on a free port, its output (a line per exchange) to /dev/null: read through a pipe by this
 * process, busy with autocannon, the lines would fill the pipe and hold the proxy back.
 */
async function startProxy(upstream: string, record: string | undefined): Promise<Proxy> {
  const port = await freePort();
  const args = ['bin/asmxgen.js', 'proxy', '--upstream', upstream, '--port', String(port)];
  if (record !== undefined) args.push('--record', record);
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  const origin = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`asmxgen proxy exited (${child.exitCode})`);
    const up = await fetch(`${origin}/`).then(
      () => true,
      () => false,
    );
    if (up) return { origin, child };
    if (tries > 300) throw new Error('asmxgen proxy did not start');
    await sleep(100);
  }
}

/** CPU time (user and system) of a process so far, µs; undefined where /proc is not. */
function cpuUs(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / 100) * 1e6;
  } catch {
    return undefined;
  }
}

/** `count` requests one after the other on one kept-alive connection; the median time, ms. */
async function sequentialP50(origin: string, call: BenchRequest, count: number): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const started = performance.now();
      await new Promise<void>((resolve, reject) => {
        const req = request(origin + call.path, { method: call.method, headers: call.headers, agent }, (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`status ${res.statusCode}`))));
        });
        req.on('error', reject);
        req.end(call.body);
      });
      times.push(performance.now() - started);
    }
  } finally {
    agent.destroy();
  }
  return median(times);
}

const UPSTREAMS: readonly { readonly upstream: ProxyUpstream; readonly kind: 'generated' | 'generated-10ms' }[] = [
  { upstream: 'now', kind: 'generated' },
  { upstream: '10ms', kind: 'generated-10ms' },
];

export async function benchProxy(settings: ProxySettings, log: (line: string) => void): Promise<ProxyResults> {
  const dir = mkdtempSync(join(tmpdir(), 'asmxgen-bench-proxy-'));
  const servers: RunningServer[] = [];
  const proxies: Proxy[] = [];
  try {
    const contenders: {
      id: ProxyContender['id'];
      upstream: ProxyUpstream;
      origin: string;
      pid?: number;
      server?: RunningServer;
    }[] = [];
    for (const { upstream, kind } of UPSTREAMS) {
      const server = await startServer(kind);
      servers.push(server);
      const plain = await startProxy(server.origin, undefined);
      proxies.push(plain);
      const recording = await startProxy(server.origin, join(dir, `calls-${upstream}.har`));
      proxies.push(recording);
      contenders.push(
        { id: 'direct', upstream, origin: server.origin, server },
        { id: 'proxy', upstream, origin: plain.origin, pid: plain.child.pid },
        { id: 'proxy --record', upstream, origin: recording.origin, pid: recording.child.pid },
      );
    }
    const key = (c: { id: string; upstream: ProxyUpstream }) => `${c.id} @${c.upstream}`;
    const call = REQUESTS.soap11;
    for (const c of contenders) await load(c.origin, call, { connections: settings.connections, duration: 1 });
    const rounds = new Map(contenders.map((c) => [key(c), [] as { rps: number; p50?: number; cpu?: number }[]]));
    for (let round = 0; round < settings.rounds; round++) {
      const totals = new Map(contenders.map((c) => [key(c), { requests: 0, slices: 0, cpu: 0, p50: NaN }]));
      for (let slice = 0; slice < settings.seconds; slice++) {
        for (const c of rotate(contenders, round + slice)) {
          await sleep(300);
          const before = await cpuOf(c);
          const loaded = await load(c.origin, call, { connections: settings.connections, duration: 1 });
          const after = await cpuOf(c);
          if (loaded.errors > 0 || loaded.non2xx > 0) throw new Error(`${key(c)}: ${loaded.errors} errors under load`);
          const total = totals.get(key(c))!;
          total.requests += loaded.total;
          total.slices++;
          if (before !== undefined && after !== undefined) total.cpu += after - before;
        }
      }
      for (const c of rotate(contenders, round)) {
        if (c.upstream === 'now') totals.get(key(c))!.p50 = await sequentialP50(c.origin, call, settings.sequential);
      }
      for (const c of contenders) {
        const t = totals.get(key(c))!;
        const result = {
          rps: t.requests / t.slices,
          ...(!Number.isNaN(t.p50) && { p50: t.p50 }),
          cpu: t.cpu / t.requests,
        };
        rounds.get(key(c))!.push(result);
        log(
          `proxy: round ${round + 1}/${settings.rounds} ${key(c).padEnd(20)} ${result.rps.toFixed(0).padStart(6)} req/s` +
            `${result.p50 === undefined ? '' : `  sequential p50 ${result.p50.toFixed(3)} ms`}` +
            `  ${result.cpu.toFixed(0)} µs CPU/${c.server ? 'request (server)' : 'exchange (proxy)'}`,
        );
      }
    }
    return {
      settings,
      contenders: contenders.map((c) => {
        const list = rounds.get(key(c))!;
        const p50s = list.map((r) => r.p50).filter((v): v is number => v !== undefined);
        const cpu = median(list.map((r) => r.cpu!));
        return {
          id: c.id,
          upstream: c.upstream,
          rps: median(list.map((r) => r.rps)),
          p50Ms: p50s.length > 0 ? median(p50s) : NaN,
          ...(c.server ? { serverCpuUsPerRequest: cpu } : { proxyCpuUsPerExchange: cpu }),
        };
      }),
      ratios: UPSTREAMS.flatMap(({ upstream }) =>
        (['proxy', 'proxy --record'] as const).map((id) => {
          const list = rounds.get(key({ id, upstream }))!;
          const direct = rounds.get(key({ id: 'direct', upstream }))!;
          const throughputPerRound = list.map((r, i) => r.rps / direct[i]!.rps);
          const addedP50PerRound = upstream === 'now' ? list.map((r, i) => r.p50! - direct[i]!.p50!) : undefined;
          return {
            id: `${id} / direct`,
            upstream,
            throughputPerRound,
            throughput: median(throughputPerRound),
            ...(addedP50PerRound && { addedP50PerRound, addedP50Ms: median(addedP50PerRound) }),
          };
        }),
      ),
    };
  } finally {
    for (const proxy of proxies) {
      proxy.child.kill('SIGTERM');
      await new Promise((resolve) => (proxy.child.exitCode === null ? proxy.child.once('exit', resolve) : resolve(0)));
    }
    for (const server of servers) await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The CPU time a contender's process has used so far, µs: the proxy's from /proc, the server's from itself. */
async function cpuOf(c: { pid?: number; server?: RunningServer }): Promise<number | undefined> {
  if (c.pid !== undefined) return cpuUs(c.pid);
  if (!c.server) return undefined;
  const { cpu } = await c.server.stats();
  return cpu.user + cpu.system;
}

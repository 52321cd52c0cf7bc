/**
 * The proxy's own overhead: the generated server (its own process, `async` handlers) called directly, through
 * `asmxgen proxy`, and through `asmxgen proxy --record` (each proxy its own process, its per-exchange lines to
 * /dev/null), SOAP 1.1 `Authenticate`. Two measures, the contenders interleaved slice by slice as in the server
 * section:
 *
 * - latency: one caller, one request at a time on a kept-alive connection (`node:http`), each timed; the p50
 *   added by a proxy is its p50 less the direct call's, in the same round;
 * - throughput: autocannon, `connections` connections; the ratio of a proxy's req/s to the direct call's.
 *
 * The proxy's CPU per exchange is read from /proc (Linux), as the server section reads its servers'.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load, median, REPO_ROOT, rotate, sleep, startServer } from './lib.js';
import { REQUESTS, type BenchRequest } from './requests.js';

export interface ProxySettings {
  readonly rounds: number;
  /** One-second throughput slices per contender and round. */
  readonly seconds: number;
  readonly connections: number;
  /** Sequential requests per contender and round, for latency. */
  readonly sequential: number;
}

export interface ProxyContender {
  readonly id: 'direct' | 'proxy' | 'proxy --record';
  /** Medians over the rounds. */
  readonly rps: number;
  readonly p50Ms: number;
  /** The proxy's CPU per exchange, µs (under throughput load); undefined for the direct call. */
  readonly proxyCpuUsPerExchange?: number;
}

export interface ProxyResults {
  readonly settings: ProxySettings;
  readonly contenders: readonly ProxyContender[];
  readonly ratios: readonly {
    readonly id: string;
    /** req/s through the proxy / req/s direct, per round. */
    readonly throughputPerRound: readonly number[];
    readonly throughput: number;
    /** p50 through the proxy − p50 direct, ms, per round. */
    readonly addedP50PerRound: readonly number[];
    readonly addedP50Ms: number;
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

export async function benchProxy(settings: ProxySettings, log: (line: string) => void): Promise<ProxyResults> {
  const dir = mkdtempSync(join(tmpdir(), 'asmxgen-bench-proxy-'));
  const server = await startServer('generated');
  const proxies: Proxy[] = [];
  try {
    const plain = await startProxy(server.origin, undefined);
    const recording = await startProxy(server.origin, join(dir, 'calls.har'));
    proxies.push(plain, recording);
    const contenders = [
      { id: 'direct', origin: server.origin, pid: undefined },
      { id: 'proxy', origin: plain.origin, pid: plain.child.pid },
      { id: 'proxy --record', origin: recording.origin, pid: recording.child.pid },
    ] as const;
    const call = REQUESTS.soap11;
    for (const c of contenders) await load(c.origin, call, { connections: settings.connections, duration: 1 });
    const rounds = new Map(contenders.map((c) => [c.id, [] as { rps: number; p50: number; cpu?: number }[]]));
    for (let round = 0; round < settings.rounds; round++) {
      const totals = new Map(contenders.map((c) => [c.id, { requests: 0, slices: 0, cpu: 0, p50: 0 }]));
      for (let slice = 0; slice < settings.seconds; slice++) {
        for (const c of rotate(contenders, round + slice)) {
          await sleep(300);
          const before = c.pid === undefined ? undefined : cpuUs(c.pid);
          const loaded = await load(c.origin, call, { connections: settings.connections, duration: 1 });
          const after = c.pid === undefined ? undefined : cpuUs(c.pid);
          if (loaded.errors > 0 || loaded.non2xx > 0) throw new Error(`${c.id}: ${loaded.errors} errors under load`);
          const total = totals.get(c.id)!;
          total.requests += loaded.total;
          total.slices++;
          if (before !== undefined && after !== undefined) total.cpu += after - before;
        }
      }
      for (const c of rotate(contenders, round)) {
        totals.get(c.id)!.p50 = await sequentialP50(c.origin, call, settings.sequential);
      }
      for (const c of contenders) {
        const t = totals.get(c.id)!;
        const result = {
          rps: t.requests / t.slices,
          p50: t.p50,
          ...(c.pid !== undefined && { cpu: t.cpu / t.requests }),
        };
        rounds.get(c.id)!.push(result);
        log(
          `proxy: round ${round + 1}/${settings.rounds} ${c.id.padEnd(15)} ${result.rps.toFixed(0).padStart(6)} req/s` +
            `  sequential p50 ${result.p50.toFixed(3)} ms${result.cpu === undefined ? '' : `  ${result.cpu.toFixed(0)} µs CPU/exchange`}`,
        );
      }
    }
    const direct = rounds.get('direct')!;
    return {
      settings,
      contenders: contenders.map((c) => {
        const list = rounds.get(c.id)!;
        const cpu = list.map((r) => r.cpu).filter((v): v is number => v !== undefined);
        return {
          id: c.id,
          rps: median(list.map((r) => r.rps)),
          p50Ms: median(list.map((r) => r.p50)),
          ...(cpu.length > 0 && { proxyCpuUsPerExchange: median(cpu) }),
        };
      }),
      ratios: (['proxy', 'proxy --record'] as const).map((id) => {
        const list = rounds.get(id)!;
        const throughputPerRound = list.map((r, i) => r.rps / direct[i]!.rps);
        const addedP50PerRound = list.map((r, i) => r.p50 - direct[i]!.p50);
        return {
          id: `${id} / direct`,
          throughputPerRound,
          throughput: median(throughputPerRound),
          addedP50PerRound,
          addedP50Ms: median(addedP50PerRound),
        };
      }),
    };
  } finally {
    for (const proxy of proxies) {
      proxy.child.kill('SIGTERM');
      await new Promise((resolve) => (proxy.child.exitCode === null ? proxy.child.once('exit', resolve) : resolve(0)));
    }
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

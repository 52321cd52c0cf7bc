/**
 * What the bench's sections share: child processes (servers, clients, commands), the load generator, and
 * the statistics of rounds.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { REPO_ROOT } from './paths.js';
import type { BenchRequest } from './requests.js';
import type { ServerKind } from './server-child.js';
import type { ClientKind } from './client-child.js';

export { REPO_ROOT };

// The compiled bench: children run its .js files, beside this one.
const SERVER_CHILD = fileURLToPath(new URL('./server-child.js', import.meta.url));
const CLIENT_CHILD = fileURLToPath(new URL('./client-child.js', import.meta.url));

export interface ServerStats {
  readonly calls: number;
  readonly memory: NodeJS.MemoryUsage;
  readonly gc: boolean;
  /** CPU time the server's process has used so far, µs. */
  readonly cpu: NodeJS.CpuUsage;
}

export interface RunningServer {
  readonly kind: ServerKind;
  readonly origin: string;
  stats(): Promise<ServerStats>;
  /** Stops the server and waits for its process to exit (a `--cpu-prof` child writes its profile then). */
  stop(): Promise<void>;
}

function reply<T>(child: ChildProcess, accept: (message: unknown) => message is T): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      if (!accept(message)) return;
      cleanup();
      resolve(message);
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`bench child exited (code ${code}) before answering`));
    };
    const cleanup = () => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

const has =
  <K extends string>(key: K) =>
  (message: unknown): message is Record<K, unknown> =>
    typeof message === 'object' && message !== null && key in message;

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  if (child.connected) child.send('stop');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export async function startServer(kind: ServerKind, nodeOptions: readonly string[] = []): Promise<RunningServer> {
  const child = fork(SERVER_CHILD, [kind], {
    execArgv: [...nodeOptions],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { port } = (await reply(child, has('port'))) as { port: number };
  return {
    kind,
    origin: `http://127.0.0.1:${port}`,
    stats: async () => {
      const answer = reply(child, has('memory'));
      child.send('stats');
      return (await answer) as unknown as ServerStats;
    },
    stop: () => stopChild(child),
  };
}

export interface ClientRun {
  readonly calls: number;
  readonly errors: number;
  readonly firstError?: string;
  readonly ms: number;
  /** CPU time (user + system) of the client's process over the run, in µs. */
  readonly cpuMicros: number;
}

export interface RunningClient {
  readonly kind: ClientKind;
  run(ms: number, concurrency: number): Promise<ClientRun>;
  stop(): Promise<void>;
}

export async function startClient(
  kind: ClientKind,
  url: string,
  nodeOptions: readonly string[] = [],
): Promise<RunningClient> {
  const child = fork(CLIENT_CHILD, [kind, url], {
    execArgv: [...nodeOptions],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await reply(child, has('ready'));
  return {
    kind,
    run: async (ms, concurrency) => {
      const answer = reply(child, has('calls'));
      child.send({ run: { ms, concurrency } });
      return (await answer) as unknown as ClientRun;
    },
    stop: () => stopChild(child),
  };
}

export interface LoadResult {
  /** Mean of the per-second request counts. */
  readonly rps: number;
  readonly total: number;
  /** Latency percentiles, ms. */
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
  readonly non2xx: number;
}

/** autocannon against `origin` with `request`, for `duration` seconds or until `amount` requests. */
export async function load(
  origin: string,
  request: BenchRequest,
  options: { connections: number; duration?: number; amount?: number },
): Promise<LoadResult> {
  const result = await autocannon({
    url: origin + request.path,
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
    connections: options.connections,
    pipelining: 1,
    ...(options.amount === undefined ? { duration: options.duration ?? 5 } : { amount: options.amount }),
  });
  return {
    rps: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** Runs a command to its end; resolves to its wall time in ms. Rejects when it fails. */
export async function timeCommand(command: string, args: readonly string[], options: { cwd?: string } = {}) {
  const started = performance.now();
  const child = spawn(command, args, { cwd: options.cwd ?? REPO_ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => void (stderr = (stderr + chunk).slice(-4000)));
  const [code] = (await once(child, 'exit')) as [number | null];
  const ms = performance.now() - started;
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${code}:\n${stderr}`);
  return ms;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** `items` rotated by `round`: each round starts with the next contender, so none is always first. */
export function rotate<T>(items: readonly T[], round: number): T[] {
  const shift = round % items.length;
  return [...items.slice(shift), ...items.slice(0, shift)];
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The recording proxy under sustained load: `asmxgen proxy --record` (its own process) between a local upstream
 * that answers at once and several concurrent callers (a worker thread), for ASMXGEN_SOAK_PROXY_EXCHANGES
 * exchanges (default 10⁶). The proxy's RSS is sampled all along and must stay flat: past the first tenth, the
 * highest sample of the second half within a small margin of the first half's. Then SIGKILL, callers still
 * sending; `asmxgen replay` reads the HAR left behind (its RSS sampled too) and finds every exchange a caller saw
 * finish, each answered the same again.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { harFileEntries } from '../../generator/migrate/stream-har.js';
import { ROOT, startCliServer, tempDir } from '../cli/run-cli.js';

const TOTAL = Number(process.env.ASMXGEN_SOAK_PROXY_EXCHANGES ?? 1_000_000);
const CONNECTIONS = 16;
const MB = 1024 * 1024;
/** How far the second half's highest RSS may be above the first half's. */
const MARGIN = 24 * MB;

let upstream: http.Server;
let upstreamUrl = '';
beforeAll(async () => {
  upstream = http.createServer({ keepAliveTimeout: 60_000 }, (req, res) => {
    req.resume();
    req.on('end', () => {
      res.sendDate = false;
      const body = `<?xml version="1.0" encoding="utf-8"?>\r\n<string xmlns="App.WebService">${req.url}</string>`;
      res.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(() => {
  upstream.closeAllConnections();
  upstream.close();
});

/** A process's resident set, from /proc. */
function rssOf(pid: number): number | undefined {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** A process's CPU time so far (user and system), in seconds, from /proc. */
function cpuOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface Sample {
  readonly done: number;
  readonly rss: number;
}

/** The highest RSS of each half of the samples taken past the first tenth. */
function halves(samples: readonly Sample[], total: number): { first: number; second: number } {
  const past = samples.filter((s) => s.done >= total * 0.1);
  const middle = total * 0.55;
  const max = (list: readonly Sample[]) => Math.max(...list.map((s) => s.rss));
  return { first: max(past.filter((s) => s.done < middle)), second: max(past.filter((s) => s.done >= middle)) };
}

/**
 * The least-squares slope of RSS against exchanges done, past the first tenth (bytes per exchange): what the
 * proxy would grow by over a run, were anything kept per exchange.
 */
/**
 * Bytes of RSS per exchange over the second half of the run, by least squares. The first half holds V8's warm-up (its
 * heap grows to the size the load needs, then stays); a leak grows linearly throughout, so it shows here too.
 */
function slope(samples: readonly Sample[], total: number): number {
  const past = samples.filter((s) => s.done >= total * 0.5);
  const n = past.length;
  const meanX = past.reduce((sum, s) => sum + s.done, 0) / n;
  const meanY = past.reduce((sum, s) => sum + s.rss, 0) / n;
  let xy = 0;
  let xx = 0;
  for (const s of past) {
    xy += (s.done - meanX) * (s.rss - meanY);
    xx += (s.done - meanX) ** 2;
  }
  return xx === 0 ? 0 : xy / xx;
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MiB`;

// Ten minutes, and 2 ms an exchange more (recording, then replay and reading the HAR): on 2 cores, about 4,400
// exchanges a second are recorded and as many replayed, so 10⁶ take about 8 minutes in all.
vi.setConfig({ testTimeout: 10 * 60_000 + TOTAL * 2 });

it(`records ${TOTAL} exchanges with flat RSS; after SIGKILL, replay finds every finished one`, async () => {
  expect(process.platform, 'RSS is read from /proc').toBe('linux');
  const har = join(await tempDir(), 'calls.har');
  const proxy = await startCliServer(
    ['proxy', '--upstream', upstreamUrl, '--record', har, '--port', '0'],
    /proxying \w+ at (http:\/\/[^/\s]+)/,
  );
  // One line per exchange: read and dropped, not kept.
  proxy.child.stdout!.removeAllListeners('data');
  proxy.child.stdout!.resume();
  const port = Number(new URL(proxy.address).port);
  // A byte per id: the callers send no id past the end (the proxy is killed long before).
  const finished = new SharedArrayBuffer(Math.ceil(TOTAL * 1.5) + 10_000);
  const counter = new SharedArrayBuffer(4);
  const count = new Int32Array(counter);
  const worker = new Worker(new URL('./proxy-load-worker.mjs', import.meta.url), {
    workerData: { port, connections: CONNECTIONS, finished, counter },
  });
  const workerDone = new Promise<{ sent: number }>((resolve, reject) => {
    worker.on('message', (message: { type: string; sent: number }) => message.type === 'done' && resolve(message));
    worker.on('error', reject);
  });

  const started = Date.now();
  const samples: Sample[] = [];
  while (Atomics.load(count, 0) < TOTAL) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const rss = rssOf(proxy.child.pid!);
    if (rss !== undefined) samples.push({ done: Atomics.load(count, 0), rss });
  }
  const cpu = cpuOf(proxy.child.pid!);
  // Mid-run: the callers are still sending.
  proxy.child.kill('SIGKILL');
  await proxy.exited;
  const seconds = (Date.now() - started) / 1000;
  worker.postMessage('stop');
  const { sent } = await workerDone;
  await worker.terminate();
  const flags = new Uint8Array(finished);
  const finishedCount = flags.reduce((sum, flag) => sum + flag, 0);

  const { first, second } = halves(samples, TOTAL);
  const growth = slope(samples, TOTAL);
  console.log(
    `proxy --record: ${finishedCount} exchanges finished in ${seconds.toFixed(0)} s ` +
      `(${Math.round(finishedCount / seconds)}/s, ${CONNECTIONS} callers; proxy CPU ` +
      `${Math.round((cpu / finishedCount) * 1e6)} µs per exchange), ${sent} sent; RSS at start ` +
      `${mb(samples[0]!.rss)}, highest ${mb(first)} over the first half, ${mb(second)} over the second; ` +
      `slope ${growth.toFixed(2)} bytes per exchange (${mb(growth * TOTAL * 0.5)} over the second half)`,
  );
  expect(second, `RSS ${mb(first)} → ${mb(second)}`).toBeLessThanOrEqual(first + MARGIN);
  expect(growth * TOTAL * 0.5, `RSS slope ${growth.toFixed(2)} bytes per exchange`).toBeLessThanOrEqual(MARGIN);

  // replay, as a process whose RSS is sampled too, against the same upstream: every exchange the same.
  const replayStarted = Date.now();
  const replay = spawn(
    process.execPath,
    [join(ROOT, 'bin/asmxgen.js'), 'replay', har, '--against', upstreamUrl, '--concurrency', '16'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  replay.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  replay.stderr.setEncoding('utf8').on('data', (d: string) => (out = (out + d).slice(-10_000)));
  const replaySamples: number[] = [];
  const sampler = setInterval(() => {
    const rss = rssOf(replay.pid!);
    if (rss !== undefined) replaySamples.push(rss);
  }, 250);
  const code = await new Promise<number | null>((resolve) => replay.on('close', resolve));
  clearInterval(sampler);
  const summary = /(\d+) exchanges: (\d+) same, 0 different, 0 errors/.exec(out);
  console.log(
    `replay: ${summary?.[0] ?? out.slice(-500)} in ${((Date.now() - replayStarted) / 1000).toFixed(0)} s, ` +
      `RSS highest ${mb(Math.max(...replaySamples))}`,
  );
  expect([code, summary?.[1] === summary?.[2]], out.slice(-2000)).toEqual([0, true]);
  expect(Math.max(...replaySamples)).toBeLessThan(256 * MB);

  // Every exchange a caller saw finish is in the recording, once.
  const recorded = new Uint8Array(Math.max(flags.length, sent));
  let entries = 0;
  for await (const entry of harFileEntries(har)) {
    const id = Number(/(?:id|requestJson)=(\d+)$/.exec(entry.request.url)![1]);
    expect(recorded[id], `id ${id} twice`).toBe(0);
    recorded[id] = 1;
    entries++;
  }
  expect(entries).toBe(Number(summary![1]));
  const missing = flags.reduce((list: number[], flag, id) => (flag && !recorded[id] ? [...list, id] : list), []);
  expect(missing).toEqual([]);
  expect(entries).toBeGreaterThanOrEqual(TOTAL);
});

/**
 * 10^4 idle connections against the generated server (headersTimeoutMs 3 s):
 * opened from a child process (its own file descriptors), they send nothing.
 * The server keeps serving normal requests meanwhile, closes every one of
 * them (Node's 408) once its headers are overdue, and its memory comes back.
 */
import { spawn } from 'node:child_process';
import { expect, it } from 'vitest';
import { expectServing, startServer } from '../security/helpers.js';

const COUNT = 10_000;
const HEADERS_TIMEOUT_MS = 3000;
const MB = 1024 * 1024;

/** Opens `count` connections in batches, reports them open, then reports each one's lifetime as the server ends it. */
const CLIENT = `
const { connect } = require('node:net');
const [port, count, waitMs] = process.argv.slice(1).map(Number);
const lifetimes = [];
let timedOut = 0, got408 = 0, other = 0, failed = 0;
const sockets = [];
function open() {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let openedAt = 0;
    let data = '';
    socket.on('connect', () => { openedAt = performance.now(); resolve(); });
    socket.on('data', (chunk) => (data += chunk));
    socket.on('error', () => { if (!openedAt) { failed++; resolve(); } });
    socket.on('close', () => {
      if (!openedAt) return;
      lifetimes.push(performance.now() - openedAt);
      if (data.startsWith('HTTP/1.1 408')) got408++; else other++;
    });
    sockets.push(socket);
  });
}
(async () => {
  for (let i = 0; i < count; i += 500) await Promise.all(Array.from({ length: Math.min(500, count - i) }, open));
  process.stdout.write(JSON.stringify({ type: 'open', open: count - failed, failed }) + '\\n');
  const deadline = Date.now() + waitMs;
  while (lifetimes.length + failed < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  timedOut = count - failed - lifetimes.length;
  for (const s of sockets) s.destroy();
  lifetimes.sort((a, b) => a - b);
  process.stdout.write(JSON.stringify({ type: 'done', closed: lifetimes.length, timedOut, got408, other, failed,
    minMs: Math.round(lifetimes[0] ?? -1), maxMs: Math.round(lifetimes[lifetimes.length - 1] ?? -1) }) + '\\n');
})();
`;

interface Report {
  type: string;
  open?: number;
  closed?: number;
  timedOut?: number;
  got408?: number;
  other?: number;
  failed?: number;
  minMs?: number;
  maxMs?: number;
}

it(`${COUNT} idle connections: still serving, every one closed after headersTimeoutMs, memory back`, async () => {
  const server = await startServer({ headersTimeoutMs: HEADERS_TIMEOUT_MS, requestTimeoutMs: 2 * HEADERS_TIMEOUT_MS });
  try {
    global.gc?.();
    const before = process.memoryUsage();
    const child = spawn(
      process.execPath,
      ['-e', CLIENT, String(server.port), String(COUNT), String(HEADERS_TIMEOUT_MS + 30_000)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    // Listened to at once: the child may be gone before its last report is read.
    const exited = new Promise((resolve) => child.on('exit', resolve));
    const reports: Report[] = [];
    let buffered = '';
    const next = (type: string) =>
      new Promise<Report>((resolve, reject) => {
        const timer = setTimeout(() => {
          clearInterval(poll);
          child.kill();
          reject(new Error(`no ${type} report`));
        }, 120_000);
        const poll = setInterval(() => {
          const found = reports.find((r) => r.type === type);
          if (found) {
            clearInterval(poll);
            clearTimeout(timer);
            resolve(found);
          }
        }, 20);
      });
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      let newline: number;
      while ((newline = buffered.indexOf('\n')) !== -1) {
        reports.push(JSON.parse(buffered.slice(0, newline)) as Report);
        buffered = buffered.slice(newline + 1);
      }
    });
    const opened = await next('open');
    const held = process.memoryUsage();
    await expectServing(server);
    const done = await next('done');
    await exited;
    await expectServing(server);
    global.gc?.();
    global.gc?.();
    const after = process.memoryUsage();
    const figures = {
      open: opened.open,
      failed: opened.failed,
      closed: done.closed,
      timedOut: done.timedOut,
      got408: done.got408,
      lifetimeMs: [done.minMs, done.maxMs],
      rssMB: [before.rss, held.rss, after.rss].map((n) => Number((n / MB).toFixed(1))),
      heapMB: [before.heapUsed, held.heapUsed, after.heapUsed].map((n) => Number((n / MB).toFixed(1))),
    };
    console.log(`idle soak: ${JSON.stringify(figures)}`);
    expect({ open: opened.open, failed: opened.failed }).toEqual({ open: COUNT, failed: 0 });
    expect({ closed: done.closed, timedOut: done.timedOut, got408: done.got408 }).toEqual({
      closed: COUNT,
      timedOut: 0,
      got408: COUNT,
    });
    expect(done.minMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS * 0.8);
    expect(done.maxMs).toBeLessThan(HEADERS_TIMEOUT_MS + 5000);
    expect(after.heapUsed - before.heapUsed).toBeLessThan(16 * MB);
  } finally {
    await server.close();
  }
});

/**
 * Sessions shared by several instances through a real Redis (Debian's `redis-server`, started here on a free port
 * with no persistence): two `asmxgen serve` processes of the `sessions` golden spec with `--session-store`, and one
 * with `--workers 2`. A session counter goes on from one process to the other whatever the protocol (JSON, SOAP
 * 1.1, HTTP POST), with the one cookie the first call set; the session's key lives `--session-timeout` in Redis,
 * refreshed by each call, and the session is gone once that time has passed without a call. Concurrent calls of
 * one session on both processes follow each other (the session's lock, a key in Redis): none loses another's write.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, cliProcess, startCliServer, tempDir, type CliServer } from '../cli/run-cli.js';
import { send } from '../server/raw-http.js';
import { requireProgram } from './require-program.js';

const REDIS = requireProgram({ what: 'Redis', packages: 'redis-server', programs: ['/usr/bin/redis-server'] });
const SPEC = join(ROOT, 'test/golden/sessions/spec.yaml');
/** The session timeout of the served instances: 6 s, long enough for a loaded machine to make the calls within it. */
const TIMEOUT_MINUTES = 0.1;
const TIMEOUT_MS = TIMEOUT_MINUTES * 60_000;

const HANDLERS = `export const handlers = {
  async Count(_input, ctx) {
    ctx.setHeader('X-Worker', String(process.pid));
    const n = ((await ctx.session.get('n')) ?? 0) + 1;
    // Time between the read and the write, for another call of the session to come in (without the lock).
    await new Promise((resolve) => setTimeout(resolve, 5));
    await ctx.session.set('n', n);
    return n;
  },
  async Reset(_input, ctx) {
    await ctx.session.abandon();
  },
  async Peek(_input, ctx) {
    return (await ctx.session.get('n')) ?? 0;
  },
  Echo({ text }) {
    return text;
  },
};
`;

/** A started redis-server, without persistence, on the first port of 18320-18329 it can listen on. */
async function startRedis(): Promise<{ process: ChildProcess; port: number }> {
  let last = '';
  for (let port = 18320; port <= 18329; port++) {
    const child = spawn(
      '/usr/bin/redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    const ready = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 20_000);
      const poll = setInterval(() => {
        if (/Ready to accept connections/.test(output)) done(true);
      }, 50);
      // A port in use: redis-server says so and exits.
      child.once('exit', () => done(false));
      function done(ok: boolean) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve(ok);
      }
    });
    if (ready) return { process: child, port };
    child.kill('SIGKILL');
    last = output;
  }
  throw new Error(`redis-server could not listen on any port of 18320-18329:\n${last}`);
}

let redis: ChildProcess | undefined;
let redisUrl = '';
let client: Redis | undefined;
const served: CliServer[] = [];

beforeAll(async () => {
  if (!REDIS.available) return;
  const started = await startRedis();
  redis = started.process;
  const port = started.port;
  redisUrl = `redis://127.0.0.1:${port}`;
  client = new Redis(redisUrl);
}, 30_000);

afterAll(async () => {
  for (const server of served) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  await client?.quit();
  redis?.kill('SIGTERM');
});

async function serve(args: string[]): Promise<string> {
  const dir = await tempDir();
  await writeFile(join(dir, 'handlers.mjs'), HANDLERS);
  const server = await startCliServer(
    ['serve', '--port', '0', '--spec', SPEC, '--impl', join(dir, 'handlers.mjs'), '--session-store', redisUrl, ...args],
    /serving \w+ at (http:\S+)/,
    { timeoutMs: 60_000 },
  );
  served.push(server);
  return server.address;
}

interface Reply {
  readonly status: number;
  readonly text: string;
  readonly cookie: string | null;
}

async function call(url: string, init: RequestInit): Promise<Reply> {
  const response = await fetch(url, init);
  return { status: response.status, text: await response.text(), cookie: response.headers.get('set-cookie') };
}

const json = (url: string, op: string, id?: string) =>
  call(`${url}/${op}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...cookie(id) },
    body: '{}',
  });
const soap11 = (url: string, op: string, id?: string) =>
  call(url, {
    method: 'POST',
    headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"urn:example:sessions/${op}"`, ...cookie(id) },
    body: `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><${op} xmlns="urn:example:sessions" /></soap:Body></soap:Envelope>`,
  });
const httpPost = (url: string, op: string, id?: string) =>
  call(`${url}/${op}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...cookie(id) },
    body: '',
  });

function cookie(id: string | undefined): Record<string, string> {
  return id === undefined ? {} : { Cookie: `ASP.NET_SessionId=${id}` };
}

const COOKIE = /^ASP\.NET_SessionId=([a-z0-5]{24}); path=\/; HttpOnly; SameSite=Lax$/;
const soapCount = (n: number) =>
  `<CountResponse xmlns="urn:example:sessions"><CountResult>${n}</CountResult></CountResponse>`;
const xmlInt = (n: number) => `<int xmlns="urn:example:sessions">${n}</int>`;

describe('sessions in Redis, shared by several instances', () => {
  it('count 1, 2, 3 … across two serve processes, with one cookie over JSON, SOAP and HTTP POST', async (ctx) => {
    REDIS.need(ctx);
    const timeout = ['--session-timeout', String(TIMEOUT_MINUTES)];
    const [a, b] = await Promise.all([serve(timeout), serve(timeout)]);

    const first = await json(a!, 'Count');
    expect([first.status, first.text]).toEqual([200, '{"d":1}']);
    const id = COOKIE.exec(first.cookie ?? '')?.[1];
    expect(id, String(first.cookie)).toBeDefined();

    const second = await soap11(b!, 'Count', id);
    expect([second.status, second.cookie]).toEqual([200, null]);
    expect(second.text).toContain(soapCount(2));
    const third = await httpPost(a!, 'Count', id);
    expect([third.status, third.cookie]).toEqual([200, null]);
    expect(third.text).toContain(xmlInt(3));
    expect(await json(b!, 'Count', id)).toEqual({ status: 200, text: '{"d":4}', cookie: null });

    // One key per session, its time to live the session timeout, refreshed by every call.
    const key = `asmxgen:session:${id}`;
    expect(await client!.keys('asmxgen:session:*')).toEqual([key]);
    expect(await client!.hgetall(key)).toEqual({ n: '4' });
    const ttl = await client!.pttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(TIMEOUT_MS);

    // Past the timeout without a call, the session is gone on both; a call writing to it starts it again under
    // the same id, so no new cookie.
    await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS + 300));
    expect(await client!.exists(key)).toBe(0);
    expect(await json(b!, 'Peek', id)).toEqual({ status: 200, text: '{"d":0}', cookie: null });
    expect(await json(a!, 'Count', id)).toEqual({ status: 200, text: '{"d":1}', cookie: null });

    // Abandoned on one instance, gone on the other.
    expect((await json(b!, 'Reset', id)).status).toBe(200);
    expect(await client!.exists(key)).toBe(0);
    expect(await json(a!, 'Peek', id)).toEqual({ status: 200, text: '{"d":0}', cookie: null });
  }, 120_000);

  it('serialize the calls of one session across two serve processes: concurrent increments end at N', async (ctx) => {
    REDIS.need(ctx);
    const [a, b] = await Promise.all([serve([]), serve([])]);
    const first = await json(a!, 'Count');
    const id = COOKIE.exec(first.cookie ?? '')?.[1];
    expect([first.text, id === undefined]).toEqual(['{"d":1}', false]);
    const replies = await Promise.all(Array.from({ length: 12 }, (_, i) => json(i % 2 === 0 ? a! : b!, 'Count', id)));
    // Each call saw the one before it, whichever process served it: 2 … 13, none lost.
    expect(replies.map((r) => Number(/^\{"d":(\d+)\}$/.exec(r.text)?.[1])).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 2),
    );
    expect(await client!.hgetall(`asmxgen:session:${id}`)).toEqual({ n: '13' });
    // The lock is a key of its own while a call holds it, and gone after.
    expect(await client!.exists(`asmxgen:session:${id}:lock`)).toBe(0);
  }, 120_000);

  it('serve --workers 2 shares the sessions of its workers in Redis', async (ctx) => {
    REDIS.need(ctx);
    const url = new URL(await serve(['--workers', '2']));
    // A fresh connection per call (node:http, no agent): the cluster hands them to the workers in turn.
    const count = (id?: string) =>
      send(Number(url.port), `${url.pathname}/Count`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json; charset=utf-8', ...cookie(id) },
        body: '{}',
      });
    const first = await count();
    const id = COOKIE.exec(first.headers['set-cookie']?.[0] ?? '')?.[1];
    expect([first.text, id === undefined]).toEqual(['{"d":1}', false]);
    const replies = [first];
    for (let i = 0; i < 5; i++) replies.push(await count(id));
    expect(replies.map((r) => r.text)).toEqual(['{"d":1}', '{"d":2}', '{"d":3}', '{"d":4}', '{"d":5}', '{"d":6}']);
    expect(new Set(replies.map((r) => r.headers['x-worker'])).size).toBe(2);
  }, 120_000);
});

describe('serve options for sessions', () => {
  it('refuse --workers without a shared store for a service with enableSession operations, saying what to do', async () => {
    const r = await cliProcess(['serve', '--port', '0', '--spec', SPEC, '--workers', '2', '--quiet']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'asmxgen: --workers 2 cannot keep the sessions of Count, Reset, Peek (enableSession) in memory: each worker ' +
        'would have its own, and a call landing on another worker would not find its session. Share them in Redis ' +
        'with --session-store redis://host:port, or serve with one worker.\n',
    );
  }, 60_000);

  it('takes a redis:// store and a positive timeout only', async () => {
    const store = await cliProcess(['serve', '--port', '0', '--session-store', 'http://cache:6379', '--quiet']);
    expect([store.code, store.stderr]).toEqual([
      2,
      'asmxgen: --session-store must be a redis:// URL (redis://host:port), not "http://cache:6379".\n' +
        'Run `asmxgen serve --help` for its options.\n',
    ]);
    const timeout = await cliProcess(['serve', '--port', '0', '--session-timeout', '0', '--quiet']);
    expect([timeout.code, timeout.stderr]).toEqual([
      2,
      'asmxgen: --session-timeout must be a positive number of minutes, not "0".\n' +
        'Run `asmxgen serve --help` for its options.\n',
    ]);
  });
});

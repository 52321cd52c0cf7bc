/**
 * SIGTERM during load against `node bin/asmxgen.js serve` as a child process,
 * serving an `--impl` whose handlers take 50 ms and print every call: 256
 * keep-alive connections keep sending (a worker thread), SIGTERM arrives, the
 * load goes on a while, then stops. Requests in flight at SIGTERM complete;
 * new connections are refused; every handler call has exactly one reply and
 * every reply one call (nothing lost, nothing cut in half); exit code 0.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { service } from '../../generated/index.js';
import { cli, ROOT } from '../cli/run-cli.js';

const CONNECTIONS = 256;
const HANDLER_MS = 50;
const OPERATIONS = service.operations.filter((op) => op.parameters.length > 0).map((op) => op.name);
const now = () => performance.timeOrigin + performance.now();

let dir = '';
let impl = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'asmxgen-shutdown-'));
  impl = join(dir, 'handlers.ts');
  expect((await cli('generate', '--out', join(dir, 'generated'), '--impl', impl)).code).toBe(0);
  await writeFile(
    impl,
    [
      "import { service, type AuthenticationWebServiceHandlers } from './generated/index.js';",
      '',
      'async function call(input: { requestJson?: string }, ctx: { transport: string }): Promise<void> {',
      `  await new Promise((resolve) => setTimeout(resolve, ${HANDLER_MS}));`,
      '  process.stdout.write(`got ${input.requestJson} ${ctx.transport}\\n`);',
      '}',
      '',
      'export const handlers = Object.fromEntries(',
      '  service.operations.map((op) => [op.name, call]),',
      ') as unknown as AuthenticationWebServiceHandlers;',
      '',
    ].join('\n'),
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

interface Served {
  readonly child: ChildProcess;
  readonly port: number;
  readonly path: string;
  output(): string;
  readonly exited: Promise<{ code: number | null; at: number }>;
}

async function serve(extra: string[]): Promise<Served> {
  const child = spawn(
    process.execPath,
    [join(ROOT, 'bin/asmxgen.js'), 'serve', '--port', '0', '--impl', impl, ...extra],
    {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.on('exit', (code) => resolve({ code, at: now() })),
  );
  const started = now();
  for (;;) {
    const match = /serving \w+ at http:\/\/127\.0\.0\.1:(\d+)(\S+)/.exec(out);
    if (match) return { child, port: Number(match[1]), path: match[2]!, output: () => out, exited };
    if (child.exitCode !== null || now() - started > 30_000) throw new Error(`serve did not start:\n${out}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface RequestRecord {
  readonly id: number;
  readonly startedAt: number;
  readonly endedAt: number;
  readonly status: number;
  readonly error: string | undefined;
  readonly wrong: string | undefined;
  readonly reused: boolean;
}

/** Load on `served` for `beforeMs`, SIGTERM, load for `afterMs` more; every request's record, and when. */
async function loadThroughShutdown(served: Served, beforeMs: number, afterMs: number) {
  const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
    workerData: {
      port: served.port,
      path: served.path,
      operations: OPERATIONS,
      connections: CONNECTIONS,
      deadlineMs: 60_000,
    },
  });
  const done = new Promise<{ records: RequestRecord[] }>((resolve, reject) => {
    worker.on('message', (message: { type: string }) => {
      if (message.type === 'done') resolve(message as never);
    });
    worker.on('error', reject);
  });
  await new Promise((resolve) => setTimeout(resolve, beforeMs));
  const termAt = now();
  served.child.kill('SIGTERM');
  // New connections, once the server has taken the signal (it says so, then closes its listening socket): refused.
  while (!served.output().includes('stopping (SIGTERM)') && now() - termAt < 10_000) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
  const fresh = await Promise.all(
    Array.from(
      { length: 20 },
      () =>
        new Promise<string>((resolve) => {
          const req = request(
            { host: '127.0.0.1', port: served.port, path: `${served.path}?wsdl`, agent: false },
            (res) => {
              res.resume();
              resolve(String(res.statusCode));
            },
          );
          req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
          req.end();
        }),
    ),
  );
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, afterMs - (now() - termAt))));
  worker.postMessage('stop');
  const { records } = await done;
  await worker.terminate();
  const exit = await Promise.race([
    served.exited,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('serve did not exit')), 30_000)),
  ]);
  const calls = new Map<number, number>();
  for (const match of served.output().matchAll(/^got s(\d+) \w+$/gm)) {
    const id = Number(match[1]);
    calls.set(id, (calls.get(id) ?? 0) + 1);
  }
  const before = records.filter((r) => r.startedAt < termAt);
  const after = records.filter((r) => r.startedAt >= termAt);
  const ok = (r: RequestRecord) => r.error === undefined && r.wrong === undefined;
  const tally = (list: RequestRecord[]) => {
    const counts: Record<string, number> = {};
    for (const r of list) {
      const key = ok(r) ? '200' : (r.error ?? r.wrong!.slice(0, 3));
      counts[key] = (counts[key] ?? 0) + 1;
    }
    return counts;
  };
  const figures = {
    requests: records.length,
    beforeSigterm: tally(before),
    afterSigterm: tally(after),
    servedAfterSigtermOnKeptAliveConnections: after.filter(ok).length,
    lastReplyAfterSigtermMs: Math.round(Math.max(0, ...records.filter(ok).map((r) => r.endedAt - termAt))),
    freshConnectionsAfterSigterm: fresh,
    handlerCalls: [...calls.values()].reduce((a, b) => a + b, 0),
    exitCode: exit.code,
    exitAfterSigtermMs: Math.round(exit.at - termAt),
  };
  return { records, before, after, calls, fresh, exit, termAt, figures, ok };
}

it('SIGTERM under load: in-flight requests complete, new connections refused, no call cut, exit 0', async () => {
  const served = await serve([]);
  const run = await loadThroughShutdown(served, 2000, 2000);
  console.log(`shutdown soak: ${JSON.stringify(run.figures)}`);
  expect(run.exit.code).toBe(0);
  expect(run.exit.at - run.termAt).toBeLessThan(10_000 + 2000);
  // Every request sent before SIGTERM got its exact reply, but for one kind of failure: at SIGTERM the server
  // closes its idle connections (Node's closeIdleConnections), and a request already written on one but not yet
  // read (the keep-alive race; wider when the machine is short of CPU) is reset unread: its handler never ran. At
  // most one per connection, and only at SIGTERM. Never a wrong reply, never a handler that ran without its reply.
  expect(run.before.length).toBeGreaterThan(500);
  const failedBefore = run.before
    .filter((r) => !run.ok(r))
    .map((r) => ({
      id: r.id,
      startedBeforeSigtermMs: Math.round(run.termAt - r.startedAt),
      endedAfterSigtermMs: Math.round(r.endedAt - run.termAt),
      reused: r.reused,
      error: r.error ?? r.wrong,
      handled: run.calls.has(r.id),
    }));
  if (failedBefore.length > 0) console.log(`shutdown soak, reset before SIGTERM: ${JSON.stringify(failedBefore)}`);
  expect(
    failedBefore.filter(
      (f) => f.handled || f.endedAfterSigtermMs < 0 || !['ECONNRESET', 'EPIPE', 'socket hang up'].includes(f.error!),
    ),
  ).toEqual([]);
  expect(failedBefore.length).toBeLessThanOrEqual(CONNECTIONS);
  // New connections are refused once SIGTERM is handled (reset, if the kernel had queued one just before).
  expect(run.fresh.filter((outcome) => outcome !== 'ECONNREFUSED' && outcome !== 'ECONNRESET')).toEqual([]);
  // Every call has exactly one reply, every reply one call: nothing lost, duplicated or cut in half.
  const answered = run.records.filter(run.ok).map((r) => r.id);
  expect([...run.calls.values()].filter((n) => n !== 1)).toEqual([]);
  expect(new Set(run.calls.keys())).toEqual(new Set(answered));
  // A request after SIGTERM is served, or refused before its handler runs: never anything else.
  for (const r of run.after.filter((x) => !run.ok(x))) {
    expect(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'socket hang up']).toContain(r.error);
  }
});

// Sustained keep-alive load through SIGTERM: replies after the signal close their connection and idle connections
// are closed, so the process exits as soon as the requests in flight are done, long before --drain-ms, and the
// drain deadline never cuts a request whose handler ran.
it('SIGTERM under sustained keep-alive load: drains promptly, and no call is cut at the drain deadline', async () => {
  const served = await serve(['--drain-ms', '3000']);
  const run = await loadThroughShutdown(served, 1500, 5000);
  console.log(`shutdown soak (sustained): ${JSON.stringify(run.figures)}`);
  expect(run.exit.code).toBe(0);
  expect(run.exit.at - run.termAt).toBeLessThan(1500);
  const answered = new Set(run.records.filter(run.ok).map((r) => r.id));
  expect([...run.calls.keys()].filter((id) => !answered.has(id))).toEqual([]);
});

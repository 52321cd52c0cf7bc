/**
 * The chunked 100 MB upload (`test/security/large-upload.ts`) 20 times in a
 * row, from a worker thread, while 64 keep-alive connections load the same
 * server (the load generator in another): every run reads the whole size fault and
 * sees the connection closed without a reset, long before the 100 MB are
 * sent; the load meanwhile gets its exact replies, without an error.
 */
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createAuthenticationWebServiceServer,
  service,
  type AuthenticationWebServiceHandlers,
} from '../../generated/index.js';
import { expectSizeFaultRead, HUNDRED_MB, hundredMegabyteRequest, type Upload } from '../security/large-upload.js';

const RUNS = 20;
const CONNECTIONS = 64;
const OPERATIONS = service.operations.filter((op) => op.parameters.length > 0).map((op) => op.name);

let server: ReturnType<typeof createAuthenticationWebServiceServer>;
let port = 0;
let calls = 0;

beforeAll(async () => {
  const handlers = Object.fromEntries(service.operations.map((op) => [op.name, () => void calls++]));
  server = createAuthenticationWebServiceServer(handlers as unknown as AuthenticationWebServiceHandlers);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

it(`the chunked 100 MB upload, ${RUNS} runs in a row under load: the size fault read whole every time`, async () => {
  const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
    workerData: {
      port,
      path: '/AuthenticationWebService.asmx',
      operations: OPERATIONS,
      connections: CONNECTIONS,
      deadlineMs: 10 * 60_000,
    },
  });
  const loadDone = new Promise<{ done: number; errors: number; errorSamples: unknown[] }>((resolve, reject) => {
    worker.on('message', (message: { type: string }) => {
      if (message.type === 'done') resolve(message as never);
    });
    worker.on('error', reject);
  });
  // The load is running before the first upload.
  const callsBefore = calls;
  while (calls < callsBefore + 1000) await new Promise((resolve) => setTimeout(resolve, 20));

  const started = performance.now();
  const uploader = new Worker(new URL('./upload-worker.mjs', import.meta.url), {
    workerData: { port, runs: RUNS, ...hundredMegabyteRequest(true), bytes: HUNDRED_MB },
  });
  const results = await new Promise<Pick<Upload, 'reply' | 'sent' | 'closed' | 'error'>[]>((resolve, reject) => {
    uploader.on('message', resolve);
    uploader.on('error', reject);
  });
  await uploader.terminate();
  const seconds = (performance.now() - started) / 1000;
  worker.postMessage('stop');
  const load = await loadDone;
  await worker.terminate();

  const sentMB = results.map((r) => Number((r.sent / 1024 / 1024).toFixed(1)));
  const failed = results.filter((r) => r.error !== undefined || !r.reply.includes('Maximum request length exceeded.'));
  console.log(
    `early-close soak: ${JSON.stringify({ runs: RUNS, failed: failed.length, seconds: Number(seconds.toFixed(1)), sentMB, load: { requests: load.done, errors: load.errors } })}`,
  );
  for (const result of results) expectSizeFaultRead(result);
  expect(load.errorSamples).toEqual([]);
  expect(load.errors).toBe(0);
  expect(load.done).toBeGreaterThan(1000);
});

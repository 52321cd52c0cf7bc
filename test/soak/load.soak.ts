/**
 * Load: 10^5 requests on 256 keep-alive connections, mixed over the four
 * transports and the 19 operations that take requestJson, against the
 * generated server (the load generator in a worker thread). Every request
 * carries a unique value, so every handler call is counted: 0 errors, 0 lost,
 * 0 duplicated. Memory must stay flat: heap and RSS (after a GC) are taken
 * after a warm-up (10 %), at 55 % and at 100 %, and the second half may not
 * grow like the first.
 */
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createAuthenticationWebServiceServer,
  service,
  type AuthenticationWebServiceHandlers,
  type CallContext,
} from '../../generated/index.js';

const TOTAL = 100_000;
const CONNECTIONS = 256;
const TRANSPORTS = ['soap11', 'soap12', 'httpGet', 'httpPost'];
const OPERATIONS = service.operations.filter((op) => op.parameters.length > 0).map((op) => op.name);
const MB = 1024 * 1024;

const counts = new Uint16Array(TOTAL);
let mismatched = 0;
let connectionsOpened = 0;
let server: ReturnType<typeof createAuthenticationWebServiceServer>;
let port = 0;

beforeAll(async () => {
  const handler =
    (operation: string) =>
    (input: { requestJson?: string }, ctx: CallContext): void => {
      const id = Number(input.requestJson?.slice(1));
      if (!(id >= 0 && id < TOTAL)) {
        mismatched++;
        return;
      }
      counts[id]!++;
      if (ctx.transport !== TRANSPORTS[id % 4] || operation !== OPERATIONS[id % OPERATIONS.length]) mismatched++;
    };
  const handlers = Object.fromEntries(service.operations.map((op) => [op.name, handler(op.name)]));
  server = createAuthenticationWebServiceServer(handlers as unknown as AuthenticationWebServiceHandlers);
  server.on('connection', () => connectionsOpened++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

interface Sample {
  readonly done: number;
  readonly rss: number;
  readonly heapUsed: number;
  readonly external: number;
}

function sample(done: number): Sample {
  global.gc?.();
  global.gc?.();
  const { rss, heapUsed, external } = process.memoryUsage();
  return { done, rss, heapUsed, external };
}

it(`${TOTAL / 1000}k requests on ${CONNECTIONS} connections: 0 errors, none lost or twice, flat memory`, async () => {
  expect(global.gc, 'run with --expose-gc (npm run soak does)').toBeTypeOf('function');
  const samples: Sample[] = [sample(0)];
  const marks = [TOTAL * 0.1, TOTAL * 0.55];
  const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
    workerData: {
      port,
      path: '/AuthenticationWebService.asmx',
      operations: OPERATIONS,
      connections: CONNECTIONS,
      total: TOTAL,
      marks,
      deadlineMs: 10 * 60_000,
    },
  });
  const result = await new Promise<{
    done: number;
    errors: number;
    errorSamples: unknown[];
    elapsedMs: number;
    timedOut: boolean;
  }>((resolve, reject) => {
    worker.on('message', (message: { type: string; done: number }) => {
      if (message.type === 'mark') samples.push(sample(message.done));
      else resolve(message as never);
    });
    worker.on('error', reject);
  });
  // Taken while the worker is still alive, as the other samples were.
  samples.push(sample(TOTAL));
  await worker.terminate();

  let lost = 0;
  let duplicated = 0;
  for (const count of counts) {
    if (count === 0) lost++;
    else if (count > 1) duplicated++;
  }
  const [start, warm, half, end] = samples as [Sample, Sample, Sample, Sample];
  const figures = {
    requests: result.done,
    errors: result.errors,
    lost,
    duplicated,
    mismatched,
    connectionsOpened,
    seconds: Number((result.elapsedMs / 1000).toFixed(1)),
    requestsPerSecond: Math.round(result.done / (result.elapsedMs / 1000)),
    rssMB: [start, warm, half, end].map((s) => Number((s.rss / MB).toFixed(1))),
    heapMB: [start, warm, half, end].map((s) => Number((s.heapUsed / MB).toFixed(1))),
    heapGrowthFirstHalfMB: Number(((half.heapUsed - warm.heapUsed) / MB).toFixed(2)),
    heapGrowthSecondHalfMB: Number(((end.heapUsed - half.heapUsed) / MB).toFixed(2)),
    rssGrowthSecondHalfMB: Number(((end.rss - half.rss) / MB).toFixed(1)),
  };
  console.log(`load soak: ${JSON.stringify(figures)}`);
  expect(result.timedOut).toBe(false);
  expect(result.errorSamples).toEqual([]);
  expect({ requests: result.done, errors: result.errors, lost, duplicated, mismatched }).toEqual({
    requests: TOTAL,
    errors: 0,
    lost: 0,
    duplicated: 0,
    mismatched: 0,
  });
  expect(connectionsOpened).toBeLessThanOrEqual(CONNECTIONS);
  // 45 000 requests in the second half: a leak of 100 bytes each would be 4.3 MB of heap.
  expect(end.heapUsed - half.heapUsed).toBeLessThan(4 * MB);
  expect(end.rss - half.rss).toBeLessThan(48 * MB);
});

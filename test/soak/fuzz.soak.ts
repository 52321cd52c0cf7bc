/**
 * The fuzzing of `test/security/fuzz.test.ts`, at soak scale: 120 000 cases
 * in all (the same properties and invariants, `fuzz-properties.ts`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordingServer } from '../server/recording-server.js';
import {
  clientRoundTrip,
  closeFuzzAgent,
  fetchHandlerRequests,
  formRequests,
  resultRoundTrip,
  soapRequests,
  type FuzzContext,
} from '../security/fuzz-properties.js';
import { startServer } from '../security/helpers.js';

const processEvents: string[] = [];
const onUnhandled = (reason: unknown) => processEvents.push(`unhandledRejection: ${String(reason)}`);
const onUncaught = (error: unknown) => processEvents.push(`uncaughtException: ${String(error)}`);

let server: RecordingServer;
const ctx: FuzzContext = {
  get server() {
    return server;
  },
};
const cases: Record<string, { runs: number; seconds: number }> = {};

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  process.on('uncaughtException', onUncaught);
  server = await startServer({ handlerTimeoutMs: 5000 });
});
afterAll(async () => {
  console.log(`fuzz soak: ${JSON.stringify(cases)}`);
  closeFuzzAgent();
  await server.close();
  process.off('unhandledRejection', onUnhandled);
  process.off('uncaughtException', onUncaught);
});

async function timed(name: string, runs: number, property: () => Promise<void>): Promise<void> {
  const started = performance.now();
  await property();
  cases[name] = { runs, seconds: Number(((performance.now() - started) / 1000).toFixed(1)) };
}

describe('fuzzing at soak scale (120 000 cases)', () => {
  it('random strings through the generated client (20 000)', async () => {
    await timed('client', 20_000, () => clientRoundTrip(ctx, 20_000));
  });

  it('random and mutated envelopes, random bytes (30 000)', async () => {
    await timed('soap', 30_000, () => soapRequests(ctx, 30_000));
  });

  it('random forms and queries (20 000)', async () => {
    await timed('forms', 20_000, () => formRequests(ctx, 20_000));
  });

  it('random string results through the TempConvert client (10 000)', async () => {
    await timed('results', 10_000, () => resultRoundTrip(10_000));
  });

  it('the fetch handler in-process (40 000)', async () => {
    await timed('fetch', 40_000, () => fetchHandlerRequests(40_000));
  });

  it('nothing escaped: no unhandled rejection, no uncaught exception', () => {
    expect(processEvents).toEqual([]);
  });
});

/**
 * Property-based fuzzing, the fast part (`npm test`): a few thousand cases
 * against the generated server, through the generated client, over real
 * HTTP, and against the fetch handler in-process. The invariants are in
 * `fuzz-properties.ts`; `npm run soak` runs the same properties with 10^5
 * cases and more. A failure prints fast-check's seed and shrunk case.
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
} from './fuzz-properties.js';
import { startServer } from './helpers.js';

const processEvents: string[] = [];
const onEvent = (kind: string) => (reason: unknown) => processEvents.push(`${kind}: ${String(reason)}`);
const onUnhandled = onEvent('unhandledRejection');
const onUncaught = onEvent('uncaughtException');

let server: RecordingServer;
const ctx: FuzzContext = {
  get server() {
    return server;
  },
};

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  process.on('uncaughtException', onUncaught);
  server = await startServer({ handlerTimeoutMs: 2000 });
});
afterAll(async () => {
  closeFuzzAgent();
  await server.close();
  process.off('unhandledRejection', onUnhandled);
  process.off('uncaughtException', onUncaught);
});

describe('values fast-check found mangled', () => {
  it.each([
    ['U+FEFF alone', '\uFEFF'],
    ['U+FEFF first', '\uFEFFa'],
    ['U+FEFF after text', 'a\uFEFF'],
    ['U+FEFF after another escape', 'é\uFEFF'],
    ['two U+FEFF', '\uFEFF\uFEFF'],
  ])(
    '%s arrives exactly over every transport (a form decoder must not drop it as a byte order mark)',
    async (_name, value) => {
      const { createAuthenticationWebServiceClient } = await import('../../generated/index.js');
      for (const transport of ['soap11', 'soap12', 'httpGet', 'httpPost'] as const) {
        server.reset();
        await createAuthenticationWebServiceClient({ url: server.endpoint, transport }).Authenticate({
          requestJson: value,
        });
        expect([transport, server.calls.map((c) => c.input.requestJson)]).toEqual([transport, [value]]);
      }
    },
  );
});

describe('fuzzing (fast-check)', () => {
  it('random strings through the generated client, four transports: exact, or refused before sending', async () => {
    await clientRoundTrip(ctx, 500);
  });

  it('random envelopes, mutated envelopes and random bytes: well-formed SOAP replies, 200 iff one call', async () => {
    await soapRequests(ctx, 900);
  });

  it('random forms and queries: empty 200 or plain-text 500; an encoded requestJson arrives exactly', async () => {
    await formRequests(ctx, 600);
  });

  it('random string results (TempConvert): exact, or the Server failure when XML cannot carry them', async () => {
    await resultRoundTrip(400);
  });

  it('the fetch handler, in-process: the same SOAP invariants', async () => {
    await fetchHandlerRequests(1200);
  });

  it('nothing escaped: no unhandled rejection, no uncaught exception', () => {
    expect(processEvents).toEqual([]);
  });
});

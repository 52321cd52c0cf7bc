/**
 * Two classes with the same XML name in two namespaces on the wire: the generated client of the
 * `corpus-same-names` golden scenario calls the real ASMX runtime serving `SameNames.asmx`. Its `Pass` (of
 * `urn:example:rail`) and `Pass1` (`Pass` of `urn:example:air`) are kept apart: the runtime echoes a journey
 * holding both (`Book`) and answers `new AirPass()` to a rail pass (`Fly`), each read back as its own type.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSameNamesClient,
  type Journey,
  type SameNamesTransport,
} from '../golden/corpus-same-names/expected/index.js';
import { sharedAsmxHost, startCorpusAsmxHost, type SharedAsmxHost } from './shared-asmx-host.js';

const JOURNEY: Journey = { Rail: { Seat: '12A <window>' }, Air: { Gate: 'B7', Row: 31 } };

let host: SharedAsmxHost | undefined;

beforeAll(async () => {
  if (!sharedAsmxHost.available) return;
  host = await startCorpusAsmxHost(['SameNames.asmx']);
}, 180_000);

afterAll(() => {
  host?.stop();
});

function client(transport: SameNamesTransport) {
  return createSameNamesClient({ url: `${host!.baseUrl}/SameNames.asmx`, transport, timeoutMs: 60_000 });
}

describe('classes of the same XML name in two namespaces against the real ASMX runtime', () => {
  it.for(['soap11', 'soap12'] as const)('echoes a journey holding both unchanged over %s', async (transport, ctx) => {
    sharedAsmxHost.need(ctx);
    expect(await client(transport).Book({ journey: JOURNEY })).toEqual(JOURNEY);
  });

  it.for(['soap11', 'soap12'] as const)(
    'reads the air pass a rail pass is answered with over %s',
    async (transport, ctx) => {
      sharedAsmxHost.need(ctx);
      expect(await client(transport).Fly({ rail: { Seat: '1' } })).toEqual({ Row: 0 });
    },
  );
});

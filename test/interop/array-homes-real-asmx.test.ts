/**
 * Arrays of a class in another namespace on the wire: the generated client of the `corpus-array-homes` golden
 * scenario calls the real ASMX runtime serving `ArrayHomes.asmx` (the corpus service its spec describes),
 * which echoes a yard (`Survey`) and a bin (`Fill`). `Bin` is of `urn:example:stock`: its arrays' items are
 * elements of that namespace (`s1:ArrayOfString`), while the same arrays of the service's `Yard` hold items of the
 * service namespace. The runtime reads what the client writes and the client reads what the runtime writes: the
 * values come back equal (an item in the wrong namespace is dropped by the runtime's reader).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createArrayHomesClient,
  type ArrayHomesTransport,
  type Bin,
  type Yard,
} from '../golden/corpus-array-homes/expected/index.js';
import { sharedAsmxHost, startCorpusAsmxHost, type SharedAsmxHost } from './shared-asmx-host.js';

const BIN: Bin = {
  Name: 'North <bin> & ]]>',
  Labels: ['a', null, ''],
  Counts: [1, -2, 3],
  Pallets: [{ Code: 'P1', Count: 4 }, null, { Count: 0 }],
  Bolts: [{ Size: 'M8' }, null],
  Grains: ['Coarse', 'Fine'],
  Rows: [['x', null], null, []],
};

const YARD: Yard = {
  Labels: ['yard', null],
  Pallets: [null, { Code: 'P2', Count: 9 }],
  Shades: ['Dark', 'Light'],
  Grains: ['Fine'],
  Main: BIN,
  Bins: [BIN, null, { Name: 'empty' }],
};

let host: SharedAsmxHost | undefined;

beforeAll(async () => {
  if (!sharedAsmxHost.available) return;
  host = await startCorpusAsmxHost(['ArrayHomes.asmx']);
}, 180_000);

afterAll(() => {
  host?.stop();
});

function client(transport: ArrayHomesTransport) {
  return createArrayHomesClient({ url: `${host!.baseUrl}/ArrayHomes.asmx`, transport, timeoutMs: 60_000 });
}

describe('arrays of classes in other namespaces against the real ASMX runtime', () => {
  it.for(['soap11', 'soap12'] as const)('echoes a yard unchanged over %s', async (transport, ctx) => {
    sharedAsmxHost.need(ctx);
    expect(await client(transport).Survey({ yard: YARD })).toEqual(YARD);
  });

  it.for(['soap11', 'soap12'] as const)('echoes a bin unchanged over %s', async (transport, ctx) => {
    sharedAsmxHost.need(ctx);
    expect(await client(transport).Fill({ bin: BIN, labels: ['ignored'] })).toEqual(BIN);
  });

  it.for(['soap11', 'soap12'] as const)('counts the pallets it was sent over %s', async (transport, ctx) => {
    sharedAsmxHost.need(ctx);
    expect(await client(transport).Tally({ pallets: [null, { Count: 1 }, { Code: 'c', Count: 2 }] })).toBe(3);
  });
});

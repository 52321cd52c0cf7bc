/**
 * The generated client of MethodShapes (golden scenario corpus-method-shapes) against the real ASMX runtime
 * (../shared/asmx-host serving test/fixtures/asmx-corpus/): renamed and namespaced wrapper elements, bare parameters
 * and results, one-way calls, over SOAP 1.1 and 1.2. A result that comes back computed from the parameters (a length,
 * a product, the value echoed) shows the runtime read the request the client wrote.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatchClient } from '../golden/corpus-method-shapes/expected/index.js';
import { CORPUS_DIR } from '../wsdl/wsdl-fixtures.js';
import { EXCHANGES } from '../server/method-shape-exchanges.js';
import { sharedAsmxHost, startSharedAsmxHost, type SharedAsmxHost } from './shared-asmx-host.js';

let host: SharedAsmxHost | undefined;

beforeAll(async () => {
  if (sharedAsmxHost.available) host = await startSharedAsmxHost(CORPUS_DIR);
}, 180_000);

afterAll(() => {
  host?.stop();
});

describe.each(['soap11', 'soap12'] as const)('the generated client against the real runtime over %s', (transport) => {
  it.for(EXCHANGES)('$operation', async (x, ctx) => {
    sharedAsmxHost.need(ctx);
    const client = createDispatchClient({ url: `${host!.baseUrl}/MethodShapes.asmx`, transport, timeoutMs: 60_000 });
    const call = client[x.operation] as (input: unknown) => Promise<unknown>;
    await expect(call(x.input)).resolves.toEqual(x.result);
  });
});

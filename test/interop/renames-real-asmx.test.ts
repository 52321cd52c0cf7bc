/**
 * The generated client of Renames (golden scenario corpus-renames) against the real ASMX runtime serving
 * test/fixtures/asmx-corpus/Renames.asmx: `GetInvoice`'s result comes in an element named `Bill` (the result class's
 * `[XmlRoot]`, `resultElement` in the spec) over SOAP 1.1 and 1.2, and as the `Bill` document over HTTP GET and POST.
 * The generated server's bytes for the same calls are checked in test/server/renames.test.ts.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRenamesClient } from '../golden/corpus-renames/expected/index.js';
import { CORPUS_DIR } from '../wsdl/wsdl-fixtures.js';
import { sharedAsmxHost, startSharedAsmxHost, type SharedAsmxHost } from './shared-asmx-host.js';

let host: SharedAsmxHost | undefined;
let folder: string | undefined;

beforeAll(async () => {
  if (!sharedAsmxHost.available) return;
  // The one service alone: the host compiles every .asmx file of its folder.
  folder = mkdtempSync(join(tmpdir(), 'asmxgen-renames-'));
  copyFileSync(join(CORPUS_DIR, 'Renames.asmx'), join(folder, 'Renames.asmx'));
  host = await startSharedAsmxHost(folder);
}, 180_000);

afterAll(() => {
  host?.stop();
  if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
});

describe('a renamed result element against the real ASMX runtime', () => {
  it.for(['soap11', 'soap12', 'httpGet', 'httpPost'] as const)(
    'reads new Invoice() over %s',
    async (transport, ctx) => {
      sharedAsmxHost.need(ctx);
      const client = createRenamesClient({ url: `${host!.baseUrl}/Renames.asmx`, transport, timeoutMs: 60_000 });
      await expect(client.GetInvoice({ number: '7' })).resolves.toEqual({});
    },
  );
});

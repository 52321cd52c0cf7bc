/**
 * The client of an encoded service against the real ASMX runtime: `RpcStyles.asmx` (every method rpc/encoded,
 * one document/encoded) served by Mono's System.Web.Services, called over SOAP 1.1 and 1.2 with section 5
 * encoding; each call gives the result the C# method returns.
 */
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceCaller } from '../../runtime/src/client.js';
import { CALLS, SERVICE } from '../runtime/fixtures/rpc-styles-description.js';
import { sharedAsmxHost, startSharedAsmxHost, type SharedAsmxHost } from './shared-asmx-host.js';

// A folder of its own: Mono may compile every .asmx of a folder together.
const FOLDER = mkdtempSync(join(tmpdir(), 'asmxgen-rpc-styles-'));
copyFileSync(resolve(import.meta.dirname, '../fixtures/asmx-corpus/RpcStyles.asmx'), join(FOLDER, 'RpcStyles.asmx'));

let host: SharedAsmxHost | undefined;
beforeAll(async () => {
  if (sharedAsmxHost.available) host = await startSharedAsmxHost(FOLDER);
}, 180_000);
afterAll(() => {
  host?.stop();
  rmSync(FOLDER, { recursive: true, force: true });
  // start.sh leaves its working folder, /tmp/asmx-host-PORT.*, behind.
  if (host) {
    const port = new URL(host.baseUrl).port;
    for (const name of readdirSync('/tmp')) {
      if (name.startsWith(`asmx-host-${port}.`)) rmSync(join('/tmp', name), { recursive: true, force: true });
    }
  }
});

describe('the client of an encoded service against the real ASMX runtime', () => {
  for (const transport of ['soap11', 'soap12'] as const) {
    it.for(CALLS)(`${transport}: %s`, async ([operation, input, expected], ctx) => {
      sharedAsmxHost.need(ctx);
      const caller = createServiceCaller(SERVICE, `${host!.baseUrl}/RpcStyles.asmx`, { transport });
      expect(await caller(operation, input)).toEqual(expected);
    });
  }
});

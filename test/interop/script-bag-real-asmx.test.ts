/**
 * A `[ScriptService]` XmlSerializer cannot reflect, against the REAL runtime: Mono's System.Web.Extensions serving
 * ../shared/reference/scriptservice/ScriptBag.asmx (`Dictionary<string, object> EchoBag(Dictionary<string, object>
 * bag)`, `Dictionary<string, int> Counts()`) and the server generated from its spec (test/golden/script-bag, the
 * C#'s handlers in test/server/script-bag-handlers.ts) get the same raw JSON requests and must answer the same
 * status and body bytes. The requests hold only what Mono and the .NET Framework bind alike (the reference
 * transcripts' README; test/server/script-service-transcripts.test.ts asserts .NET's forms where they differ: an
 * unescaped `/Date(ms)/` string, an unknown `__type`). Mono writes `application/json` where .NET adds the charset.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScriptBagServer, type ScriptBagHandlers } from '../golden/script-bag/expected/index.js';
import { BAG_HANDLERS } from '../server/script-bag-handlers.js';
import { sharedFile } from '../shared-files.js';
import { exchange, type RawReply } from './raw-exchange.js';
import { sharedAsmxHost, startSharedAsmxHost, type SharedAsmxHost } from './shared-asmx-host.js';

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8' };

/** Each request, by what it shows. */
const REQUESTS: readonly (readonly [string, string, string])[] = [
  ['Counts: a Dictionary<string, int> in insertion order', 'Counts', '{}'],
  [
    'EchoBag: every JSON value an object binds to (Int32, Int64, Double, Decimal, String, Boolean, null, ArrayList, ' +
      'Dictionary, DateTime), written back as bound',
    'EchoBag',
    '{"bag":{"i":1,"big":9007199254740993,"huge":1e300,"f":1.5,"s":"x","t":true,"n":null,"arr":[1,"a",null],' +
      '"obj":{"k":"v"},"date":"\\/Date(0)\\/","guid":"3f2504e0-4f89-11d3-9a0c-0305e82c3301"}}',
  ],
  [
    'EchoBag: nested objects and arrays, keys in the order sent',
    'EchoBag',
    '{"bag":{"z":{"b":[{"y":2},[]],"a":{}},"a":-7}}',
  ],
  ['EchoBag: an empty bag', 'EchoBag', '{"bag":{}}'],
  ['EchoBag: a null bag', 'EchoBag', '{"bag":null}'],
  // .NET escapes `&` (`\u0026`), Mono does not (docs/wire.md): not sent.
  ['EchoBag: escapes in keys and values', 'EchoBag', '{"bag":{"q\\"<>\\u00e9":"\\t\\u0001/"}}'],
];

let host: SharedAsmxHost | undefined;
let folder: string | undefined;
let server: Server | undefined;
let port = 0;

beforeAll(async () => {
  server = createScriptBagServer(BAG_HANDLERS as unknown as ScriptBagHandlers);
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
  if (!sharedAsmxHost.available) return;
  // ScriptBag alone: the host compiles every .asmx file of its folder.
  folder = mkdtempSync(join(tmpdir(), 'asmxgen-script-bag-'));
  copyFileSync(sharedFile('reference/scriptservice/ScriptBag.asmx'), join(folder, 'ScriptBag.asmx'));
  const fixed = process.env.ASMXGEN_ASMX_HOST_PORT;
  host = await startSharedAsmxHost(folder, fixed === undefined ? undefined : Number(fixed));
}, 180_000);

afterAll(async () => {
  host?.stop();
  if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
});

/** What is compared of a reply: status, media type, body. */
function compared(reply: RawReply) {
  return {
    status: reply.status,
    type: reply.header('content-type')?.replace(/; charset=utf-8$/, ''),
    body: reply.body.toString('utf8'),
  };
}

describe('ScriptBag.asmx: the real runtime and the generated server answer the same JSON calls', () => {
  it.for(REQUESTS)('%s', async ([, operation, body], ctx) => {
    sharedAsmxHost.need(ctx);
    const request = { method: 'POST', path: `/ScriptBag.asmx/${operation}`, headers: JSON_HEADERS, body };
    const theirs = compared(await exchange(Number(new URL(host!.baseUrl).port), request));
    const ours = compared(await exchange(port, request));
    expect(theirs.status).toBe(200);
    expect(ours).toEqual(theirs);
  });
});

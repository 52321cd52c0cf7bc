/**
 * The acceptance scenario: Mono's `wsdl` tool makes one proxy per protocol
 * from the WSDL the generated server serves, `mcs` compiles them with
 * `dotnet/CallAll.cs`, and `mono` calls all 20 operations on each of the four
 * protocols: 80 calls, every one succeeds, and the handlers see exactly those
 * 80 calls, with the right transport and the value sent. Nothing is cached:
 * the proxies are made and compiled in a fresh temporary folder each run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  HOSTILE_VALUE,
  normalizeLineEnds,
  OPERATIONS,
  startRecordingServer,
  type RecordingServer,
  type Transport,
} from '../server/recording-server.js';
import { buildCallAll, dotnetProxyTools, PROXY_PROTOCOLS, runCallAll } from './dotnet-proxy-build.js';
import { describeRun } from './run-program.js';

/** The transport each proxy's calls must arrive by, in CallAll's order. */
const TRANSPORTS: Readonly<Record<(typeof PROXY_PROTOCOLS)[number], Transport>> = {
  HttpGet: 'httpGet',
  HttpPost: 'httpPost',
  SOAP: 'soap11',
  SOAP12: 'soap12',
};

let server: RecordingServer;
let workDir: string;
beforeAll(async () => {
  server = await startRecordingServer();
  workDir = mkdtempSync(join(tmpdir(), 'asmxgen-dotnet-'));
});
afterAll(async () => {
  await server?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

it('wsdl.exe proxies of the four protocols call all 20 operations: 80 calls, exact values, transports', async (ctx) => {
  dotnetProxyTools.need(ctx);

  // One proxy per protocol from the served WSDL, compiled with the harness.
  const exe = await buildCallAll(server.wsdlUrl, workDir);
  server.reset();

  // Every operation of every proxy, against the server, with the hostile value.
  const run = await runCallAll(exe, server.endpoint, HOSTILE_VALUE);
  expect(run.code, describeRun(run)).toBe(0);
  const lines = run.stdout.trim().split('\n');
  expect(lines.at(-1)).toBe('calls: 80 ok, 0 failed');
  expect(lines.filter((line) => line.endsWith(' ok'))).toHaveLength(80);

  // The handlers saw exactly those calls, in CallAll's order: by protocol, then by operation name.
  const ordinal = [...OPERATIONS].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  const expected = PROXY_PROTOCOLS.map((protocol) => TRANSPORTS[protocol]).flatMap((transport) =>
    ordinal.map((operation) => ({
      operation,
      transport,
      // SOAP proxies write a CR as is, and XML reading makes every CR a LF (XML 1.0 §2.11, as ASMX
      // reads it too); HttpGet and HttpPost carry it as %0D.
      input:
        operation === 'UploadImage'
          ? {}
          : { requestJson: transport.startsWith('soap') ? normalizeLineEnds(HOSTILE_VALUE) : HOSTILE_VALUE },
      files: [],
    })),
  );
  expect(server.calls).toEqual(expected);

  // What the proxies sent, as captured: the truths the expectations above rest on.
  const bodies = server.requests.filter((r) => r.method === 'POST' && r.url === '/AuthenticationWebService.asmx');
  expect(bodies).toHaveLength(40);
  const soapWithValue = bodies.map((r) => r.body().toString('utf8')).filter((xml) => xml.includes('<requestJson>'));
  expect(soapWithValue).toHaveLength(38);
  for (const xml of soapWithValue) expect(xml).toContain('\rCR\nLF\r\nCRLF');
  // The HttpGet proxy escapes characters outside ASCII as %uXXXX, which ASMX decodes (HttpUtility.UrlDecode).
  const gets = server.requests.filter((r) => r.method === 'GET' && r.url.includes('?requestJson='));
  expect(gets).toHaveLength(19);
  for (const get of gets) expect(get.url).toContain('%uD83D%uDE00%uD834%uDD1E');
}, 180_000);

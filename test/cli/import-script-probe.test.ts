/**
 * `import <URL>` probes `<service>.asmx/js`: a `[ScriptService]` answers with its proxy script, from which the spec
 * gets `scriptService` and each method's `UseHttpGet`. Against `asmxgen serve` of a script service, against the real
 * runtime (Mono's ScriptHandlerFactory serving test/fixtures/script-service/ScriptProbe.asmx), and a silent miss
 * (with a line under --verbose) that keeps to `--timeout`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { sharedAsmxHost, startSharedAsmxHost } from '../interop/shared-asmx-host.js';
import { cli, ROOT, startCliServer, tempDir } from './run-cli.js';

const SCRIPT_SPEC = `service:
  name: Lending
  namespace: http://example.com/lending
  path: /Lending.asmx
  scriptService: true
  scriptNamespace: Lending.Api

operations:
  - name: Lend
    parameters: [{ name: barcode, type: string }, { name: days, type: int }]
    result: int
    scriptMethod: { useHttpGet: true }
  - name: Renew
    parameters: [{ name: barcode, type: string }]
    result: int
`;

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

async function importSpec(url: string, ...more: string[]) {
  const dir = await tempDir();
  const out = join(dir, 'spec.yaml');
  const result = await cli('import', url, '--out', out, ...more);
  const spec = result.code === 0 ? (parse(await readFile(out, 'utf8')) as Record<string, any>) : undefined;
  return { result, spec };
}

describe('import <URL> probes the proxy script', () => {
  it('asmxgen serve of a script service: scriptService and useHttpGet come back', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'lending.yaml'), SCRIPT_SPEC);
    const server = await startCliServer(
      ['serve', '--port', '0', '--spec', join(dir, 'lending.yaml')],
      /serving \w+ at (http:\S+)/,
      { timeoutMs: 20_000 },
    );
    stops.push(() => server.child.kill());
    const { result, spec } = await importSpec(`${server.address}?wsdl`);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      `asmxgen: ${server.address}/js is a [ScriptService]'s proxy script: scriptService set, 1 method called by GET`,
    );
    expect(spec!.service.scriptService).toBe(true);
    expect(spec!.service.scriptNamespace).toBe('Lending.Api');
    const ops = Object.fromEntries((spec!.operations as any[]).map((op) => [op.name, op]));
    expect(ops.Lend.scriptMethod).toEqual({ useHttpGet: true });
    expect(ops.Renew.scriptMethod).toBeUndefined();
  }, 60_000);

  it('a service without a proxy script: nothing set, nothing said; --verbose says why', async () => {
    const server = await startCliServer(['serve', '--port', '0'], /serving \w+ at (http:\S+)/, { timeoutMs: 20_000 });
    stops.push(() => server.child.kill());
    const quiet = await importSpec(`${server.address}?wsdl`);
    expect(quiet.result.code).toBe(0);
    expect(quiet.result.stderr).not.toContain('/js');
    expect(quiet.spec!.service.scriptService).toBeUndefined();
    const verbose = await importSpec(`${server.address}?wsdl`, '--verbose');
    expect(verbose.result.stderr).toContain(`asmxgen: no proxy script at ${server.address}/js (`);
    expect(verbose.spec!.service.scriptService).toBeUndefined();
  }, 60_000);

  it('keeps to --timeout: a /js that never answers leaves the spec as the WSDL made it', async () => {
    const body = await readFile(join(ROOT, 'generated/AuthenticationWebService.wsdl'), 'utf8');
    const server: Server = createServer((req, res) => {
      if (req.url?.endsWith('/js')) return; // never answers
      res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    stops.push(() => {
      server.closeAllConnections();
      server.close();
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const started = performance.now();
    const { result, spec } = await importSpec(`${base}/Svc.asmx?wsdl`, '--timeout', '1', '--verbose');
    expect(result.code).toBe(0);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(result.stderr).toContain(`no proxy script at ${base}/Svc.asmx/js (`);
    expect(spec!.service.scriptService).toBeUndefined();
  }, 30_000);

  it('the real runtime: a [ScriptService] .asmx served by Mono', async (ctx) => {
    sharedAsmxHost.need(ctx);
    // A free port, or ASMX_HOST_PORT where a machine gives each user a range, as every shared-host test does.
    const host = await startSharedAsmxHost(join(ROOT, 'test/fixtures/script-service'));
    const port = new URL(host.baseUrl).port;
    stops.push(() => {
      host.stop();
      for (const entry of readdirSync(tmpdir())) {
        if (entry.startsWith(`asmx-host-${port}.`)) rmSync(join(tmpdir(), entry), { recursive: true, force: true });
      }
    });
    const { result, spec } = await importSpec(`${host.baseUrl}/ScriptProbe.asmx?wsdl`);
    expect(result.code).toBe(0);
    expect(spec!.service.scriptService).toBe(true);
    expect(spec!.service.scriptNamespace).toBe('Probe.Services');
    const ops = Object.fromEntries((spec!.operations as any[]).map((op) => [op.name, op]));
    expect(ops.Find.scriptMethod).toEqual({ useHttpGet: true });
    expect(ops.Count.scriptMethod).toBeUndefined();
  }, 180_000);
});

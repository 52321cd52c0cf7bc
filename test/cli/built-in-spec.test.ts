/**
 * Which spec a command runs on: every command that takes a spec reads `asmxgen.config.yaml` (proxy too), and
 * when neither `--spec` nor a config names one, one line on stderr says the built-in demo service is used.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cliProcess, startCliServer, tempDir } from './run-cli.js';

const NOTICE =
  'asmxgen: no --spec and no asmxgen.config.yaml here: using the built-in demo service AuthenticationWebService ' +
  '(spec/authentication-web-service.yaml)\n';

const HELLO_SPEC = `service:
  name: HelloService
  namespace: urn:example:hello
operations:
  - name: SayHello
    parameters: [{ name: name, type: string }]
    result: string
`;

/** A folder with spec/hello.yaml and a config naming it. */
async function helloProject(config = 'spec: spec/hello.yaml\n'): Promise<string> {
  const dir = await tempDir();
  await mkdir(join(dir, 'spec'));
  await writeFile(join(dir, 'spec/hello.yaml'), HELLO_SPEC);
  await writeFile(join(dir, 'asmxgen.config.yaml'), config);
  return dir;
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

describe('the built-in demo spec', () => {
  it('generate and check in a folder without a config say they use it, on stderr', async () => {
    const dir = await tempDir();
    const generate = await cliProcess(['generate', '--out', 'out'], dir);
    expect(generate.code).toBe(0);
    expect(generate.stderr).toBe(NOTICE);
    expect(generate.stdout).toMatch(/written {4}out\/AuthenticationWebService\.wsdl/);
    const check = await cliProcess(['check', '--out', 'out'], dir);
    expect(check).toEqual({ code: 0, stdout: 'asmxgen: out/ is up to date (9 files)\n', stderr: NOTICE });
  });

  it('--quiet leaves the line out; --spec naming it is no fallback', async () => {
    const dir = await tempDir();
    expect(await cliProcess(['generate', '--out', 'out', '--quiet'], dir)).toEqual({ code: 0, stdout: '', stderr: '' });
    const named = await cliProcess(
      ['check', '--out', 'out', '--spec', join(import.meta.dirname, '../../spec/authentication-web-service.yaml')],
      dir,
    );
    expect(named).toEqual({ code: 0, stdout: 'asmxgen: out/ is up to date (9 files)\n', stderr: '' });
  });

  it('a config without a spec: the line names the config', async () => {
    const dir = await helloProject('out: gen\n');
    const r = await cliProcess(['generate'], dir);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(
      'asmxgen: no --spec, and asmxgen.config.yaml names no spec: using the built-in demo service ' +
        'AuthenticationWebService (spec/authentication-web-service.yaml)\n',
    );
    expect(r.stdout).toMatch(/written {4}gen\/AuthenticationWebService\.wsdl/);
  });

  it("the repository's own check uses the demo spec as its config names it: no line", async () => {
    const r = await cliProcess(['check'], join(import.meta.dirname, '../..'));
    expect(r).toEqual({ code: 0, stdout: 'asmxgen: generated/ is up to date (9 files)\n', stderr: '' });
  });

  it("serve reads the config's spec without a word about the demo", async () => {
    const dir = await helloProject();
    const server = await startCliServer(['serve', '--port', '0'], /(http:\/\/\S+)\/HelloService\.asmx/, { cwd: dir });
    server.child.kill('SIGINT');
    await server.exited;
    expect(server.output()).not.toContain('built-in demo');
  });

  it("proxy reads the config's spec (it proxied the demo service before)", async () => {
    const upstream = createServer((_req, res) => res.end('ok'));
    servers.push(upstream);
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const { port } = upstream.address() as AddressInfo;
    const dir = await helloProject('spec: spec/hello.yaml\nimpl: src/handlers.ts\n');
    const proxy = await startCliServer(
      ['proxy', '--upstream', `http://127.0.0.1:${port}`, '--port', '0'],
      /proxying HelloService at (\S+)/,
      { cwd: dir },
    );
    proxy.child.kill('SIGINT');
    await proxy.exited;
    // The config's impl is not read: it would serve your handlers in place of the upstream.
    expect(proxy.output()).not.toContain('served here');
    expect(proxy.output()).not.toContain('built-in demo');
  });

  it('proxy without a spec or config says it proxies the demo service', async () => {
    const dir = await tempDir();
    const proxy = await startCliServer(
      ['proxy', '--upstream', 'http://127.0.0.1:9', '--port', '0'],
      /proxying AuthenticationWebService at (\S+)/,
      { cwd: dir },
    );
    proxy.child.kill('SIGINT');
    await proxy.exited;
    expect(proxy.output()).toContain(NOTICE);
  });
});

/**
 * The README's quick start, as a newcomer does it in an empty folder: `npm init -y`, asmxgen and
 * @asmxgen/runtime installed from `npm pack` tarballs of this checkout, `npx asmxgen init --from` a corpus WSDL,
 * one handler written, `npm install`, `npm start`, a client script run with `npx tsx` once tsx is installed (the README's steps), and the generated tests.
 * It installs from the npm registry: it skips, saying why, when the registry is unreachable, and fails on CI.
 */
import { execFile, spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROOT, tempDir } from './run-cli.js';

const run = promisify(execFile);
const PORT = 18392;

async function registryReachable(): Promise<string | undefined> {
  try {
    await run('npm', ['ping'], { timeout: 20_000 });
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message.split('\n')[0] : String(error);
  }
}

const unreachable = process.env.CI ? undefined : await registryReachable();
if (unreachable !== undefined) {
  console.warn(`newcomer-path: skipped, the npm registry is unreachable (${unreachable})`);
}

async function sh(command: string, args: string[], cwd: string): Promise<string> {
  const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' };
  const { stdout } = await run(command, args, { cwd, env, timeout: 600_000, maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

async function waitForWsdl(url: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      const response = await fetch(url);
      if (response.ok) return await response.text();
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`nothing served ${url}`);
}

describe.skipIf(unreachable !== undefined)('the quick start in a fresh npm project', () => {
  it(
    'npm init -y, install the packed packages, init --from a WSDL, a handler, npm start, a client, the tests',
    {
      timeout: 900_000,
    },
    async () => {
      const packs = await tempDir();
      // The checkout is built (npm run build); the tarballs are what `npm publish` would upload.
      const pack = async (folder: string) =>
        join(packs, (await sh('npm', ['pack', '--ignore-scripts', '--pack-destination', packs], folder)).trim());
      const asmxgenTarball = await pack(ROOT);
      const runtimeTarball = await pack(join(ROOT, 'runtime'));
      const project = await tempDir();
      await sh('npm', ['init', '-y'], project);
      expect(JSON.parse(await readFile(join(project, 'package.json'), 'utf8'))).toMatchObject({ type: 'commonjs' });
      await sh('npm', ['install', '--save-dev', '--no-audit', '--no-fund', asmxgenTarball, runtimeTarball], project);

      const wsdl = join(ROOT, 'test/fixtures/asmx-corpus/Anonymous.wsdl');
      const init = await sh('npx', ['asmxgen', 'init', '--from', wsdl], project);
      expect(init).toContain('asmxgen: set "type": "module" in package.json (it had "type": "commonjs")');
      expect(init).toContain('asmxgen: wrote tsconfig.json');
      expect(init).toMatch(/\n {2}npm start +serves Anonymous/);
      const pkg = JSON.parse(await readFile(join(project, 'package.json'), 'utf8')) as {
        dependencies: Record<string, string>;
      };
      // The tarball install stays what it is: 0.1.0 is not on the registry.
      expect(pkg.dependencies['@asmxgen/runtime']).toMatch(/^file:.*asmxgen-runtime-[\d.]+\.tgz$/);
      await sh('npm', ['install', '--no-audit', '--no-fund'], project);

      const handlersFile = join(project, 'src/handlers.ts');
      const stub = "throw new SoapFault('Server', 'Sum is not implemented yet.');";
      const handlers = await readFile(handlersFile, 'utf8');
      expect(handlers).toContain(stub);
      await writeFile(handlersFile, handlers.replace(stub, 'return { Net: String(input.count * 2) };'));
      await writeFile(
        join(project, 'src/client.ts'),
        "import { createAnonymousClient } from './generated/index.js';\n\n" +
          `const client = createAnonymousClient({ url: 'http://127.0.0.1:${PORT}/Anonymous.asmx', transport: 'soap12' });\n` +
          'console.log(JSON.stringify(await client.Sum({ count: 21 })));\n',
      );
      const server = spawn('npm', ['start', '--', '--port', String(PORT)], { cwd: project, detached: true });
      let serverOutput = '';
      server.stdout.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()));
      server.stderr.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()));
      try {
        const served = await waitForWsdl(`http://127.0.0.1:${PORT}/Anonymous.asmx?wsdl`).catch((error: Error) => {
          throw new Error(`${error.message}\n${serverOutput}`);
        });
        expect(served).toContain('<wsdl:definitions');
        // The README's two steps, as printed: tsx installed once, then run by npx.
        await sh('npm', ['install', '--save-dev', 'tsx'], project);
        const answer = await sh('npx', ['tsx', 'src/client.ts'], project);
        expect(answer).toBe('{"Net":"42"}\n');
      } finally {
        process.kill(-server.pid!, 'SIGTERM');
      }

      const tests = await sh('npx', ['vitest', 'run', 'test'], project);
      expect(tests).toMatch(/Test Files +1 passed/);
    },
  );
});

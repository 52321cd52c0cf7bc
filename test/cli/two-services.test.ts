/**
 * Two services in one npm project, as a user sets them up: `init --from` one corpus WSDL, then another, which gets
 * a config of its own (asmxgen.<service>.config.yaml) and its code in src/<service>/; every command acts on either
 * with --config; and a service set up in a subfolder without package.json uses the project's.
 */
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describeRun, runProgram } from '../interop/run-program.js';
import { sharedFile } from '../shared-files.js';
import { cliProcess, ROOT, startCliServer, tempDir, type CliServer } from './run-cli.js';

const INVENTORY_WSDL = sharedFile('wsdl-corpus/Inventory.wsdl');
const HEADERS_WSDL = join(ROOT, 'test/fixtures/asmx-corpus/Headers.wsdl');
const TEMP_CONVERT_WSDL = sharedFile('wsdl-corpus/TempConvert.wsdl');

/** A fresh ESM project with the runtime linked where `npm install` puts it, and a tsconfig that finds Node's types. */
async function project(): Promise<string> {
  const dir = await tempDir();
  await writeFile(join(dir, 'package.json'), '{\n  "name": "shop",\n  "version": "1.0.0",\n  "type": "module"\n}\n');
  await writeFile(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        skipLibCheck: true,
        noEmit: true,
        typeRoots: [join(ROOT, 'node_modules/@types')],
        types: ['node'],
      },
      include: ['src', 'services'],
    }),
  );
  await mkdir(join(dir, 'node_modules/@asmxgen'), { recursive: true });
  await symlink(join(ROOT, 'runtime'), join(dir, 'node_modules/@asmxgen/runtime'), 'dir');
  return dir;
}

it('sets up a second service beside the first, and every command acts on either with --config', async () => {
  const dir = await project();
  const first = await cliProcess(['init', '--from', INVENTORY_WSDL], dir);
  expect(first.code, describeRun(first)).toBe(0);
  const second = await cliProcess(['init', '--from', HEADERS_WSDL], dir);
  expect(second.code, describeRun(second)).toBe(0);
  expect(second.stdout).toContain(
    'asmxgen: asmxgen.config.yaml sets up another service: wrote the settings of Headers to ' +
      'asmxgen.headers.config.yaml; the commands read it with --config asmxgen.headers.config.yaml\n',
  );
  expect(second.stdout).toContain('  impl       src/headers/handlers.ts: created with 7 stubs\n');
  expect(second.stdout).toMatch(/\n {2}npm run start:headers -- --port 8081 +serves Headers with your handlers/);
  expect(second.stdout).toMatch(/\n {2}npx asmxgen check --config asmxgen\.headers\.config\.yaml +in CI/);
  expect(await readFile(join(dir, 'asmxgen.config.yaml'), 'utf8')).toContain('spec: "spec/inventory.yaml"\n');
  expect(await readFile(join(dir, 'asmxgen.headers.config.yaml'), 'utf8')).toContain(
    'spec: "spec/headers.yaml"\nout: "src/headers/generated"\nimpl: "src/headers/handlers.ts"\n',
  );
  const pkg = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  expect(pkg.scripts).toEqual({
    start: 'asmxgen serve',
    'start:headers': 'asmxgen serve --config asmxgen.headers.config.yaml',
  });

  const headers = ['--config', 'asmxgen.headers.config.yaml'];
  for (const args of [[], headers]) {
    const generated = await cliProcess(['generate', ...args], dir);
    expect(generated.code, describeRun(generated)).toBe(0);
    expect(generated.stdout).toMatch(/0 new, 0 updated, 9 unchanged, 0 removed/);
    const checked = await cliProcess(['check', ...args], dir);
    expect(checked.code, describeRun(checked)).toBe(0);
  }
  const diffed = await cliProcess(['diff', HEADERS_WSDL, ...headers], dir);
  expect(diffed.code, describeRun(diffed)).toBe(0);
  expect(diffed.stdout).toBe('No changes.\n');
  const tsc = await runProgram(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', dir], {
    timeoutMs: 120_000,
  });
  expect(tsc.code, describeRun(tsc)).toBe(0);

  // Each server started is stopped, whatever fails.
  const started: CliServer[] = [];
  const start = async (args: string[], ready: RegExp) => {
    const server = await startCliServer(args, ready, { cwd: dir });
    started.push(server);
    return server;
  };
  let inventory, served;
  try {
    inventory = await start(['serve', '--port', '0'], /serving Inventory at (http:\S+)/);
    served = await start(['serve', ...headers, '--port', '0'], /serving Headers at (http:\S+)/);
    const proxy = await start(
      ['proxy', ...headers, '--upstream', new URL(served.address).origin, '--port', '0'],
      /proxying Headers at (http:\S+)/,
    );
    expect(await (await fetch(`${proxy.address}?wsdl`)).text()).toContain('<wsdl:service name="Headers">');
    expect(inventory.output()).toContain('with handlers from src/handlers.ts');
    expect(served.output()).toContain('with handlers from src/headers/handlers.ts');
    expect(await (await fetch(`${inventory.address}?wsdl`)).text()).toContain('<wsdl:service name="Inventory">');
    expect(await (await fetch(`${served.address}?wsdl`)).text()).toContain('<wsdl:service name="Headers">');
  } finally {
    for (const server of started) server.child.kill('SIGTERM');
  }
  expect(await inventory.exited).toBe(0);
  expect(await served.exited).toBe(0);
}, 240_000);

it('sets a service up in a subfolder without package.json, in the npm project above it', async () => {
  const dir = await project();
  const sub = join(dir, 'services/temp');
  await mkdir(sub, { recursive: true });
  const init = await cliProcess(['init', '--from', TEMP_CONVERT_WSDL], sub);
  expect(init.code, describeRun(init)).toBe(0);
  expect(init.stdout).toContain(
    'asmxgen: no package.json in this folder: setting the service up here, in the npm project of ' +
      '../../package.json (its dependencies and scripts)\n',
  );
  const pkg = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
    dependencies: Record<string, string>;
  };
  expect(pkg.scripts).toEqual({ start: 'asmxgen serve --config services/temp/asmxgen.config.yaml' });
  expect(Object.keys(pkg.dependencies)).toEqual(['@asmxgen/runtime']);
  const checked = await cliProcess(['check'], sub);
  expect(checked.code, describeRun(checked)).toBe(0);
  const fromRoot = await cliProcess(['check', '--config', 'services/temp/asmxgen.config.yaml'], dir);
  expect(fromRoot.code, describeRun(fromRoot)).toBe(0);
  expect(fromRoot.stdout).toContain('services/temp/src/generated/');
}, 120_000);

/**
 * Generated code in an application of its own, as a user has it: a folder outside this repository whose
 * `node_modules` holds `@asmxgen/runtime` unpacked from its packed tarball (what `npm publish` would ship)
 * and that package's dependencies, and nothing of the generator. The default service, generated with
 * `--runtime package`, must typecheck against the package's published declarations, and its server and
 * client must talk over every transport.
 */
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_SPEC_PATH, generate, loadSpec, writeOutput } from '../../generator/index.js';
import { ROOT } from '../cli/run-cli.js';
import { describeRun, runProgram } from '../interop/run-program.js';

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

let app = '';

/** `name` and, recursively, its dependencies, as this repository's node_modules holds them. */
async function dependencyClosure(names: readonly string[]): Promise<string[]> {
  const seen = new Set<string>();
  const visit = async (name: string): Promise<void> => {
    if (seen.has(name)) return;
    seen.add(name);
    const manifest = JSON.parse(await readFile(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    for (const dependency of Object.keys(manifest.dependencies ?? {})) await visit(dependency);
  };
  for (const name of names) await visit(name);
  return [...seen].sort();
}

beforeAll(async () => {
  app = await mkdtemp(join(tmpdir(), 'asmxgen-app-'));
  // The tarball npm publish would upload, unpacked where npm install puts it. Its prepack script (the build)
  // is not run here: `npm test` built dist/ before any test, and other tests read it while this one runs.
  const pack = await runProgram(NPM, ['pack', '--silent', '--ignore-scripts', '--pack-destination', app], {
    cwd: join(ROOT, 'runtime'),
    timeoutMs: 120_000,
  });
  expect(pack.code, describeRun(pack)).toBe(0);
  const tarball = join(app, pack.stdout.trim().split('\n').pop()!);
  const target = join(app, 'node_modules', '@asmxgen', 'runtime');
  await mkdir(target, { recursive: true });
  const untar = await runProgram('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
  expect(untar.code, describeRun(untar)).toBe(0);
  // Its dependencies, and theirs: what npm would install with it.
  const manifest = JSON.parse(await readFile(join(target, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  for (const name of await dependencyClosure(Object.keys(manifest.dependencies))) {
    await cp(join(ROOT, 'node_modules', name), join(app, 'node_modules', name), { recursive: true });
  }
  await writeFile(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  await writeOutput(join(app, 'generated'), await generate(await loadSpec(DEFAULT_SPEC_PATH)));
}, 240_000);

afterAll(async () => {
  if (app) await rm(app, { recursive: true, force: true });
});

it('the package ships its build and its sources, and depends on fast-xml-parser, busboy, undici, ioredis and tough-cookie only', async () => {
  const target = join(app, 'node_modules', '@asmxgen', 'runtime');
  const manifest = JSON.parse(await readFile(join(target, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  // ioredis: loaded by the Redis session store only, when a session is first used; tough-cookie: by the client's
  // cookie jar only, when a service with enableSession operations is first called.
  expect(Object.keys(manifest.dependencies).sort()).toEqual([
    'busboy',
    'fast-xml-parser',
    'ioredis',
    'tough-cookie',
    'undici',
  ]);
  expect((await readdir(target)).sort()).toEqual(['dist', 'package.json', 'src']);
  const installed = await readdir(join(app, 'node_modules'));
  for (const name of ['asmxgen', 'ts-morph', 'handlebars', 'yargs', 'yaml', 'typescript']) {
    expect(installed).not.toContain(name);
  }
  expect(await readdir(join(app, 'generated'))).not.toContain('runtime');
});

it('typechecks against the package’s declarations and serves the generated client over all four transports', async () => {
  // Compiled with this repository's TypeScript, resolving @asmxgen/runtime as Node does (no source condition).
  await writeFile(
    join(app, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        skipLibCheck: true,
        outDir: 'dist',
        rootDir: '.',
        typeRoots: [join(ROOT, 'node_modules/@types')],
        types: ['node'],
      },
      include: ['generated/*.ts', 'main.ts'],
      exclude: ['generated/*.test.ts'],
    }),
  );
  await writeFile(
    join(app, 'main.ts'),
    [
      "import type { AddressInfo } from 'node:net';",
      "import { createAuthenticationWebServiceClient, createAuthenticationWebServiceServer } from './generated/index.js';",
      'const seen: string[] = [];',
      'const server = createAuthenticationWebServiceServer(',
      '  new Proxy({}, { get: (_t, op) => (input: { requestJson?: string }, ctx: { transport: string }) => {',
      '    seen.push(`${String(op)} ${ctx.transport} ${input.requestJson}`);',
      '  } }) as never,',
      ');',
      "await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));",
      'const { port } = server.address() as AddressInfo;',
      "for (const transport of ['soap11', 'soap12', 'httpGet', 'httpPost'] as const) {",
      '  const client = createAuthenticationWebServiceClient({',
      '    url: `http://127.0.0.1:${port}/AuthenticationWebService.asmx`,',
      '    transport,',
      '  });',
      '  await client.Authenticate({ requestJson: `{"via":"${transport}"}` });',
      '}',
      'server.close();',
      'console.log(JSON.stringify(seen));',
    ].join('\n'),
  );
  const tsc = await runProgram(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', app], {
    timeoutMs: 120_000,
  });
  expect(tsc.code, describeRun(tsc)).toBe(0);
  const run = await runProgram(process.execPath, [join(app, 'dist/main.js')], { cwd: app });
  expect(run.code, describeRun(run)).toBe(0);
  expect(JSON.parse(run.stdout)).toEqual(
    ['soap11', 'soap12', 'httpGet', 'httpPost'].map((t) => `Authenticate ${t} {"via":"${t}"}`),
  );
}, 120_000);

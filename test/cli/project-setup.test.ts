/**
 * asmxgen in a user's own npm project, run as the user runs it (the built CLI, as a child process): a
 * folder with its own package.json and tsconfig.json, `@asmxgen/runtime` linked into its node_modules (no
 * network install), `asmxgen init --from <WSDL>`, then the commands with no flags, from the project and
 * from a subfolder, reading asmxgen.config.yaml.
 */
import { spawn } from 'node:child_process';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedFile } from '../shared-files.js';
import { describeRun, runProgram } from '../interop/run-program.js';
import { cliProcess, ROOT, tempDir } from './run-cli.js';

const INVENTORY_WSDL = sharedFile('wsdl-corpus/Inventory.wsdl');
const RUNTIME_DEPS = (
  JSON.parse(await readFile(join(ROOT, 'runtime/package.json'), 'utf8')) as { dependencies: Record<string, string> }
).dependencies;
const { version: VERSION, devDependencies: DEV } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as {
  version: string;
  devDependencies: Record<string, string>;
};

/** An npm project of the usual shape: ESM, strict TypeScript compiling src/ to dist/. */
async function userProject(): Promise<string> {
  const dir = await tempDir();
  await writeFile(join(dir, 'package.json'), '{\n  "name": "shop",\n  "version": "1.0.0",\n  "type": "module"\n}\n');
  await writeFile(
    join(dir, 'tsconfig.json'),
    JSON.stringify(
      {
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          skipLibCheck: true,
          outDir: 'dist',
          rootDir: 'src',
          typeRoots: [join(ROOT, 'node_modules/@types')],
          types: ['node'],
        },
        include: ['src'],
      },
      null,
      2,
    ),
  );
  // What `npm install` would put there, linked: the runtime finds its own dependencies from its real path.
  await mkdir(join(dir, 'node_modules/@asmxgen'), { recursive: true });
  await symlink(join(ROOT, 'runtime'), join(dir, 'node_modules/@asmxgen/runtime'), 'dir');
  return dir;
}

async function tsc(project: string) {
  return runProgram(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', project], {
    timeoutMs: 120_000,
  });
}

/** Starts `asmxgen serve --port 0` in `cwd` and resolves with its address once it listens. */
async function serve(cwd: string) {
  const child = spawn(process.execPath, [join(ROOT, 'bin/asmxgen.js'), 'serve', '--port', '0'], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start:\n${out}`)), 60_000);
    const poll = setInterval(() => {
      const match = /serving \w+ at (http:\S+) with handlers from (\S+)/.exec(out);
      if (match) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve(match[1]!);
      } else if (child.exitCode !== null) {
        clearInterval(poll);
        clearTimeout(timer);
        reject(new Error(`serve exited:\n${out}`));
      }
    }, 50);
  });
  return { url, stop: () => child.kill('SIGTERM'), output: () => out };
}

describe('a project set up with asmxgen init', () => {
  it('init --from a WSDL: config, spec, code, handlers, package.json; tsc passes; serve, check and generate use the config', async () => {
    const project = await userProject();
    const init = await cliProcess(['init', '--from', INVENTORY_WSDL], project);
    expect(init.code, describeRun(init)).toBe(0);
    expect(init.stdout).toContain('asmxgen: imported Inventory (7 operations, 4 bindings) from ');
    expect(init.stdout).toContain('  written    test/Inventory.test.ts\n');
    expect(init.stdout).toContain('  impl       src/handlers.ts: created with 7 stubs\n');
    expect(init.stdout).toMatch(/\nNext:\n {2}npm install +installs what was added to package\.json\n/);
    expect(init.stdout).toMatch(/ {2}npm start +serves Inventory with your handlers/);
    expect(init.stdout).toContain('asmxgen: added the script "start": "asmxgen serve" to package.json\n');
    expect(init.stdout).not.toContain('tsconfig.json');

    expect(await readFile(join(project, 'asmxgen.config.yaml'), 'utf8')).toBe(
      '# asmxgen settings: asmxgen generate, check and serve read them; their flags override them.\n' +
        '# Paths are relative to this file.\n' +
        'spec: "spec/inventory.yaml"\nout: "src/generated"\nimpl: "src/handlers.ts"\n' +
        'base-url: "http://localhost:8080"\nruntime: "package"\ntests: "test"\n',
    );
    const pkg = JSON.parse(await readFile(join(project, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(pkg).toEqual({
      name: 'shop',
      version: '1.0.0',
      type: 'module',
      scripts: { start: 'asmxgen serve' },
      dependencies: { '@asmxgen/runtime': VERSION },
      devDependencies: { '@types/node': DEV['@types/node'], vitest: DEV.vitest },
    });
    expect(init.stdout).toContain(
      `asmxgen: added to package.json: @asmxgen/runtime@${VERSION}, @types/node@${DEV['@types/node']}, ` +
        `vitest@${DEV.vitest}\n`,
    );

    // The user's build compiles src/ (generated code and handlers), and not the test suite (it imports vitest).
    const build = await tsc(project);
    expect(build.code, describeRun(build)).toBe(0);

    // An implemented handler, served with no flags from a subfolder.
    const handlersFile = join(project, 'src/handlers.ts');
    const handlers = await readFile(handlersFile, 'utf8');
    await writeFile(
      handlersFile,
      handlers.replace(
        "throw new SoapFault('Server', 'CountItems is not implemented yet.');",
        'return (input.category ?? "").length * 10;',
      ),
    );
    expect((await tsc(project)).code).toBe(0);
    const served = await serve(join(project, 'src'));
    try {
      const reply = await fetch(`${served.url}/CountItems?category=tools`);
      expect(reply.status).toBe(200);
      expect(await reply.text()).toContain('>50</int>');
      expect(served.output()).toMatch(/with handlers from \.\.\/src\/handlers\.ts|with handlers from handlers\.ts/);
    } finally {
      served.stop();
    }

    // check and generate, no flags, from the project and from a subfolder: they keep Inventory.
    const check = await cliProcess(['check'], join(project, 'src'));
    expect(check.code, describeRun(check)).toBe(0);
    expect(check.stdout).toContain('Inventory.test.ts are up to date');
    const generate = await cliProcess(['generate'], project);
    expect(generate.code, describeRun(generate)).toBe(0);
    expect(generate.stdout).toMatch(/wrote src\/generated\/ from spec\/inventory\.yaml: 0 new, 0 updated, 9 unchanged/);

    // Flags override the config.
    const elsewhere = await cliProcess(['generate', '--out', 'src/other', '--tests', 'none'], project);
    expect(elsewhere.code, describeRun(elsewhere)).toBe(0);
    expect(elsewhere.stdout).toContain('  written    src/other/Inventory.wsdl\n');
    expect(elsewhere.stdout).not.toContain('Inventory.test.ts');
    const otherCheck = await cliProcess(['check', '--out', 'src/generated', '--tests', 'none'], project);
    expect(otherCheck.code).toBe(0);

    // The default spec would replace Inventory: refused, whatever the config says.
    const demo = await cliProcess(['generate', '--spec', join(ROOT, 'spec/authentication-web-service.yaml')], project);
    expect(demo.code).toBe(2);
    expect(demo.stderr).toContain('"src/generated" holds the output of Inventory generated from spec/inventory.yaml');

    // An operation removed from the spec: the handlers file is marked and the project still compiles.
    const specFile = join(project, 'spec/inventory.yaml');
    const spec = await readFile(specFile, 'utf8');
    const reserve = /\n {2}- name: Reserve\n(?: {4}.*\n)+/.exec(spec);
    expect(reserve).not.toBeNull();
    await writeFile(specFile, spec.replace(reserve![0], '\n'));
    const regenerate = await cliProcess(['generate'], project);
    expect(regenerate.code, describeRun(regenerate)).toBe(0);
    expect(regenerate.stdout).toContain('1 operation no longer in the spec (Reserve) marked');
    const after = await tsc(project);
    expect(after.code, describeRun(after)).toBe(0);
  }, 300_000);

  it('prints the one npm install line when package.json cannot be edited, and leaves it alone', async () => {
    const project = await userProject();
    await writeFile(join(project, 'package.json'), '{ "name": "shop", }\n');
    const init = await cliProcess(
      ['init', '--from', INVENTORY_WSDL, '--runtime', 'vendor', '--tests', 'none'],
      project,
    );
    expect(init.code, describeRun(init)).toBe(0);
    expect(init.stdout).toContain(
      'asmxgen: could not add the dependencies to package.json (it is not valid JSON); install them with:\n' +
        `  npm install --save-exact busboy@${RUNTIME_DEPS.busboy} fast-xml-parser@${RUNTIME_DEPS['fast-xml-parser']} && ` +
        `npm install --save-dev --save-exact @types/node@${DEV['@types/node']} @types/busboy@${DEV['@types/busboy']}\n`,
    );
    expect(await readFile(join(project, 'package.json'), 'utf8')).toBe('{ "name": "shop", }\n');
    expect(init.stdout).not.toContain('vitest');
  }, 120_000);

  it('refuses to run outside an npm project, or over an existing config', async () => {
    const empty = await tempDir();
    const outside = await cliProcess(['init'], empty);
    expect(outside.code).toBe(2);
    expect(outside.stderr).toContain('there is no package.json here or in a parent folder; run `npm init` first');
    const project = await userProject();
    expect((await cliProcess(['init'], project)).code).toBe(0);
    const again = await cliProcess(['init'], project);
    expect(again.code).toBe(2);
    expect(again.stderr).toBe(
      'asmxgen: asmxgen.config.yaml already exists; nothing was written. asmxgen generate, check and serve use it ' +
        'as it is; pass --force to set the project up again.\n',
    );
    // The starter spec compiles too.
    expect((await tsc(project)).code).toBe(0);
  }, 180_000);

  it('reports every problem of a config as file:line:column, and --config names another file', async () => {
    const project = await userProject();
    await writeFile(
      join(project, 'asmxgen.config.yaml'),
      'spec: spec/x.yaml\nruntime: vendr\nsped: 1\nbase-url: ftp://x\n',
    );
    const r = await cliProcess(['generate'], join(project));
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'asmxgen: asmxgen.config.yaml has 3 problems; nothing was done.\n' +
        'asmxgen.config.yaml:2:10: runtime: unknown value "vendr"; did you mean "vendor"? Expected one of: package, vendor\n' +
        'asmxgen.config.yaml:3:1: sped: unknown field "sped"; did you mean "spec"? Expected one of: spec, out, impl, base-url, runtime, tests\n' +
        'asmxgen.config.yaml:4:11: base-url: "ftp://x" must start with http:// or https://\n',
    );
    await mkdir(join(project, 'conf'));
    await writeFile(join(project, 'conf/inventory.yaml'), 'spec: ../spec.yaml\nout: ../gen\n');
    await writeFile(join(project, 'spec.yaml'), await readFile(join(ROOT, 'test/golden/inventory/spec.yaml')));
    const named = await cliProcess(['generate', '--config', 'conf/inventory.yaml'], project);
    expect(named.code, describeRun(named)).toBe(0);
    expect(named.stdout).toContain('  written    gen/Inventory.wsdl\n');
  }, 60_000);
});

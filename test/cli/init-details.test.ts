/**
 * `init`'s help says what it does, and the run-time dependency ends up where a production install finds it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliProcess, tempDir } from './run-cli.js';

describe('init', () => {
  it('--help: the test suite goes to test/ by default, as init writes it', async () => {
    const dir = await tempDir();
    const help = (await cliProcess(['init', '--help'], dir)).stdout;
    expect(help).toMatch(/--tests +Where the generated test suite[\s\S]*?\[string\] \[default: test\]/);
    await writeFile(join(dir, 'package.json'), '{ "name": "p", "version": "1.0.0" }\n');
    expect((await cliProcess(['init'], dir)).code).toBe(0);
    expect(await readFile(join(dir, 'test/HelloService.test.ts'), 'utf8')).toContain('HelloService');
  });

  it('moves @asmxgen/runtime from devDependencies to dependencies, and says so', async () => {
    const dir = await tempDir();
    await writeFile(
      join(dir, 'package.json'),
      JSON.stringify({
        name: 'p',
        version: '1.0.0',
        devDependencies: { '@asmxgen/runtime': 'file:../asmxgen/runtime', asmxgen: 'file:../asmxgen' },
      }),
    );
    const r = await cliProcess(['init'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      'asmxgen: moved @asmxgen/runtime from devDependencies to dependencies in package.json: the generated code ' +
        'imports it at run time\n',
    );
    const pkg = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    expect(pkg.dependencies).toEqual({ '@asmxgen/runtime': 'file:../asmxgen/runtime' });
    expect(Object.keys(pkg.devDependencies)).toEqual(['@types/node', 'asmxgen', 'vitest']);
  });

  it('in a fresh `npm init -y` project: "type": "module", a start script and a tsconfig.json, said so', async () => {
    const dir = await tempDir();
    const npmInit = { name: 'p', version: '1.0.0', main: 'index.js', type: 'commonjs', scripts: { test: 'exit 1' } };
    await writeFile(join(dir, 'package.json'), JSON.stringify(npmInit, null, 2) + '\n');
    const r = await cliProcess(['init'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('asmxgen: wrote tsconfig.json (strict, NodeNext modules; includes src, test)\n');
    expect(r.stdout).toContain(
      'asmxgen: set "type": "module" in package.json (it had "type": "commonjs"): the generated code is ES modules; ' +
        'rename CommonJS files of yours to .cjs\n',
    );
    expect(r.stdout).toMatch(/\n {2}npm start +serves HelloService/);
    const pkg = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(pkg.type).toBe('module');
    expect(pkg.scripts).toEqual({ test: 'exit 1', start: 'asmxgen serve' });
    const tsconfig = JSON.parse(await readFile(join(dir, 'tsconfig.json'), 'utf8')) as Record<string, unknown>;
    expect(tsconfig.include).toEqual(['src', 'test']);
    expect(tsconfig.compilerOptions).toMatchObject({ module: 'NodeNext', strict: true });
  });

  it('keeps a tsconfig.json, a start script and a runtime installed from a tarball as they are', async () => {
    const dir = await tempDir();
    const pkg = {
      name: 'p',
      version: '1.0.0',
      type: 'module',
      scripts: { start: 'node server.js' },
      dependencies: { '@asmxgen/runtime': 'file:../asmxgen-runtime-0.1.0.tgz' },
    };
    await writeFile(join(dir, 'package.json'), JSON.stringify(pkg));
    await writeFile(join(dir, 'tsconfig.json'), '{}\n');
    const r = await cliProcess(['init'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/tsconfig|"type"|"start"/);
    expect(r.stdout).toMatch(/\n {2}npx asmxgen serve +serves HelloService/);
    expect(await readFile(join(dir, 'tsconfig.json'), 'utf8')).toBe('{}\n');
    const after = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as typeof pkg;
    expect(after.scripts).toEqual(pkg.scripts);
    expect(after.dependencies).toEqual(pkg.dependencies);
  });
});

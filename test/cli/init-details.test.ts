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
});

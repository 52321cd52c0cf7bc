/**
 * An output folder holds one service: generating another service (a forgotten --spec) or the same
 * service from another spec (a forgotten --out) into it is refused, and changes nothing, unless --force.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate, loadSpec, writeOutput } from '../../generator/index.js';
import { cli, cliProcess, ROOT, tempDir } from './run-cli.js';
import { snapshot } from './snapshot.js';

const INVENTORY = join(ROOT, 'test/golden/inventory/spec.yaml');

describe('an output folder that holds another service', () => {
  it('records the service and the spec in the manifest', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'inventory.yaml'), await readFile(INVENTORY));
    const r = await cliProcess(['generate', '--spec', 'inventory.yaml', '--out', 'out'], dir);
    expect(r.code).toBe(0);
    const manifest = JSON.parse(await readFile(join(dir, 'out/.asmxgen-manifest.json'), 'utf8')) as object;
    expect(manifest).toMatchObject({ generator: 'asmxgen', service: 'Inventory', spec: '../inventory.yaml' });
  });

  it('refuses the default spec over a generated Inventory: exit 2, nothing changed, the spec to name', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'inventory.yaml'), await readFile(INVENTORY));
    expect((await cliProcess(['generate', '--spec', 'inventory.yaml', '--out', 'out'], dir)).code).toBe(0);
    const before = await snapshot(dir);
    for (const args of [
      ['generate', '--out', 'out'],
      ['generate', '--out', 'out', '--dry-run'],
    ]) {
      const r = await cliProcess(args, dir);
      expect(r.code).toBe(2);
      // In a folder without a config, the line about the demo spec comes first: it says why this service.
      expect(r.stderr).toBe(
        'asmxgen: no --spec and no asmxgen.config.yaml here: using the built-in demo service AuthenticationWebService ' +
          '(spec/authentication-web-service.yaml)\n' +
          'asmxgen: "out" holds the output of Inventory generated from inventory.yaml, not of AuthenticationWebService ' +
          'from the embedded default spec; nothing was written. To regenerate what it holds, name its spec with ' +
          '--spec inventory.yaml; to generate this one, choose another folder with --out; to replace it (the spec ' +
          'was renamed, say), add --force.\n',
      );
      expect(await snapshot(dir)).toEqual(before);
    }
  });

  it('refuses the same service from another spec, and --force replaces', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'a.yaml'), await readFile(INVENTORY));
    await writeFile(join(dir, 'b.yaml'), await readFile(INVENTORY));
    expect((await cli('generate', '--spec', join(dir, 'a.yaml'), '--out', join(dir, 'out'))).code).toBe(0);
    const other = await cli('generate', '--spec', join(dir, 'b.yaml'), '--out', join(dir, 'out'));
    expect(other.code).toBe(2);
    expect(other.stderr).toContain('holds the output of Inventory generated from');
    const forced = await cli('generate', '--spec', join(dir, 'b.yaml'), '--out', join(dir, 'out'), '--force');
    expect(forced.code).toBe(0);
    const manifest = JSON.parse(await readFile(join(dir, 'out/.asmxgen-manifest.json'), 'utf8')) as object;
    expect(manifest).toMatchObject({ service: 'Inventory', spec: '../b.yaml' });
  });

  it('takes over a folder whose manifest records no owner (written by an earlier version, or by the API)', async () => {
    const dir = await tempDir();
    await writeOutput(join(dir, 'out'), await generate(await loadSpec(INVENTORY)));
    const manifest = JSON.parse(await readFile(join(dir, 'out/.asmxgen-manifest.json'), 'utf8')) as object;
    expect(manifest).not.toHaveProperty('spec');
    expect((await cli('generate', '--spec', INVENTORY, '--out', join(dir, 'out'))).code).toBe(0);
    // The API records the service it wrote: the default spec is refused there too.
    const r = await cli('generate', '--out', join(dir, 'out'));
    expect(r.code).toBe(2);
  });

  it('check accepts a manifest naming the spec and one that does not: the files decide', async () => {
    const dir = await tempDir();
    expect((await cli('generate', '--spec', INVENTORY, '--out', join(dir, 'out'))).code).toBe(0);
    expect((await cli('check', '--spec', INVENTORY, '--out', join(dir, 'out'))).code).toBe(0);
  });
});

/**
 * `generate --watch` as an editor drives it: every save writes a new file and renames it over the
 * spec (an atomic save), and a spec may be invalid for a while, even when watching starts.
 */
import { spawn } from 'node:child_process';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ROOT, tempDir } from './run-cli.js';

const INVENTORY = join(ROOT, 'test/golden/inventory/spec.yaml');

/** Saves as editors do: a temporary file beside the target, renamed over it. */
async function atomicSave(path: string, text: string): Promise<void> {
  const temp = `${path}.${process.pid}.swp`;
  await writeFile(temp, text);
  await rename(temp, path);
}

it('regenerates after each of two atomic saves in a row, and waits out an invalid spec at start', async () => {
  const dir = await tempDir();
  const spec = join(dir, 'inventory.yaml');
  const valid = await readFile(INVENTORY, 'utf8');
  await writeFile(spec, 'service: [not a mapping\n');
  const child = spawn(
    process.execPath,
    [join(ROOT, 'bin/asmxgen.js'), 'generate', '--watch', '--spec', 'inventory.yaml', '--out', 'out'],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  const waitFor = async (pattern: RegExp, count = 1) => {
    const deadline = Date.now() + 30_000;
    while ((output.match(new RegExp(pattern, 'g')) ?? []).length < count) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`waited for ${pattern}:\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  try {
    await waitFor(/the spec has \d+ problems?; nothing was written/);
    await waitFor(/asmxgen: watching inventory\.yaml/);
    await atomicSave(spec, valid);
    await waitFor(/asmxgen: wrote out\/ from inventory\.yaml/);
    expect(await readFile(join(dir, 'out/Inventory.wsdl'), 'utf8')).toContain('Inventory');
    await atomicSave(spec, valid.replace('namespace: urn:example:inventory', 'namespace: urn:saved-twice'));
    await waitFor(/asmxgen: wrote out\/ from inventory\.yaml/, 2);
    expect(await readFile(join(dir, 'out/Inventory.wsdl'), 'utf8')).toContain('urn:saved-twice');
    await atomicSave(spec, 'service: [broken again\n');
    await waitFor(/the spec has \d+ problems?; nothing was written/, 2);
    await atomicSave(spec, valid);
    await waitFor(/asmxgen: wrote out\/ from inventory\.yaml/, 3);
    expect(await readFile(join(dir, 'out/Inventory.wsdl'), 'utf8')).not.toContain('urn:saved-twice');
    expect(output.match(/asmxgen: inventory\.yaml changed/g)).toHaveLength(4);
  } finally {
    child.kill('SIGTERM');
  }
  expect(await exited).toBe(0);
  expect(output).not.toMatch(/\n\s+at /);
}, 90_000);

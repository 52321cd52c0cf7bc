import { rm, writeFile, appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, cliProcess, ROOT, tempDir } from './run-cli.js';

describe('asmxgen check', () => {
  it('exits 0 on the committed generated/ folder', async () => {
    const r = await cliProcess(['check'], ROOT);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^asmxgen: generated\/ is up to date \(\d+ files\)\n$/);
  });

  it('exits 1 naming an edited, a deleted and an added file', async () => {
    const out = join(await tempDir(), 'out');
    await cli('generate', '--out', out);
    expect((await cli('check', '--out', out)).code).toBe(0);

    await appendFile(join(out, 'AuthenticationWebService.wsdl'), '\n<!-- edited -->');
    await rm(join(out, '.asmxgen-manifest.json'));
    await writeFile(join(out, 'notes.txt'), 'mine');
    const r = await cli('check', '--out', out);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^changed {2}AuthenticationWebService\.wsdl$/m);
    expect(r.stderr).toMatch(/^ {4}\+ \d+ \| <!-- edited -->$|^ {4}- \d+ \| <!-- edited -->$/m);
    expect(r.stderr).toMatch(/^missing {2}\.asmxgen-manifest\.json \(would be written\)$/m);
    expect(r.stderr).toMatch(/^added {4}notes\.txt \(not written by asmxgen: remove it or generate elsewhere\)$/m);
    expect(r.stderr).toContain('Run `asmxgen generate` with the same options');
  });

  it('writes nothing, even into a missing folder', async () => {
    const out = join(await tempDir(), 'out');
    const r = await cli('check', '--out', out);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^missing {2}AuthenticationWebService\.wsdl \(would be written\)$/m);
  });
});

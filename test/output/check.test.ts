import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkOutput, formatCheck } from '../../generator/output/check.js';
import { MANIFEST_FILE } from '../../generator/output/manifest.js';
import { OutputError } from '../../generator/output/output-error.js';
import { writeOutput } from '../../generator/output/write.js';
import { file, FILES, mtimes, put, tempDir, tree } from './helpers.js';

describe('checkOutput', () => {
  it('is ok right after writeOutput, and writes nothing', async () => {
    const dir = await tempDir();
    await writeOutput(dir, FILES);
    const before = await mtimes(dir);
    const result = await checkOutput(dir, FILES);
    expect(result).toEqual({ outDir: dir, ok: true, fileCount: 5, changed: [], missing: [], added: [] });
    expect(formatCheck(result, 'generated')).toBe('generated/ is up to date (5 files).');
    expect(await mtimes(dir)).toEqual(before);
  });

  it('ignores node_modules folders', async () => {
    const dir = await tempDir();
    await writeOutput(dir, FILES);
    await put(dir, 'node_modules/x/index.js', '');
    await put(dir, 'client/node_modules/y.js', '');
    expect((await checkOutput(dir, FILES)).ok).toBe(true);
  });

  it('reports an edited, a deleted and an added file by name', async () => {
    const dir = await tempDir();
    await writeOutput(dir, FILES);
    await put(
      dir,
      'AuthenticationWebService.wsdl',
      '<?xml version="1.0" encoding="utf-8"?>\n<wsdl:definitions edited="yes">\n</wsdl:definitions>\n',
    );
    await rm(join(dir, 'server.ts'));
    await put(dir, 'notes.txt', 'my notes');

    const result = await checkOutput(dir, FILES);

    expect(result.ok).toBe(false);
    expect(result.changed).toEqual([
      {
        path: 'AuthenticationWebService.wsdl',
        diff: ['- 2 | <wsdl:definitions edited="yes">', '+ 2 | <wsdl:definitions>'],
      },
    ]);
    expect(result.missing).toEqual(['server.ts']);
    expect(result.added).toEqual([{ path: 'notes.txt', previouslyGenerated: false }]);
    expect(formatCheck(result, 'generated')).toBe(
      [
        'changed  AuthenticationWebService.wsdl',
        '    - 2 | <wsdl:definitions edited="yes">',
        '    + 2 | <wsdl:definitions>',
        'missing  server.ts (would be written)',
        'added    notes.txt (not written by asmxgen: remove it or generate elsewhere)',
        '3 problems in generated/: 1 changed, 1 missing, 1 added.',
      ].join('\n'),
    );
  });

  it('counts the manifest as a generated file', async () => {
    const dir = await tempDir();
    await writeOutput(dir, FILES);
    await rm(join(dir, MANIFEST_FILE));
    const result = await checkOutput(dir, FILES);
    expect(result.missing).toEqual([MANIFEST_FILE]);
    expect(formatCheck(result, 'out')).toBe(
      `missing  ${MANIFEST_FILE} (would be written)\n1 problem in out/: 1 missing.`,
    );

    await writeFile(join(dir, MANIFEST_FILE), '{ corrupt');
    const corrupt = await checkOutput(dir, FILES);
    expect(corrupt.changed.map((c) => c.path)).toEqual([MANIFEST_FILE]);
    expect(corrupt.changed[0]!.diff[0]).toBe('-  1 | { corrupt');
  });

  it('reports a file no longer generated as added, with a hint that generating removes it', async () => {
    const dir = await tempDir();
    await writeOutput(dir, FILES);
    const next = FILES.filter((f) => f.path !== 'server.ts');
    const result = await checkOutput(dir, next);
    expect(result.added).toEqual([{ path: 'server.ts', previouslyGenerated: true }]);
    expect(result.changed.map((c) => c.path)).toEqual([MANIFEST_FILE]);
    expect(formatCheck(result, 'out/')).toBe(
      [
        `changed  ${MANIFEST_FILE}`,
        '    - 7 |     "client/index.ts",',
        '    - 8 |     "server.ts"',
        '    + 7 |     "client/index.ts"',
        'added    server.ts (no longer generated: generating again removes it)',
        '2 problems in out/: 1 changed, 1 added.',
      ].join('\n'),
    );
  });

  it('reports every file missing when the folder does not exist', async () => {
    const dir = join(await tempDir(), 'absent');
    const result = await checkOutput(dir, FILES);
    expect(result.ok).toBe(false);
    expect(result.missing).toEqual([
      MANIFEST_FILE,
      'AuthenticationWebService.wsdl',
      'client/deep/types.ts',
      'client/index.ts',
      'server.ts',
    ]);
    expect(result.changed).toEqual([]);
    expect(result.added).toEqual([]);
    expect(formatCheck(result).split('\n').at(-1)).toBe(`5 problems in ${dir}/: 5 missing.`);
  });

  it('throws an OutputError when the folder is a file', async () => {
    const dir = join(await tempDir(), 'file');
    await writeFile(dir, 'x');
    const error = await checkOutput(dir, FILES).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutputError);
    expect((error as Error).message).toBe(
      `Cannot use "${dir}" as the output folder: it is a file, not a folder. ` +
        'Choose another output folder, or move the file out of the way.',
    );
  });

  it('reports a folder standing where a generated file belongs as missing, and its files as added', async () => {
    const dir = await tempDir();
    await writeOutput(dir, [file('a.ts', 'a\n')]);
    await rm(join(dir, 'a.ts'));
    await mkdir(join(dir, 'a.ts'));
    await put(dir, 'a.ts/inside.txt', '');
    const result = await checkOutput(dir, [file('a.ts', 'a\n')]);
    expect(result.missing).toEqual(['a.ts']);
    expect(result.added).toEqual([{ path: 'a.ts/inside.txt', previouslyGenerated: false }]);
  });

  it('shows a capped diff for a file with many changed lines', async () => {
    const dir = await tempDir();
    const content = Array.from({ length: 40 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
    await writeOutput(dir, [file('big.txt', content)]);
    await put(dir, 'big.txt', content.toUpperCase());
    const [changed] = (await checkOutput(dir, [file('big.txt', content)])).changed;
    expect(changed!.diff).toHaveLength(21);
    expect(changed!.diff[0]).toBe('-  1 | LINE 1');
    expect(changed!.diff[20]).toBe('… 60 more differing lines');
  });

  it('matches what writeOutput leaves, in every case above', async () => {
    const dir = await tempDir();
    await writeOutput(dir, FILES);
    await put(dir, 'server.ts', 'edited');
    const next = [...FILES.filter((f) => f.path !== 'client/index.ts'), file('new.ts', 'new\n')];
    expect((await checkOutput(dir, next)).ok).toBe(false);
    await writeOutput(dir, next);
    expect(await checkOutput(dir, next)).toMatchObject({ ok: true });
    expect(await tree(dir)).toContain('new.ts');
  });
});

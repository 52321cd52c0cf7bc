import { readFileSync } from 'node:fs';
import { chmod, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MANIFEST_FILE } from '../../generator/output/manifest.js';
import { contentText } from '../../generator/model/file-content.js';
import { OutputError } from '../../generator/output/output-error.js';
import { planOutput } from '../../generator/output/plan.js';
import { writeOutput, type PlanEntry } from '../../generator/output/write.js';
import { ageFiles, exists, file, FILES, manifestOf, mtimes, put, read, tempDir, tree } from './helpers.js';

const ALL_PATHS = FILES.map((f) => f.path);

describe('writeOutput', () => {
  it('writes every file and the manifest, creating the output folder and subfolders', async () => {
    const dir = join(await tempDir(), 'out');
    const seen: PlanEntry[] = [];
    const summary = await writeOutput(dir, FILES, { onFile: (e) => seen.push(e) });

    expect(summary.entries).toEqual([
      { path: MANIFEST_FILE, state: 'written' },
      { path: 'AuthenticationWebService.wsdl', state: 'written' },
      { path: 'client/deep/types.ts', state: 'written' },
      { path: 'client/index.ts', state: 'written' },
      { path: 'server.ts', state: 'written' },
    ]);
    expect(summary.counts).toEqual({ written: 5, changed: 0, unchanged: 0, removed: 0 });
    expect(seen.map((e) => e.path).sort()).toEqual(summary.entries.map((e) => e.path).sort());
    expect(seen.at(-1)).toEqual({ path: MANIFEST_FILE, state: 'written' });
    for (const f of FILES)
      expect(await readFile(join(dir, f.path))).toEqual(Buffer.from(contentText(f.content), 'utf8'));
    expect(await read(dir, MANIFEST_FILE)).toBe(manifestOf(ALL_PATHS));
    expect(await tree(dir)).toEqual([
      MANIFEST_FILE,
      'AuthenticationWebService.wsdl',
      'client/',
      'client/deep/',
      'client/deep/types.ts',
      'client/index.ts',
      'server.ts',
    ]);
  });

  it('reports everything unchanged on a second run and leaves bytes and mtimes alone', async () => {
    const dir = await tempDir();
    await writeOutput(dir, FILES);
    await ageFiles(dir);
    const before = await mtimes(dir);
    const bytes = await Promise.all(FILES.map((f) => readFile(join(dir, f.path))));

    const summary = await writeOutput(dir, FILES);

    expect(summary.counts).toEqual({ written: 0, changed: 0, unchanged: 5, removed: 0 });
    expect(summary.entries.every((e) => e.state === 'unchanged')).toBe(true);
    expect(await mtimes(dir)).toEqual(before);
    expect(await Promise.all(FILES.map((f) => readFile(join(dir, f.path))))).toEqual(bytes);
  });

  it('rewrites only changed files, atomically, keeping their permission bits', async () => {
    const dir = await tempDir();
    await writeOutput(dir, FILES);
    await chmod(join(dir, 'server.ts'), 0o754);
    await ageFiles(dir);
    const before = await mtimes(dir);

    const next = FILES.map((f) => (f.path === 'server.ts' ? file('server.ts', 'export const server = 2;\n') : f));
    const summary = await writeOutput(dir, next);

    expect(summary.entries.filter((e) => e.state !== 'unchanged')).toEqual([{ path: 'server.ts', state: 'changed' }]);
    expect(await read(dir, 'server.ts')).toBe('export const server = 2;\n');
    expect((await stat(join(dir, 'server.ts'))).mode & 0o777).toBe(0o754);
    const after = await mtimes(dir);
    expect(after['server.ts']).not.toBe(before['server.ts']);
    expect({ ...after, 'server.ts': 0 }).toEqual({ ...before, 'server.ts': 0 });
    expect((await readdir(dir)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('removes a file no longer generated, its emptied folders, and its manifest line', async () => {
    const dir = await tempDir();
    await writeOutput(dir, FILES);
    const next = FILES.filter((f) => f.path !== 'client/deep/types.ts');

    const summary = await writeOutput(dir, next);

    expect(summary.entries.filter((e) => e.state !== 'unchanged')).toEqual([
      { path: MANIFEST_FILE, state: 'changed' },
      { path: 'client/deep/types.ts', state: 'removed' },
    ]);
    expect(summary.counts).toEqual({ written: 0, changed: 1, unchanged: 3, removed: 1 });
    expect(await tree(dir)).toEqual([
      MANIFEST_FILE,
      'AuthenticationWebService.wsdl',
      'client/',
      'client/index.ts',
      'server.ts',
    ]);
    expect(await read(dir, MANIFEST_FILE)).toBe(manifestOf(next.map((f) => f.path)));
  });

  it('never touches files it did not write, nor folders they keep non-empty', async () => {
    const dir = await tempDir();
    await writeOutput(dir, FILES);
    await put(dir, 'notes.txt', 'mine');
    await put(dir, 'client/deep/mine.ts', 'mine too');
    await ageFiles(dir);

    const summary = await writeOutput(
      dir,
      FILES.filter((f) => f.path !== 'client/deep/types.ts'),
    );

    expect(summary.entries.map((e) => e.path)).not.toContain('notes.txt');
    expect(await read(dir, 'notes.txt')).toBe('mine');
    expect(await read(dir, 'client/deep/mine.ts')).toBe('mine too');
    expect((await stat(join(dir, 'notes.txt'))).mtime.toISOString()).toBe('2001-02-03T04:05:06.000Z');
    expect(await exists(join(dir, 'client/deep/types.ts'))).toBe(false);
  });

  it('leaves a path listed in the old manifest alone when a folder now stands there', async () => {
    const dir = await tempDir();
    await writeOutput(dir, FILES);
    await put(dir, MANIFEST_FILE, manifestOf([...ALL_PATHS, 'client']));
    const summary = await writeOutput(dir, FILES);
    expect(summary.entries.map((e) => e.state)).toEqual([
      'changed',
      'unchanged',
      'unchanged',
      'unchanged',
      'unchanged',
    ]);
    expect(await exists(join(dir, 'client/index.ts'))).toBe(true);
  });

  it('replaces a removed file by a folder of the same name, and the reverse', async () => {
    const dir = await tempDir();
    await writeOutput(dir, [file('a', 'file a\n')]);
    await writeOutput(dir, [file('a/b.ts', 'in folder a\n')]);
    expect(await tree(dir)).toEqual([MANIFEST_FILE, 'a/', 'a/b.ts']);
    await writeOutput(dir, [file('a', 'file a again\n')]);
    expect(await tree(dir)).toEqual([MANIFEST_FILE, 'a']);
    expect(await read(dir, 'a')).toBe('file a again\n');
  });

  describe('dryRun', () => {
    it('reports the states but creates nothing, not even the folder', async () => {
      const dir = join(await tempDir(), 'out');
      const seen: PlanEntry[] = [];
      const summary = await writeOutput(dir, FILES, { dryRun: true, onFile: (e) => seen.push(e) });
      expect(summary.counts).toEqual({ written: 5, changed: 0, unchanged: 0, removed: 0 });
      expect(seen).toEqual(summary.entries);
      expect(await exists(dir)).toBe(false);
    });

    it('reports the same states a real run has, and writes nothing', async () => {
      const dir = await tempDir();
      await writeOutput(dir, FILES);
      await ageFiles(dir);
      const before = await mtimes(dir);
      const next = [
        ...FILES.filter((f) => f.path !== 'server.ts' && f.path !== 'client/index.ts'),
        file('client/index.ts', 'changed\n'),
        file('new.ts', 'new\n'),
      ];
      const dry = await writeOutput(dir, next, { dryRun: true });
      expect(dry.entries).toEqual([
        { path: MANIFEST_FILE, state: 'changed' },
        { path: 'AuthenticationWebService.wsdl', state: 'unchanged' },
        { path: 'client/deep/types.ts', state: 'unchanged' },
        { path: 'client/index.ts', state: 'changed' },
        { path: 'new.ts', state: 'written' },
        { path: 'server.ts', state: 'removed' },
      ]);
      expect(await mtimes(dir)).toEqual(before);
      expect((await writeOutput(dir, next)).entries).toEqual(dry.entries);
    });
  });

  describe('errors', () => {
    it('throws a plain Error for an invalid generated path, before touching the disk', async () => {
      const dir = join(await tempDir(), 'out');
      for (const [path, problem] of [
        ['../x.ts', 'it contains ".."'],
        ['/abs.ts', 'it is absolute'],
        ['C:/abs.ts', 'it is absolute'],
        ['a\\b.ts', 'it contains a backslash (use "/")'],
        ['a//b.ts', 'it has an empty segment'],
        ['a/', 'it has an empty segment'],
        ['', 'it is empty'],
      ] as const) {
        await expect(writeOutput(dir, [file(path, 'x')])).rejects.toThrow(
          `Invalid generated file path ${JSON.stringify(path)}: ${problem}.`,
        );
      }
      await expect(writeOutput(dir, [file('a.ts', '1'), file('a.ts', '2')])).rejects.toThrow(
        'Generated file path "a.ts" is listed twice.',
      );
      await expect(writeOutput(dir, [file('a', '1'), file('a/b.ts', '2')])).rejects.toThrow(
        'Generated file path "a/b.ts" needs "a" as a folder, but it is also generated as a file.',
      );
      await expect(writeOutput(dir, [file(MANIFEST_FILE, '{}')])).rejects.toThrow('is reserved for the manifest');
      expect(await exists(dir)).toBe(false);
    });

    it('explains an output folder that is a file', async () => {
      const root = await tempDir();
      const dir = join(root, 'out');
      await writeFile(dir, 'I am a file');
      const error = await writeOutput(dir, FILES).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OutputError);
      expect((error as OutputError).message).toBe(
        `Cannot use "${dir}" as the output folder: it is a file, not a folder. ` +
          'Choose another output folder, or move the file out of the way.',
      );
      await expect(writeOutput(dir, FILES, { dryRun: true })).rejects.toThrow((error as Error).message);
      expect(await readFile(dir, 'utf8')).toBe('I am a file');
    });

    it('explains a parent of the output folder that is a file (ENOTDIR)', async () => {
      const root = await tempDir();
      const parent = join(root, 'parent');
      await writeFile(parent, 'I am a file');
      const dir = join(parent, 'sub', 'out');
      const error = await writeOutput(dir, FILES).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OutputError);
      expect((error as OutputError).code).toBe('ENOTDIR');
      expect((error as OutputError).message).toBe(
        `Cannot use "${dir}" as the output folder: "${parent}" is a file, not a folder. ` +
          'Choose another output folder, or move the file out of the way.',
      );
    });

    // Root ignores permission bits, so this can only be observed as another user.
    it.skipIf(process.getuid?.() === 0)('explains a read-only parent folder (EACCES)', async () => {
      const root = await tempDir();
      await chmod(root, 0o555);
      try {
        const dir = join(root, 'out');
        await expect(writeOutput(dir, FILES)).rejects.toThrow(
          `Cannot create the output folder "${dir}": permission denied. ` +
            'Check the permissions of the folder, or choose another output folder.',
        );
      } finally {
        await chmod(root, 0o755);
      }
    });

    it('removes its temporary file when a write fails and explains the failure', async () => {
      const dir = await tempDir();
      await writeOutput(dir, [file('keep.ts', 'keep\n')]);
      await put(dir, 'server.ts/inner.txt', 'a folder is in the way');
      const error = await writeOutput(dir, [file('keep.ts', 'keep\n'), file('server.ts', 'x\n')]).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(OutputError);
      expect((error as OutputError).message).toBe(
        `Cannot write "${join(dir, 'server.ts')}": a folder with that name is in the way. ` +
          'Move the folder out of the way, or choose another output folder.',
      );
      expect(await tree(dir)).toEqual([MANIFEST_FILE, 'keep.ts', 'server.ts/', 'server.ts/inner.txt']);
      // The manifest does not claim the path it failed to write.
      expect(await read(dir, MANIFEST_FILE)).toBe(manifestOf(['keep.ts']));
    });
  });

  describe('crash safety', () => {
    it('finishes the job after a crash that left new files but the old manifest', async () => {
      const dir = await tempDir();
      await writeOutput(dir, FILES);
      const next = [...FILES.filter((f) => f.path !== 'server.ts'), file('added.ts', 'added\n')];
      // What a crash between writing the files and writing the manifest leaves behind:
      await put(dir, 'added.ts', 'added\n');

      const summary = await writeOutput(dir, next);

      expect(summary.entries.filter((e) => e.state !== 'unchanged')).toEqual([
        { path: MANIFEST_FILE, state: 'changed' },
        { path: 'server.ts', state: 'removed' },
      ]);
      expect(await read(dir, MANIFEST_FILE)).toBe(manifestOf(next.map((f) => f.path)));
      expect(await exists(join(dir, 'server.ts'))).toBe(false);
    });

    it('claims new paths in the manifest before writing them', async () => {
      const dir = await tempDir();
      await writeOutput(dir, FILES);
      const next = [...FILES, file('z/late.ts', 'late\n')];
      const manifests: string[] = [];
      await writeOutput(dir, next, {
        onFile: (e) => {
          if (e.path === 'AuthenticationWebService.wsdl')
            manifests.push(readFileSync(join(dir, MANIFEST_FILE), 'utf8'));
        },
      });
      // While files were being written, the manifest already listed the new path.
      expect(manifests).toEqual([manifestOf(next.map((f) => f.path))]);
    });

    it('a later run removes files a crashed run wrote, even when they are no longer generated', async () => {
      const dir = await tempDir();
      await writeOutput(dir, FILES);
      const next = [...FILES, file('z/late.ts', 'late\n')];
      // Crash (kill -9) after the claim and the first new file: modelled by the state it leaves.
      await put(dir, MANIFEST_FILE, manifestOf(next.map((f) => f.path)));
      await put(dir, 'z/late.ts', 'late\n');

      const summary = await writeOutput(dir, FILES);

      expect(summary.entries.filter((e) => e.state !== 'unchanged')).toEqual([
        { path: MANIFEST_FILE, state: 'changed' },
        { path: 'z/late.ts', state: 'removed' },
      ]);
      expect(await tree(dir)).toEqual([
        MANIFEST_FILE,
        'AuthenticationWebService.wsdl',
        'client/',
        'client/deep/',
        'client/deep/types.ts',
        'client/index.ts',
        'server.ts',
      ]);
      expect(await read(dir, MANIFEST_FILE)).toBe(manifestOf(ALL_PATHS));
    });

    it('after an aborted run, the manifest lists exactly what was written, and the next run cleans up', async () => {
      const dir = await tempDir();
      await writeOutput(dir, [file('a.ts', 'a\n')]);
      const next = [file('a.ts', 'a\n'), file('b.ts', 'b\n'), file('c.ts', 'c\n')];
      await expect(
        writeOutput(dir, next, {
          onFile: (e) => {
            if (e.path === 'b.ts') throw new Error('interrupted');
          },
        }),
      ).rejects.toThrow('interrupted');
      expect(await tree(dir)).toEqual([MANIFEST_FILE, 'a.ts', 'b.ts']);
      expect(await read(dir, MANIFEST_FILE)).toBe(manifestOf(['a.ts', 'b.ts']));

      const summary = await writeOutput(dir, [file('a.ts', 'a\n'), file('c.ts', 'c\n')]);
      expect(summary.entries).toEqual([
        { path: MANIFEST_FILE, state: 'changed' },
        { path: 'a.ts', state: 'unchanged' },
        { path: 'b.ts', state: 'removed' },
        { path: 'c.ts', state: 'written' },
      ]);
      expect(await tree(dir)).toEqual([MANIFEST_FILE, 'a.ts', 'c.ts']);
    });
  });

  it('writes a file of megabytes a chunk at a time, byte for byte, a character across a chunk end included', async () => {
    const dir = join(await tempDir(), 'out');
    // The encoder's chunks are 2^20 UTF-16 units: the emoji's surrogate pair straddles the first chunk's end.
    const content = `${'a'.repeat((1 << 20) - 1)}\u{1F600}é${'b'.repeat(1 << 20)}\u00ff`;
    await writeOutput(dir, [file('big.ts', content)]);
    expect((await readFile(join(dir, 'big.ts'))).equals(Buffer.from(content, 'utf8'))).toBe(true);
  });

  it('planOutput reports without writing', async () => {
    const dir = join(await tempDir(), 'never');
    const plan = await planOutput(dir, FILES);
    expect(plan.outDirExists).toBe(false);
    expect(plan.entries.map((e) => e.state)).toEqual(['written', 'written', 'written', 'written', 'written']);
    expect(await exists(dir)).toBe(false);
  });

  it('refuses an output folder whose parent does not exist, writing and dry-running alike', async () => {
    const dir = join(await tempDir(), 'missing', 'out');
    const message =
      `Cannot create the output folder "${dir}": its parent folder "${dirname(dir)}" does not exist. ` +
      'Create the parent folder first, or choose another output folder.';
    await expect(writeOutput(dir, FILES)).rejects.toThrow(message);
    await expect(writeOutput(dir, FILES, { dryRun: true })).rejects.toThrow(message);
    await expect(stat(dirname(dir))).rejects.toThrow(/ENOENT/);
  });
});

import { chmod, mkdir, readdir, readFile, lstat, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ImplError, importPathFor, isInside, planImpl, writeImpl } from '../../generator/impl/index.js';
import { OutputError } from '../../generator/index.js';
import { loadFixture, tempDir } from './helpers.js';

const fixture = loadFixture('added-and-removed');
const OLD = new Date('2001-02-03T04:05:06Z');

async function setUp(content?: string): Promise<{ dir: string; file: string; out: string }> {
  const dir = await tempDir();
  await mkdir(join(dir, 'src'));
  const file = join(dir, 'src', 'handlers.ts');
  if (content !== undefined) await writeFile(file, content);
  return { dir, file, out: join(dir, 'src', 'generated') };
}

describe('importPathFor', () => {
  it('is relative to the impl file, with forward slashes, always starting with ./ or ../', () => {
    expect(importPathFor('src/handlers.ts', 'src/generated')).toBe('./generated/index.js');
    expect(importPathFor('handlers.ts', 'generated')).toBe('./generated/index.js');
    expect(importPathFor('src/impl/handlers.ts', 'generated')).toBe('../../generated/index.js');
    expect(importPathFor('/a/b/handlers.ts', '/a/c/out')).toBe('../c/out/index.js');
  });

  it('isInside tells whether a file is in a folder', () => {
    expect(isInside('generated/handlers.ts', 'generated')).toBe(true);
    expect(isInside('generated-impl/handlers.ts', 'generated')).toBe(false);
    expect(isInside('src/handlers.ts', 'generated')).toBe(false);
  });
});

describe('planImpl and writeImpl', () => {
  it('create a missing file atomically, leaving no temporary file', async () => {
    const { dir, file, out } = await setUp();
    const plan = await planImpl(fixture.model, file, { outDir: out });
    expect(plan.before).toBeUndefined();
    expect(plan.merge.created).toBe(true);
    expect(plan.merge.text).toContain("from './generated/index.js';");
    expect(await writeImpl(plan)).toBe(true);
    expect(await readFile(file, 'utf8')).toBe(plan.merge.text);
    expect(await readdir(join(dir, 'src'))).toEqual(['handlers.ts']);
  });

  it('merge into an existing file, keeping its permissions', async () => {
    const { file, out } = await setUp(fixture.before);
    await chmod(file, 0o600);
    expect(await writeImpl(await planImpl(fixture.model, file, { outDir: out }))).toBe(true);
    expect(await readFile(file, 'utf8')).toBe(fixture.after);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('do not write a file that would not change', async () => {
    const { file, out } = await setUp(fixture.after);
    await utimes(file, OLD, OLD);
    const plan = await planImpl(fixture.model, file, { outDir: out });
    expect(plan.merge.changed).toBe(false);
    expect(await writeImpl(plan)).toBe(false);
    expect((await stat(file)).mtime).toEqual(OLD);
  });

  it('write through a symbolic link, which stays a link', async () => {
    const { dir, out } = await setUp();
    const real = join(dir, 'real.ts');
    await writeFile(real, fixture.before!);
    const link = join(dir, 'src', 'handlers.ts');
    await symlink(real, link);
    await writeImpl(await planImpl(fixture.model, link, { outDir: out }));
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(await readFile(real, 'utf8')).toBe(fixture.after);
  });

  it('refuse to overwrite a file that changed after it was read', async () => {
    const { file, out } = await setUp(fixture.before);
    const plan = await planImpl(fixture.model, file, { outDir: out });
    const edited = fixture.before + '// saved by an editor meanwhile\n';
    await writeFile(file, edited);
    await expect(writeImpl(plan)).rejects.toThrow(
      `${file} changed while asmxgen was adding stubs to it, so asmxgen left it as it is now. Run asmxgen again.`,
    );
    expect(await readFile(file, 'utf8')).toBe(edited);
  });

  it('leave a file that is not UTF-8 untouched', async () => {
    const { file, out } = await setUp();
    const bytes = Buffer.concat([Buffer.from(fixture.before!), Buffer.from([0xff, 0xfe, 0x0a])]);
    await writeFile(file, bytes);
    const error = await planImpl(fixture.model, file, { outDir: out }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImplError);
    expect((error as ImplError).kind).toBe('encoding');
    expect((await readFile(file)).equals(bytes)).toBe(true);
  });

  it('require the folder of a new impl file to exist', async () => {
    const { dir, out } = await setUp();
    const file = join(dir, 'nowhere', 'handlers.ts');
    await expect(planImpl(fixture.model, file, { outDir: out, displayName: 'nowhere/handlers.ts' })).rejects.toThrow(
      'Cannot create the impl file "nowhere/handlers.ts": its folder "nowhere" does not exist. ' +
        'Create the folder first, or choose another path for --impl.',
    );
    expect(await readdir(dir)).toEqual(['src']);
  });

  it('explain a folder where the impl file should be', async () => {
    const { file, out } = await setUp();
    await mkdir(file);
    await expect(planImpl(fixture.model, file, { outDir: out })).rejects.toThrow(OutputError);
  });
});

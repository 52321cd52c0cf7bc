/** Small read-side helpers over the output folder; they translate errors into OutputError. */
import { lstat, readdir, readFile, rmdir, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { makeFolders } from './make-folders.js';
import { errnoCode, notAFolderError, OutputError, outputErrorFrom } from './output-error.js';
import { comparePaths } from './paths.js';

/** The bytes of a file, or `undefined` when there is no file there (missing, or a folder is in the way). */
export async function readBytesIfPresent(path: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path);
  } catch (error) {
    const code = errnoCode(error);
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return undefined;
    throw outputErrorFrom('read', path, error);
  }
}

/** Whether something that is not a folder (file, symlink, …) sits at `path`. */
export async function isNonFolderPresent(path: string): Promise<boolean> {
  try {
    return !(await lstat(path)).isDirectory();
  } catch (error) {
    const code = errnoCode(error);
    if (code === 'ENOENT' || code === 'ENOTDIR') return false;
    throw outputErrorFrom('read', path, error);
  }
}

/** The nearest of `path` and its parents that exists and is not a folder. */
async function findBlockingFile(path: string): Promise<string | undefined> {
  for (let current = path; ; current = dirname(current)) {
    try {
      if (!(await stat(current)).isDirectory()) return current;
    } catch {
      // Missing (or unreadable): look further up.
    }
    if (dirname(current) === current) return undefined;
  }
}

/**
 * Whether the output folder exists. Throws an OutputError when it, or one of its
 * parents, is a file: nothing could ever be written there.
 */
export async function inspectOutDir(outDir: string): Promise<boolean> {
  let isDirectory: boolean;
  try {
    isDirectory = (await stat(outDir)).isDirectory();
  } catch (error) {
    const code = errnoCode(error);
    if (code === 'ENOENT') return false;
    if (code === 'ENOTDIR') throw notAFolderError(outDir, (await findBlockingFile(outDir)) ?? outDir, error);
    throw outputErrorFrom('read', outDir, error);
  }
  if (!isDirectory) throw notAFolderError(outDir, outDir);
  return true;
}

/**
 * Refuses an output folder whose parent does not exist: a typo in `--out` should be
 * reported, not silently become a new tree of folders.
 */
export async function requireOutDirParent(outDir: string): Promise<void> {
  const parent = dirname(resolve(outDir));
  try {
    if ((await stat(parent)).isDirectory()) return;
  } catch (error) {
    if (errnoCode(error) !== 'ENOENT' && errnoCode(error) !== 'ENOTDIR') throw outputErrorFrom('read', parent, error);
  }
  const blocker = await findBlockingFile(parent);
  if (blocker !== undefined) throw notAFolderError(outDir, blocker);
  throw new OutputError(
    `Cannot create the output folder "${outDir}": its parent folder "${parent}" does not exist. ` +
      'Create the parent folder first, or choose another output folder.',
    { path: outDir, code: 'ENOENT' },
  );
}

/** Creates the output folder (its parent must exist). */
export async function ensureOutDir(outDir: string): Promise<void> {
  await requireOutDirParent(outDir);
  try {
    await makeFolders(outDir);
  } catch (error) {
    const code = errnoCode(error);
    if (code === 'EEXIST' || code === 'ENOTDIR') {
      const blocker = await findBlockingFile(outDir);
      if (blocker !== undefined) throw notAFolderError(outDir, blocker, error);
    }
    throw outputErrorFrom('create-folder', outDir, error);
  }
}

/** Removes the now-empty folders above `relPath`, up to but not including `outDir`. */
export async function removeEmptyParents(outDir: string, relPath: string): Promise<void> {
  const segments = relPath.split('/');
  for (let depth = segments.length - 1; depth > 0; depth--) {
    try {
      await rmdir(join(outDir, ...segments.slice(0, depth)));
    } catch {
      return; // Not empty (or gone, or not ours to judge): stop here.
    }
  }
}

/**
 * Every non-folder entry below `outDir` as sorted relative `/` paths. Symbolic links are
 * listed, not followed; `node_modules` folders are skipped. A missing folder is empty.
 */
export async function walkFiles(outDir: string): Promise<string[]> {
  const found: string[] = [];
  async function visit(dir: string, prefix: string): Promise<void> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      const code = errnoCode(error);
      if ((code === 'ENOENT' || code === 'ENOTDIR') && prefix === '') return;
      throw outputErrorFrom('list', dir, error);
    }
    for (const entry of entries) {
      const rel = prefix + entry.name;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') await visit(join(dir, entry.name), `${rel}/`);
      } else {
        found.push(rel);
      }
    }
  }
  await visit(outDir, '');
  return found.sort(comparePaths);
}

/** Whether two paths name the same file (e.g. `A.ts` and `a.ts` on a case-insensitive disk). */
export async function isSameFile(a: string, b: string): Promise<boolean> {
  try {
    const [x, y] = await Promise.all([lstat(a), lstat(b)]);
    return x.ino === y.ino && x.dev === y.dev;
  } catch {
    return false;
  }
}

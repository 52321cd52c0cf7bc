import { createHash } from 'node:crypto';
import { mkdir, readdir, rm, stat, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contentPieces } from '../model/file-content.js';
import type { GeneratedFile } from '../model/types.js';
import { writeOutput } from '../output/write.js';

/** A cache folder no `serve` or `proxy --impl` has used for this long is removed by the next one. */
export const SERVE_CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Puts a generated service where `serve` can import it: a cache folder named
 * after the files' hash, so an unchanged spec reuses what is there and two
 * specs never share a folder. Using a folder marks it used (its time set to
 * now); folders unused for a week, left by earlier specs (`serve --watch`
 * makes one per change), are removed.
 */
export async function prepareServiceFolder(files: readonly GeneratedFile[]): Promise<string> {
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(file.path).update('\0');
    for (const piece of contentPieces(file.content)) hash.update(piece);
    hash.update('\0');
  }
  const root = serveCacheRoot();
  await mkdir(root, { recursive: true });
  const name = hash.digest('hex').slice(0, 16);
  const dir = join(root, name);
  await writeOutput(dir, files);
  const now = new Date();
  await utimes(dir, now, now);
  await pruneServeCache(root, name, now.getTime());
  return dir;
}

/** Where `prepareServiceFolder` keeps its folders. */
export function serveCacheRoot(): string {
  return join(tmpdir(), 'asmxgen-serve');
}

/**
 * Removes the folders of `root` other than `keep` unused for `SERVE_CACHE_MAX_AGE_MS`. A folder another process
 * removes first, or one that cannot be removed, is left to the next time.
 */
async function pruneServeCache(root: string, keep: string, now: number): Promise<void> {
  let names: string[];
  try {
    names = await readdir(root);
  } catch {
    return;
  }
  for (const name of names) {
    if (name === keep || !/^[0-9a-f]{16}$/.test(name)) continue;
    const dir = join(root, name);
    try {
      if (now - (await stat(dir)).mtimeMs > SERVE_CACHE_MAX_AGE_MS) await rm(dir, { recursive: true, force: true });
    } catch {
      // Gone already, or not ours to remove.
    }
  }
}

/**
 * Creating folders one level at a time. Node's `mkdir(path, { recursive: true })` loops forever
 * where the file system answers ENOENT for a folder whose parent exists (`/proc/x`, some FUSE
 * and network mounts): it creates the parent again, which exists, and retries the child. Here
 * each missing folder is created once, from the top down, and the first refusal is final.
 */
import { mkdir, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { errnoCode, FolderRefusedError } from './output-error.js';

/**
 * Creates `path` and its missing parents. Throws the file system's error as it is for a
 * blocking file (ENOTDIR, EEXIST) or a refused `stat`, and a FolderRefusedError (with the
 * errno code) when `mkdir` refuses a folder: a bounded number of system calls either way.
 */
export async function makeFolders(path: string): Promise<void> {
  const missing: string[] = [];
  for (let current = resolve(path); ; current = dirname(current)) {
    let isFolder: boolean;
    try {
      isFolder = (await stat(current)).isDirectory();
    } catch (error) {
      if (errnoCode(error) !== 'ENOENT') throw error;
      missing.push(current);
      if (dirname(current) === current) break;
      continue;
    }
    if (!isFolder) throw Object.assign(new Error(`"${current}" is not a folder`), { code: 'ENOTDIR' });
    break;
  }
  for (const folder of missing.reverse()) {
    try {
      await mkdir(folder);
    } catch (error) {
      if (errnoCode(error) === 'EEXIST' && (await stat(folder).catch(() => undefined))?.isDirectory()) continue;
      throw new FolderRefusedError(folder, error);
    }
  }
}

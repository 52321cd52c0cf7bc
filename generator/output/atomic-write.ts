/** Writes one file so that readers see either the old or the new content, never a part. */
import { randomBytes } from 'node:crypto';
import { open, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { makeFolders } from './make-folders.js';
import { outputErrorFrom } from './output-error.js';

/** The temporary sibling of `target`: `.<name>.<random>.tmp` in the same folder. */
export function tempPathFor(target: string): string {
  return `${dirname(target)}/.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`;
}

/**
 * Writes `bytes` to a temporary file next to `target`, then renames it over `target`
 * (keeping the permission bits of the file it replaces, or giving it `mode`). Creates missing folders.
 * On failure the temporary file is removed and an OutputError is thrown.
 */
export async function atomicWriteFile(
  target: string,
  bytes: Uint8Array,
  options: { readonly mode?: number } = {},
): Promise<void> {
  let temp: string | undefined;
  try {
    await makeFolders(dirname(target));
    const previousMode = await stat(target).then(
      (info) => (info.isFile() ? info.mode & 0o7777 : undefined),
      () => undefined,
    );
    temp = tempPathFor(target);
    const handle = await open(temp, 'wx', options.mode ?? 0o666);
    try {
      await handle.writeFile(bytes);
      const mode = options.mode ?? previousMode;
      if (mode !== undefined) await handle.chmod(mode);
    } finally {
      await handle.close();
    }
    await rename(temp, target);
    temp = undefined;
  } catch (error) {
    if (temp !== undefined) await unlink(temp).catch(() => undefined);
    throw outputErrorFrom('write', target, error);
  }
}

/** Writes one file so that readers see either the old or the new content, never a part. */
import { randomBytes } from 'node:crypto';
import { open, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { contentPieces, type FileContent } from '../model/file-content.js';
import { makeFolders } from './make-folders.js';
import { outputErrorFrom } from './output-error.js';

/** The temporary sibling of `target`: `.<name>.<random>.tmp` in the same folder. */
export function tempPathFor(target: string): string {
  return `${dirname(target)}/.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`;
}

/**
 * Writes `bytes` (or text, whole or in pieces, as UTF-8) to a temporary file next to `target`, then renames it over `target`
 * (keeping the permission bits of the file it replaces, or giving it `mode`). Creates missing folders.
 * On failure the temporary file is removed and an OutputError is thrown.
 */
export async function atomicWriteFile(
  target: string,
  bytes: Uint8Array | FileContent,
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
      if (bytes instanceof Uint8Array) await handle.writeFile(bytes);
      else await writeText(handle, contentPieces(bytes));
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

/** Text is encoded a chunk at a time: a generated module can be tens of megabytes, never held twice whole. */
const CHUNK = 1 << 20;

/** The pieces' text, encoded into one buffer a chunk at a time and written each time the buffer is full. */
async function writeText(handle: FileHandle, pieces: readonly string[]): Promise<void> {
  const length = pieces.reduce((sum, piece) => sum + piece.length, 0);
  // A chunk of UTF-16 units encodes to at most three bytes a unit (a surrogate pair: four bytes for two).
  const buffer = Buffer.allocUnsafe(Math.min(length, CHUNK + 1) * 3);
  let filled = 0;
  const flush = async () => {
    for (let written = 0; written < filled;) {
      written += (await handle.write(buffer, written, filled - written)).bytesWritten;
    }
    filled = 0;
  };
  for (const text of pieces) {
    for (let start = 0; start < text.length;) {
      let end = Math.min(start + CHUNK, text.length);
      // A chunk never ends between the two halves of a surrogate pair, which encode as one character.
      const last = text.charCodeAt(end - 1);
      if (end < text.length && last >= 0xd800 && last <= 0xdbff) end++;
      if (filled + (end - start) * 3 > buffer.length) await flush();
      filled += buffer.write(text.slice(start, end), filled, 'utf8');
      start = end;
    }
  }
  await flush();
}

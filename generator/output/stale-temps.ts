/**
 * Temporary files an interrupted atomic write left behind (`.<name>.<12 hex>.tmp`,
 * see `tempPathFor`). Only those named after a file asmxgen writes or wrote in that
 * folder are asmxgen's, so only those are removed; anything else stays.
 */
import { readdir, unlink } from 'node:fs/promises';
import { basename, dirname, join, posix } from 'node:path';
import { MANIFEST_FILE } from './paths.js';

const TEMP_NAME = /^\.(.+)\.[0-9a-f]{12}\.tmp$/;

export async function removeStaleTemps(outDir: string, ownedPaths: Iterable<string>): Promise<void> {
  const owned = new Map<string, Set<string>>(); // folder (relative, '' for the top) → file names
  for (const path of [...ownedPaths, MANIFEST_FILE]) {
    const folder = posix.dirname(path) === '.' ? '' : posix.dirname(path);
    if (!owned.has(folder)) owned.set(folder, new Set());
    owned.get(folder)!.add(posix.basename(path));
  }
  for (const [folder, names] of owned) await removeTempsIn(join(outDir, folder), names);
}

/** The leftovers of interrupted atomic writes of one file (`target`, outside any output folder: the impl file). */
export async function removeStaleTempsOf(target: string): Promise<void> {
  await removeTempsIn(dirname(target), new Set([basename(target)]));
}

/** Removes the temporary files in `folder` named after one of `names`. */
async function removeTempsIn(folder: string, names: ReadonlySet<string>): Promise<void> {
  let entries: string[];
  try {
    entries = await readdir(folder);
  } catch {
    return; // a folder not there (yet) holds no leftovers
  }
  for (const entry of entries) {
    const match = TEMP_NAME.exec(entry);
    if (match && names.has(match[1]!)) await unlink(join(folder, entry)).catch(() => undefined);
  }
}

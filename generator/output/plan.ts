/**
 * Compares the wanted output with the disk, without changing anything.
 */
import { join } from 'node:path';
import type { GeneratedFile } from '../model/types.js';
import { inspectOutDir, isNonFolderPresent, isSameFile, readBytesIfPresent } from './disk.js';
import { readManifest, renderManifest } from './manifest.js';
import { assertValidFiles, comparePaths, MANIFEST_FILE } from './paths.js';

/**
 * - `written`: new, not on disk yet;
 * - `changed`: on disk with other bytes;
 * - `unchanged`: on disk with the same bytes (left alone);
 * - `removed`: listed in the previous manifest, no longer generated, still on disk.
 */
export type PlanState = 'written' | 'changed' | 'unchanged' | 'removed';

export interface PlanEntry {
  /** Relative path with `/` separators; the manifest is `.asmxgen-manifest.json`. */
  readonly path: string;
  readonly state: PlanState;
}

export interface OutputPlan {
  readonly outDir: string;
  /** Whether the output folder exists already. */
  readonly outDirExists: boolean;
  /** One entry per path (generated files, the manifest, removed files), sorted by path. */
  readonly entries: readonly PlanEntry[];
  /** The paths of the previous manifest (files asmxgen wrote before). */
  readonly previousFiles: readonly string[];
  /** UTF-8 bytes of every wanted path, the manifest included. */
  readonly bytes: ReadonlyMap<string, Uint8Array>;
}

/**
 * Plans writing `files` (plus the manifest) to `outDir`. Throws a plain Error for an invalid
 * generated path (a generator bug) and an OutputError when the disk cannot be read or the
 * previous manifest is corrupt.
 */
export async function planOutput(outDir: string, files: readonly GeneratedFile[]): Promise<OutputPlan> {
  assertValidFiles(files);
  const outDirExists = await inspectOutDir(outDir);
  const previousFiles = outDirExists ? (await readManifest(outDir)).files : [];

  const bytes = new Map<string, Uint8Array>();
  for (const file of files) bytes.set(file.path, Buffer.from(file.content, 'utf8'));
  bytes.set(MANIFEST_FILE, Buffer.from(renderManifest(files.map((f) => f.path)), 'utf8'));

  const entries: PlanEntry[] = [];
  for (const [path, wanted] of bytes) {
    const onDisk = outDirExists ? await readBytesIfPresent(join(outDir, path)) : undefined;
    const state: PlanState =
      onDisk === undefined ? 'written' : Buffer.from(wanted).equals(onDisk) ? 'unchanged' : 'changed';
    entries.push({ path, state });
  }
  const wantedByLowerCase = new Map([...bytes.keys()].map((p) => [p.toLowerCase(), p]));
  for (const path of previousFiles) {
    if (bytes.has(path) || !outDirExists || !(await isNonFolderPresent(join(outDir, path)))) continue;
    // On a case-insensitive disk, `A.ts` from before may be the very file now generated as `a.ts`.
    const twin = wantedByLowerCase.get(path.toLowerCase());
    if (twin !== undefined && (await isSameFile(join(outDir, path), join(outDir, twin)))) continue;
    entries.push({ path, state: 'removed' });
  }
  entries.sort((a, b) => comparePaths(a.path, b.path));
  return { outDir, outDirExists, entries, previousFiles, bytes };
}

/**
 * The I/O around `mergeImpl`: read the impl file, merge, and write the result atomically, only
 * when it changed and only when the file still holds what was merged.
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { ServiceModel } from '../model/types.js';
import { atomicWriteFile } from '../output/atomic-write.js';
import { removeStaleTempsOf } from '../output/stale-temps.js';
import { errnoCode, OutputError, outputErrorFrom } from '../output/output-error.js';
import { ImplError } from './impl-error.js';
import { importPathFor } from './import-path.js';
import { mergeImpl, type ImplMerge } from './merge-impl.js';

export interface ImplPlan {
  /** The impl file as given. */
  readonly file: string;
  /** The impl file as messages name it. */
  readonly displayName: string;
  /** Where the file is written: `file` with symbolic links resolved, so a link keeps pointing at it. */
  readonly target: string;
  /** The file's text when it was read; `undefined` when it did not exist. */
  readonly before: string | undefined;
  readonly merge: ImplMerge;
}

export interface PlanImplOptions {
  /** The output folder, whose `index.js` the impl file imports. */
  readonly outDir: string;
  /** How messages name the impl file (default: as given). */
  readonly displayName?: string;
}

/**
 * Reads the impl file and merges stubs into it, writing nothing. Throws an ImplError when the
 * file cannot be merged (syntax errors, no handlers object, not UTF-8) and an OutputError when
 * it cannot be read, or is missing and its folder does not exist.
 */
export async function planImpl(model: ServiceModel, file: string, options: PlanImplOptions): Promise<ImplPlan> {
  const displayName = options.displayName ?? file;
  const target = await realpath(file).catch(() => file);
  const before = await readImplText(target, displayName);
  if (before === undefined) await requireFolder(file, displayName);
  const merge = mergeImpl(model, before, { fileName: displayName, importPath: importPathFor(file, options.outDir) });
  return { file, displayName, target, before, merge };
}

/**
 * Writes the merged text atomically when it differs from what was read; returns whether it wrote.
 * Removes what an interrupted earlier write of the file left beside it, either way.
 * Refuses (ImplError `conflict`) when the file changed since `planImpl` read it.
 */
export async function writeImpl(plan: ImplPlan): Promise<boolean> {
  // What a run killed while writing this file left beside it; the file itself is whole (the write is atomic).
  await removeStaleTempsOf(plan.target);
  if (!plan.merge.changed) return false;
  const now = await readImplText(plan.target, plan.displayName);
  if (now !== plan.before) {
    throw new ImplError(
      'conflict',
      plan.displayName,
      `${plan.displayName} changed while asmxgen was adding stubs to it, so asmxgen left it as it is now. ` +
        'Run asmxgen again.',
    );
  }
  await atomicWriteFile(plan.target, Buffer.from(plan.merge.text, 'utf8'));
  return true;
}

/** The file's text; `undefined` when it does not exist. */
async function readImplText(path: string, displayName: string): Promise<string | undefined> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return undefined;
    throw outputErrorFrom('read', displayName, error);
  }
  const text = bytes.toString('utf8');
  if (!Buffer.from(text, 'utf8').equals(bytes)) {
    throw new ImplError(
      'encoding',
      displayName,
      `${displayName} is not valid UTF-8, so asmxgen left it untouched and wrote nothing. ` +
        'Save it as UTF-8 and run asmxgen again.',
    );
  }
  return text;
}

/** A new impl file goes into an existing folder: a mistyped path is an error, not a new tree of folders. */
async function requireFolder(file: string, displayName: string): Promise<void> {
  const folder = dirname(file);
  const info = await stat(folder).catch((error: unknown) => {
    if (errnoCode(error) === 'ENOENT' || errnoCode(error) === 'ENOTDIR') return undefined;
    throw outputErrorFrom('read', folder, error);
  });
  if (info?.isDirectory()) return;
  const what = info ? 'is not a folder' : 'does not exist';
  throw new OutputError(
    `Cannot create the impl file "${displayName}": its folder "${dirname(displayName)}" ${what}. ` +
      'Create the folder first, or choose another path for --impl.',
    { path: folder, code: info ? 'ENOTDIR' : 'ENOENT' },
  );
}

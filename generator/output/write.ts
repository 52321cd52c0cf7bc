/**
 * Puts generated files on disk: atomic per file, unchanged files left alone, files asmxgen
 * no longer generates removed, the manifest written last.
 *
 * Crash safety: before writing a path the previous manifest does not list, the manifest is
 * first rewritten as (previous ∪ new) — it claims the paths about to be written. Whatever
 * point a crash interrupts the run, the manifest on disk lists every file asmxgen may have
 * written, so the next run removes what it no longer generates. When a write fails with an
 * error (no crash), the manifest is set back to the files actually owned before rethrowing.
 */
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { GeneratedFile } from '../model/types.js';
import { atomicWriteFile } from './atomic-write.js';
import { ensureOutDir, removeEmptyParents, requireOutDirParent } from './disk.js';
import { renderManifest } from './manifest.js';
import { errnoCode, outputErrorFrom } from './output-error.js';
import { MANIFEST_FILE } from './paths.js';
import { removeStaleTemps } from './stale-temps.js';
import { planOutput, type PlanEntry, type PlanOptions, type PlanState } from './plan.js';

export type { PlanEntry, PlanState } from './plan.js';

export interface WriteOptions extends PlanOptions {
  /** Compute and report the states, but write, remove and create nothing. */
  readonly dryRun?: boolean;
  /** Called once per entry, after it has been dealt with (in dry runs, in path order). */
  readonly onFile?: (entry: PlanEntry) => void;
}

export type WriteCounts = Readonly<Record<PlanState, number>>;

export interface WriteSummary {
  /** One entry per path, sorted by path, the manifest included. */
  readonly entries: readonly PlanEntry[];
  readonly counts: WriteCounts;
}

export function countStates(entries: readonly PlanEntry[]): WriteCounts {
  const counts = { written: 0, changed: 0, unchanged: 0, removed: 0 };
  for (const entry of entries) counts[entry.state]++;
  return counts;
}

/**
 * Writes `files` and the manifest to `outDir`. Throws a plain Error for an invalid generated
 * path, and an OutputError (one user-facing paragraph) for anything the disk refuses.
 */
export async function writeOutput(
  outDir: string,
  files: readonly GeneratedFile[],
  options: WriteOptions = {},
): Promise<WriteSummary> {
  const plan = await planOutput(outDir, files, options);
  const summary: WriteSummary = { entries: plan.entries, counts: countStates(plan.entries) };
  const report = options.onFile ?? (() => undefined);
  if (options.dryRun === true) {
    if (!plan.outDirExists) await requireOutDirParent(outDir);
    for (const entry of plan.entries) report(entry);
    return summary;
  }

  await ensureOutDir(outDir);
  const manifestPath = join(outDir, MANIFEST_FILE);
  const previous = new Set(plan.previousFiles);
  const wanted = files.map((f) => f.path);
  // A run killed mid-write may have left its temporary files: they are asmxgen's, so they go.
  await removeStaleTemps(outDir, [...previous, ...wanted]);
  const finalManifest = plan.bytesOf(MANIFEST_FILE);
  const manifestEntry = plan.entries.find((e) => e.path === MANIFEST_FILE)!;

  // Claim the new paths before writing any of them.
  const claimed = wanted.some((p) => !previous.has(p));
  let manifestOnDisk: string | undefined;
  if (claimed) {
    manifestOnDisk = renderManifest([...previous, ...wanted], plan.owner);
    await atomicWriteFile(manifestPath, Buffer.from(manifestOnDisk, 'utf8'));
  }

  const removed = new Set<string>();
  const owned = new Set<string>(); // wanted paths whose bytes are now on disk
  try {
    // Removals first: a removed file may be in the way of a new folder, or the reverse.
    for (const entry of plan.entries) {
      if (entry.state !== 'removed') continue;
      const target = join(outDir, entry.path);
      try {
        await unlink(target);
      } catch (error) {
        if (errnoCode(error) !== 'ENOENT') throw outputErrorFrom('remove', target, error);
      }
      removed.add(entry.path);
      await removeEmptyParents(outDir, entry.path);
      report(entry);
    }
    for (const entry of plan.entries) {
      if (entry.state === 'removed' || entry.path === MANIFEST_FILE) continue;
      if (entry.state !== 'unchanged') {
        await atomicWriteFile(join(outDir, entry.path), plan.contentOf(entry.path));
      }
      owned.add(entry.path);
      report(entry);
    }
    const stale = claimed
      ? manifestOnDisk !== Buffer.from(finalManifest).toString('utf8')
      : manifestEntry.state !== 'unchanged';
    if (stale) await atomicWriteFile(manifestPath, finalManifest);
    report(manifestEntry);
  } catch (error) {
    if (claimed) {
      // Own up to exactly what is on disk now, so a later run does not remove a file it never wrote.
      const accurate = [...[...previous].filter((p) => !removed.has(p)), ...owned];
      await atomicWriteFile(manifestPath, Buffer.from(renderManifest(accurate, plan.owner), 'utf8')).catch(
        () => undefined,
      );
    }
    throw error;
  }
  return summary;
}

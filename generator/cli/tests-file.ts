/**
 * `--tests DIR`: the generated test suite `{Svc}.test.ts` outside the output folder, e.g. in the
 * project's `test/`, where a build of `src/` does not emit it (it imports vitest). asmxgen owns that
 * one file there: it writes it atomically when its bytes change, and `check` compares it.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { contentEquals, contentText } from '../model/file-content.js';
import type { GeneratedFile } from '../model/types.js';
import { atomicWriteFile } from '../output/atomic-write.js';
import { errnoCode, outputErrorFrom } from '../output/output-error.js';
import { requireOutDirParent } from '../output/disk.js';
import { lineDiff } from '../output/line-diff.js';
import type { PlanState } from '../output/plan.js';

/** `--tests none`: no test suite. */
export const NO_TESTS = 'none';

export interface TestsFile {
  /** The folder it goes into. */
  readonly dir: string;
  readonly file: GeneratedFile;
}

async function readIfPresent(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if (errnoCode(error) === 'ENOENT' || errnoCode(error) === 'ENOTDIR') return undefined;
    throw outputErrorFrom('read', path, error);
  }
}

/** Writes the suite when its bytes changed (creating its folder when the parent exists); returns its state. */
export async function writeTestsFile(tests: TestsFile, dryRun: boolean): Promise<PlanState> {
  const path = join(tests.dir, tests.file.path);
  const before = await readIfPresent(path);
  if (before !== undefined && contentEquals(tests.file.content, before)) return 'unchanged';
  await requireOutDirParent(tests.dir);
  if (!dryRun) await atomicWriteFile(path, tests.file.content);
  return before === undefined ? 'written' : 'changed';
}

/** What `check` says about the suite: `undefined` when it is up to date. */
export async function checkTestsFile(tests: TestsFile, display: string): Promise<string | undefined> {
  const before = await readIfPresent(join(tests.dir, tests.file.path));
  if (before === undefined) return `missing  ${display} (would be written)`;
  if (contentEquals(tests.file.content, before)) return undefined;
  const diff = lineDiff(before, contentText(tests.file.content));
  return [`changed  ${display}`, ...diff.map((line) => `    ${line}`)].join('\n');
}

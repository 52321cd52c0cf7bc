/**
 * Verifies, without writing, that an output folder is exactly what `writeOutput` would
 * leave there: every generated file (and the manifest) with identical bytes, nothing else.
 */
import { join } from 'node:path';
import { contentHasBytes, contentText, type FileContent } from '../model/file-content.js';
import type { GeneratedFile } from '../model/types.js';
import { inspectOutDir, readBytesIfPresent, walkFiles } from './disk.js';
import { lineDiff } from './line-diff.js';
import { parseManifest, readManifest, renderManifest, serviceOfPaths } from './manifest.js';
import { assertValidFiles, comparePaths, MANIFEST_FILE } from './paths.js';

export interface ChangedFile {
  readonly path: string;
  /** Rendered diff lines (`- 3 | on disk`, `+ 3 | generated`), at most about 20. */
  readonly diff: readonly string[];
}

export interface AddedFile {
  readonly path: string;
  /** Listed in the folder's manifest: asmxgen wrote it once but no longer generates it. */
  readonly previouslyGenerated: boolean;
}

export interface CheckResult {
  readonly outDir: string;
  /** True when nothing is changed, missing or added. */
  readonly ok: boolean;
  /** How many files the output consists of, the manifest included. */
  readonly fileCount: number;
  /** Generated files whose bytes on disk differ, sorted by path. */
  readonly changed: readonly ChangedFile[];
  /** Generated files not on disk, sorted by path. */
  readonly missing: readonly string[];
  /** Files on disk (outside `node_modules` folders) that would not be there after generating, sorted by path. */
  readonly added: readonly AddedFile[];
}

/**
 * Compares `outDir` with `files` plus the manifest. Throws a plain Error for an invalid
 * generated path and an OutputError when the folder cannot be read (or is a file).
 */
export async function checkOutput(outDir: string, files: readonly GeneratedFile[]): Promise<CheckResult> {
  assertValidFiles(files);
  const wanted = new Map<string, FileContent>(files.map((f) => [f.path, f.content]));
  const service = serviceOfPaths(files.map((f) => f.path));
  const wantedManifest = renderManifest(
    files.map((f) => f.path),
    service === undefined ? {} : { service },
  );
  wanted.set(MANIFEST_FILE, wantedManifest);

  const exists = await inspectOutDir(outDir);
  const onDisk = exists ? await walkFiles(outDir) : [];
  // A corrupt manifest is reported as `changed`; here it only refines the hints.
  const previous = new Set(
    exists
      ? await readManifest(outDir).then(
          (m) => m.files,
          () => [],
        )
      : [],
  );

  const changed: ChangedFile[] = [];
  const missing: string[] = [];
  for (const [path, content] of [...wanted].sort(([a], [b]) => comparePaths(a, b))) {
    const bytes = exists ? await readBytesIfPresent(join(outDir, path)) : undefined;
    if (bytes === undefined) {
      missing.push(path);
      continue;
    }
    if (contentHasBytes(content, bytes)) continue;
    // The manifest may also name the spec, which the CLI records and the files do not tell.
    if (path === MANIFEST_FILE && sameManifestBesidesSpec(bytes.toString('utf8'), wantedManifest)) continue;
    const diff = lineDiff(bytes.toString('utf8'), contentText(content));
    changed.push({
      path,
      diff:
        diff.length > 0 ? diff : ['(the bytes differ but read as the same text: the file on disk is not valid UTF-8)'],
    });
  }
  const added = onDisk
    .filter((path) => !wanted.has(path))
    .map((path) => ({ path, previouslyGenerated: previous.has(path) }));

  const ok = changed.length === 0 && missing.length === 0 && added.length === 0;
  return { outDir, ok, fileCount: wanted.size, changed, missing, added };
}

/**
 * The report for people, one line per problem, e.g.
 * ```
 * changed  AuthenticationWebService.wsdl
 *     - 3 | on disk
 *     + 3 | generated
 * missing  server.ts (would be written)
 * added    notes.txt (not written by asmxgen: remove it or generate elsewhere)
 * 3 problems in generated/: 1 changed, 1 missing, 1 added.
 * ```
 * `displayDir` names the folder in the summary line (default: `result.outDir`).
 */
export function formatCheck(result: CheckResult, displayDir: string = result.outDir): string {
  const dir = displayDir.endsWith('/') ? displayDir : `${displayDir}/`;
  if (result.ok) {
    return `${dir} is up to date (${result.fileCount} file${result.fileCount === 1 ? '' : 's'}).`;
  }
  const lines: string[] = [];
  for (const file of result.changed) {
    lines.push(`changed  ${file.path}`);
    for (const line of file.diff) lines.push(`    ${line}`);
  }
  for (const path of result.missing) lines.push(`missing  ${path} (would be written)`);
  for (const file of result.added) {
    lines.push(
      file.previouslyGenerated
        ? `added    ${file.path} (no longer generated: generating again removes it)`
        : `added    ${file.path} (not written by asmxgen: remove it or generate elsewhere)`,
    );
  }
  const total = result.changed.length + result.missing.length + result.added.length;
  const parts = [
    [result.changed.length, 'changed'],
    [result.missing.length, 'missing'],
    [result.added.length, 'added'],
  ] as const;
  const counts = parts
    .filter(([n]) => n > 0)
    .map(([n, label]) => `${n} ${label}`)
    .join(', ');
  lines.push(`${total} problem${total === 1 ? '' : 's'} in ${dir}: ${counts}.`);
  return lines.join('\n');
}

/** Whether two manifests agree on everything but the spec they name. */
function sameManifestBesidesSpec(onDisk: string, wanted: string): boolean {
  try {
    const { spec: _spec, ...rest } = parseManifest(onDisk, MANIFEST_FILE);
    return renderManifest(rest.files, rest.service === undefined ? {} : { service: rest.service }) === wanted;
  } catch {
    return false;
  }
}

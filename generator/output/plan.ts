/**
 * Compares the wanted output with the disk, without changing anything.
 */
import { join, relative, resolve, sep } from 'node:path';
import { contentHasBytes, contentText, type FileContent } from '../model/file-content.js';
import type { GeneratedFile } from '../model/types.js';
import { DEFAULT_SPEC_PATH } from '../spec/load-spec.js';
import { inspectOutDir, isNonFolderPresent, isSameFile, readBytesIfPresent } from './disk.js';
import { readManifest, renderManifest, serviceOfPaths, type Manifest, type ManifestOwner } from './manifest.js';
import { OutputError } from './output-error.js';
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
  /**
   * The UTF-8 bytes of a wanted path, the manifest included, encoded when asked for: the output of a service of
   * thousands of operations is tens of megabytes, which are then never all held twice (as text and as bytes).
   */
  readonly bytesOf: (path: string) => Uint8Array;
  /** The content of a wanted path, the manifest included (what `bytesOf` encodes): whole, or in pieces. */
  readonly contentOf: (path: string) => FileContent;
  /** Whose output the new manifest records. */
  readonly owner: ManifestOwner;
}

export interface PlanOptions {
  /** The spec file the files were generated from: the manifest records it, relative to the folder. */
  readonly spec?: string;
  /** Replace a folder that holds another service's output (or one of another spec). */
  readonly force?: boolean;
}

/** `spec` as the manifest records it: relative to the output folder, with `/` separators. */
export function manifestSpecPath(outDir: string, spec: string): string {
  return relative(resolve(outDir), resolve(spec)).split(sep).join('/');
}

/**
 * Refuses to write over the output of another service, or of the same service from another spec: the
 * usual cause is a forgotten `--spec` (the default spec then replaces the user's service) or `--out`.
 */
function checkOwner(outDir: string, previous: Manifest, owner: ManifestOwner): void {
  const otherService =
    previous.service !== undefined && owner.service !== undefined && previous.service !== owner.service;
  const otherSpec = previous.spec !== undefined && owner.spec !== undefined && previous.spec !== owner.spec;
  if (!otherService && !otherSpec) return;
  const near = (path: string) => {
    const rel = relative(process.cwd(), path);
    return rel && !rel.startsWith('..') ? rel : path;
  };
  const show = (spec: string) => {
    const path = resolve(outDir, spec);
    return path === DEFAULT_SPEC_PATH ? 'the embedded default spec' : near(path);
  };
  const held =
    `${previous.service ?? 'a service'}` +
    (previous.spec !== undefined ? ` generated from ${show(previous.spec)}` : '');
  const wanted = `${owner.service ?? 'the service'}` + (owner.spec !== undefined ? ` from ${show(owner.spec)}` : '');
  const specFlag = previous.spec !== undefined ? `--spec ${show(previous.spec)}` : '--spec';
  throw new OutputError(
    `"${near(resolve(outDir))}" holds the output of ${held}, not of ${wanted}; nothing was written. ` +
      `To regenerate what it holds, name its spec with ${specFlag}` +
      '; to generate this one, choose another folder with --out; to replace it (the spec was renamed, say), add --force.',
    { path: outDir, code: 'EOWNER' },
  );
}

/** The refusal of `planOutput` alone: throws when `outDir` holds another service's output (or another spec's). */
export async function checkOutputOwner(
  outDir: string,
  files: readonly GeneratedFile[],
  options: PlanOptions = {},
): Promise<void> {
  if (options.force === true || !(await inspectOutDir(outDir))) return;
  checkOwner(outDir, await readManifest(outDir), ownerOf(outDir, files, options));
}

function ownerOf(outDir: string, files: readonly GeneratedFile[], options: PlanOptions): ManifestOwner {
  const service = serviceOfPaths(files.map((f) => f.path));
  return {
    ...(service !== undefined && { service }),
    ...(options.spec !== undefined && { spec: manifestSpecPath(outDir, options.spec) }),
  };
}

/**
 * Plans writing `files` (plus the manifest) to `outDir`. Throws a plain Error for an invalid
 * generated path (a generator bug) and an OutputError when the disk cannot be read or the
 * previous manifest is corrupt.
 */
export async function planOutput(
  outDir: string,
  files: readonly GeneratedFile[],
  options: PlanOptions = {},
): Promise<OutputPlan> {
  assertValidFiles(files);
  const outDirExists = await inspectOutDir(outDir);
  const previous: Manifest = outDirExists ? await readManifest(outDir) : { generator: 'asmxgen', files: [] };
  const previousFiles = previous.files;
  const paths = files.map((f) => f.path);
  const owner = ownerOf(outDir, files, options);
  if (options.force !== true) checkOwner(outDir, previous, owner);

  const contents = new Map<string, FileContent>();
  for (const file of files) contents.set(file.path, file.content);
  contents.set(MANIFEST_FILE, renderManifest(paths, owner));
  const contentOf = (path: string): FileContent => contents.get(path)!;
  const bytesOf = (path: string): Uint8Array => Buffer.from(contentText(contentOf(path)), 'utf8');

  const entries: PlanEntry[] = [];
  for (const path of contents.keys()) {
    const onDisk = outDirExists ? await readBytesIfPresent(join(outDir, path)) : undefined;
    const state: PlanState =
      onDisk === undefined ? 'written' : contentHasBytes(contentOf(path), onDisk) ? 'unchanged' : 'changed';
    entries.push({ path, state });
  }
  const wantedByLowerCase = new Map([...contents.keys()].map((p) => [p.toLowerCase(), p]));
  for (const path of previousFiles) {
    if (contents.has(path) || !outDirExists || !(await isNonFolderPresent(join(outDir, path)))) continue;
    // On a case-insensitive disk, `A.ts` from before may be the very file now generated as `a.ts`.
    const twin = wantedByLowerCase.get(path.toLowerCase());
    if (twin !== undefined && (await isSameFile(join(outDir, path), join(outDir, twin)))) continue;
    entries.push({ path, state: 'removed' });
  }
  entries.sort((a, b) => comparePaths(a.path, b.path));
  return { outDir, outDirExists, entries, previousFiles, bytesOf, contentOf, owner };
}

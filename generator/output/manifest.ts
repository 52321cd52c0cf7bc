/**
 * The manifest `.asmxgen-manifest.json` in the output folder: the sorted relative paths
 * asmxgen wrote there (not counting the manifest itself). Deterministic: no version,
 * no timestamp, so that it is byte-identical for identical output.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { corruptManifestError, errnoCode, outputErrorFrom } from './output-error.js';
import { MANIFEST_FILE, pathProblem, sortPaths } from './paths.js';

export { MANIFEST_FILE } from './paths.js';

export interface Manifest {
  readonly generator: 'asmxgen';
  /** Relative paths with `/` separators, sorted, without the manifest itself. */
  readonly files: readonly string[];
}

/** `{ "generator": "asmxgen", "files": [...] }` with 2-space indent and a trailing LF. */
export function renderManifest(paths: Iterable<string>): string {
  const manifest: Manifest = { generator: 'asmxgen', files: sortPaths(paths) };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** Parses manifest text; `displayPath` is only used in the error message. Throws OutputError. */
export function parseManifest(text: string, displayPath: string): Manifest {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw corruptManifestError(displayPath, 'is not valid JSON', error);
  }
  if (
    typeof data !== 'object' ||
    data === null ||
    (data as { generator?: unknown }).generator !== 'asmxgen' ||
    !Array.isArray((data as { files?: unknown }).files) ||
    !(data as { files: unknown[] }).files.every((f) => typeof f === 'string')
  ) {
    throw corruptManifestError(
      displayPath,
      'is not an asmxgen manifest (expected {"generator": "asmxgen", "files": [...]})',
    );
  }
  const files = (data as { files: string[] }).files;
  for (const file of files) {
    if (pathProblem(file) !== undefined || file === MANIFEST_FILE) {
      throw corruptManifestError(displayPath, `lists an invalid path ${JSON.stringify(file)}`);
    }
  }
  return { generator: 'asmxgen', files: sortPaths(files) };
}

/**
 * Reads the manifest of `outDir`. A missing manifest (or missing folder) is an empty list;
 * a corrupt one throws an OutputError explaining what to do.
 */
export async function readManifest(outDir: string): Promise<Manifest> {
  const path = join(outDir, MANIFEST_FILE);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = errnoCode(error);
    if (code === 'ENOENT' || code === 'ENOTDIR') return { generator: 'asmxgen', files: [] };
    throw outputErrorFrom('read', path, error);
  }
  return parseManifest(text, path);
}

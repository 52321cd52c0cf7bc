/**
 * The manifest `.asmxgen-manifest.json` in the output folder: the service the folder holds, the
 * spec it was generated from (relative to the folder, when the CLI wrote it) and the sorted relative
 * paths asmxgen wrote there (not counting the manifest itself). Deterministic: no version, no
 * timestamp, so that it is byte-identical for identical output.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { corruptManifestError, errnoCode, outputErrorFrom } from './output-error.js';
import { MANIFEST_FILE, pathProblem, sortPaths } from './paths.js';

export { MANIFEST_FILE } from './paths.js';

export interface Manifest {
  readonly generator: 'asmxgen';
  /** The service whose output the folder holds (absent in manifests of earlier versions). */
  readonly service?: string;
  /** The spec it was generated from, relative to the output folder with `/` separators (when known). */
  readonly spec?: string;
  /** Relative paths with `/` separators, sorted, without the manifest itself. */
  readonly files: readonly string[];
}

/** Whose output a folder holds: the service, and the spec when the caller knows it. */
export interface ManifestOwner {
  readonly service?: string;
  readonly spec?: string;
}

/** The service generated files are of: the name of the one top-level `{Svc}.wsdl` among them. */
export function serviceOfPaths(paths: Iterable<string>): string | undefined {
  const wsdls = [...paths].filter((p) => !p.includes('/') && p.endsWith('.wsdl'));
  return wsdls.length === 1 ? wsdls[0]!.slice(0, -'.wsdl'.length) : undefined;
}

/** `{ "generator": "asmxgen", "service": …, "spec": …, "files": [...] }` with 2-space indent and a trailing LF. */
export function renderManifest(paths: Iterable<string>, owner: ManifestOwner = {}): string {
  const manifest: Manifest = {
    generator: 'asmxgen',
    ...(owner.service !== undefined && { service: owner.service }),
    ...(owner.spec !== undefined && { spec: owner.spec }),
    files: sortPaths(paths),
  };
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
  const { service, spec } = data as { service?: unknown; spec?: unknown };
  if ((service !== undefined && typeof service !== 'string') || (spec !== undefined && typeof spec !== 'string')) {
    throw corruptManifestError(displayPath, 'has a "service" or "spec" that is not a string');
  }
  for (const file of files) {
    if (pathProblem(file) !== undefined || file === MANIFEST_FILE) {
      throw corruptManifestError(displayPath, `lists an invalid path ${JSON.stringify(file)}`);
    }
  }
  return {
    generator: 'asmxgen',
    ...(service !== undefined && { service }),
    ...(spec !== undefined && { spec }),
    files: sortPaths(files),
  };
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

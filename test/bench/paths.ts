/**
 * The repository's root: the nearest folder above this module with a `package.json`, the same from
 * `test/bench/` and from the compiled bench in `test/artifacts/bench/js/test/bench/`.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error('bench: no package.json above the bench');
  }
}

export const REPO_ROOT = findRoot();

/** Where the bench writes what is not committed: the compiled bench, profiles, partial results. */
export const ARTIFACTS_DIR = join(REPO_ROOT, 'test', 'artifacts', 'bench');

export const WSDL_FILE = join(REPO_ROOT, 'generated', 'AuthenticationWebService.wsdl');

/** The WSDL the generated Library server serves (generated from `../shared/wsdl-corpus/Library.wsdl`). */
export const LIBRARY_WSDL_FILE = join(REPO_ROOT, 'test', 'golden', 'library', 'expected', 'Library.wsdl');

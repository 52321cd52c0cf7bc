/**
 * Validation and ordering of the relative paths of generated files.
 * An invalid path is a bug in the generator, not a user mistake: it throws a plain Error.
 */
import { isFileContent } from '../model/file-content.js';
import type { GeneratedFile } from '../model/types.js';

/** The manifest's name inside the output folder. Always part of the output. */
export const MANIFEST_FILE = '.asmxgen-manifest.json';

/** Why `path` is not a safe relative output path, or `undefined` when it is. */
export function pathProblem(path: string): string | undefined {
  if (typeof path !== 'string' || path === '') return 'it is empty';
  if (path.includes('\0')) return 'it contains a NUL character';
  if (path.includes('\\')) return 'it contains a backslash (use "/")';
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) return 'it is absolute';
  for (const segment of path.split('/')) {
    if (segment === '') return 'it has an empty segment';
    if (segment === '..') return 'it contains ".."';
    if (segment === '.') return 'it contains "."';
  }
  return undefined;
}

/** Throws when `path` is not a safe relative output path. */
export function assertValidPath(path: string): void {
  const problem = pathProblem(path);
  if (problem !== undefined) {
    throw new Error(`Invalid generated file path ${JSON.stringify(path)}: ${problem}.`);
  }
}

/**
 * Throws when the list cannot be written as-is: an invalid path, the same path twice
 * (also differing only in case, which clashes on macOS and Windows), a path that is
 * both a file and a folder, or a file named like the manifest.
 */
export function assertValidFiles(files: readonly GeneratedFile[]): void {
  const seen = new Map<string, string>();
  for (const file of files) {
    assertValidPath(file.path);
    if (!isFileContent(file.content)) {
      throw new Error(`Generated file ${JSON.stringify(file.path)} has no string content (a string or strings).`);
    }
    if (file.path === MANIFEST_FILE) {
      throw new Error(`Generated file path ${JSON.stringify(file.path)} is reserved for the manifest.`);
    }
    const key = file.path.toLowerCase();
    const previous = seen.get(key);
    if (previous !== undefined) {
      throw new Error(
        `Generated file path ${JSON.stringify(file.path)} is listed twice` +
          (previous === file.path ? '.' : ` (as ${JSON.stringify(previous)}, differing only in case).`),
      );
    }
    seen.set(key, file.path);
  }
  for (const file of files) {
    const segments = file.path.split('/');
    for (let i = 1; i < segments.length; i++) {
      const folder = segments.slice(0, i).join('/');
      const clash = seen.get(folder.toLowerCase());
      if (clash !== undefined) {
        throw new Error(
          `Generated file path ${JSON.stringify(file.path)} needs ${JSON.stringify(clash)} as a folder, ` +
            'but it is also generated as a file.',
        );
      }
    }
  }
}

/** Code-unit order: deterministic whatever the locale. */
export function comparePaths(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function sortPaths(paths: Iterable<string>): string[] {
  return [...new Set(paths)].sort(comparePaths);
}

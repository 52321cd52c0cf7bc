import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GeneratedFile } from '../model/types.js';
import { packageRoot } from '../package-root.js';
import { RUNTIME_FOLDER } from './module-paths.js';
import { GENERATED_HEADER } from './ts-module.js';

let cached: readonly GeneratedFile[] | undefined;

/**
 * The hand-written runtime, copied into every output under `runtime/` so
 * generated code never needs asmxgen at run time: every `.ts` file of
 * `templates/runtime/` (recursively, sorted by path), verbatim after the
 * generated-code header, tests left out. Read once per process.
 */
export function emitRuntimeFiles(): readonly GeneratedFile[] {
  return (cached ??= readRuntime());
}

function readRuntime(): readonly GeneratedFile[] {
  const root = join(packageRoot(), 'templates', 'runtime');
  const files = listTs(root, '')
    .filter((path) => !isTestFile(path))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((path) => ({
      path: `${RUNTIME_FOLDER}/${path}`,
      // LF whatever the checkout did, as every generated file.
      content: GENERATED_HEADER + readFileSync(join(root, path), 'utf8').replace(/\r\n/g, '\n'),
    }));
  return Object.freeze(files.map((f) => Object.freeze(f)));
}

/** `.ts` files under `dir`, as `/`-separated paths relative to the runtime folder. */
function listTs(root: string, dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return listTs(root, path);
    return entry.isFile() && entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** `*.test.ts`, `*.spec.ts`, or anything in a `test`, `tests` or `__tests__` folder: not copied. */
export function isTestFile(path: string): boolean {
  const segments = path.split('/');
  return (
    /\.(test|spec)\.ts$/.test(path) ||
    segments.slice(0, -1).some((s) => s === 'test' || s === 'tests' || s === '__tests__')
  );
}

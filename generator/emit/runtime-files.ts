import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { GeneratedFile } from '../model/types.js';
import { GENERATED_HEADER } from '../printer/ts-module.js';
import { RUNTIME_PACKAGE, VENDOR_FOLDER } from './runtime-symbols.js';

let cached: readonly GeneratedFile[] | undefined;

/**
 * `--runtime vendor`: the runtime's sources, copied into the output under `runtime/` so the generated code
 * imports no package of asmxgen's. Every `.ts` file of the `@asmxgen/runtime` package's `src/` (recursively,
 * sorted by path), verbatim after the generated-code header. Read once per process.
 */
export function emitRuntimeFiles(): readonly GeneratedFile[] {
  return (cached ??= readRuntime());
}

/** The `src/` folder of the `@asmxgen/runtime` package asmxgen depends on. */
export function runtimeSourceDir(): string {
  const manifest = createRequire(import.meta.url).resolve(`${RUNTIME_PACKAGE}/package.json`);
  return join(dirname(manifest), 'src');
}

function readRuntime(): readonly GeneratedFile[] {
  const root = runtimeSourceDir();
  const files = listTs(root, '')
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((path) => ({
      path: `${VENDOR_FOLDER}/${path}`,
      // LF whatever the checkout did, as every generated file.
      content: GENERATED_HEADER + readFileSync(join(root, path), 'utf8').replace(/\r\n/g, '\n'),
    }));
  return Object.freeze(files.map((f) => Object.freeze(f)));
}

/** `.ts` files under `dir`, as `/`-separated paths relative to the runtime's `src/`. */
function listTs(root: string, dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return listTs(root, path);
    return entry.isFile() && entry.name.endsWith('.ts') ? [path] : [];
  });
}

import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/**
 * The directory of asmxgen's own `package.json`: the nearest one above this
 * module, so it is the same from `generator/` (sources) and `dist/generator/`.
 */
export function packageRoot(): string {
  if (cached !== undefined) return cached;
  const start = dirname(fileURLToPath(import.meta.url));
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return (cached = dir);
    if (dirname(dir) === dir) throw new Error(`asmxgen: no package.json above ${start}`);
  }
}

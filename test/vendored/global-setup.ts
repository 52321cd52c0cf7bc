/**
 * Generates the default service with `--runtime vendor` into `test/artifacts/vendored/` before the `vendor`
 * test project runs: that project's tests import it wherever they import `generated/` (see vitest.config.ts),
 * so the interop and wire tests prove the vendored runtime as they prove the package.
 */
import { mkdir, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { DEFAULT_SPEC_PATH, generate, loadSpec, writeOutput } from '../../generator/index.js';
import { VENDORED_DIR } from './vendored-dir.js';

export default async function setup(): Promise<void> {
  await rm(VENDORED_DIR, { recursive: true, force: true });
  await mkdir(dirname(VENDORED_DIR), { recursive: true });
  await writeOutput(VENDORED_DIR, await generate(await loadSpec(DEFAULT_SPEC_PATH), { runtime: 'vendor' }));
}

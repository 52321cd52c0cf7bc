/**
 * `npm run soak`: the long, heavy tests (load, shutdown under load, 10^4 idle
 * connections, 10^5 fuzz cases, 20 uploads of 100 MB under load), one file at a time, with `global.gc` for
 * memory measurements. `npm test` never runs them: their files are named
 * `*.soak.ts`. Each is bounded in count and time and stops by itself.
 */
import { resolve } from 'node:path';
import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // As in the main config: `@asmxgen/runtime` resolves to its sources, never to a stale build.
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: {
    root: resolve(import.meta.dirname, '../..'),
    include: ['test/soak/**/*.soak.ts'],
    testTimeout: 10 * 60_000,
    hookTimeout: 2 * 60_000,
    fileParallelism: false,
    execArgv: ['--expose-gc'],
  },
});

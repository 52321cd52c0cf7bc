import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Each golden scenario's generated suite runs against its own expected/ output; nothing else there is a test.
    include: ['test/**/*.test.ts', 'generated/**/*.test.ts', 'test/golden/*/expected/*.test.ts'],
    exclude: ['**/node_modules/**', 'test/golden/*/expected/*/**', 'test/bench/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

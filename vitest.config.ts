import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'generated/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'test/golden/*/expected/**', 'test/bench/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

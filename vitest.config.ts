import { resolve } from 'node:path';
import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

const VENDORED_DIR = resolve(import.meta.dirname, 'test/artifacts/vendored');

export default defineConfig({
  // `@asmxgen/runtime` resolves to its TypeScript sources (the package's `source` export condition, as in
  // tsconfig.json's customConditions), so tests never run a stale build of the runtime.
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: {
    // On CI, also a JSON report, from which .ci/run prints the plain 'N passed, N failed' closing line.
    reporters: process.env.CI ? ['default', ['json', { outputFile: 'test/artifacts/vitest.json' }]] : ['default'],
    // The server's `timeZone` defaults to the process's own, as .NET takes the machine's: tests run in UTC, the
    // zone most services' captures were made in, whatever the developer's machine says.
    env: { TZ: 'UTC' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'package',
          // Each golden scenario's generated suite runs against its own expected/ output; nothing else there is a test.
          include: ['test/**/*.test.ts', 'generated/**/*.test.ts', 'test/golden/*/expected/*.test.ts'],
          exclude: ['**/node_modules/**', 'test/golden/*/expected/*/**', 'test/bench/**', 'test/artifacts/**'],
        },
      },
      {
        // The wire and interop tests again, with the default service generated with --runtime vendor in place
        // of generated/ (which imports @asmxgen/runtime): the same peers must accept the vendored copy.
        extends: true,
        resolve: { alias: [{ find: /^(?:\.\.\/)+generated\/(.*)$/, replacement: `${VENDORED_DIR}/$1` }] },
        test: {
          name: 'vendor',
          globalSetup: ['test/vendored/global-setup.ts'],
          include: ['test/interop/**/*.test.ts', 'test/server/**/*.test.ts'],
          // These talk to servers of other services (Library, EchoKinds), never to generated/: once is enough.
          exclude: [
            '**/node_modules/**',
            'test/interop/library-peers.test.ts',
            'test/interop/echo-parity.test.ts',
            'test/interop/method-shapes-asmx.test.ts',
            'test/interop/type-namespaces-real-asmx.test.ts',
            'test/interop/data-types-real-asmx.test.ts',
            'test/interop/out-params-choices.test.ts',
            'test/interop/differential.test.ts',
            'test/interop/json-differential.test.ts',
            'test/interop/script-bag-real-asmx.test.ts',
            // Serves the sessions golden spec through the CLI, with its own redis-server: once is enough.
            'test/interop/sessions-redis.test.ts',
          ],
        },
      },
    ],
  },
});

/**
 * Where each generated TypeScript module lives in the output folder, and how
 * the others import it. Every emitter that names a module reads it here.
 */
export const MODULE_PATHS = {
  client: 'client.ts',
  documents: 'documents.ts',
  index: 'index.ts',
  jsonSchemas: 'json-schemas.ts',
  server: 'server.ts',
  service: 'service.ts',
  types: 'types.ts',
} as const;

/** The service's generated test suite, `{Svc}.test.ts`: next to the code it tests, imported by no module. */
export function testSuitePath(serviceName: string): string {
  return `${serviceName}.test.ts`;
}

/** The specifier a module at the top of the output folder imports `path` by: `server.ts` → `./server.js`. */
export function importSpecifier(path: string): string {
  return `./${path.replace(/\.ts$/, '.js')}`;
}

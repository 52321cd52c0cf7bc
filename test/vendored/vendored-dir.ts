import { resolve } from 'node:path';

/** Where the `vendor` test project's copy of the default service is generated. */
export const VENDORED_DIR = resolve(import.meta.dirname, '../artifacts/vendored');

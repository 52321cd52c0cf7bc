import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The project's shared reference material: `../shared` beside the repository
 * (as CI has it), or the folder `ASMXGEN_SHARED_DIR` names.
 */
export const SHARED_DIR = resolve(process.env.ASMXGEN_SHARED_DIR ?? resolve(import.meta.dirname, '../../shared'));

/** A file of the shared folder; a clear error when the folder is not there. */
export function sharedFile(relativePath: string): string {
  if (!existsSync(SHARED_DIR)) {
    throw new Error(
      `The shared reference folder ${SHARED_DIR} is missing: the tests compare against the WSDLs a real ASMX ` +
        'runtime serves, kept in ../shared beside the repository. Put it there or set ASMXGEN_SHARED_DIR.',
    );
  }
  return resolve(SHARED_DIR, relativePath);
}

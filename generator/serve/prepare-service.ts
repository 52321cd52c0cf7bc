import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contentPieces } from '../model/file-content.js';
import type { GeneratedFile } from '../model/types.js';
import { writeOutput } from '../output/write.js';

/**
 * Puts a generated service where `serve` can import it: a cache folder named
 * after the files' hash, so an unchanged spec reuses what is there and two
 * specs never share a folder.
 */
export async function prepareServiceFolder(files: readonly GeneratedFile[]): Promise<string> {
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(file.path).update('\0');
    for (const piece of contentPieces(file.content)) hash.update(piece);
    hash.update('\0');
  }
  const root = join(tmpdir(), 'asmxgen-serve');
  await mkdir(root, { recursive: true });
  const dir = join(root, hash.digest('hex').slice(0, 16));
  await writeOutput(dir, files);
  return dir;
}

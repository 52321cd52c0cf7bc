import { readFile, stat } from 'node:fs/promises';
import { describeIoError } from '../io/describe-io-error.js';
import { join } from 'node:path';
import { packageRoot } from '../package-root.js';
import { parseSpec } from './parse-spec.js';
import { SpecError } from './spec-error.js';
import type { Spec } from './spec-types.js';

/** The spec asmxgen ships with and uses when none is named. */
export const DEFAULT_SPEC_PATH: string = join(packageRoot(), 'spec', 'authentication-web-service.yaml');

/** Specs are small; anything this big is a mistake (a wrong file, a binary). */
export const MAX_SPEC_BYTES = 16 * 1024 * 1024;

/** Reads, parses and validates a spec file; every failure is a {@link SpecError}. */
export async function loadSpec(file: string): Promise<Spec> {
  let bytes: Buffer;
  try {
    const info = await stat(file);
    if (info.isDirectory()) fail(file, 'cannot read spec: is a directory');
    if (info.size > MAX_SPEC_BYTES) fail(file, tooLarge(info.size));
    bytes = await readFile(file);
  } catch (err) {
    if (err instanceof SpecError) throw err;
    fail(file, `cannot read spec: ${describeIoError(err)}`);
  }
  if (bytes.byteLength > MAX_SPEC_BYTES) fail(file, tooLarge(bytes.byteLength));
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    fail(file, 'cannot read spec: not valid UTF-8');
  }
  return loadSpecText(text, file);
}

/** Parses spec text as read from a file: a leading UTF-8 byte order mark is dropped. */
export function loadSpecText(text: string, file: string): Spec {
  return parseSpec(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, file);
}

function fail(file: string, message: string): never {
  throw new SpecError([{ file, line: 1, column: 1, path: '(root)', message }]);
}

function tooLarge(size: number): string {
  return `spec is too large (${(size / 1024 / 1024).toFixed(1)} MiB); the limit is 16 MiB`;
}

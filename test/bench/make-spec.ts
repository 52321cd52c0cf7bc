/**
 * Specs of the default spec's shape with any number of operations: the default service's 20 operations
 * (19 taking one `requestJson` string, `UploadImage` none; all void), repeated with a numeric suffix
 * (`SocAuthorize2`, ...) until there are N. N = 20 is the default spec's operations.
 *
 *   node test/artifacts/bench/js/test/bench/make-spec.js 2000 /tmp/spec-2000.yaml
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';
import { REPO_ROOT } from './paths.js';

const DEFAULT_SPEC = join(REPO_ROOT, 'spec', 'authentication-web-service.yaml');

interface SpecOperation {
  name: string;
  group?: string;
  parameters?: { name: string; type?: string }[];
}

/** The YAML text of a spec of the default spec's shape with `count` operations. */
export function specWithOperations(count: number): string {
  const spec = parse(readFileSync(DEFAULT_SPEC, 'utf8')) as { operations: SpecOperation[] };
  const base = spec.operations;
  const operations = Array.from({ length: count }, (_, i) => {
    const op = base[i % base.length]!;
    const round = Math.floor(i / base.length);
    return { ...op, name: round === 0 ? op.name : `${op.name}${round + 1}` };
  });
  return stringify({ ...spec, operations }, { aliasDuplicateObjects: false });
}

export function writeSpec(count: number, file: string): void {
  writeFileSync(file, specWithOperations(count));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const count = Number(process.argv[2]);
  const file = process.argv[3];
  if (!Number.isInteger(count) || count < 1 || !file) {
    console.error('usage: make-spec.ts <operations> <spec file>');
    process.exit(2);
  }
  writeSpec(count, file);
}

/**
 * `serve` and `proxy --impl` put the generated service in a cache folder under the system's temporary folder, one per
 * generated output: `serve --watch` makes one per change of the spec. A folder unused for a week is removed by the
 * next run; the one in use, recent ones and anything not named as the cache names its folders stay.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { prepareServiceFolder, SERVE_CACHE_MAX_AGE_MS, serveCacheRoot } from '../../generator/serve/prepare-service.js';

const DAY = 24 * 60 * 60 * 1000;

describe('the serve cache', () => {
  const savedTmp = process.env.TMPDIR;
  let tmp: string;
  beforeEach(() => {
    tmp = mkdtempSync(join(tmpdir(), 'asmxgen-serve-cache-'));
    process.env.TMPDIR = tmp;
  });
  afterEach(() => {
    if (savedTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = savedTmp;
    rmSync(tmp, { recursive: true, force: true });
  });

  function folder(name: string, ageMs: number): string {
    const dir = join(tmp, 'asmxgen-serve', name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'index.js'), '');
    const when = new Date(Date.now() - ageMs);
    utimesSync(dir, when, when);
    return dir;
  }

  it('writes the files, marks their folder used and removes folders unused for a week', async () => {
    expect(serveCacheRoot()).toBe(join(tmp, 'asmxgen-serve'));
    const old = folder('0123456789abcdef', SERVE_CACHE_MAX_AGE_MS + DAY);
    const recent = folder('fedcba9876543210', SERVE_CACHE_MAX_AGE_MS - DAY);
    const notOurs = folder('keep-me', SERVE_CACHE_MAX_AGE_MS + DAY);
    const files = [{ path: 'index.js', content: 'export const answer = 42;\n' }];

    const dir = await prepareServiceFolder(files);

    expect(readFileSync(join(dir, 'index.js'), 'utf8')).toBe('export const answer = 42;\n');
    expect(Date.now() - statSync(dir).mtimeMs).toBeLessThan(DAY);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(recent)).toBe(true);
    expect(existsSync(notOurs)).toBe(true);
  });

  it('reuses the folder of the same files, and marks it used again', async () => {
    const files = [{ path: 'index.js', content: 'export const answer = 42;\n' }];
    const dir = await prepareServiceFolder(files);
    const long = new Date(Date.now() - SERVE_CACHE_MAX_AGE_MS - DAY);
    utimesSync(dir, long, long);

    expect(await prepareServiceFolder(files)).toBe(dir);
    expect(Date.now() - statSync(dir).mtimeMs).toBeLessThan(DAY);
    expect(readFileSync(join(dir, 'index.js'), 'utf8')).toBe('export const answer = 42;\n');
  });
});

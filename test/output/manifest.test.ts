import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MANIFEST_FILE, parseManifest, readManifest, renderManifest } from '../../generator/output/manifest.js';
import { OutputError } from '../../generator/output/output-error.js';
import { put, tempDir } from './helpers.js';

describe('manifest', () => {
  it('renders sorted paths as deterministic JSON with a trailing LF', () => {
    expect(renderManifest(['server.ts', 'a/b.ts', 'A.wsdl', 'server.ts'])).toBe(
      '{\n  "generator": "asmxgen",\n  "files": [\n    "A.wsdl",\n    "a/b.ts",\n    "server.ts"\n  ]\n}\n',
    );
    expect(renderManifest([])).toBe('{\n  "generator": "asmxgen",\n  "files": []\n}\n');
  });

  it('reads a missing manifest, or a missing folder, as an empty list', async () => {
    const dir = await tempDir();
    expect(await readManifest(dir)).toEqual({ generator: 'asmxgen', files: [] });
    expect(await readManifest(join(dir, 'nope'))).toEqual({ generator: 'asmxgen', files: [] });
  });

  it('round-trips what it renders', async () => {
    const dir = await tempDir();
    await put(dir, MANIFEST_FILE, renderManifest(['b.ts', 'a/c.ts']));
    expect((await readManifest(dir)).files).toEqual(['a/c.ts', 'b.ts']);
  });

  const TAIL =
    'asmxgen records in it which files it wrote, so that it can remove them once they are no longer generated. ' +
    'Restore the file, or delete it and run asmxgen again ' +
    '(files that are no longer generated will then stay in place; asmxgen check lists them).';

  it.each([
    ['{ not json', 'is not valid JSON'],
    ['[]', 'is not an asmxgen manifest (expected {"generator": "asmxgen", "files": [...]})'],
    [
      '{"generator":"other","files":[]}',
      'is not an asmxgen manifest (expected {"generator": "asmxgen", "files": [...]})',
    ],
    [
      '{"generator":"asmxgen","files":[1]}',
      'is not an asmxgen manifest (expected {"generator": "asmxgen", "files": [...]})',
    ],
    ['{"generator":"asmxgen","files":["../etc/passwd"]}', 'lists an invalid path "../etc/passwd"'],
    ['{"generator":"asmxgen","files":["/etc/passwd"]}', 'lists an invalid path "/etc/passwd"'],
  ])('rejects a corrupt manifest %s with a clear message', async (text, detail) => {
    const dir = await tempDir();
    await put(dir, MANIFEST_FILE, text);
    const path = join(dir, MANIFEST_FILE);
    const error = await readManifest(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutputError);
    expect((error as OutputError).code).toBe('EMANIFEST');
    expect((error as OutputError).message).toBe(`Cannot use the manifest "${path}": it ${detail}. ${TAIL}`);
    expect(() => parseManifest(text, 'm.json')).toThrow(`Cannot use the manifest "m.json": it ${detail}.`);
  });
});

import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate, generateWsdl, loadSpec, renderWsdl, serviceAddress } from '../../generator/index.js';
import { contentText } from '../../generator/model/file-content.js';
import { sharedFile } from '../shared-files.js';
import { cli, ROOT, tempDir } from './run-cli.js';

const LIBRARY = join(ROOT, 'test/golden/library/spec.yaml');
/** A service with an `out` parameter. */
const ANY_TYPE = join(ROOT, 'test/golden/corpus-any-type/spec.yaml');

describe('--wsdl-only, and a spec with an out parameter', () => {
  it('generate writes the server, client and tests of a spec with an out parameter (once WSDL only)', async () => {
    const out = join(await tempDir(), 'out');
    const r = await cli('generate', '--spec', ANY_TYPE, '--out', out);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect((await readdir(out)).filter((f) => !f.startsWith('.')).sort()).toEqual([
      'AnyType.test.ts',
      'AnyType.wsdl',
      'client.ts',
      'documents.ts',
      'index.ts',
      'server.ts',
      'service.ts',
      'types.ts',
    ]);
  });

  it('generate --wsdl-only writes the WSDL alone, byte for byte what the runtime serves, and check agrees', async () => {
    const out = join(await tempDir(), 'out');
    const r = await cli('generate', '--spec', LIBRARY, '--out', out, '--wsdl-only');
    expect(r.code).toBe(0);
    expect((await readdir(out)).filter((f) => !f.startsWith('.'))).toEqual(['Library.wsdl']);
    expect(
      (await readFile(join(out, 'Library.wsdl'))).equals(await readFile(sharedFile('wsdl-corpus/Library.wsdl'))),
    ).toBe(true);
    const c = await cli('check', '--spec', LIBRARY, '--out', out, '--wsdl-only');
    expect(c.code).toBe(0);
  });

  it('--wsdl-only and --impl do not go together', async () => {
    const out = join(await tempDir(), 'out');
    const r = await cli('generate', '--spec', LIBRARY, '--out', out, '--wsdl-only', '--impl', 'h.ts');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--wsdl-only writes no handlers: leave out --impl');
  });

  it('the API: generate() carries an out parameter; generateWsdl() and renderWsdl() give the WSDL', async () => {
    const files = await generate(await loadSpec(ANY_TYPE));
    expect(files.map((f) => f.path)).toContain('server.ts');
    const model = await loadSpec(LIBRARY);
    const [file] = await generateWsdl(model);
    expect(file!.path).toBe('Library.wsdl');
    expect(renderWsdl(model, serviceAddress(model, 'http://localhost:8080'))).toBe(contentText(file!.content));
  });
});

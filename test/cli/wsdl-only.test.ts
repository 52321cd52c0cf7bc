import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  generate,
  generateWsdl,
  loadSpec,
  renderWsdl,
  serviceAddress,
  UnsupportedSpecError,
} from '../../generator/index.js';
import { sharedFile } from '../shared-files.js';
import { cli, ROOT, tempDir } from './run-cli.js';

const LIBRARY = join(ROOT, 'test/golden/library/spec.yaml');
/** A service with an `out` parameter, which the generated server and client do not carry. */
const ANY_TYPE = join(ROOT, 'test/golden/corpus-any-type/spec.yaml');

describe('a spec the TypeScript emitters do not carry, and --wsdl-only', () => {
  it('generate refuses an out parameter with what is not supported: exit 2, nothing written', async () => {
    const out = join(await tempDir(), 'out');
    const r = await cli('generate', '--spec', ANY_TYPE, '--out', out);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'AnyType: the generated server, client and tests do not support everything this spec uses yet:\n' +
        '  - operation "Judge": parameter "evidence" is an out parameter ' +
        '(the generated server and client pass in parameters only)\n',
    );
    expect(r.stderr).toContain('asmxgen generate --wsdl-only');
    await expect(readdir(out)).rejects.toThrow(/ENOENT/);
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

  it('the API: generate() throws UnsupportedSpecError; generateWsdl() and renderWsdl() give the WSDL', async () => {
    await expect(generate(await loadSpec(ANY_TYPE))).rejects.toBeInstanceOf(UnsupportedSpecError);
    const model = await loadSpec(LIBRARY);
    const [file] = await generateWsdl(model);
    expect(file!.path).toBe('Library.wsdl');
    expect(renderWsdl(model, serviceAddress(model, 'http://localhost:8080'))).toBe(file!.content);
  });
});

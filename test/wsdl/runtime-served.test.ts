/**
 * WSDLs the ASMX runtime serves that no spec reproduces yet (fixtures/runtime-served/README.md): `import` keeps the
 * served document beside the spec and says where the regenerated one differs; `generate` writes the served one.
 */
import { readFileSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { expect, test } from 'vitest';
import { parseSpec } from '../../generator/spec/parse-spec.js';
import { cli, tempDir } from '../cli/run-cli.js';

const FIXTURES = resolve(import.meta.dirname, 'fixtures', 'runtime-served');
const SERVED_ADDRESS = 'http://127.0.0.1:18440/ChoiceIds.asmx';

test('[XmlChoiceIdentifier] on an array parameter: HTTP offers the operation; import keeps the served WSDL', async () => {
  const dir = await tempDir();
  const wsdl = join(dir, 'ChoiceIds.wsdl');
  await copyFile(join(FIXTURES, 'ChoiceIds.wsdl'), wsdl);
  const spec = join(dir, 'spec', 'choice-ids.yaml');
  const imported = await cli('import', wsdl, '--out', spec);
  expect(imported.stderr).toBe('');
  expect(imported.code).toBe(0);
  const kept = join(dir, 'spec', 'ChoiceIds.served.wsdl');
  expect(imported.stdout).toContain(
    `the WSDL it generates differs from the served one, first at ${wsdl}:22:7 (served)`,
  );
  expect(imported.stdout).toContain(`kept the served WSDL as ${kept} (wsdl.original)`);
  const read = parseSpec(readFileSync(spec, 'utf8'), spec);
  expect(read.operations[0]!.parameters).toEqual([
    {
      name: 'Items',
      type: 'anyType[]',
      unwrapped: true,
      choice: [
        { name: 'First', type: 'string' },
        { name: 'Second', type: 'string' },
      ],
    },
  ]);
  const out = join(dir, 'out');
  const generated = await cli('generate', '--spec', spec, '--out', out, '--base-url', 'https://x.test:81');
  expect(generated.stderr).toBe('');
  expect(generated.code).toBe(0);
  const served = readFileSync(join(FIXTURES, 'ChoiceIds.wsdl'), 'utf8');
  expect(readFileSync(join(out, 'ChoiceIds.wsdl'), 'utf8')).toBe(
    served.replaceAll(SERVED_ADDRESS, 'https://x.test:81/ChoiceIds.asmx'),
  );
});

/**
 * A WSDL edited after the runtime wrote it (a required string, a type added, an operation taken out of HTTP,
 * elements moved) still describes the messages callers send: `import` writes their spec, keeps the served
 * document beside it (`wsdl.original`) with the contract's fingerprint, and `generate` writes that document,
 * ports' addresses from `--base-url`, until the spec's contract changes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { wsdlFingerprint } from '../../generator/emit/kept-wsdl.js';
import { renderWsdl } from '../../generator/emit/wsdl.js';
import { buildModel } from '../../generator/spec/build-model.js';
import { parseSpec } from '../../generator/spec/parse-spec.js';
import { readWsdl } from '../../generator/wsdl-reader/read-wsdl.js';
import { cli, tempDir } from '../cli/run-cli.js';
import { EDITED, type EditedCase } from './refusal-cases.js';

const SERVED_ADDRESS = 'http://localhost:8080/Legacy.asmx';

/** Where each edited copy first differs from what its spec generates: served, then generated, then how. */
const FIRST_DIFFERENCE: Record<EditedCase, string> = {
  'required string (minOccurs="1")':
    'Legacy.wsdl:8:13 (served) and Legacy.wsdl:8:13 (generated): <s:element minOccurs="1" maxOccurs="1" ' +
    'name="message" type="s:string"> has minOccurs="1", where the runtime writes minOccurs="0"',
  'a type no operation reaches':
    'Legacy.wsdl:25:7 (served) and Legacy.wsdl:4:5 (generated): <s:complexType name="Message"> follows the last ' +
    'of what the runtime writes in <s:schema elementFormDefault="qualified" targetNamespace="http://tempuri.org/">',
  'HTTP leaves out an operation the runtime offers':
    'Legacy.wsdl:40:3 (served) and Legacy.wsdl:40:3 (generated): <wsdl:message name="GetVersionHttpGetIn"> has ' +
    'name="GetVersionHttpGetIn", where the runtime writes name="NotifyHttpGetIn"',
  'elements moved (GetVersion before Notify)':
    'Legacy.wsdl:5:7 (served) and Legacy.wsdl:5:7 (generated): <s:element name="GetVersion"> has ' +
    'name="GetVersion", where the runtime writes name="Notify"',
  'the service schema unqualified (elementFormDefault="unqualified")':
    'Legacy.wsdl:4:5 (served) and Legacy.wsdl:4:5 (generated): <s:schema elementFormDefault="unqualified" ' +
    'targetNamespace="http://tempuri.org/"> has elementFormDefault="unqualified", where the runtime writes ' +
    'elementFormDefault="qualified"',
};

async function importEdited(name: EditedCase) {
  const dir = await tempDir();
  const wsdl = join(dir, 'Legacy.wsdl');
  await writeFile(wsdl, EDITED[name]);
  const spec = join(dir, 'spec', 'legacy.yaml');
  const result = await cli('import', wsdl, '--out', spec);
  return { dir, wsdl, spec, kept: join(dir, 'spec', 'Legacy.served.wsdl'), result };
}

describe.each(Object.keys(EDITED) as EditedCase[])('%s', (name) => {
  test('import keeps the served WSDL beside the spec, with the fingerprint of the contract', async () => {
    const { wsdl, spec, kept, result } = await importEdited(name);
    const { spec: read } = readWsdl(EDITED[name], wsdl, { exact: false });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout.split('\n')[1]).toBe(
      `asmxgen: the spec describes the service's messages, but the WSDL it generates differs from the served one, ` +
        `first at ${FIRST_DIFFERENCE[name].replace('Legacy.wsdl', wsdl)}; kept the served WSDL as ${kept} ` +
        "(wsdl.original), which generate writes while the spec's contract is unchanged",
    );
    expect(readFileSync(kept, 'utf8')).toBe(EDITED[name]);
    const written = parseSpec(readFileSync(spec, 'utf8'), spec);
    expect(written.wsdl?.original).toBe('Legacy.served.wsdl');
    expect(written.wsdl?.fingerprint).toBe(wsdlFingerprint(buildModel(read)));
    expect(written.wsdl?.fingerprint).toMatch(/^sha256-[A-Za-z0-9+/]{43}=$/);
  });

  test('generate writes the kept WSDL, with the address of --base-url', async () => {
    const { dir, spec } = await importEdited(name);
    const out = join(dir, 'out');
    const result = await cli(
      'generate',
      '--spec',
      spec,
      '--out',
      out,
      '--wsdl-only',
      '--base-url',
      'https://x.test:81',
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(readFileSync(join(out, 'Legacy.wsdl'), 'utf8')).toBe(
      EDITED[name].replaceAll(SERVED_ADDRESS, 'https://x.test:81/Legacy.asmx'),
    );
    const check = await cli('check', '--spec', spec, '--out', out, '--wsdl-only', '--base-url', 'https://x.test:81');
    expect(check.code).toBe(0);
  });
});

describe('the same document written otherwise', () => {
  test("a port address's query (a proxy's routing parameters) stays as served after the address of --base-url", async () => {
    const served = EDITED['required string (minOccurs="1")'].replaceAll(
      `location="${SERVED_ADDRESS}"`,
      `location="${SERVED_ADDRESS}?sender=&amp;ns=http%3A%2F%2Facme.org"`,
    );
    const dir = await tempDir();
    const wsdl = join(dir, 'Legacy.wsdl');
    await writeFile(wsdl, served);
    const spec = join(dir, 'spec', 'legacy.yaml');
    expect((await cli('import', wsdl, '--out', spec)).code).toBe(0);
    const out = join(dir, 'out');
    const generated = await cli(
      'generate',
      '--spec',
      spec,
      '--out',
      out,
      '--wsdl-only',
      '--base-url',
      'https://x.test:81',
    );
    expect(generated.code).toBe(0);
    expect(readFileSync(join(out, 'Legacy.wsdl'), 'utf8')).toBe(
      served.replaceAll(`${SERVED_ADDRESS}?`, 'https://x.test:81/Legacy.asmx?'),
    );
  });

  test(".NET 1.0's default-namespace form is regenerated from the spec (runtime: net1.0), no document kept", async () => {
    const served = resolve(import.meta.dirname, 'fixtures/real-world/dol-dolWSPservice.wsdl');
    const dir = await tempDir();
    const spec = join(dir, 'spec', 'dol.yaml');
    const result = await cli('import', served, '--out', spec);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^asmxgen: imported dolWSPservice \(3 operations, 1 binding\) from .*\n$/);
    const yaml = readFileSync(spec, 'utf8');
    expect(yaml).toContain('\nwsdl:\n  runtime: net1.0\n');
    expect(yaml).not.toContain('original:');
    const out = join(dir, 'out');
    const generated = await cli(
      'generate',
      '--spec',
      spec,
      '--out',
      out,
      '--wsdl-only',
      '--base-url',
      'http://dolservicepredev',
    );
    expect(generated.code).toBe(0);
    expect(readFileSync(join(out, 'dolWSPservice.wsdl'))).toEqual(readFileSync(served));
  });
});

describe('once the contract changes', () => {
  test('generate writes the WSDL the spec generates, and says why in one line naming the spec', async () => {
    const { dir, spec } = await importEdited('required string (minOccurs="1")');
    const yaml = readFileSync(spec, 'utf8').replace('  name: Legacy\n', '  name: Legacy\n  description: Changed.\n');
    await writeFile(spec, yaml);
    const out = join(dir, 'out');
    const result = await cli('generate', '--spec', spec, '--out', out, '--wsdl-only');
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      `asmxgen: ${spec}: the contract changed since import (wsdl.fingerprint no longer matches), so the WSDL is ` +
        `generated from the spec instead of copied from ${join(dir, 'spec', 'Legacy.served.wsdl')}\n`,
    );
    const model = buildModel(parseSpec(yaml, spec));
    expect(readFileSync(join(out, 'Legacy.wsdl'), 'utf8')).toBe(renderWsdl(model, 'http://localhost:8080/Legacy.asmx'));
  });

  test('the generated server serves the kept WSDL while the contract is unchanged', async () => {
    const { dir, spec } = await importEdited('elements moved (GetVersion before Notify)');
    const out = join(dir, 'out');
    expect((await cli('generate', '--spec', spec, '--out', out)).code).toBe(0);
    const documents = readFileSync(join(out, 'documents.ts'), 'utf8');
    // The served WSDL keeps the moved elements; its addresses are filled per request.
    const wsdl = /^ {2}wsdl: '(.*)',$/m.exec(documents)![1]!;
    expect(wsdl.indexOf('<s:element name="GetVersion">')).toBeGreaterThan(0);
    expect(wsdl.indexOf('<s:element name="GetVersion">')).toBeLessThan(wsdl.indexOf('<s:element name="Notify">'));
    expect(wsdl).not.toContain(SERVED_ADDRESS);
    expect(wsdl).toContain('<soap:address location="\\u0000address\\u0000" />');
  });
});

describe('--out -, existing files, broken specs', () => {
  test('--out - prints the spec of the messages and says no WSDL was kept', async () => {
    const dir = await tempDir();
    const wsdl = join(dir, 'Legacy.wsdl');
    await writeFile(wsdl, EDITED['required string (minOccurs="1")']);
    const result = await cli('import', wsdl, '--out', '-');
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('original');
    expect(result.stderr).toBe(
      `asmxgen: the spec describes the service's messages, but the WSDL it generates differs from the served one, ` +
        `first at ${FIRST_DIFFERENCE['required string (minOccurs="1")'].replace('Legacy.wsdl', wsdl)}. With --out - ` +
        'there is no folder to keep the served WSDL in, so the printed spec generates that other WSDL; import ' +
        'with --out FILE to keep the served one beside the spec (wsdl.original)\n',
    );
  });

  test('an existing kept WSDL is not overwritten without --force', async () => {
    const dir = await tempDir();
    const wsdl = join(dir, 'Legacy.wsdl');
    await writeFile(wsdl, EDITED['required string (minOccurs="1")']);
    await mkdir(join(dir, 'spec'));
    const kept = join(dir, 'spec', 'Legacy.served.wsdl');
    await writeFile(kept, 'mine\n');
    const spec = join(dir, 'spec', 'legacy.yaml');
    const refused = await cli('import', wsdl, '--out', spec);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`${kept} already exists; nothing was written.`);
    expect(existsSync(spec)).toBe(false);
    expect((await cli('import', wsdl, '--out', spec, '--force')).code).toBe(0);
    expect(readFileSync(kept, 'utf8')).toBe(EDITED['required string (minOccurs="1")']);
  });

  test('a kept WSDL that is missing is an error at wsdl.original', async () => {
    const { dir, spec, kept } = await importEdited('required string (minOccurs="1")');
    await rm(kept);
    const line =
      readFileSync(spec, 'utf8')
        .split('\n')
        .findIndex((l) => l.includes('original:')) + 1;
    const result = await cli('generate', '--spec', spec, '--out', join(dir, 'out'), '--wsdl-only');
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'asmxgen: the spec has 1 problem; nothing was written.\n' +
        `${spec}:${line}:13: wsdl.original: cannot read the kept WSDL ${kept}: no such file; restore it ` +
        '(asmxgen import writes it beside the spec), or remove wsdl.original and wsdl.fingerprint to generate the ' +
        'WSDL from the spec\n',
    );
  });

  test('original and fingerprint go together, at file:line:column', () => {
    const base = 'service: { name: A, namespace: "urn:a" }\noperations: [{ name: Go }]\nwsdl:\n';
    expect(() => parseSpec(`${base}  original: A.served.wsdl\n`, 'a.yaml')).toThrow(
      'a.yaml:4:13: wsdl.original: original needs the fingerprint import recorded with it',
    );
    expect(() => parseSpec(`${base}  original: /tmp/A.wsdl\n  fingerprint: sha256-x\n`, 'a.yaml')).toThrow(
      /a\.yaml:4:13: wsdl\.original: "\/tmp\/A\.wsdl" is not a path relative to the spec's folder.*\na\.yaml:5:16: wsdl\.fingerprint: a fingerprint is "sha256-"/,
    );
  });
});

/**
 * A WSDL whose definitions and schemas live in other documents (`wsdl:import location`, `s:import
 * schemaLocation`, `s:include schemaLocation`): `import` reads them relative to the file or URL, as wsdl.exe
 * does, and merges them into one description. The fixture is Classes.wsdl of the corpus split into four
 * documents: the service, its definitions (wsdl:import), a schema (s:import) and the rest of it (s:include).
 */
import { readFileSync } from 'node:fs';
import { cp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { displayPath } from '../../generator/cli/common-options.js';
import { afterEach, describe, expect, test } from 'vitest';
import { parseSpec } from '../../generator/spec/parse-spec.js';
import { readWsdl } from '../../generator/wsdl-reader/read-wsdl.js';
import { cli, tempDir } from '../cli/run-cli.js';
import { CORPUS_DIR } from './wsdl-fixtures.js';

const SPLIT = resolve(import.meta.dirname, 'fixtures/split-classes');
const WHOLE = readFileSync(join(CORPUS_DIR, 'Classes.wsdl'), 'utf8');
const PARTS = ['parts/Definitions.wsdl', 'parts/Types.xsd', 'parts/Elements.xsd'];

async function copySplit(): Promise<string> {
  const dir = await tempDir();
  await cp(SPLIT, join(dir, 'split'), { recursive: true });
  return join(dir, 'split');
}

describe('documents named relative to a file', () => {
  test('import merges them into the spec of the whole WSDL, and generate writes it as one document', async () => {
    const dir = await tempDir();
    const main = join(SPLIT, 'Classes.wsdl');
    const spec = join(dir, 'classes.yaml');
    const result = await cli('import', main, '--out', spec);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[1]).toBe(
      `asmxgen: read 3 more documents (${PARTS.map((p) => displayPath(join(SPLIT, p))).join(', ')}) into the spec; generate ` +
        'writes the same description in one document, as the ASMX runtime serves it',
    );
    expect(parseSpec(readFileSync(spec, 'utf8'), spec)).toStrictEqual(readWsdl(WHOLE, 'Classes.wsdl').spec);
    const out = join(dir, 'out');
    expect((await cli('generate', '--spec', spec, '--out', out, '--wsdl-only')).code).toBe(0);
    expect(readFileSync(join(out, 'Classes.wsdl'), 'utf8')).toBe(WHOLE);
  });

  test('diff reads them too: the split WSDL and the whole one describe the same service', async () => {
    expect(await cli('diff', join(SPLIT, 'Classes.wsdl'), join(CORPUS_DIR, 'Classes.wsdl'))).toEqual({
      code: 0,
      stdout: 'No changes.\n',
      stderr: '',
    });
  });

  test('a document that cannot be read: the place that names it, and why', async () => {
    const split = await copySplit();
    await rm(join(split, 'parts/Elements.xsd'));
    const main = join(split, 'Classes.wsdl');
    const result = await cli('import', main, '--out', join(split, 'x.yaml'));
    const types = join(split, 'parts/Types.xsd');
    const line =
      readFileSync(types, 'utf8')
        .split('\n')
        .findIndex((l) => l.includes('<s:include')) + 1;
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr:
        `asmxgen: cannot import ${main}; nothing was written.\n` +
        `${types}:${line}:14: cannot read ${join(split, 'parts/Elements.xsd')}: no such file (the document this ` +
        '<s:include> names)\n',
    });
  });

  test('a problem in another document is located in that document', async () => {
    const split = await copySplit();
    const elements = join(split, 'parts/Elements.xsd');
    await writeFile(elements, readFileSync(elements, 'utf8').replace('</s:schema>\n', ''));
    const result = await cli('import', join(split, 'Classes.wsdl'), '--out', join(split, 'x.yaml'));
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n')[1]).toMatch(
      new RegExp(`^${elements.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+: not well-formed XML`),
    );
  });
});

describe('documents named relative to a URL', () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
    server = undefined;
  });

  test('are fetched from the same server, and merged', async () => {
    const requested: string[] = [];
    server = createServer((req, res) => {
      requested.push(req.url!);
      // import's probe of the proxy script (`/js`): no [ScriptService] here.
      if (req.url!.endsWith('/js')) return void res.writeHead(404).end();
      const path = req.url === '/svc/Classes.asmx?wsdl' ? 'Classes.wsdl' : req.url!.replace(/^\/svc\//, '');
      let body: Buffer;
      try {
        body = readFileSync(join(SPLIT, path));
      } catch {
        return void res.writeHead(404).end();
      }
      res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' }).end(body);
    });
    await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/svc/`;
    const dir = await tempDir();
    const spec = join(dir, 'classes.yaml');
    const result = await cli('import', `${base}Classes.asmx?wsdl`, '--out', spec);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(requested).toEqual(['/svc/Classes.asmx?wsdl', ...PARTS.map((p) => `/svc/${p}`), '/svc/Classes.asmx/js']);
    expect(result.stdout.split('\n')[1]).toContain(`(${PARTS.map((p) => base + p).join(', ')})`);
    expect(parseSpec(readFileSync(spec, 'utf8'), spec)).toStrictEqual(readWsdl(WHOLE, 'Classes.wsdl').spec);
  });

  test('never name a file of the machine reading them', async () => {
    const main = readFileSync(join(SPLIT, 'Classes.wsdl'), 'utf8').replace(
      'location="parts/Definitions.wsdl"',
      'location="file:///etc/passwd"',
    );
    server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/xml' }).end(main));
    await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/Classes.asmx?wsdl`;
    const dir = await tempDir();
    const result = await cli('import', url, '--out', join(dir, 'x.yaml'));
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr:
        `asmxgen: cannot import ${url}; nothing was written.\n` +
        `${url}:3:48: location="file:///etc/passwd" is not a location asmxgen can read relative to ${url} (a ` +
        'file: URL): a document served over HTTP names documents by http:// or https:// URLs, or by paths on its ' +
        'server\n',
    });
  });
});

describe('a binding in another namespace ([WebServiceBinding(Namespace)]), served as several documents', () => {
  // Corpus BindingTypes: ?wsdl imports ?wsdl=wsdl1 (the binding namespace's messages, port type and bindings),
  // and each schema is a ?schema=schemaN document; the copies are saved beside it as generate writes them.
  const corpus = (suffix: string) => join(CORPUS_DIR, `BindingTypes${suffix}`);
  const SUFFIXES = ['.wsdl', '.wsdl1.wsdl', '.schema1.xsd', '.schema2.xsd'];

  test('import reads the documents saved beside it into a spec with the binding namespace', async () => {
    const dir = await tempDir();
    const spec = join(dir, 'clinic.yaml');
    const result = await cli('import', corpus('.wsdl'), '--out', spec);
    const others = SUFFIXES.slice(1).map((s) => displayPath(corpus(s)));
    expect(result).toEqual({
      code: 0,
      stdout:
        `asmxgen: imported Clinic (3 operations, 1 type, 4 bindings) from ${displayPath(corpus('.wsdl'))} into ` +
        `${displayPath(spec)}\n` +
        `asmxgen: read 3 more documents (${others.join(', ')}) into the spec; generate writes the same documents ` +
        '(?wsdl, ?wsdl=wsdl1 and ?schema=schemaN), as the ASMX runtime serves them for a binding in another namespace\n',
      stderr: '',
    });
    const read = parseSpec(readFileSync(spec, 'utf8'), spec);
    expect(read.service.soapBindings).toStrictEqual([
      'default',
      { name: 'ClinicBinding', namespace: 'urn:example:clinic' },
    ]);
    // The binding's namespace puts its operations' elements there: no RequestNamespace of their own.
    expect(read.operations.find((op) => op.name === 'ReadPatient')).toStrictEqual({
      name: 'ReadPatient',
      binding: 'ClinicBinding',
      parameters: [{ name: 'mrn', type: 'string' }],
      result: 'Patient',
    });

    const out = join(dir, 'out');
    const generated = await cli('generate', '--spec', spec, '--out', out, '--base-url', 'http://localhost:8080');
    expect(generated.code).toBe(0);
    for (const suffix of SUFFIXES) {
      expect(readFileSync(join(out, `Clinic${suffix}`), 'utf8'), suffix).toBe(readFileSync(corpus(suffix), 'utf8'));
    }
    // What generate wrote reads back the same way, and diff finds nothing between it and the served documents.
    expect(await cli('diff', corpus('.wsdl'), join(out, 'Clinic.wsdl'))).toEqual({
      code: 0,
      stdout: 'No changes.\n',
      stderr: '',
    });
  });

  test('a document missing beside it is fetched from the address, and the failure says what to do', async () => {
    const dir = await tempDir();
    for (const suffix of ['.wsdl', '.schema1.xsd', '.schema2.xsd']) {
      await cp(corpus(suffix), join(dir, `BindingTypes${suffix}`));
    }
    const main = join(dir, 'BindingTypes.wsdl');
    const result = await cli('import', main, '--out', join(dir, 'x.yaml'));
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.split('\n')[0]).toBe(`asmxgen: cannot import ${main}; nothing was written.`);
    // The reason depends on what answers at the saved address; where the error is and what to do do not.
    expect(result.stderr).toContain(`${main}:3:47: cannot fetch http://localhost:8080/BindingTypes.asmx?wsdl=wsdl1: `);
    expect(result.stderr).toContain(
      'or save each document beside it and list it in a Reference.map, or save it beside the file as ' +
        'BindingTypes.wsdl1.wsdl (the document this <wsdl:import> names)\n',
    );
  });
});

/**
 * A Web References folder (Visual Studio's "Add Web Reference"): the documents a service served (`?wsdl`,
 * `?wsdl=wsdl1`, `?schema=schema1`) saved as files, and a `Reference.map` saying which file holds the document of
 * each address. The saved documents name each other by those addresses (a developer's `localhost:51232`, which
 * no longer answers): `import` reads the file the map lists instead. Fixtures: Runib/PatientApp's two folders
 * (fixtures/web-references/SOURCES.md).
 */
import { readFileSync } from 'node:fs';
import { cp, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { mainContract, parseReferenceMap } from '../../generator/wsdl-reader/reference-map.js';
import { cli, tempDir } from '../cli/run-cli.js';
import { displayPath } from '../../generator/cli/common-options.js';

const FOLDERS = resolve(import.meta.dirname, 'fixtures/web-references');
const LOCALHOST1 = join(FOLDERS, 'runib-localhost1');

async function copyFolder(name: string): Promise<string> {
  const dir = join(await tempDir(), name);
  await cp(join(FOLDERS, name), dir, { recursive: true });
  return dir;
}

function lineOf(file: string, text: string): number {
  return (
    readFileSync(file, 'utf8')
      .split('\n')
      .findIndex((l) => l.includes(text)) + 1
  );
}

describe('the map', () => {
  test("its ContractReference served at ?wsdl is the service's WSDL, whatever the order of the list", () => {
    const first = parseReferenceMap(readFileSync(join(LOCALHOST1, 'Reference.map'), 'utf8'), 'Reference.map');
    expect(mainContract(first)?.filename).toBe('WebService.wsdl');
    const other = join(FOLDERS, 'runib-localhost/Reference.map');
    expect(mainContract(parseReferenceMap(readFileSync(other, 'utf8'), other))?.filename).toBe('WebService10.wsdl');
  });

  test('a DiscoveryClientResult without a filename: the map, its line, what to do', () => {
    const text = readFileSync(join(LOCALHOST1, 'Reference.map'), 'utf8').replace(' filename="schema1.xsd"', '');
    expect(() => parseReferenceMap(text, 'Reference.map')).toThrow(
      'Reference.map:7:5: this DiscoveryClientResult has no filename: each saved document is listed with the url ' +
        'it was served at and the filename it was saved as; restore the line from the project, or update the Web ' +
        'Reference',
    );
  });

  test('a filename outside the folder is refused at its attribute', () => {
    const text = readFileSync(join(LOCALHOST1, 'Reference.map'), 'utf8').replace('"schema1.xsd"', '"../x.xsd"');
    expect(() => parseReferenceMap(text, 'Reference.map')).toThrow(
      `Reference.map:${lineOf(join(LOCALHOST1, 'Reference.map'), 'schema1.xsd')}:150: filename="../x.xsd" is not ` +
        "a file of the map's folder: a Reference.map lists the documents saved beside it",
    );
  });
});

describe('import of a saved folder', () => {
  test('a document the map lists but the folder lacks: the map line, and what to do', async () => {
    const dir = await copyFolder('runib-localhost1');
    await rm(join(dir, 'WebService0.wsdl'));
    const result = await cli('import', dir, '--out', join(dir, 'x.yaml'));
    const main = join(dir, 'WebService.wsdl');
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr:
        `asmxgen: cannot import ${main}; nothing was written.\n` +
        `${main}:3:54: ${join(dir, 'Reference.map')}:5: lists WebService0.wsdl as the document served at ` +
        `http://localhost:51232/WebService.asmx?wsdl=wsdl1, but ${join(dir, 'WebService0.wsdl')} is not there: copy ` +
        'the whole folder the Web Reference was saved in (the document this <wsdl:import> names)\n',
    });
  });

  test('a folder without a map names what to import instead', async () => {
    const dir = await copyFolder('runib-localhost1');
    await rm(join(dir, 'Reference.map'));
    expect(await cli('import', dir, '--out', join(dir, 'x.yaml'))).toEqual({
      code: 2,
      stdout: '',
      stderr:
        `asmxgen: cannot read ${dir}: is a folder, with no Reference.map or .discomap; name a WSDL file, or the ` +
        'folder Visual Studio saved a Web Reference in\n',
    });
  });

  test('a map listing no WSDL at ?wsdl among several names them', async () => {
    const dir = await copyFolder('runib-localhost1');
    const map = join(dir, 'Reference.map');
    await writeFile(map, readFileSync(map, 'utf8').replace('WebService.asmx?wsdl"', 'WebService.asmx?wsdl=wsdl0"'));
    expect((await cli('import', map, '--out', join(dir, 'x.yaml'))).stderr).toBe(
      `asmxgen: ${map}:1:1: the map lists 2 WSDLs and none served at ?wsdl, the service's own: import one of them ` +
        'by its file (WebService.wsdl, WebService0.wsdl)\n',
    );
  });

  test('a saved WSDL alone, its documents named by an address that does not answer: what to do', async () => {
    const dir = await tempDir();
    const main = join(dir, 'WebService.wsdl');
    // A port nothing listens on (one of the range these tests own): as a developer's localhost that is gone.
    await writeFile(main, readFileSync(join(LOCALHOST1, 'WebService.wsdl'), 'utf8').replaceAll(':51232/', ':18689/'));
    const result = await cli('import', main, '--out', join(dir, 'x.yaml'));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `${main}:3:54: cannot fetch http://localhost:18689/WebService.asmx?wsdl=wsdl1: the connection was refused`,
    );
    expect(result.stderr).toContain(
      "a saved copy names the documents it was served with by the address it was saved from: import the folder the copy was saved in with its Reference.map (Visual Studio's Web References), or save each document beside it and list it in a Reference.map, or save it beside the file as WebService.wsdl1.wsdl (the document this <wsdl:import> names)\n",
    );
  });
});

describe('a saved Web Reference imports and regenerates byte for byte', () => {
  // runib-localhost: a service of the .NET Framework whose methods are in a binding of another namespace
  // ([WebServiceBinding(Namespace)]), routed by their request element (all share soapAction=""), with the .NET
  // Framework's order of the root's declarations.
  const folder = join(FOLDERS, 'runib-localhost');
  const SAVED: Readonly<Record<string, string>> = {
    'WebService1.wsdl': 'WebService10.wsdl', // ?wsdl
    'WebService1.wsdl1.wsdl': 'WebService1.wsdl', // ?wsdl=wsdl1
    'WebService1.schema1.xsd': 'schema1.xsd',
    'WebService1.schema2.xsd': 'schema2.xsd',
  };

  test('import of its folder, then generate with its address, writes every document it was served', async () => {
    const dir = await tempDir();
    const spec = join(dir, 'service.yaml');
    const imported = await cli('import', folder, '--out', spec);
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain(
      'generate writes the same documents (?wsdl, ?wsdl=wsdl1 and ?schema=schemaN), as the ASMX runtime serves them ' +
        'for a binding in another namespace',
    );
    const text = readFileSync(spec, 'utf8');
    expect(text).toContain('  routingStyle: requestElement\n');
    expect(text).toContain(
      '  soapBindings: [{ name: MyWebService_Binding, namespace: http://SoftIDTx/Services/ }, default]\n',
    );
    expect(text).toContain('  namespaceOrder: [i0, soapenc, mime, tns, s, soap, tm, http, soap12]\n');
    const out = join(dir, 'out');
    const generated = await cli('generate', '--spec', spec, '--out', out, '--base-url', 'http://localhost:53337');
    expect(generated.code).toBe(0);
    for (const [file, saved] of Object.entries(SAVED)) {
      expect(readFileSync(join(out, file), 'utf8'), file).toBe(readFileSync(join(folder, saved), 'utf8'));
    }
    // diff reads the folder (or its map) as import does: the saved service and what generate wrote are the same.
    const same = { code: 0, stdout: 'No changes.\n', stderr: '' };
    expect(await cli('diff', folder, join(out, 'WebService1.wsdl'))).toEqual(same);
    expect(await cli('diff', join(folder, 'Reference.map'), spec)).toEqual(same);
  });

  test('diff of a folder without a map says what to name instead', async () => {
    expect(await cli('diff', FOLDERS, join(folder, 'WebService10.wsdl'))).toEqual({
      code: 2,
      stdout: '',
      stderr:
        `asmxgen: cannot read the old input: cannot read ${FOLDERS}: is a folder, with no Reference.map or ` +
        '.discomap; name a WSDL file, or the folder Visual Studio saved a Web Reference in\n',
    });
  });

  test('its other folder imports, its array results of repeated elements included ([return: XmlElement])', async () => {
    const out = join(await tempDir(), 'x.yaml');
    const result = await cli('import', LOCALHOST1, '--out', out);
    expect(result.code).toBe(0);
    const spec = readFileSync(out, 'utf8');
    // `ReadAllPatientResponse` holds only `AllPatientResponse` items, and no HTTP binding tells a result from an out
    // parameter: the result, renamed.
    expect(spec).toContain(
      "  - name: LoadAllPatientData\n    soapAction: ''\n    requestElement: ReadAllPatient\n    responseElement: ReadAllPatientResponse\n",
    );
    expect(spec).toContain('    result: Patient[]\n    resultElement: AllPatientResponse\n    resultUnwrapped: true\n');
    expect(spec).toContain("      - { name: TestList, type: 'Test[]', unwrapped: true }\n");
    // What still differs is a parameter no C# signature gives (a dateTime that may be absent), said where it is.
    expect(result.stdout).toContain(
      `${displayPath(join(LOCALHOST1, 'schema1.xsd'))}:57:9 (served) and WebService.schema1.xsd:57:9 (generated): ` +
        '<xs:element minOccurs="0" maxOccurs="1" name="DOB" type="xs:dateTime"> has minOccurs="0", where the ' +
        'runtime writes minOccurs="1"',
    );
  });
});

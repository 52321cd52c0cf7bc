import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { kebabCase } from '../../generator/cli/import-command.js';
import { renderSpecYaml } from '../../generator/emit/spec-yaml.js';
import { parseSpec } from '../../generator/spec/parse-spec.js';
import { readWsdl } from '../../generator/wsdl-reader/read-wsdl.js';
import { cli, ROOT, tempDir } from '../cli/run-cli.js';
import { sharedFile } from '../shared-files.js';
import { REFUSALS } from './refusal-cases.js';
import { readShared } from './wsdl-fixtures.js';

const INVENTORY = sharedFile('wsdl-corpus/Inventory.wsdl');
const SCHEMA = join(ROOT, 'spec', 'asmxgen.schema.json');

describe('import a file', () => {
  test('writes the spec and prints a one-line summary', async () => {
    const dir = await tempDir();
    const out = join(dir, 'specs', 'inventory.yaml');
    const result = await cli('import', INVENTORY, '--out', out);
    expect(result).toEqual({
      code: 0,
      stdout: `asmxgen: imported Inventory (7 operations, 4 bindings) from ${INVENTORY} into ${out}\n`,
      stderr: '',
    });
    const yaml = readFileSync(out, 'utf8');
    const { spec } = readWsdl(readShared('wsdl-corpus/Inventory.wsdl'), 'Inventory.wsdl');
    expect(yaml).toBe(renderSpecYaml(spec, { schemaPath: relative(join(dir, 'specs'), SCHEMA), source: INVENTORY }));
    expect(yaml.split('\n')[0]).toMatch(/^# yaml-language-server: \$schema=\.\.\/.*\/spec\/asmxgen\.schema\.json$/);
    expect(parseSpec(yaml, out)).toStrictEqual(spec);
  });

  test('--script-service marks the service a [ScriptService], which no WSDL shows', async () => {
    const dir = await tempDir();
    const out = join(dir, 'inventory.yaml');
    expect((await cli('import', INVENTORY, '--out', out, '--script-service')).code).toBe(0);
    const { spec } = readWsdl(readShared('wsdl-corpus/Inventory.wsdl'), 'Inventory.wsdl');
    expect(parseSpec(readFileSync(out, 'utf8'), out)).toStrictEqual({
      ...spec,
      service: { ...spec.service, scriptService: true },
    });
  });

  test('the summary counts declared types and header classes when there are any', async () => {
    const dir = await tempDir();
    const library = sharedFile('wsdl-corpus/Library.wsdl');
    const out = join(dir, 'spec', 'library.yaml');
    const result = await cli('import', library, '--out', out);
    expect(result).toEqual({
      code: 0,
      stdout: `asmxgen: imported Library (12 operations, 8 types, 2 headers, 4 bindings) from ${library} into ${out}\n`,
      stderr: '',
    });
    const { spec } = readWsdl(readFileSync(library, 'utf8'), 'Library.wsdl');
    expect(parseSpec(readFileSync(out, 'utf8'), out)).toStrictEqual(spec);
  });

  test('by default into spec/<service name in kebab case>.yaml under the working directory', async () => {
    const dir = await tempDir();
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      const result = await cli('import', sharedFile('wsdl-corpus/LegacySoapOnly.wsdl'));
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/\(2 operations, 2 bindings\) from .* into spec\/legacy\.yaml\n$/);
      expect(readFileSync(join(dir, 'spec', 'legacy.yaml'), 'utf8').split('\n')[0]).toBe(
        `# yaml-language-server: $schema=${relative(join(dir, 'spec'), SCHEMA)}`,
      );
    } finally {
      process.chdir(cwd);
    }
  });

  test('kebab case of service names', () => {
    expect(
      ['AuthenticationWebService', 'TempConvert', 'Inventory', 'HTTPService2', 'My_Service', 'svc'].map(kebabCase),
    ).toEqual(['authentication-web-service', 'temp-convert', 'inventory', 'http-service2', 'my-service', 'svc']);
  });

  test('--out - prints the spec (without a $schema line) and nothing else', async () => {
    const dir = await tempDir();
    const wsdl = join(dir, 'Legacy.wsdl');
    await writeFile(wsdl, readShared('wsdl-corpus/Legacy.wsdl'));
    const result = await cli('import', wsdl, '--out', '-');
    const { spec } = readWsdl(readShared('wsdl-corpus/Legacy.wsdl'), 'Legacy.wsdl');
    expect(result).toEqual({ code: 0, stdout: renderSpecYaml(spec, { source: wsdl }), stderr: '' });
    expect(existsSync(join(dir, 'spec'))).toBe(false);
  });
});

describe('refusals and errors exit 2 and write nothing', () => {
  test('a WSDL asmxgen cannot represent: the reader’s message', async () => {
    const dir = await tempDir();
    const wsdl = join(dir, 'Legacy.wsdl');
    await writeFile(wsdl, REFUSALS['one-way in the port type only']);
    const out = join(dir, 'legacy.yaml');
    const result = await cli('import', wsdl, '--out', out);
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr:
        `asmxgen: cannot import ${wsdl}; nothing was written.\n` +
        `${wsdl}:55:7: operation "Notify" of binding "LegacySoap" has an output, but its port type operation has ` +
        'none (one-way, as [SoapDocumentMethod(OneWay = true)] writes it, with no output in the binding either): ' +
        'not a WSDL the ASMX runtime writes\n',
    });
    expect(existsSync(out)).toBe(false);
  });

  test('an existing spec is not overwritten without --force', async () => {
    const dir = await tempDir();
    const out = join(dir, 'inventory.yaml');
    await writeFile(out, 'mine\n');
    const refused = await cli('import', INVENTORY, '--out', out);
    expect(refused).toEqual({
      code: 2,
      stdout: '',
      stderr: `asmxgen: ${out} already exists; nothing was written. Pass --force to overwrite it, or --out to write another file.\n`,
    });
    expect(readFileSync(out, 'utf8')).toBe('mine\n');
    const forced = await cli('import', INVENTORY, '--out', out, '--force');
    expect(forced.code).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain('name: Inventory');
  });

  test('a missing file, a folder', async () => {
    const dir = await tempDir();
    expect(await cli('import', join(dir, 'nope.wsdl'))).toEqual({
      code: 2,
      stdout: '',
      stderr: `asmxgen: cannot read ${join(dir, 'nope.wsdl')}: no such file\n`,
    });
    await mkdir(join(dir, 'folder.wsdl'));
    expect((await cli('import', join(dir, 'folder.wsdl'))).stderr).toBe(
      `asmxgen: cannot read ${join(dir, 'folder.wsdl')}: is a folder, with no Reference.map or .discomap; name a ` +
        'WSDL file, or the folder Visual Studio saved a Web Reference in\n',
    );
  });
});

describe('import a URL', () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
    server = undefined;
  });

  async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
    server = createServer(handler);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  test('fetches the WSDL and imports it', async () => {
    const wsdl = readShared('wsdl-corpus/TempConvert.wsdl');
    const base = await serve((req, res) => {
      if (req.url === '/TempConvert.asmx?wsdl')
        res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' }).end(wsdl);
      else res.writeHead(404).end();
    });
    const dir = await tempDir();
    const out = join(dir, 'temp-convert.yaml');
    const url = `${base}/TempConvert.asmx?wsdl`;
    const result = await cli('import', url, '--out', out);
    expect(result).toEqual({
      code: 0,
      stdout: `asmxgen: imported TempConvert (2 operations, 4 bindings) from ${url} into ${out}\n`,
      stderr: '',
    });
    const yaml = readFileSync(out, 'utf8');
    expect(yaml).toContain(`# Imported by \`asmxgen import\` from ${url}.\n`);
    expect(parseSpec(yaml, out)).toStrictEqual(readWsdl(wsdl, 'TempConvert.wsdl').spec);
  });

  test('an HTTP error status, a refused connection, a scheme other than http(s)', async () => {
    const base = await serve((_req, res) => res.writeHead(404, 'Not Found').end('<html>gone</html>'));
    expect(await cli('import', `${base}/Gone.asmx`)).toEqual({
      code: 2,
      stdout: '',
      stderr:
        `asmxgen: cannot fetch ${base}/Gone.asmx: the server answered HTTP 404 Not Found (the WSDL of an ASMX ` +
        'service is at its address followed by ?wsdl)\n',
    });
    await new Promise((resolve) => server!.close(resolve));
    server = undefined;
    expect((await cli('import', `${base}/Gone.asmx?wsdl`)).stderr).toBe(
      `asmxgen: cannot fetch ${base}/Gone.asmx?wsdl: the connection was refused (is the service running?)\n`,
    );
    expect((await cli('import', 'ftp://example.com/Svc.wsdl')).stderr).toBe(
      'asmxgen: cannot fetch ftp://example.com/Svc.wsdl: a ftp: URL; name a file, or an http:// or https:// URL\n',
    );
  });

  test('a page that is not a WSDL: told by its media type, before it is read as XML', async () => {
    const base = await serve((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>\n<body>help</body>\n</html>'),
    );
    const url = `${base}/Svc.asmx`;
    const result = await cli('import', url, '--out', '-');
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `asmxgen: cannot fetch ${url}: the server answered an HTML page (text/html), not a WSDL; an ASMX service's ` +
        `WSDL is at its address followed by ?wsdl: ${url}?wsdl\n`,
    );
  });
});

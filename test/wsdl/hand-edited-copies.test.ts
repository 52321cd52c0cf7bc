/**
 * Copies of a served WSDL edited by hand into a form no ASMX runtime writes (a request element of a named type with
 * an attribute, a choice in place of the sequence, an address with no path) still describe the messages callers
 * send: `import`
 * reads the closest spec, warns at file:line:column what it guessed or left out, keeps the served document, and
 * `generate` writes it.
 */
import { readFileSync } from 'node:fs';
import { copyFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseSpec } from '../../generator/spec/parse-spec.js';
import { readWsdl } from '../../generator/wsdl-reader/read-wsdl.js';
import { requestTarget } from '../../runtime/src/client/outgoing-request.js';
import type { OperationDescription } from '../../runtime/src/service-description.js';
import { cli, startCliServer, tempDir } from '../cli/run-cli.js';
import { readShared } from './wsdl-fixtures.js';

const FIXTURES = resolve(import.meta.dirname, 'fixtures', 'hand-edited');
const SERVED_ADDRESS = 'http://www.dneonline.com/calculator.asmx';

async function importFixture(file: string) {
  const dir = await tempDir();
  const wsdl = join(dir, file);
  await copyFile(join(FIXTURES, file), wsdl);
  const spec = join(dir, 'spec', 'calculator.yaml');
  const result = await cli('import', wsdl, '--out', spec);
  return { dir, wsdl, spec, kept: join(dir, 'spec', 'Calculator.served.wsdl'), result };
}

async function generatesKept(file: string): Promise<void> {
  const { dir, spec, kept } = await importFixture(file);
  const out = join(dir, 'out');
  const result = await cli('generate', '--spec', spec, '--out', out, '--wsdl-only', '--base-url', 'https://x.test:81');
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  const served = readFileSync(join(FIXTURES, file), 'utf8');
  expect(readFileSync(kept, 'utf8')).toBe(served);
  expect(readFileSync(join(out, 'Calculator.wsdl'), 'utf8')).toBe(
    served.replaceAll(SERVED_ADDRESS, 'https://x.test:81/calculator.asmx'),
  );
}

describe('a wrapper element declared with type= of a named complex type (attributeIssue.wsdl)', () => {
  test("import reads the named type's sequence as the parameters and warns of the type and the attribute left out", async () => {
    const { wsdl, spec, kept, result } = await importFixture('attributeIssue.wsdl');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n').slice(1, 3)).toEqual([
      `asmxgen: warning: ${wsdl}:13:35: the request element of operation "Add", "Add", has type="tns:AddEle" ` +
        "where the ASMX runtime writes the wrapper's complex type in place: read the sequence of complex type " +
        '"AddEle" as the parameters; check that they are the parameters callers send',
      `asmxgen: warning: ${wsdl}:71:17: <s:attribute ref="version" /> on the complex type "AddEle" of the request ` +
        'element of operation "Add": a wrapper element carries no attributes in a spec, so it is left out; the ' +
        'generated server ignores it in a request, as the ASMX runtime does',
    ]);
    expect(result.stdout).toContain(`kept the served WSDL as ${kept} (wsdl.original)`);
    const written = parseSpec(readFileSync(spec, 'utf8'), spec);
    expect(written.wsdl?.original).toBe('Calculator.served.wsdl');
    const add = written.operations.find((o) => o.name === 'Add')!;
    expect(add.parameters).toEqual([
      { name: 'intA', type: 'int' },
      { name: 'intB', type: 'int' },
    ]);
    expect(add.result).toBe('int');
    // The named type is the wrapper's, not a class of the service.
    expect(written.types).toBeUndefined();
  });

  test('generate writes the kept document, with the address of --base-url', async () => {
    await generatesKept('attributeIssue.wsdl');
  });

  test('read exactly (no document kept), the copy is still refused where it differs from what the runtime writes', () => {
    const text = readFileSync(join(FIXTURES, 'attributeIssue.wsdl'), 'utf8');
    expect(() => readWsdl(text, 'attributeIssue.wsdl')).toThrow(/^attributeIssue\.wsdl:12:13: /);
  });
});

describe('a wrapper element whose complex type holds a choice in place of the sequence (CalculatorChoice.wsdl)', () => {
  test('import reads it as one parameter of several [XmlElement]s and warns', async () => {
    const { wsdl, spec, result } = await importFixture('CalculatorChoice.wsdl');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[1]).toBe(
      `asmxgen: warning: ${wsdl}:14:21: the request element of operation "Add", "Add", holds <s:choice> in place ` +
        'of a sequence: read as one parameter "Item" that is one of "intA", "intB" (several [XmlElement]s, which ' +
        'the runtime writes as <s:choice minOccurs="1" maxOccurs="1"> in the sequence); check that callers send ' +
        'one of them',
    );
    const written = parseSpec(readFileSync(spec, 'utf8'), spec);
    expect(written.operations.find((o) => o.name === 'Add')!.parameters).toEqual([
      {
        name: 'Item',
        type: 'anyType',
        choice: [
          { name: 'intA', type: 'int' },
          { name: 'intB', type: 'int' },
        ],
      },
    ]);
  });

  test('generate writes the kept document, with the address of --base-url', async () => {
    await generatesKept('CalculatorChoice.wsdl');
  });
});

describe('a service address with no path (no-path.wsdl, http://localhost:1509)', () => {
  test('import serves it at "/" and warns; generate writes the kept document with addresses without a path', async () => {
    const dir = await tempDir();
    const wsdl = join(dir, 'no-path.wsdl');
    await copyFile(join(FIXTURES, 'no-path.wsdl'), wsdl);
    const spec = join(dir, 'spec', 'service.yaml');
    const imported = await cli('import', wsdl, '--out', spec);
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    expect(imported.stdout.split('\n')[1]).toBe(
      `asmxgen: warning: ${wsdl}:80:21: the service address http://localhost:1509 has no path, where the ASMX ` +
        'runtime writes the path of the .asmx file: callers post to its root, so the service answers at "/" ' +
        "(service.path) and the kept document's addresses stay without a path; check the address callers use, " +
        'and set service.path to it if it has one',
    );
    const written = parseSpec(readFileSync(spec, 'utf8'), spec);
    expect(written.service.path).toBe('/');
    expect(written.wsdl?.original).toBe('Service.served.wsdl');
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
    expect(generated.stderr).toBe('');
    expect(generated.code).toBe(0);
    const served = readFileSync(join(FIXTURES, 'no-path.wsdl'), 'utf8');
    expect(readFileSync(join(out, 'Service.wsdl'), 'utf8')).toBe(
      served.replaceAll('location="http://localhost:1509"', 'location="https://x.test:81"'),
    );

    // The server answers at the address the document names: its root.
    const server = await startCliServer(
      ['serve', '--spec', spec, '--port', '0'],
      /serving \w+ at (http:\/\/127\.0\.0\.1:\d+)\//,
    );
    try {
      const document = await fetch(`${server.address}/?wsdl`);
      expect(document.status).toBe(200);
      expect(await document.text()).toBe(
        served.replaceAll('location="http://localhost:1509"', `location="${server.address}"`),
      );
      const call = await fetch(`${server.address}/`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: '"#Foo/GetAccountXml"' },
        body:
          '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">' +
          '<soap:Body><GetAccountXml xmlns="#Foo"><TreeID>1</TreeID><PrivateLabelID>2</PrivateLabelID></GetAccountXml>' +
          '</soap:Body></soap:Envelope>',
      });
      expect(call.status).toBe(200);
      expect(call.headers.get('content-type')).toBe('text/xml; charset=utf-8');
      expect(await call.text()).toBe(
        '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" ' +
          'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">' +
          '<soap:Body><GetAccountXmlResponse xmlns="#Foo"><ResultCode>0</ResultCode></GetAccountXmlResponse>' +
          '</soap:Body></soap:Envelope>',
      );
    } finally {
      server.child.kill();
      await server.exited;
    }
  });
});

describe('a copy saved without its wsdl:service (no-service.wsdl)', () => {
  test('import names the service after its SOAP binding and warns; generate writes the kept document as it is', async () => {
    const dir = await tempDir();
    const wsdl = join(dir, 'no-service.wsdl');
    await copyFile(join(FIXTURES, 'no-service.wsdl'), wsdl);
    const spec = join(dir, 'spec', 'xmlte.yaml');
    const imported = await cli('import', wsdl, '--out', spec);
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    expect(imported.stdout.split('\n')[1]).toBe(
      `asmxgen: warning: ${wsdl}:34:17: the WSDL has no wsdl:service (a copy saved without it): named the service ` +
        '"XMLTE" after its SOAP binding "XMLTESoap12" (the ASMX runtime names its bindings {Service}Soap and ' +
        '{Service}Soap12), answering at /XMLTE.asmx; check the name and the address callers use, and set ' +
        'service.name and service.path to them',
    );
    const written = parseSpec(readFileSync(spec, 'utf8'), spec);
    expect(written.service).toEqual({ name: 'XMLTE', namespace: 'www.example.com/XML' });
    expect(written.bindings).toEqual(['soap12']);
    expect(written.wsdl?.original).toBe('XMLTE.served.wsdl');
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
    expect(generated.stderr).toBe('');
    expect(generated.code).toBe(0);
    expect(readFileSync(join(out, 'XMLTE.wsdl'), 'utf8')).toBe(readFileSync(join(FIXTURES, 'no-service.wsdl'), 'utf8'));
  });

  test('a document without a service and without a SOAP binding is still refused', () => {
    const text = readFileSync(join(FIXTURES, 'no-service.wsdl'), 'utf8').replace(
      /<wsdl:binding[\s\S]*<\/wsdl:binding>\n/,
      '',
    );
    expect(() => readWsdl(text, 'no-service.wsdl', { exact: false })).toThrow(
      'no-service.wsdl:2:1: the WSDL has no wsdl:service: asmxgen imports the WSDL of a service (for ASMX, its ' +
        'address followed by ?wsdl), which names it and its ports',
    );
  });
});

describe('a complex type holding <s:extension> with no <s:complexContent> (bare-extension.wsdl)', () => {
  test('import reads a derived class with a warning; generate writes the kept document', async () => {
    const dir = await tempDir();
    const wsdl = join(dir, 'bare-extension.wsdl');
    await copyFile(join(FIXTURES, 'bare-extension.wsdl'), wsdl);
    const spec = join(dir, 'spec', 'hello-world.yaml');
    const imported = await cli('import', wsdl, '--out', spec);
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    expect(imported.stdout.split('\n')[1]).toBe(
      `asmxgen: warning: ${wsdl}:44:5: the complex type "testExtended" holds <s:extension> with no ` +
        '<s:complexContent> around it, which XML Schema requires and the ASMX runtime writes: read as ' +
        '<s:complexContent><s:extension>, a class derived from its base; check that "testExtended" extends it',
    );
    const written = parseSpec(readFileSync(spec, 'utf8'), spec);
    expect(written.types?.find((t) => t.name === 'testExtended')).toMatchObject({
      base: 'test2',
      members: [{ name: 'extend', type: 'string' }],
    });
    expect(written.wsdl?.original).toBe('HelloWorld.served.wsdl');
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
    expect(generated.stderr).toBe('');
    expect(generated.code).toBe(0);
    expect(readFileSync(join(out, 'HelloWorld.wsdl'), 'utf8')).toBe(
      readFileSync(join(FIXTURES, 'bare-extension.wsdl'), 'utf8').replaceAll(
        'http://localhost:81/soap-wsdl-test/helloworld.pl',
        'https://x.test:81/soap-wsdl-test/helloworld.pl',
      ),
    );
  });
});

describe('a service at its root with HTTP GET and POST (Legacy.wsdl, every address without a path)', () => {
  test('the server answers its operations at /Op, and the client asks there', async () => {
    const dir = await tempDir();
    const wsdl = join(dir, 'Legacy.wsdl');
    await writeFile(
      wsdl,
      readShared('wsdl-corpus/Legacy.wsdl').replaceAll('http://localhost:8080/Legacy.asmx', 'http://localhost:8080'),
    );
    const spec = join(dir, 'spec', 'legacy.yaml');
    expect((await cli('import', wsdl, '--out', spec)).code).toBe(0);
    expect(parseSpec(readFileSync(spec, 'utf8'), spec).service.path).toBe('/');
    const server = await startCliServer(
      ['serve', '--spec', spec, '--port', '0'],
      /serving \w+ at (http:\/\/127\.0\.0\.1:\d+)\//,
    );
    try {
      const get = await fetch(`${server.address}/GetVersion`);
      expect(get.status).toBe(200);
      expect(get.headers.get('content-type')).toBe('text/xml; charset=utf-8');
      const post = await fetch(`${server.address}/GetVersion`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: '',
      });
      expect(post.status).toBe(200);
      const unknown = await fetch(`${server.address}/Nope`);
      expect(unknown.status).toBe(500);
      expect(await unknown.text()).toBe("Request format is unrecognized for URL unexpectedly ending in '/Nope'.\r\n");
    } finally {
      server.child.kill();
      await server.exited;
    }
    const op = { name: 'GetVersion', soapAction: '', responseElement: 'GetVersionResponse', parameters: [] };
    const target = requestTarget(new URL('http://x.test:81/'), op as unknown as OperationDescription, 'httpGet', {});
    expect(target.url).toBe('http://x.test:81/GetVersion');
  });
});

describe("an operation one SOAP binding leaves out (SharePoint's ExcelService.wsdl)", () => {
  const NS = 'http://schemas.microsoft.com/office/excel/server/webservices';
  const LEFT_OUT = ['EnsureWorkbookModel', 'OpenWorkbookEx', 'GetWorkbookConnections', 'RefreshEx'];

  test('import reads it as bound on both SOAP versions, warns for each, and keeps the served document', async () => {
    const dir = await tempDir();
    const wsdl = join(dir, 'ExcelService.wsdl');
    await copyFile(join(FIXTURES, 'ExcelService.wsdl'), wsdl);
    const spec = join(dir, 'spec', 'excel.yaml');
    const imported = await cli('import', wsdl, '--out', spec);
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    expect(imported.stdout.split('\n').slice(1, 5)).toEqual(
      LEFT_OUT.map(
        (name) =>
          `asmxgen: warning: ${wsdl}:1245:17: binding "ExcelServiceSoap12" has no operation "${name}", which its ` +
          'port type "ExcelServiceSoap" lists and binding "ExcelServiceSoap" binds: read as bound on both SOAP ' +
          'versions, as the ASMX runtime binds every method (and answers it in either), with the served document ' +
          'kept; check that the service answers it over SOAP 1.2',
      ),
    );
    const written = parseSpec(readFileSync(spec, 'utf8'), spec);
    expect(written.wsdl?.original).toBe('ExcelService.served.wsdl');
    expect(written.operations).toHaveLength(31);
    expect(written.operations.filter((op) => LEFT_OUT.includes(op.name))).toHaveLength(4);

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
    expect(generated.stderr).toBe('');
    expect(generated.code).toBe(0);
    const served = readFileSync(join(FIXTURES, 'ExcelService.wsdl'), 'utf8');
    expect(readFileSync(join(out, 'ExcelService.wsdl'), 'utf8')).toBe(
      served.replaceAll('http://194.169.179.128/', 'https://x.test:81/'),
    );

    // The runtime under the document answers such a method over SOAP 1.2 too.
    const server = await startCliServer(
      ['serve', '--spec', spec, '--port', '0'],
      /serving \w+ at (http:\/\/127\.0\.0\.1:\d+)\//,
    );
    try {
      const call = await fetch(`${server.address}/_vti_bin/ExcelService.asmx`, {
        method: 'POST',
        headers: { 'Content-Type': `application/soap+xml; charset=utf-8; action="${NS}/EnsureWorkbookModel"` },
        body:
          '<?xml version="1.0" encoding="utf-8"?><soap12:Envelope xmlns:soap12="http://www.w3.org/2003/05/soap-envelope">' +
          `<soap12:Body><EnsureWorkbookModel xmlns="${NS}"><sessionId>s</sessionId></EnsureWorkbookModel>` +
          '</soap12:Body></soap12:Envelope>',
      });
      expect(call.status).toBe(200);
      expect(call.headers.get('content-type')).toBe('application/soap+xml; charset=utf-8');
      expect(await call.text()).toBe(
        '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope" ' +
          'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">' +
          `<soap:Body><EnsureWorkbookModelResponse xmlns="${NS}" /></soap:Body></soap:Envelope>`,
      );
    } finally {
      server.child.kill();
      await server.exited;
    }
  });

  test('read exactly (no document kept), the copy is refused where it differs from what the runtime writes', () => {
    const text = readFileSync(join(FIXTURES, 'ExcelService.wsdl'), 'utf8');
    expect(() => readWsdl(text, 'ExcelService.wsdl')).toThrow(/^ExcelService\.wsdl:\d+:\d+: /);
  });
});

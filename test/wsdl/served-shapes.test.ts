/**
 * Documents live services serve that are not the runtime's own bytes, but whose messages a spec describes:
 * whitespace or a byte order mark before the XML declaration (a server or proxy writing a line end first), an
 * address whose path does not end with .asmx (URL rewriting, or a proxy in front of the service), and a copy of a
 * SOAP binding that no port addresses (no caller reaches it). `import` takes them, says what it noticed, and
 * `generate` writes code that type-checks and the served bytes.
 */
import { readFileSync, readdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { parseSpec } from '../../generator/spec/parse-spec.js';
import { readWsdl } from '../../generator/wsdl-reader/read-wsdl.js';
import { cli, ROOT, tempDir } from '../cli/run-cli.js';
import { describeRun, runProgram } from '../interop/run-program.js';
import { send } from '../server/raw-http.js';
import { CORPUS_DIR } from './wsdl-fixtures.js';

/** The Bindings corpus service (class Warehouse) as the runtime served it: SOAP 1.1, SOAP 1.2, HttpGet and HttpPost. */
const BINDINGS = readFileSync(resolve(CORPUS_DIR, 'Bindings.wsdl'), 'utf8');
const SERVED_ADDRESS = 'http://localhost:8080/Bindings.asmx';

const CASES = {
  'a line end before the XML declaration': {
    text: `\r\n${BINDINGS}`,
    path: '/Bindings.asmx',
    kept: true,
    servedStart: 'a line end',
  },
  'a byte order mark and spaces before the XML declaration': {
    text: `\uFEFF  ${BINDINGS}`,
    path: '/Bindings.asmx',
    kept: true,
    servedStart: '"  <?xml version=\\"1.0\\" encoding=\\"utf-8\\"?>"',
  },
  'an address behind URL rewriting (/stock/bindings)': {
    text: BINDINGS.replaceAll(SERVED_ADDRESS, 'http://localhost:8080/stock/bindings'),
    path: '/stock/bindings',
    kept: false,
    servedStart: undefined,
  },
  'a copy of the SOAP 1.1 binding that no port addresses': {
    text: withUnaddressedCopy(BINDINGS),
    path: '/Bindings.asmx',
    kept: true,
    servedStart: undefined,
  },
} as const;
type Case = keyof typeof CASES;

/** The WSDL with a copy of its SOAP 1.1 binding, `Warehouse`, after it: for the same port type, with no port. */
function withUnaddressedCopy(text: string): string {
  const binding = / {2}<wsdl:binding name="WarehouseSoap" [\s\S]*?<\/wsdl:binding>\n/.exec(text)![0];
  const copy = binding.replace('name="WarehouseSoap"', 'name="Warehouse"');
  return text.replace(binding, binding + copy);
}

/** Where import says the served WSDL first differs from the one the spec generates, after `first at`. */
function firstDifference(name: Case, wsdl: string): string {
  if (name === 'a copy of the SOAP 1.1 binding that no port addresses') {
    return `${wsdl}:121:3 (served) and Warehouse.wsdl:121:3 (generated): <wsdl:binding name="Warehouse" type="tns:WarehouseSoap"> has name="Warehouse", where the runtime writes name="WarehouseSoap12"`;
  }
  return (
    `${wsdl}:1:1 (served) and Warehouse.wsdl:1:1 (generated): the same document, written otherwise: the served ` +
    `text has ${CASES[name].servedStart} where the generated one has "<?xml version=\\"1.0\\" encoding=\\"utf-8\\"?>"`
  );
}

async function importCase(name: Case) {
  const dir = await tempDir();
  const wsdl = join(dir, 'Bindings.wsdl');
  await writeFile(wsdl, CASES[name].text);
  const spec = join(dir, 'spec', 'bindings.yaml');
  const result = await cli('import', wsdl, '--out', spec);
  return { dir, wsdl, spec, result };
}

/** A folder in the repository's ESM package (generated code imports `@asmxgen/runtime` and vitest from it). */
async function projectDir(): Promise<string> {
  const dir = join(ROOT, 'test', 'artifacts', 'served-shapes', basename(await tempDir()));
  await mkdir(dir, { recursive: true });
  projects.push(dir);
  return dir;
}

const projects: string[] = [];
afterAll(async () => {
  await Promise.all(projects.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** One strict `tsc` (the repository's tsconfig) over `project`/out. */
async function typeCheck(project: string) {
  await writeFile(
    join(project, 'tsconfig.json'),
    JSON.stringify({
      extends: join(ROOT, 'tsconfig.json'),
      compilerOptions: { types: ['node'], noEmit: true },
      include: ['out/**/*.ts'],
    }),
  );
  return runProgram(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', project], {
    timeoutMs: 240_000,
  });
}

describe.each(Object.keys(CASES) as Case[])('%s', (name) => {
  const { text, path, kept } = CASES[name];

  test('imports the messages of the Warehouse service; says what it noticed', async () => {
    const { wsdl, spec, result } = await importCase(name);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`asmxgen: imported Warehouse (2 operations, 4 bindings) from ${wsdl} into ${spec}`);
    const corpus = readWsdl(BINDINGS, 'Bindings.wsdl').spec;
    const written = parseSpec(readFileSync(spec, 'utf8'), spec);
    expect(written.operations).toStrictEqual(corpus.operations);
    expect(written.service.path).toBe(path);
    if (!kept) {
      expect(lines.slice(1)).toEqual([
        `asmxgen: the service answers at ${path}, not at an .asmx path (URL rewriting or a proxy in front of it): ` +
          'the spec keeps it as service.path, and the generated server and client use it',
      ]);
      expect(written.wsdl).toBeUndefined();
    } else {
      // The served text starts otherwise than any WSDL the spec can generate: kept as served.
      expect(lines.slice(1)).toEqual([
        `asmxgen: the spec describes the service's messages, but the WSDL it generates differs from the served one, ` +
          `first at ${firstDifference(name, wsdl)}; kept the served WSDL as ${join(spec, '..', 'Warehouse.served.wsdl')} ` +
          "(wsdl.original), which generate writes while the spec's contract is unchanged",
      ]);
      expect(written.wsdl?.original).toBe('Warehouse.served.wsdl');
    }
    expect(written.wsdl?.original !== undefined).toBe(kept);
  });

  test('generate writes the served bytes, and a server, client and tests that type-check', async () => {
    const { spec } = await importCase(name);
    const project = await projectDir();
    const out = join(project, 'out');
    const generated = await cli('generate', '--spec', spec, '--out', out, '--base-url', 'http://localhost:8080');
    expect(generated.stderr).toBe('');
    expect(generated.code).toBe(0);
    expect(readFileSync(join(out, 'Warehouse.wsdl'))).toEqual(Buffer.from(text.replace(/^\uFEFF/, ''), 'utf8'));
    expect(readdirSync(out).filter((f) => f.endsWith('.ts')).length).toBeGreaterThan(3);
    if (!kept) {
      expect(readFileSync(join(out, 'documents.ts'), 'utf8')).not.toContain('Bindings.asmx');
    }
    const checked = await typeCheck(project);
    expect(checked.code, describeRun(checked)).toBe(0);
  }, 300_000);
});

describe('the generated server behind URL rewriting', () => {
  test('answers SOAP, HTTP GET and ?wsdl at the rewritten path, and nothing at /Bindings.asmx', async () => {
    const { spec } = await importCase('an address behind URL rewriting (/stock/bindings)');
    const project = await projectDir();
    const out = join(project, 'out');
    expect((await cli('generate', '--spec', spec, '--out', out)).code).toBe(0);
    const generated = (await import(join(out, 'index.ts'))) as {
      createWarehouseServer: (handlers: Record<string, (input: { sku?: string }) => unknown>) => Server;
    };
    const server = generated.createWarehouseServer({ Stock: ({ sku }) => (sku ?? '').length, Restock: () => {} });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as AddressInfo;
    try {
      const soap = await send(port, '/stock/bindings', {
        method: 'POST',
        headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: '"urn:example:warehouse/Stock"' },
        body:
          '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">' +
          '<soap:Body><Stock xmlns="urn:example:warehouse"><sku>ab-12</sku></Stock></soap:Body></soap:Envelope>',
      });
      expect(soap.status).toBe(200);
      expect(soap.text).toContain('<StockResponse xmlns="urn:example:warehouse"><StockResult>5</StockResult>');
      const get = await send(port, '/stock/bindings/Stock?sku=abc');
      expect(get.status).toBe(200);
      expect(get.text).toContain('<int xmlns="urn:example:warehouse">3</int>');
      const wsdl = await send(port, '/stock/bindings?wsdl');
      expect(wsdl.text).toContain(`<soap:address location="http://127.0.0.1:${port}/stock/bindings" />`);
      expect((await send(port, '/Bindings.asmx?wsdl')).status).toBe(404);
    } finally {
      await new Promise<void>((done) => server.close(() => done()));
    }
  }, 120_000);
});

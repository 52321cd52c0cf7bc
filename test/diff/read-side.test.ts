import { readFileSync } from 'node:fs';
import { InputError } from '../../generator/io/input-error.js';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSide } from '../../generator/diff/index.js';
import { DEFAULT_SPEC_PATH } from '../../generator/index.js';
import { cli, REFERENCE_WSDL, tempDir } from '../cli/run-cli.js';

const reference = readFileSync(REFERENCE_WSDL, 'utf8');
const defaultSpec = readFileSync(DEFAULT_SPEC_PATH, 'utf8');
const ADDRESS = 'http://localhost:8080/AuthenticationWebService.asmx';

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/AuthenticationWebService.asmx?wsdl') {
      res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' }).end(reference);
    } else if (req.url === '/spec') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end(defaultSpec);
    } else if (req.url === '/moved') {
      res.writeHead(302, { location: '/AuthenticationWebService.asmx?wsdl' }).end();
    } else if (req.url === '/hang') {
      res.writeHead(200, { 'content-type': 'text/xml' }).write('<?xml'); // and never more
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function file(name: string, content: string | Uint8Array): Promise<string> {
  const path = join(await tempDir(), name);
  await writeFile(path, content);
  return path;
}

async function failure(input: string, options: { timeoutMs?: number } = {}): Promise<string> {
  const error = await readSide(input, { role: 'old', ...options }).then(
    () => undefined,
    (e: unknown) => e,
  );
  // Every input problem is an InputError (a DiffError, or the shared fetch's).
  expect(error).toBeInstanceOf(InputError);
  return (error as InputError).message;
}

describe('readSide: what each side is', () => {
  it('reads a WSDL file: its model and its ports addresses', async () => {
    const side = await readSide(REFERENCE_WSDL, { role: 'old' });
    expect(side).toMatchObject({ input: REFERENCE_WSDL, kind: 'wsdl', service: 'AuthenticationWebService' });
    expect(side.model.operations).toHaveLength(20);
    expect(side.addresses).toEqual({ soap11: ADDRESS, soap12: ADDRESS, httpGet: ADDRESS, httpPost: ADDRESS });
  });

  it('reads a spec file; its addresses are those generate writes by default', async () => {
    const side = await readSide(DEFAULT_SPEC_PATH, { role: 'new' });
    expect(side).toMatchObject({ kind: 'spec', service: 'AuthenticationWebService' });
    expect(side.addresses).toEqual({ soap11: ADDRESS, soap12: ADDRESS, httpGet: ADDRESS, httpPost: ADDRESS });
  });

  it('goes by the extension (.yaml, .yml, .wsdl, .xml, any case), else by the content', async () => {
    expect((await readSide(await file('svc.YML', defaultSpec), { role: 'old' })).kind).toBe('spec');
    expect((await readSide(await file('svc.xml', reference), { role: 'old' })).kind).toBe('wsdl');
    expect((await readSide(await file('svc', reference), { role: 'old' })).kind).toBe('wsdl');
    expect((await readSide(await file('svc.txt', `\n\n${defaultSpec}`), { role: 'old' })).kind).toBe('spec');
    // Whitespace may precede the root element (not an XML declaration).
    const undeclared = `  \n${reference.replace(/^<\?xml[^>]*\?>\n/, '')}`;
    expect((await readSide(await file('svc.asmx', undeclared), { role: 'old' })).kind).toBe('wsdl');
  });

  it('drops a UTF-8 byte order mark', async () => {
    const side = await readSide(await file('bom', '\ufeff' + reference), { role: 'old' });
    expect(side.kind).toBe('wsdl');
  });

  it('fetches a URL, following redirects, and tells a WSDL from a spec by the content', async () => {
    const wsdl = await readSide(`${base}/AuthenticationWebService.asmx?wsdl`, { role: 'old' });
    expect(wsdl).toMatchObject({ kind: 'wsdl', input: `${base}/AuthenticationWebService.asmx?wsdl` });
    expect((await readSide(`${base}/moved`, { role: 'old' })).kind).toBe('wsdl');
    expect((await readSide(`${base}/spec`, { role: 'old' })).kind).toBe('spec');
  });
});

describe('readSide: inputs it cannot read', () => {
  it('a missing file, a directory, an empty file, bytes that are not UTF-8', async () => {
    const dir = await tempDir();
    expect(await failure(join(dir, 'nope.wsdl'))).toBe(
      `cannot read the old file ${join(dir, 'nope.wsdl')}: no such file`,
    );
    await mkdir(join(dir, 'd.wsdl'));
    // A folder is read only as a saved Web Reference, with its map.
    expect(await failure(join(dir, 'd.wsdl'))).toBe(
      `cannot read the old input: cannot read ${join(dir, 'd.wsdl')}: is a folder, with no Reference.map or ` +
        '.discomap; name a WSDL file, or the folder Visual Studio saved a Web Reference in',
    );
    const empty = await file('empty.wsdl', ' \n');
    expect(await failure(empty)).toBe(`cannot read the old file ${empty}: it is empty`);
    const latin1 = await file('latin1.wsdl', Uint8Array.from([0x3c, 0x61, 0xe9, 0x3e]));
    expect(await failure(latin1)).toBe(`cannot read the old file ${latin1}: it is not valid UTF-8`);
  });

  it('a WSDL the reader refuses: its file:line:column message, naming the side', async () => {
    const path = await file('page.wsdl', '<html><body>Service unavailable</body></html>');
    expect(await failure(path)).toMatch(new RegExp(`^cannot read the old WSDL: ${path}:1:1: .*not <definitions>`));
  });

  it('an invalid spec: every problem, and why a file without a known extension was read as a spec', async () => {
    const yaml = await file('bad.yaml', 'service: { name: S }\noperations: []\n');
    expect(await failure(yaml)).toMatch(new RegExp(`^the old spec ${yaml} has \\d+ problems?:\\n${yaml}:1:`));
    const text = await file('notes.md', '# Notes\n');
    expect(await failure(text)).toMatch(
      new RegExp(
        `^the old spec ${text} \\(it does not start with "<", so it was read as a YAML spec, not as a WSDL\\)`,
      ),
    );
  });

  it('a URL that is not http(s), a status other than 2xx, a refused connection, a timeout', async () => {
    expect(await failure('ftp://example.com/Svc.wsdl')).toBe(
      'the old input ftp://example.com/Svc.wsdl is a URL diff cannot fetch (ftp:); name a file, or an http:// or ' +
        'https:// URL',
    );
    expect(await failure(`${base}/gone`)).toBe(
      `cannot fetch the old URL ${base}/gone: the server answered HTTP 404 Not Found`,
    );
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await failure(`http://127.0.0.1:${port}/x`)).toBe(
      `cannot fetch the old URL http://127.0.0.1:${port}/x: the connection was refused (is the service running?)`,
    );
    expect(await failure(`${base}/hang`, { timeoutMs: 300 })).toBe(
      `cannot fetch the old URL ${base}/hang: no complete answer within 300 ms (--timeout SECONDS waits longer)`,
    );
  });
});

describe('asmxgen diff with a URL', () => {
  it('compares a served WSDL with a spec', async () => {
    const r = await cli('diff', `${base}/AuthenticationWebService.asmx?wsdl`, DEFAULT_SPEC_PATH, '--fail-on', 'info');
    expect(r).toEqual({ code: 0, stdout: 'No changes.\n', stderr: '' });
  });

  it('exits 2 with one paragraph when the URL fails', async () => {
    const r = await cli('diff', `${base}/gone`, DEFAULT_SPEC_PATH);
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr: `asmxgen: cannot fetch the old URL ${base}/gone: the server answered HTTP 404 Not Found\n`,
    });
  });
});

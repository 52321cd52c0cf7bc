import type { ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { callLogLine } from '../../generator/serve/start-service.js';
import { ROOT, cli, cliProcess, startCliServer, tempDir } from './run-cli.js';

interface Served {
  readonly child: ChildProcess;
  readonly url: string;
  output(): string;
  /** What the process wrote to stdout alone. */
  stdout(): string;
  exited: Promise<number | null>;
}

/** Starts `asmxgen serve` as a process and waits for the line that names its address. */
async function serve(args: string[]): Promise<Served> {
  const server = await startCliServer(['serve', '--port', '0', ...args], /serving \w+ at (http:\S+)/, {
    timeoutMs: 20_000,
  });
  return {
    child: server.child,
    url: server.address,
    output: server.output,
    stdout: server.stdout,
    exited: server.exited,
  };
}

function soap(url: string, operation: string, value: string) {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"App.WebService/${operation}"` },
    body:
      '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">' +
      `<soap:Body><${operation} xmlns="App.WebService"><requestJson>${value}</requestJson></${operation}></soap:Body></soap:Envelope>`,
  });
}

describe('asmxgen serve', () => {
  it('mocks the default spec: logs each call with its transport and parameters, stops on SIGTERM with exit 0', async () => {
    const served = await serve([]);
    expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/AuthenticationWebService\.asmx$/);
    const reply = await soap(served.url, 'Authenticate', 'a&amp;b');
    expect(reply.status).toBe(200);
    expect(await reply.text()).toContain('<AuthenticateResponse xmlns="App.WebService" /></soap:Body>');
    expect((await fetch(`${served.url}/GetTerm?requestJson=x`)).status).toBe(200);
    const wsdl = await fetch(`${served.url}?wsdl`);
    expect(await wsdl.text()).toContain(`<soap:address location="${served.url}" />`);
    served.child.kill('SIGTERM');
    expect(await served.exited).toBe(0);
    expect(served.output()).toContain('call  Authenticate soap11 {"requestJson":"a&b"}\n');
    expect(served.output()).toContain('call  GetTerm httpGet {"requestJson":"x"}\n');
  });

  it("mocks out and ref parameters: the reply holds the result, then each of them as its type's zero", async () => {
    const served = await serve(['--spec', join(ROOT, 'test/golden/corpus-out-params/spec.yaml')]);
    const reply = await fetch(served.url, {
      method: 'POST',
      headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: '"urn:example:outparams/Split"' },
      body:
        '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">' +
        '<soap:Body><Split xmlns="urn:example:outparams"><text>t</text><count>4</count></Split></soap:Body></soap:Envelope>',
    });
    expect(reply.status).toBe(200);
    expect(await reply.text()).toContain(
      '<SplitResponse xmlns="urn:example:outparams"><SplitResult>0</SplitResult><head /><count>0</count></SplitResponse>',
    );
    served.child.kill('SIGTERM');
    expect(await served.exited).toBe(0);
    expect(served.output()).toContain('call  Split soap11 {"text":"t","count":4}\n');
  });

  it('refuses what request validation refuses over HTTP GET and POST; --no-validate-request serves it', async () => {
    const dangerous = encodeURIComponent('{"user":"a<b"}');
    const strict = await serve([]);
    const refused = await fetch(`${strict.url}/Authenticate?requestJson=${dangerous}`);
    expect(refused.status).toBe(500);
    expect(await refused.text()).toBe(
      'A potentially dangerous Request.QueryString value was detected from the client ' +
        '(requestJson=&quot;{&quot;user&quot;:&quot;a&lt;b&quot;}&quot;).\r\n',
    );
    strict.child.kill('SIGTERM');
    expect(await strict.exited).toBe(0);
    expect(strict.output()).not.toContain('call  Authenticate');

    const lenient = await serve(['--no-validate-request']);
    expect((await fetch(`${lenient.url}/Authenticate?requestJson=${dangerous}`)).status).toBe(200);
    const form = await fetch(`${lenient.url}/Authenticate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `requestJson=${dangerous}`,
    });
    expect(form.status).toBe(200);
    lenient.child.kill('SIGTERM');
    expect(await lenient.exited).toBe(0);
    expect(lenient.output()).toContain('call  Authenticate httpGet {"requestJson":"{\\"user\\":\\"a<b\\"}"}\n');
    expect(lenient.output()).toContain('call  Authenticate httpPost {"requestJson":"{\\"user\\":\\"a<b\\"}"}\n');
  });

  it('--log json: one JSON line per call on stdout, and nothing else there', async () => {
    const served = await serve(['--log', 'json']);
    expect((await soap(served.url, 'Authenticate', 'x')).status).toBe(200);
    expect((await fetch(`${served.url}/GetTerm?requestJson=x`)).status).toBe(200);
    expect((await fetch(`${served.url}/Nope`)).status).toBe(500);
    expect((await soap(served.url, 'Nope', 'x')).status).toBe(500);
    expect((await fetch(`${served.url}?wsdl`)).status).toBe(200);
    served.child.kill('SIGTERM');
    expect(await served.exited).toBe(0);
    const lines = served.stdout().split('\n');
    expect(lines.pop()).toBe('');
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const record of records) {
      expect(record.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(record.durationMs).toBeTypeOf('number');
    }
    expect(records.map(({ time: _t, durationMs: _d, ...rest }) => rest)).toEqual([
      { operation: 'Authenticate', transport: 'soap11', status: 200, outcome: 'ok' },
      { operation: 'GetTerm', transport: 'httpGet', status: 200, outcome: 'ok' },
      { operation: null, transport: 'soap11', status: 500, outcome: 'rejected' },
    ]);
    expect(served.output()).toContain('serving AuthenticationWebService at');
  });

  it('--log json: a fault, and what is not known, as the line says them', () => {
    const time = new Date(Date.UTC(2030, 0, 2, 3, 4, 5, 6));
    const fault = { code: 'Server', message: 'a "quoted"\nmessage' } as const;
    expect(
      callLogLine(
        { operation: 'Op', transport: 'httpPost', status: 500, outcome: 'error', fault, durationMs: 1.23456789 },
        time,
      ),
    ).toBe(
      '{"time":"2030-01-02T03:04:05.006Z","operation":"Op","transport":"httpPost","status":500,"outcome":"error",' +
        '"durationMs":1.235,"fault":{"code":"Server","message":"a \\"quoted\\"\\nmessage"}}',
    );
    expect(
      callLogLine(
        {
          operation: undefined,
          transport: undefined,
          status: undefined,
          outcome: 'aborted',
          fault: undefined,
          durationMs: 2,
        },
        time,
      ),
    ).toBe(
      '{"time":"2030-01-02T03:04:05.006Z","operation":null,"transport":null,"status":null,"outcome":"aborted","durationMs":2}',
    );
  });

  it('serves an --impl file, finishes an in-flight call after SIGTERM and refuses new connections', async () => {
    const dir = await tempDir();
    const impl = join(dir, 'handlers.ts');
    expect((await cli('generate', '--out', join(dir, 'generated'), '--impl', impl)).code).toBe(0);
    const slowImpl = [
      "import { SoapFault, type AuthenticationWebServiceHandlers } from './generated/index.js';",
      "import { handlers as stubs } from './stubs.js';",
      'export const handlers: AuthenticationWebServiceHandlers = {',
      '  ...stubs,',
      '  async Authenticate(input) {',
      "    if (input.requestJson === 'slow') await new Promise((r) => setTimeout(r, 700));",
      "    if (input.requestJson === 'bad') throw new SoapFault('Client', 'bad input');",
      '  },',
      '};',
      '',
    ].join('\n');
    const { readFile, rename } = await import('node:fs/promises');
    await rename(impl, join(dir, 'stubs.ts'));
    await writeFile(impl, slowImpl);
    expect(await readFile(join(dir, 'stubs.ts'), 'utf8')).toContain('export const handlers');

    const served = await serve(['--impl', impl]);
    const fault = await soap(served.url, 'Authenticate', 'bad');
    expect(fault.status).toBe(500);
    expect(await fault.text()).toContain('<faultcode>soap:Client</faultcode><faultstring>bad input</faultstring>');
    const stub = await soap(served.url, 'GetTerm', 'x');
    expect(await stub.text()).toContain('<faultstring>GetTerm is not implemented yet.</faultstring>');

    const inFlight = soap(served.url, 'Authenticate', 'slow');
    await new Promise((r) => setTimeout(r, 200));
    served.child.kill('SIGTERM');
    const reply = await inFlight;
    expect(reply.status).toBe(200);
    await expect(fetch(`${served.url}?wsdl`)).rejects.toThrow();
    expect(await served.exited).toBe(0);
  });

  it('generates a JavaScript handlers file (.mjs, typed by JSDoc) and serves it', async () => {
    const dir = await tempDir();
    const impl = join(dir, 'handlers.mjs');
    const generated = await cli('generate', '--out', join(dir, 'generated'), '--impl', impl);
    expect(generated.code).toBe(0);
    const text = await readFile(impl, 'utf8');
    expect(text).toContain(
      " * @type {import('./generated/index.js').AuthenticationWebServiceHandlers}\n */\nexport const handlers = {\n",
    );
    expect(text).not.toMatch(/: AuthenticationWebServiceHandlers|import \{[^}]*\btype /);
    // Implemented in plain JavaScript, then merged again: asmxgen finds the object by its JSDoc type.
    await writeFile(
      impl,
      text.replace(
        "throw new SoapFault('Server', 'GetTerm is not implemented yet.');",
        "return 'js:' + input.requestJson;",
      ),
    );
    const again = await cli('generate', '--out', join(dir, 'generated'), '--impl', impl);
    expect(again.stdout).toContain('handlers.mjs: unchanged');
    const served = await serve(['--impl', impl]);
    try {
      const reply = await soap(served.url, 'GetTerm', 'x');
      expect(reply.status).toBe(200);
      const stub = await soap(served.url, 'LoginOut', 'x');
      expect(await stub.text()).toContain('<faultstring>LoginOut is not implemented yet.</faultstring>');
    } finally {
      served.child.kill('SIGTERM');
    }
    expect(await served.exited).toBe(0);
  });

  it('runs --workers processes that share the port', async () => {
    const served = await serve(['--workers', '2']);
    const replies = await Promise.all(Array.from({ length: 8 }, (_, i) => soap(served.url, 'LoginOut', `n${i}`)));
    expect(replies.map((r) => r.status)).toEqual(Array(8).fill(200));
    served.child.kill('SIGTERM');
    expect(await served.exited).toBe(0);
    expect(served.output().match(/\[worker \d+\] call {2}LoginOut soap11/g)).toHaveLength(8);
  });

  it("--time-zone: JSON calls write a DateTime without a zone as the instant its time is in the legacy host's zone", async () => {
    const dir = await tempDir();
    await writeFile(
      join(dir, 'clock.yaml'),
      [
        'service: { name: Clock, namespace: "urn:example:clock", scriptService: true }',
        'operations:',
        '  - { name: Echo, parameters: [{ name: value, type: dateTime }], result: dateTime }',
        '',
      ].join('\n'),
    );
    await writeFile(join(dir, 'echo.mjs'), 'export const handlers = { Echo: async ({ value }) => value };\n');
    const call = (url: string, value: string) =>
      fetch(`${url}/Echo`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
        body: JSON.stringify({ value }),
      }).then((reply) => reply.text());
    const spec = ['--spec', join(dir, 'clock.yaml'), '--impl', join(dir, 'echo.mjs')];
    const india = await serve([...spec, '--time-zone', 'Asia/Kolkata']);
    // DateTime.Parse: no zone is an unspecified time, which ToUniversalTime reads as the host's (UTC+05:30).
    expect(await call(india.url, '2024-02-29T12:30:45')).toBe('{"d":"\\/Date(1709190045000)\\/"}');
    expect(await call(india.url, '2024-02-29T12:30:45Z')).toBe('{"d":"\\/Date(1709209845000)\\/"}');
    india.child.kill('SIGTERM');
    expect(await india.exited).toBe(0);
    const utc = await serve([...spec, '--time-zone', 'UTC']);
    expect(await call(utc.url, '2024-02-29T12:30:45')).toBe('{"d":"\\/Date(1709209845000)\\/"}');
    utc.child.kill('SIGTERM');
    expect(await utc.exited).toBe(0);

    const wrong = await cliProcess(['serve', '--port', '0', '--time-zone', 'Asia/Atlantis', '--quiet']);
    expect([wrong.code, wrong.stderr]).toEqual([
      2,
      'asmxgen: --time-zone "Asia/Atlantis" is no time zone: give an IANA name (Europe/Berlin), UTC, an offset ' +
        "(+05:30), or local (the process's own, TZ).\nRun `asmxgen serve --help` for its options.\n",
    ]);
  });

  it('explains a port in use, exit 2', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const port = (blocker.address() as { port: number }).port;
    const r = await cliProcess(['serve', '--port', String(port)]);
    blocker.close();
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`asmxgen: Port ${port} on 127.0.0.1 is in use; choose another with --port.\n`);
  });

  it('explains an --impl file without handlers, exit 2', async () => {
    const dir = await tempDir();
    const impl = join(dir, 'empty.ts');
    await writeFile(impl, 'export const nothing = 1;\n');
    const r = await cliProcess(['serve', '--impl', impl]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`does not export \`handlers\``);
  });

  it('a handlers file that fails to load is explained in its own terms, never with asmxgen’s paths', async () => {
    const dir = await tempDir();
    // --quiet: errors only (the line about the demo spec, which this folder has no config for, is left out).
    await writeFile(join(dir, 'imports.ts'), "import 'no-such-package';\nexport const handlers = {};\n");
    await writeFile(join(dir, 'broken.ts'), 'export const handlers = {;\n');
    const missingPackage = await cliProcess(['serve', '--port', '0', '--impl', 'imports.ts', '--quiet'], dir);
    expect(missingPackage.code).toBe(2);
    expect(missingPackage.stderr).toBe(
      "asmxgen: Cannot load the handlers from imports.ts: Cannot find package 'no-such-package' imported from " +
        `${join(dir, 'imports.ts')}\n`,
    );
    const missingFile = await cliProcess(['serve', '--port', '0', '--impl', 'nothere.mjs', '--quiet'], dir);
    expect(missingFile.code).toBe(2);
    expect(missingFile.stderr).toBe(
      'asmxgen: Cannot load the handlers from nothere.mjs: there is no such file ' +
        '(asmxgen generate --impl nothere.mjs creates one with a stub per operation).\n',
    );
    const broken = await cliProcess(['serve', '--port', '0', '--impl', 'broken.ts', '--quiet'], dir);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toBe(
      `asmxgen: Cannot load the handlers from broken.ts: it does not parse:\n${join(dir, 'broken.ts')}:1:26: ` +
        'Property assignment expected.\n',
    );
    for (const r of [missingPackage, missingFile, broken]) expect(r.stderr).not.toContain(ROOT);
  });
});

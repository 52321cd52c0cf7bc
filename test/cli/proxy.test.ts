/**
 * `asmxgen proxy` as a process, in front of the real ASMX runtime (Mono's System.Web.Services serving the seed
 * service through ../shared/asmx-host): forwarding byte for byte, the strangler, the recording, a stop with an
 * exchange in flight, and the shadow comparison against an `asmxgen serve` candidate.
 */
import type { ChildProcess } from 'node:child_process';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseHar, type HarEntry } from '../../generator/migrate/har.js';
import { sharedAsmxHost, startSharedAsmxHost, type SharedAsmxHost } from '../interop/shared-asmx-host.js';
import { sharedFile } from '../shared-files.js';
import { cli, cliProcess, startCliServer, tempDir } from './run-cli.js';

const PATH = '/AuthenticationWebService.asmx';
const NS = 'App.WebService';
const OPERATIONS = [
  'SocAuthorize',
  'AuthenticateSocAndApp',
  'RegisterByMobilePhoneSend',
  'RegisterByMobilePhone',
  'Authenticate',
  'SocAuthentication',
  'BindMobilePhoneSend',
  'BindMobilePhoneCheck',
  'LoginByMobilePhone',
  'LoginByMobilePhoneCheck',
  'AuthenticationBySocial',
  'GetPhoneNumberByUni',
  'GetSocialMobilePhone',
  'LoginByMobilePhoneOnetouch',
  'LoginOut',
  'GetTerm',
  'FindPwdByMobilePhone',
  'FindPwdByMobilePhoneSend',
  'FindPwdByMobilePhoneCheck',
]; // and UploadImage, without parameters

interface Raw {
  readonly status: number;
  readonly statusMessage: string;
  readonly headers: [string, string][];
  readonly body: Buffer;
}

interface Call {
  readonly method: string;
  /** Path and query. */
  readonly target: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
}

/** A request sent with node:http, the reply as it came: status line, raw headers in order, body bytes. */
function send(base: string, call: Call): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${call.target}`, { method: call.method, headers: call.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) headers.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
        resolve({ status: res.statusCode!, statusMessage: res.statusMessage!, headers, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(call.body);
  });
}

/** The four bindings' calls of a one-string operation, as .NET's proxies send them. */
function calls(operation: string, value: string): Record<'soap11' | 'soap12' | 'httpGet' | 'httpPost', Call> {
  const envelope = (ns: string) =>
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${ns}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
    `<soap:Body><${operation} xmlns="${NS}"><requestJson>${value}</requestJson></${operation}></soap:Body></soap:Envelope>`;
  return {
    soap11: {
      method: 'POST',
      target: PATH,
      headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${NS}/${operation}"` },
      body: envelope('http://schemas.xmlsoap.org/soap/envelope/'),
    },
    soap12: {
      method: 'POST',
      target: PATH,
      headers: { 'Content-Type': 'application/soap+xml; charset=utf-8' },
      body: envelope('http://www.w3.org/2003/05/soap-envelope'),
    },
    httpGet: { method: 'GET', target: `${PATH}/${operation}?requestJson=${encodeURIComponent(value)}`, headers: {} },
    httpPost: {
      method: 'POST',
      target: `${PATH}/${operation}`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `requestJson=${encodeURIComponent(value)}`,
    },
  };
}

const HOP_BY_HOP = /^(connection|keep-alive|transfer-encoding)$/i;

/** A reply as a caller relies on it: status line, end-to-end headers in order (the Date aside), body bytes. */
function asCallerSees(reply: Raw) {
  return {
    status: `${reply.status} ${reply.statusMessage}`,
    headers: reply.headers.filter(([name]) => !HOP_BY_HOP.test(name) && name.toLowerCase() !== 'date'),
    body: reply.body.toString('latin1'),
  };
}

interface Running {
  readonly child: ChildProcess;
  /** `http://127.0.0.1:PORT` */
  readonly base: string;
  output(): string;
  readonly exited: Promise<number | null>;
  stop(): Promise<number | null>;
}

/** Starts `asmxgen <args> --port 0` and waits for the line naming its address. */
async function start(args: string[]): Promise<Running> {
  const {
    child,
    address: base,
    output,
    exited,
  } = await startCliServer([...args, '--port', '0'], /(?:proxying|serving) \w+ at (http:\/\/[^/\s]+)/, {
    timeoutMs: 40_000,
  });
  running.push(child);
  return {
    child,
    base,
    output,
    exited,
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

const running: ChildProcess[] = [];
let host: SharedAsmxHost | undefined;
let upstream = '';

beforeAll(async () => {
  if (!sharedAsmxHost.available) return;
  host = await startSharedAsmxHost(sharedFile('reference'));
  upstream = host.baseUrl;
}, 180_000);
afterAll(() => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
  host?.stop();
});

/** A port nothing listens on. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A handlers file next to a generated copy of the default service (for SoapFault), defining `members`. */
async function handlersFile(members: string): Promise<string> {
  const dir = await tempDir();
  const impl = join(dir, 'handlers.ts');
  expect((await cli('generate', '--out', join(dir, 'generated'), '--impl', impl)).code).toBe(0);
  await writeFile(
    impl,
    `import { SoapFault } from './generated/index.js';\n\nexport const handlers = {\n${members}\n};\n`,
  );
  return impl;
}

describe('asmxgen proxy in front of the real ASMX runtime', { timeout: 120_000 }, () => {
  it('forwards every binding, ?wsdl, help pages and unknown paths: replies byte for byte as the upstream sends them', async (ctx) => {
    sharedAsmxHost.need(ctx);
    const proxy = await start(['proxy', '--upstream', upstream]);
    const requests: Call[] = [
      ...Object.values(calls('Authenticate', '{"user":"ann","n":1}')),
      ...Object.values(calls('GetTerm', 'a&amp;b')),
      { method: 'GET', target: `${PATH}?wsdl`, headers: {} },
      { method: 'GET', target: `${PATH}?disco`, headers: {} },
      { method: 'GET', target: PATH, headers: {} },
      { method: 'GET', target: `${PATH}?op=GetTerm`, headers: {} },
      { method: 'GET', target: '/Nope.asmx', headers: {} },
      { method: 'GET', target: `${PATH}/getterm?requestJson=x`, headers: {} },
      { ...calls('Nope', 'x').soap11 },
      { ...calls('Authenticate', 'x').soap11, headers: { 'Content-Type': 'text/plain' } },
    ];
    for (const call of requests) {
      const direct = await send(upstream, call);
      const proxied = await send(proxy.base, call);
      expect(asCallerSees(proxied), `${call.method} ${call.target}`).toEqual(asCallerSees(direct));
    }
    // The WSDL is the upstream's, addresses included: the proxy names the upstream as the Host.
    const wsdl = await send(proxy.base, { method: 'GET', target: `${PATH}?wsdl`, headers: {} });
    expect(wsdl.body.toString()).toContain(`location="${upstream}${PATH}"`);
    expect(await proxy.stop()).toBe(0);
    expect(proxy.output()).toContain(`POST ${PATH} Authenticate soap12 → upstream 200`);
    expect(proxy.output()).toContain(`GET ${PATH}?wsdl → upstream 200`);
  });

  it('strangler: serves the operations the handlers file defines, on every binding, and forwards the rest', async (ctx) => {
    sharedAsmxHost.need(ctx);
    const impl = await handlersFile(
      "  GetTerm(input: { requestJson?: string }) {\n    throw new SoapFault('Client', `served by asmxgen: ${input.requestJson}`);\n  },",
    );
    const proxy = await start(['proxy', '--upstream', upstream, '--impl', impl]);
    expect(proxy.output()).toMatch(/served here from .*handlers\.ts: GetTerm; every other request is forwarded/);
    const getTerm = calls('GetTerm', 'x');
    for (const binding of ['soap11', 'soap12'] as const) {
      const reply = await send(proxy.base, getTerm[binding]);
      expect(reply.status, binding).toBe(500);
      expect(reply.body.toString(), binding).toContain('served by asmxgen: x');
    }
    for (const binding of ['httpGet', 'httpPost'] as const) {
      const reply = await send(proxy.base, getTerm[binding]);
      expect([reply.status, reply.body.toString()], binding).toEqual([500, 'served by asmxgen: x\r\n']);
    }
    // Upstream, GetTerm succeeds: the difference is the local handler's.
    expect((await send(upstream, getTerm.soap11)).status).toBe(200);
    for (const call of [
      ...Object.values(calls('Authenticate', 'y')),
      { method: 'GET', target: `${PATH}?wsdl`, headers: {} },
    ]) {
      expect(asCallerSees(await send(proxy.base, call))).toEqual(asCallerSees(await send(upstream, call)));
    }
    expect(await proxy.stop()).toBe(0);
    expect(proxy.output()).toContain(`POST ${PATH} GetTerm soap12 → local 500`);
    expect(proxy.output()).toContain(`POST ${PATH} Authenticate soap12 → upstream 200`);
  });

  it('records a valid HAR 1.2 (mode 0600): every exchange, operation and binding, headers as received, values redacted', async (ctx) => {
    sharedAsmxHost.need(ctx);
    const har = join(await tempDir(), 'calls.har');
    const proxy = await start(['proxy', '--upstream', upstream, '--record', har, '--redact', 'requestJson,token']);
    expect((await stat(har)).mode & 0o777).toBe(0o600);
    const secret = 'pa55-w0rd';
    const sent = Object.entries(calls('Authenticate', secret));
    const replies: Raw[] = [];
    for (const [, call] of sent) replies.push(await send(proxy.base, call));
    replies.push(await send(proxy.base, { method: 'GET', target: `${PATH}?wsdl`, headers: {} }));
    expect(await proxy.stop()).toBe(0);
    expect(proxy.output()).toContain('asmxgen: recorded 5 exchanges to');

    const text = await readFile(har, 'utf8');
    expect((await stat(har)).mode & 0o777).toBe(0o600);
    expect(text).not.toContain(secret);
    const { log } = parseHar(text, har);
    expect(log.version).toBe('1.2');
    expect(log.creator.name).toBe('asmxgen');
    expect(log.entries.map((e) => [e._operation, e._binding])).toEqual([
      ['Authenticate', 'soap11'],
      ['Authenticate', 'soap12'],
      ['Authenticate', 'httpGet'],
      ['Authenticate', 'httpPost'],
      [null, null],
    ]);
    const [soap11, , httpGet, httpPost, wsdl] = log.entries as HarEntry[];
    expect(soap11!.request.method).toBe('POST');
    expect(soap11!.request.url).toBe(`${proxy.base}${PATH}`);
    expect(soap11!.request.headers).toContainEqual({ name: 'SOAPAction', value: `"${NS}/Authenticate"` });
    expect(soap11!.request.postData!.text).toBe(sent[0]![1].body!.replace(secret, 'REDACTED'));
    expect(httpGet!.request.url).toBe(`${proxy.base}${PATH}/Authenticate?requestJson=REDACTED`);
    expect(httpGet!.request.queryString).toEqual([{ name: 'requestJson', value: 'REDACTED' }]);
    expect(httpPost!.request.postData).toMatchObject({
      mimeType: 'application/x-www-form-urlencoded',
      text: 'requestJson=REDACTED',
      params: [{ name: 'requestJson', value: 'REDACTED' }],
    });
    // The response as the upstream sent it: its headers in order, its body.
    log.entries.forEach((entry, i) => {
      expect(entry.response.status).toBe(replies[i]!.status);
      // Received: the upstream's own Keep-Alive too, which the caller gets as the proxy's.
      const endToEnd = (headers: [string, string][]) => headers.filter(([n]) => !HOP_BY_HOP.test(n));
      expect(endToEnd(entry.response.headers.map((h) => [h.name, h.value]))).toEqual(endToEnd(replies[i]!.headers));
      expect(entry.response.headers).toContainEqual({ name: 'Keep-Alive', value: expect.any(String) });
      expect(entry.response.content.text).toBe(replies[i]!.body.toString('utf8'));
      expect(entry.timings.wait).toBeGreaterThanOrEqual(0);
      expect(entry.time).toBeGreaterThan(0);
    });
    expect(wsdl!.response.headers).toContainEqual({ name: 'Server', value: 'Mono-HTTPAPI/1.0' });
    expect(wsdl!.response.content.mimeType).toBe('text/xml; charset=utf-8');
  });

  it('--redact finds named members of the JSON a parameter carries, over every binding', async (ctx) => {
    sharedAsmxHost.need(ctx);
    const har = join(await tempDir(), 'json.har');
    const proxy = await start(['proxy', '--upstream', upstream, '--record', har, '--redact', 'password']);
    const secret = 'pa55-w0rd';
    for (const call of Object.values(calls('Authenticate', `{"user":"ann","password":"${secret}"}`))) {
      expect((await send(proxy.base, call)).status).toBe(200);
    }
    expect(await proxy.stop()).toBe(0);
    const text = await readFile(har, 'utf8');
    expect(text).not.toContain(secret);
    const redacted = '{"user":"ann","password":"REDACTED"}';
    const [soap11, soap12, httpGet, httpPost] = parseHar(text, har).log.entries as HarEntry[];
    for (const soap of [soap11!, soap12!])
      expect(soap.request.postData!.text).toContain(`<requestJson>${redacted}</requestJson>`);
    expect(httpGet!.request.queryString).toEqual([{ name: 'requestJson', value: redacted }]);
    expect(httpPost!.request.postData!.params).toEqual([{ name: 'requestJson', value: redacted }]);
  });

  it('on SIGTERM lets an exchange in flight finish, then writes the whole HAR and exits 0', async (ctx) => {
    sharedAsmxHost.need(ctx);
    const har = join(await tempDir(), 'stop.har');
    const proxy = await start(['proxy', '--upstream', upstream, '--record', har]);
    const call = calls('LoginOut', 'slow').soap11;
    const body = Buffer.from(call.body!);
    // The request's head and half its body, then the signal, then the rest.
    const reply = new Promise<Raw>((resolve, reject) => {
      const req = httpRequest(
        `${proxy.base}${call.target}`,
        { method: 'POST', headers: { ...call.headers, 'Content-Length': String(body.length) } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode!, statusMessage: '', headers: [], body: Buffer.concat(chunks) }),
          );
        },
      );
      req.on('error', reject);
      req.write(body.subarray(0, 100));
      setTimeout(() => {
        proxy.child.kill('SIGTERM');
        setTimeout(() => req.end(body.subarray(100)), 500);
      }, 500);
    });
    const answered = await reply;
    expect(answered.status).toBe(200);
    expect(answered.body.toString()).toContain('<LoginOutResponse xmlns="App.WebService" />');
    expect(await proxy.exited).toBe(0);
    const { log } = parseHar(await readFile(har, 'utf8'), har);
    expect(log.entries).toHaveLength(1);
    expect(log.entries[0]).toMatchObject({ _operation: 'LoginOut', _binding: 'soap11', response: { status: 200 } });
    expect(log.entries[0]!.request.postData!.text).toBe(call.body);
  });

  it('shadow: callers get the upstream replies; the log names each exchange same or different, with where', async (ctx) => {
    sharedAsmxHost.need(ctx);
    const members = OPERATIONS.filter((op) => op !== 'GetTerm')
      .map((op) => `  ${op}() {},`)
      .concat(['  UploadImage() {},', "  GetTerm() {\n    throw new SoapFault('Server', 'GetTerm differs');\n  },"])
      .join('\n');
    const candidate = await start(['serve', '--impl', await handlersFile(members)]);
    const shadowLog = join(await tempDir(), 'shadow.jsonl');
    const proxy = await start(['proxy', '--upstream', upstream, '--shadow', candidate.base, '--shadow-log', shadowLog]);
    for (const operation of ['Authenticate', 'GetTerm']) {
      for (const call of Object.values(calls(operation, 'v'))) {
        expect(asCallerSees(await send(proxy.base, call))).toEqual(asCallerSees(await send(upstream, call)));
      }
    }
    expect(await proxy.stop()).toBe(0);
    await candidate.stop();
    expect((await stat(shadowLog)).mode & 0o777).toBe(0o600);
    const lines = (await readFile(shadowLog, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(8);
    const outcomes = lines.map((l) => `${l.operation as string} ${l.binding as string} ${l.outcome as string}`).sort();
    expect(outcomes).toEqual([
      'Authenticate httpGet same',
      'Authenticate httpPost same',
      'Authenticate soap11 same',
      'Authenticate soap12 same',
      'GetTerm httpGet different',
      'GetTerm httpPost different',
      'GetTerm soap11 different',
      'GetTerm soap12 different',
    ]);
    for (const line of lines) {
      expect(Date.parse(line.time as string)).not.toBeNaN();
      if (line.outcome === 'same') expect(line.differences).toEqual([]);
    }
    const soap11 = lines.find((l) => l.operation === 'GetTerm' && l.binding === 'soap11')!;
    expect(soap11.differences).toContainEqual(
      expect.objectContaining({ where: 'status', expected: '200', actual: '500' }),
    );
    expect(proxy.output()).toContain('8 exchanges, 4 same, 4 different, 0 errors');
    expect(proxy.output()).toContain('different: GetTerm ×4');
  });
});

describe('asmxgen proxy: errors and help', { timeout: 120_000 }, () => {
  it('explains a bad URL, a port in use, an unloadable handlers file; exit 2, no stack trace', async () => {
    const bad = await cliProcess(['proxy', '--upstream', 'ftp://legacy']);
    expect([bad.code, bad.stderr]).toEqual([
      2,
      expect.stringContaining('--upstream "ftp://legacy" must start with http:// or https://'),
    ]);
    const named = await cliProcess(['proxy', '--upstream', 'http://legacy/Svc.asmx']);
    expect(named.stderr).toContain('give the base URL instead: http://legacy');
    const missing = await cliProcess(['proxy']);
    expect([missing.code, missing.stderr]).toEqual([2, expect.stringContaining('--upstream')]);
    const logOnly = await cliProcess(['proxy', '--upstream', 'http://legacy', '--shadow-log', 'x.jsonl']);
    expect(logOnly.stderr).toContain('--shadow-log needs --shadow URL');

    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const port = (blocker.address() as { port: number }).port;
    const inUse = await cliProcess(['proxy', '--upstream', 'http://127.0.0.1:9', '--port', String(port)]);
    blocker.close();
    expect([inUse.code, inUse.stderr]).toEqual([
      2,
      `asmxgen: Port ${port} on 127.0.0.1 is in use; choose another with --port.\n`,
    ]);

    const dir = await tempDir();
    const impl = join(dir, 'handlers.ts');
    await writeFile(impl, 'export const handlers = {};\n');
    const empty = await cliProcess(['proxy', '--upstream', 'http://127.0.0.1:9', '--impl', impl, '--port', '0']);
    expect([empty.code, empty.stderr]).toEqual([
      2,
      expect.stringContaining('defines no handler for any operation of AuthenticationWebService'),
    ]);
    const unloadable = await cliProcess(['proxy', '--upstream', 'http://127.0.0.1:9', '--impl', join(dir, 'none.ts')]);
    expect(unloadable.code).toBe(2);
    expect(unloadable.stderr).toContain('Cannot load the handlers from');
    expect(unloadable.stderr).not.toMatch(/\n\s+at /);
  });

  it('answers the upstream being down with 502 and a one-line reason, and --help lists every option', async () => {
    const closed = await closedPort();
    const proxy = await start(['proxy', '--upstream', `http://127.0.0.1:${closed}`]);
    const reply = await send(proxy.base, { method: 'GET', target: `${PATH}?wsdl`, headers: {} });
    expect(reply.status).toBe(502);
    expect(reply.body.toString()).toMatch(
      new RegExp(`^asmxgen proxy: http://127\\.0\\.0\\.1:${closed} did not answer: .*ECONNREFUSED`),
    );
    expect(await proxy.stop()).toBe(0);
    const help = await cliProcess(['proxy', '--help']);
    for (const option of [
      '--upstream',
      '--spec',
      '--impl',
      '--record',
      '--redact',
      '--shadow',
      '--shadow-log',
      '--port',
      '--host',
    ]) {
      expect(help.stdout).toContain(option);
    }
  });
});

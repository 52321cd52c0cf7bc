/**
 * JSON calls beside the other protocols: only a [ScriptService] takes them, `exposeErrors` shows a handler's message
 * (never a stack trace), and the same path still answers HTTP POST forms and SOAP.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { stringify } from 'yaml';
import { describeService } from '../../generator/emit/describe-service.js';
import { renderDocuments } from '../../generator/emit/service-documents.js';
import { loadSpecText } from '../../generator/index.js';
import { createServiceServer, type CallContext, type CallTransport } from '../../runtime/src/server.js';
import { RUNTIME_ERROR_PAGE } from '../../runtime/src/server/runtime-error-page.js';
import { send } from './raw-http.js';

function specOf(scriptService: boolean) {
  return loadSpecText(
    stringify({
      service: { name: 'Calc', namespace: 'urn:calc', ...(scriptService && { scriptService: true }) },
      operations: [
        { name: 'How', result: 'string', ...(scriptService && { scriptMethod: { useHttpGet: true } }) },
        { name: 'HowPost', result: 'string' },
        {
          name: 'Add',
          parameters: [
            { name: 'a', type: 'int' },
            { name: 'b', type: 'int' },
          ],
          result: 'int',
        },
        { name: 'Fail', result: 'string' },
      ],
    }),
    'calc.yaml',
  );
}

const HANDLERS = {
  How: (_: unknown, ctx: CallContext) => ctx.transport,
  HowPost: (_: unknown, ctx: CallContext): CallTransport => ctx.transport,
  Add: ({ a, b }: { a: number; b: number }) => a + b,
  Fail: () => {
    throw new Error('no such account');
  },
};

const servers: ReturnType<typeof createServiceServer>[] = [];
const ports: Record<'script' | 'exposed' | 'plain', number> = { script: 0, exposed: 0, plain: 0 };

beforeAll(async () => {
  for (const [key, script, exposeErrors] of [
    ['script', true, false],
    ['exposed', true, true],
    ['plain', false, false],
  ] as const) {
    const model = specOf(script);
    const server = createServiceServer(describeService(model), renderDocuments(model), HANDLERS, { exposeErrors });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    servers.push(server);
    ports[key] = (server.address() as AddressInfo).port;
  }
});

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise<void>((done) => s.close(() => done()))));
});

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8' };

describe('JSON calls', () => {
  it('are answered {"d":…} by a [ScriptService], and the same path still takes an HTTP POST form', async () => {
    const json = await send(ports.script, '/Calc.asmx/Add', {
      method: 'POST',
      headers: JSON_HEADERS,
      body: '{"a":1,"b":2}',
    });
    expect([json.status, json.headers['content-type'], json.text]).toEqual([
      200,
      'application/json; charset=utf-8',
      '{"d":3}',
    ]);
    const form = await send(ports.script, '/Calc.asmx/Add', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'a=1&b=2',
    });
    expect([form.status, form.text]).toEqual([
      200,
      '<?xml version="1.0" encoding="utf-8"?>\n<int xmlns="urn:calc">3</int>',
    ]);
  });

  it("are refused by a service without [ScriptService], as the .NET Framework's WebServiceData refuses them", async () => {
    const reply = await send(ports.plain, '/Calc.asmx/Add', {
      method: 'POST',
      headers: JSON_HEADERS,
      body: '{"a":1,"b":2}',
    });
    // Out of ASP.NET's handler factory: the Runtime Error page a remote caller gets under customErrors.
    expect([reply.status, reply.headers['content-type'], reply.headers.jsonerror, reply.text]).toEqual([
      500,
      'text/html; charset=utf-8',
      undefined,
      RUNTIME_ERROR_PAGE,
    ]);
    expect(reply.text).toContain("<span><H1>Server Error in '/' Application.");
    expect(reply.text).not.toContain('ScriptService');
  });

  it('answer an unknown or empty method with the Runtime Error page, or its message with exposeErrors', async () => {
    for (const path of ['/Calc.asmx/Nope', '/Calc.asmx/add', '/Calc.asmx/']) {
      const hidden = await send(ports.script, path, { method: 'POST', headers: JSON_HEADERS, body: '{}' });
      expect([hidden.status, hidden.headers['content-type'], hidden.text], path).toEqual([
        500,
        'text/html; charset=utf-8',
        RUNTIME_ERROR_PAGE,
      ]);
    }
    const unknown = await send(ports.exposed, '/Calc.asmx/Nope', { method: 'POST', headers: JSON_HEADERS, body: '{}' });
    expect([unknown.status, unknown.headers['content-type'], unknown.text]).toEqual([
      500,
      'text/plain; charset=utf-8',
      'Unknown web method Nope.\r\n',
    ]);
    const empty = await send(ports.exposed, '/Calc.asmx/', { method: 'POST', headers: JSON_HEADERS, body: '{}' });
    expect(empty.text).toBe('Invalid web service call, expected path info of /js/&lt;Method&gt;.\r\n');
  });

  it("answer a handler's error in .NET's JSON shape: its message only with exposeErrors, never a stack trace", async () => {
    const hidden = await send(ports.script, '/Calc.asmx/Fail', { method: 'POST', headers: JSON_HEADERS, body: '{}' });
    expect([hidden.status, hidden.headers.jsonerror, hidden.text]).toEqual([
      500,
      'true',
      '{"Message":"There was an error processing the request.","StackTrace":"","ExceptionType":""}',
    ]);
    const shown = await send(ports.exposed, '/Calc.asmx/Fail', { method: 'POST', headers: JSON_HEADERS, body: '{}' });
    expect([shown.status, shown.headers.jsonerror, shown.text]).toEqual([
      500,
      'true',
      '{"Message":"no such account","StackTrace":"","ExceptionType":"System.InvalidOperationException"}',
    ]);
    const missing = await send(ports.exposed, '/Calc.asmx/Add', {
      method: 'POST',
      headers: JSON_HEADERS,
      body: '{"a":1}',
    });
    expect(missing.text).toBe(
      '{"Message":"Invalid web service call, missing value for parameter: \\u0027b\\u0027.","StackTrace":"",' +
        '"ExceptionType":"System.InvalidOperationException"}',
    );
  });

  it('tell the handler they came by json (ctx.transport), by POST and by GET alike', async () => {
    const post = await send(ports.script, '/Calc.asmx/HowPost', { method: 'POST', headers: JSON_HEADERS, body: '' });
    const get = await send(ports.script, '/Calc.asmx/How', { headers: JSON_HEADERS });
    const form = await send(ports.script, '/Calc.asmx/HowPost', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect([post.text, get.text]).toEqual(['{"d":"json"}', '{"d":"json"}']);
    expect(form.text).toContain('>httpPost</string>');
  });

  it("report a handler's error on stderr with what the JSON caller was answered", async () => {
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const model = specOf(true);
      for (const exposeErrors of [false, true]) {
        const server = createServiceServer(describeService(model), renderDocuments(model), HANDLERS, { exposeErrors });
        await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
        servers.push(server);
        const port = (server.address() as AddressInfo).port;
        await send(port, '/Calc.asmx/Fail', { method: 'POST', headers: JSON_HEADERS, body: '{}' });
      }
      expect(stderr.mock.calls.map((args) => String(args[0]).split('\n')[0])).toEqual([
        'asmxgen: Fail (json) failed; the client was answered the JSON error "There was an error processing the ' +
          'request.": Error: no such account',
        'asmxgen: Fail (json) failed; the client was answered the JSON error "no such account": Error: no such account',
      ]);
    } finally {
      stderr.mockRestore();
    }
  });
});

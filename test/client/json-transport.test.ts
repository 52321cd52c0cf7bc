/**
 * The client's `json` transport (ASP.NET AJAX calls of a `[ScriptService]`) against the generated server of
 * LibraryScript: each call's result is the one SOAP gives (dates as the same instants), `UseHttpGet` methods go
 * by GET with JSON query values, `ResponseFormat.Xml` results read, JSON errors arrive as `JsonFaultError`s, and
 * what JSON cannot carry is refused before anything is sent.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitClientModule } from '../../generator/emit/client-module.js';
import { contentText } from '../../generator/model/file-content.js';
import { describeService } from '../../generator/emit/describe-service.js';
import { renderDocuments } from '../../generator/emit/service-documents.js';
import { printTsModule } from '../../generator/printer/ts-module.js';
import {
  createServiceCaller,
  HttpError,
  JsonFaultError,
  XsdDateTime,
  type ClientTransport,
} from '../../runtime/src/client.js';
import { createServiceCaller as createBrowserCaller } from '../../runtime/src/client-browser.js';
import type { ParameterDescription } from '../../runtime/src/service-description.js';
import { createServiceServer } from '../../runtime/src/server.js';
import { asXmlCarriesIt, CALLS, instants, LIBRARY_SCRIPT, LIBRARY_SCRIPT_HANDLERS } from './library-script.js';

const SERVICE = describeService(LIBRARY_SCRIPT);
const servers: ReturnType<typeof createServiceServer>[] = [];
let url = '';
let exposedUrl = '';

async function listen(exposeErrors: boolean): Promise<string> {
  const server = createServiceServer(SERVICE, renderDocuments(LIBRARY_SCRIPT), LIBRARY_SCRIPT_HANDLERS, {
    exposeErrors,
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/LibraryScript.asmx`;
}

beforeAll(async () => {
  url = await listen(false);
  exposedUrl = await listen(true);
});

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise<void>((done) => s.close(() => done()))));
});

function bodyOf(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

describe('the json transport against the generated server of a [ScriptService]', () => {
  it.each(CALLS.map(([op, input], i) => [i, op, input] as const))(
    'call %i, %s: the result SOAP gives',
    async (_, op, input) => {
      const call = createServiceCaller(SERVICE, url);
      const json = await call(op, input, { transport: 'json' });
      const overSoap = await call(op, input, { transport: 'soap11' });
      expect(instants(asXmlCarriesIt(json))).toEqual(instants(overSoap));
    },
  );

  it('reads what XML cannot carry, exactly: a null array item, a control character', async () => {
    const call = createServiceCaller(SERVICE, url, { transport: 'json' });
    expect(await call('Script')).toBe(LIBRARY_SCRIPT_HANDLERS.Script());
    expect(await call('GetBook', { isbn: 'k' })).toMatchObject({ Keywords: ['cats', '', null] });
  });

  it('sends a UseHttpGet method by GET, each parameter a JSON value in the query, with the JSON Content-Type', async () => {
    const seen: { method: string; url: string; type: string | undefined; body: string }[] = [];
    const recorder = createServer((request, response) => {
      void bodyOf(request).then((body) => {
        seen.push({ method: request.method!, url: request.url!, type: request.headers['content-type'], body });
        response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' }).end('{"d":29}');
      });
    });
    await new Promise<void>((done) => recorder.listen(0, '127.0.0.1', done));
    try {
      const at = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}/LibraryScript.asmx`;
      const call = createServiceCaller(SERVICE, at, { transport: 'json' });
      const until = XsdDateTime.parse('2024-02-29T12:00:00Z');
      expect(await call('Lend', { barcode: 'c 1&"', until })).toBe(29);
      expect(await call('Add', { a: 1, b: 2 })).toBe(29);
      expect(seen).toEqual([
        {
          method: 'GET',
          url: '/LibraryScript.asmx/Lend?barcode=%22c%201%5Cu0026%5C%22%22&until=%22%5C%2FDate(1709208000000)%5C%2F%22',
          type: 'application/json; charset=utf-8',
          body: '',
        },
        {
          method: 'POST',
          url: '/LibraryScript.asmx/Add',
          type: 'application/json; charset=utf-8',
          body: '{"a":1,"b":2}',
        },
      ]);
    } finally {
      await new Promise<void>((done) => recorder.close(() => done()));
    }
  });

  it('reads a JSON error into a JsonFaultError: the generic message while the server hides errors', async () => {
    const input = { message: 'no such copy', nested: false };
    const hidden = await createServiceCaller(SERVICE, url, { transport: 'json' })('Fail', input).catch(
      (e: unknown) => e,
    );
    expect(hidden).toBeInstanceOf(JsonFaultError);
    expect(hidden).toMatchObject({
      message: 'There was an error processing the request.',
      exceptionType: '',
      stackTrace: '',
      status: 500,
      operation: 'Fail',
      transport: 'json',
    });
    const shown = await createServiceCaller(SERVICE, exposedUrl, { transport: 'json' })('Fail', input).catch(
      (e: unknown) => e,
    );
    expect(shown).toBeInstanceOf(JsonFaultError);
    expect(shown).toMatchObject({ message: 'no such copy', exceptionType: 'System.InvalidOperationException' });
  });

  it('reads an error reply that is no JSON error (an unknown method) into an HttpError', async () => {
    const renamed = {
      ...SERVICE,
      operations: SERVICE.operations.map((op) => (op.name === 'Add' ? { ...op, name: 'Nope' } : op)),
    };
    const error = await createServiceCaller(renamed, url, { transport: 'json' })('Nope', { a: 1, b: 2 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 500, transport: 'json' });
  });

  it('calls the same way from the browser entry, by fetch', async () => {
    const call = createBrowserCaller(SERVICE, url, { transport: 'json', fetch: (u, init) => fetch(u, init) });
    expect(await call('Add', { a: 2, b: 3 })).toBe(5);
    expect(await call('Titles', { count: 2 })).toEqual(['T0', 'T1']);
  });

  it('refuses an operation with out or ref parameters over json, before anything is sent', async () => {
    const SUM_OUT: ParameterDescription = { name: 'sum', type: 'int', optional: false, direction: 'out' };
    const withOut = {
      ...SERVICE,
      operations: SERVICE.operations.map((op) =>
        op.name === 'Add'
          ? {
              ...op,
              parameters: [...op.parameters, SUM_OUT],
            }
          : op,
      ),
    };
    let sent = 0;
    const counting = (u: string, init: RequestInit) => {
      sent++;
      return fetch(u, init);
    };
    const error = await createServiceCaller(withOut, url, { transport: 'json', fetch: counting })('Add', {
      a: 1,
      b: 2,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as TypeError).message).toBe(
      'Add has the out parameter sum, which JSON calls do not carry. Nothing was sent.',
    );
    expect(sent).toBe(0);
  });

  it('refuses json for a service that is no [ScriptService], before anything is sent', () => {
    const plain = { ...SERVICE, scriptService: undefined };
    expect(() => createServiceCaller(plain, url, { transport: 'json' })).toThrow(
      'LibraryScript is no [ScriptService] (scriptService: true), so it takes no JSON calls; ' +
        'it enables soap11, soap12, httpGet, httpPost.',
    );
  });

  it('names json among the transports of the generated client of a [ScriptService], and JsonFaultError', () => {
    const module = emitClientModule(LIBRARY_SCRIPT, 'http://localhost/LibraryScript.asmx', 'package');
    const text = contentText(printTsModule(module).content);
    const transports: ClientTransport[] = ['soap11', 'soap12', 'httpGet', 'httpPost', 'json'];
    expect(text).toContain(`export type LibraryScriptTransport = ${transports.map((t) => `'${t}'`).join(' | ')};`);
    expect(text).toMatch(/export \{[^}]*JsonFaultError[^}]*\}/);
  });
});

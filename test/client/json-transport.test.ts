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
import { createServiceServer } from '../../runtime/src/server.js';
import { LIBRARY_SCRIPT, LIBRARY_SCRIPT_HANDLERS, sampleBook } from './library-script.js';

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

/** A result with each `XsdDateTime` as its instant (JSON dates are UTC instants; SOAP keeps the written form). */
export function instants(value: unknown): unknown {
  if (value instanceof XsdDateTime) return { instant: value.toDate().getTime() };
  if (Array.isArray(value)) return value.map(instants);
  if (value instanceof Uint8Array || value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, instants(v)]));
}

/**
 * A JSON result less what XML cannot carry: XmlSerializer leaves out a null item of an `[XmlElement]` array
 * (`Keywords: ["cats", "", null]` reads `["cats", ""]` over SOAP), JSON keeps it.
 */
function asXmlCarriesIt(json: unknown): unknown {
  if (Array.isArray(json)) return json.map(asXmlCarriesIt);
  if (json === null || typeof json !== 'object' || !('Isbn' in json)) return json;
  const book = json as { Keywords?: unknown[] };
  return book.Keywords ? { ...book, Keywords: book.Keywords.filter((k) => k !== null) } : book;
}

function bodyOf(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

/** Calls every transport is compared on: the operation and its input. */
export const CALLS: readonly (readonly [string, object])[] = [
  ['GetBook', { isbn: '978-0' }],
  ['FindBooks', { authors: ['Ada'], genres: ['Poetry'], max: 2 }],
  ['AddBook', { book: sampleBook('x') }],
  ['EchoBook', { book: sampleBook('echo') }],
  ['EchoGenres', { genres: ['Fiction', 'non-fiction'] }],
  ['EchoFormat', { format: ['Hardcover', 'Audio'] }],
  ['RoundTripDate', { value: XsdDateTime.parse('2024-02-29T12:30:45.123Z') }],
  ['GetPerson', { which: 1 }],
  ['GetPerson', { which: 2 }],
  ['GetPerson', { which: 3 }],
  ['GetPeople', {}],
  ['DescribePerson', { person: { $type: 'Author', Name: 'Ada', BirthYear: 1815, Country: 'UK' } }],
  ['DescribePerson', { person: { Name: 'Bob', BirthYear: null } }],
  ['Ping', {}],
  ['Add', { a: 2, b: 40 }],
  ['Concat', { a: 'é & <x>', b: 7, c: true, d: 2.5 }],
  ['Renamed', { x: 'y' }],
  ['Dates', {}],
  ['Mixed', {}],
  ['Titles', { count: 3 }],
  ['GetBookByGet', { isbn: '978-0 "q" & ü' }],
  ['Lend', { barcode: 'c-1', until: XsdDateTime.parse('2024-02-29T12:00:00Z') }],
  ['Lend', { barcode: 'c-1', until: null }],
  ['GetBookXml', { isbn: 'xml' }],
];

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

  it('refuses json for a service that is no [ScriptService], before anything is sent', () => {
    const plain = { ...SERVICE, scriptService: undefined };
    expect(() => createServiceCaller(plain, url, { transport: 'json' })).toThrow(
      'LibraryScript is no [ScriptService] (scriptService: true), so it takes no JSON calls; ' +
        'it enables soap11, soap12, httpGet, httpPost.',
    );
  });

  it('names json among the transports of the generated client of a [ScriptService], and JsonFaultError', () => {
    const module = emitClientModule(LIBRARY_SCRIPT, 'http://localhost/LibraryScript.asmx', 'package');
    const text = printTsModule(module).content;
    const transports: ClientTransport[] = ['soap11', 'soap12', 'httpGet', 'httpPost', 'json'];
    expect(text).toContain(`export type LibraryScriptTransport = ${transports.map((t) => `'${t}'`).join(' | ')};`);
    expect(text).toMatch(/export \{[^}]*JsonFaultError[^}]*\}/);
  });
});

/**
 * A web page calls a `[ScriptService]` as WebForms pages do, in headless Chromium, from the same origin as the
 * server of the LibraryScript spec (the imported WSDL of ../shared/reference/scriptservice plus `scriptService` and
 * its `UseHttpGet` methods): jQuery (npm `jquery`) `$.ajax` POST and GET with `contentType: "application/json;
 * charset=utf-8"`, reading `response.d`, and a throwing method's `responseJSON.Message`; then the `/js` proxy script
 * through a Sys.Net.WebServiceProxy shim (test/browser/fixtures/web-service-proxy-shim.js: no MicrosoftAjax.js can be
 * had from npm), its generated class calling methods with success and failure callbacks.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeService } from '../../generator/emit/describe-service.js';
import { renderDocuments } from '../../generator/emit/service-documents.js';
import { buildModel } from '../../generator/index.js';
import type { Spec } from '../../generator/spec/spec-types.js';
import { readWsdl } from '../../generator/wsdl-reader/read-wsdl.js';
import { createServiceHandler } from '../../runtime/src/server.js';
import { chromiumCheck, launchChromium } from '../interop/chromium.js';
import { sharedFile } from '../shared-files.js';

const ROOT = resolve(import.meta.dirname, '../..');
const JQUERY = readFileSync(join(ROOT, 'node_modules/jquery/dist/jquery.min.js'), 'utf8');
const SHIM = readFileSync(join(import.meta.dirname, 'fixtures/web-service-proxy-shim.js'), 'utf8');

/** The LibraryScript spec: its served WSDL imported, plus what no WSDL shows. */
function libraryScriptSpec(): Spec {
  const transcripts = JSON.parse(readFileSync(sharedFile('reference/scriptservice/transcripts.json'), 'utf8')) as {
    name: string;
    response: { body: string };
  }[];
  const wsdl = transcripts.find((e) => e.name === 'classic wsdl')!.response.body;
  const imported = readWsdl(wsdl, 'LibraryScript.wsdl').spec;
  const byGet = new Set(['Lend', 'Titles', 'GetBookByGet']);
  return {
    ...imported,
    // `[GenerateScriptType(typeof(Author))]` on the class, as LibraryScript.asmx has it: Author objects carry `__type`.
    service: { ...imported.service, scriptService: true, generateScriptTypes: ['Author'] },
    operations: imported.operations.map((op) =>
      byGet.has(op.name) ? { ...op, scriptMethod: { useHttpGet: true } } : op,
    ),
  };
}

const received: string[] = [];
/** What the handlers threw (`onError`), instead of lines on stderr. */
const failures: string[] = [];
const HANDLERS = {
  Titles: ({ count }: { count: number }) => Array.from({ length: count }, (_, i) => `T${i}`),
  Add: ({ a, b }: { a: number; b: number }) => a + b,
  Concat: ({ a, b, c, d }: { a: string; b: number; c: boolean; d: number }) => `${a}|${b}|${c}|${d}`,
  GetPerson: ({ which }: { which: number }) =>
    which === 1 ? { $type: 'Author', Name: 'Ada', BirthYear: 1815, Country: 'UK' } : { Name: 'Bob', BirthYear: null },
  Fail: ({ message }: { message: string }) => {
    throw new Error(message);
  },
  Ping: () => {
    received.push('Ping');
  },
};

let server: Server;
let origin: string;
let browser: Browser | undefined;

beforeAll(async () => {
  const model = buildModel(libraryScriptSpec());
  const description = describeService(model);
  // The methods the page does not call answer nothing.
  const handlers = Object.fromEntries(description.operations.map((op) => [op.method ?? op.name, () => undefined]));
  const service = createServiceHandler(description, renderDocuments(model), { ...handlers, ...HANDLERS } as never, {
    onError: (error) => failures.push(error instanceof Error ? error.message : String(error)),
  });
  server = createServer((req, res) =>
    service(req, res, () => {
      const script = req.url === '/jquery.js' ? JQUERY : req.url === '/web-service-proxy-shim.js' ? SHIM : undefined;
      if (script !== undefined) {
        res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' });
        res.end(script);
      } else {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end('<!doctype html><meta charset="utf-8"><title>page</title>');
      }
    }),
  );
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  if (!chromiumCheck.available) return;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
});

/** A page of the server's origin with `scripts` loaded, in order; page errors collected. */
async function openPage(scripts: string[]): Promise<{ page: Page; errors: string[] }> {
  const page = await browser!.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${origin}/page.html`);
  for (const url of scripts) await page.addScriptTag({ url });
  return { page, errors };
}

describe('a page calls the [ScriptService] in Chromium', () => {
  it('jQuery: $.ajax POST and GET read response.d; a throwing method fails with responseJSON.Message', async (ctx) => {
    chromiumCheck.need(ctx);
    const { page, errors } = await openPage(['/jquery.js']);
    try {
      const results = await page.evaluate(async () => {
        const $ = (globalThis as unknown as { jQuery: any }).jQuery;
        const json = 'application/json; charset=utf-8';
        const call = (settings: object) =>
          new Promise((done) =>
            $.ajax({ contentType: json, dataType: 'json', ...settings })
              .done((response: { d: unknown }) => done({ ok: response.d }))
              .fail(
                (xhr: { status: number; responseJSON?: { Message: string }; getResponseHeader(n: string): string }) =>
                  done({
                    status: xhr.status,
                    message: xhr.responseJSON?.Message,
                    jsonerror: xhr.getResponseHeader('jsonerror'),
                  }),
              ),
          );
        return [
          await call({ type: 'POST', url: '/LibraryScript.asmx/Add', data: JSON.stringify({ a: 2, b: 40 }) }),
          await call({
            type: 'POST',
            url: '/LibraryScript.asmx/Concat',
            data: JSON.stringify({ a: 'é <&> "q"', b: 1.5, c: true, d: 2 }),
          }),
          await call({ type: 'POST', url: '/LibraryScript.asmx/GetPerson', data: JSON.stringify({ which: 1 }) }),
          await call({ type: 'GET', url: '/LibraryScript.asmx/Titles', data: { count: 3 } }),
          await call({
            type: 'POST',
            url: '/LibraryScript.asmx/Fail',
            data: JSON.stringify({ message: 'boom', nested: false }),
          }),
          await call({ type: 'POST', url: '/LibraryScript.asmx/Titles', data: JSON.stringify({ count: 1 }) }),
        ];
      });
      expect(results).toEqual([
        { ok: 42 },
        // 1.5 rounds to even for an int (ObjectConverter), as ASP.NET binds it.
        { ok: 'é <&> "q"|2|true|2' },
        { ok: { __type: 'Author', Country: 'UK', Name: 'Ada', BirthYear: 1815 } },
        { ok: ['T0', 'T1', 'T2'] },
        { status: 500, message: 'There was an error processing the request.', jsonerror: 'true' },
        { status: 500, message: 'There was an error processing the request.', jsonerror: 'true' },
      ]);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 60_000);

  it('the /js proxy script (through a WebServiceProxy shim): methods with success and failure callbacks', async (ctx) => {
    chromiumCheck.need(ctx);
    const { page, errors } = await openPage(['/web-service-proxy-shim.js', '/LibraryScript.asmx/js']);
    try {
      received.length = 0;
      const results = await page.evaluate(async () => {
        const proxy = (globalThis as unknown as { LibraryScript: any }).LibraryScript;
        const call = (method: string, ...args: unknown[]) =>
          new Promise((done) =>
            proxy[method](
              ...args,
              (result: unknown, context: unknown, name: string) => done({ ok: result, context, name }),
              (error: { get_message(): string; get_statusCode(): number }, context: unknown, name: string) =>
                done({ failed: error.get_message(), status: error.get_statusCode(), context, name }),
              'ctx',
            ),
          );
        const Book = (globalThis as unknown as { Book: new (p: object) => object }).Book;
        return {
          path: proxy.get_path(),
          book: new Book({ Title: 't' }),
          genre: (globalThis as unknown as { Genre: { prototype: object } }).Genre.prototype,
          calls: [
            await call('Add', 2, 40),
            await call('Titles', 2),
            await call('Ping'),
            await call('Fail', 'boom', true),
          ],
        };
      });
      expect(results).toEqual({
        path: '/LibraryScript.asmx',
        book: { Title: 't', __type: 'Book' },
        genre: { Fiction: 0, Poetry: 1, NonFiction: 2 },
        calls: [
          { ok: 42, context: 'ctx', name: 'Add' },
          { ok: ['T0', 'T1'], context: 'ctx', name: 'Titles' },
          { ok: null, context: 'ctx', name: 'Ping' },
          { failed: 'There was an error processing the request.', status: 500, context: 'ctx', name: 'Fail' },
        ],
      });
      expect(received).toEqual(['Ping']);
      expect(failures).toContain('boom');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 60_000);
});

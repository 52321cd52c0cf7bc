/**
 * The generated client in a browser: examples/browser.ts (which imports
 * `generated/client.js`) is bundled by esbuild for the browser, with a
 * plugin that fails the build on any import of a `node:` module, of the
 * multipart parser or of the Node transport's modules; headless Chromium
 * loads the bundle from the generated server's origin and calls the server
 * over all four transports, and uploads a file. The handlers must get
 * exactly what the page sent.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative, resolve } from 'node:path';
import { build, type Plugin } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAuthenticationWebServiceHandler,
  SoapFault,
  type AuthenticationWebServiceHandlers,
  type CallContext,
} from '../../generated/index.js';
import { chromiumCheck, launchChromium } from '../interop/chromium.js';
import { HOSTILE_VALUE, OPERATIONS } from '../server/recording-server.js';

const ROOT = resolve(import.meta.dirname, '../..');

/** Fails the build on anything a browser does not have: Node's modules, and the server's and the Node transport's packages. */
const BROWSER_ONLY: Plugin = {
  name: 'browser-only',
  setup(b) {
    b.onResolve({ filter: /^(node:|busboy$|undici$)/ }, (args) => ({
      errors: [{ text: `${args.path} is not for browsers (imported by ${relative(ROOT, args.importer)})` }],
    }));
  },
};

function bundle(entry: string) {
  return build({
    entryPoints: [join(ROOT, entry)],
    bundle: true,
    platform: 'browser',
    format: 'iife',
    globalName: 'example',
    // @asmxgen/runtime's TypeScript sources (its `source` condition), as the tests use it.
    conditions: ['source'],
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins: [BROWSER_ONLY],
  });
}

describe('bundling for the browser', () => {
  it('generated/client.js bundles without a Node module, by the runtime’s browser entry', async () => {
    const result = await bundle('examples/browser.ts');
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs).toContain('generated/client.ts');
    expect(inputs).toContain('runtime/src/client-browser.ts');
    expect(inputs).toContain('runtime/src/client/browser-sender.ts');
    expect(
      inputs.filter((i) => /node-transport|send-request|runtime\/src\/client\.ts|server|multipart/.test(i)),
    ).toEqual([]);
    // Of packages, the XML parser (and what it needs); not the server's multipart parser, nor the Node transport's.
    const packages = new Set(inputs.flatMap((i) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(i)?.[1] ?? []));
    for (const nodeOnly of ['busboy', 'streamsearch', 'undici']) expect(packages).not.toContain(nodeOnly);
    expect(packages.has('fast-xml-parser')).toBe(true);
  });

  it('generated/index.js does not (it holds the server): the check fails the build', async () => {
    await expect(bundle('generated/index.ts')).rejects.toThrow(
      /node:[a-z]+ is not for browsers|busboy is not for browsers/,
    );
  });
});

interface Received {
  readonly operation: string;
  readonly transport: string;
  readonly input: Record<string, unknown>;
  readonly files: readonly { field: string; filename: string; contentType: string; data: number[] }[];
}

let server: Server;
let origin: string;
let browser: Browser | undefined;
const received: Received[] = [];

beforeAll(async () => {
  const code = (await bundle('examples/browser.ts')).outputFiles[0]!.text;
  const handlers: Record<string, (input: Record<string, unknown>, ctx: CallContext) => unknown> = {};
  for (const operation of OPERATIONS) {
    handlers[operation] = (input, ctx) => {
      received.push({
        operation,
        transport: ctx.transport,
        input: { ...input },
        files: ctx.files.map((f) => ({ ...f, data: [...f.data] })),
      });
      if (input.requestJson === 'fault') throw new SoapFault('Client', 'Refused <here> é');
    };
  }
  const service = createAuthenticationWebServiceHandler(handlers as unknown as AuthenticationWebServiceHandlers);
  server = createServer((req, res) =>
    service(req, res, () => {
      if (req.url === '/bundle.js') {
        res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' });
        res.end(code);
      } else {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end('<!doctype html><meta charset="utf-8"><title>client</title><script src="/bundle.js"></script>');
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

describe('the bundled client in Chromium', () => {
  it('calls the generated server over SOAP 1.1, SOAP 1.2, HTTP GET and HTTP POST; faults arrive as SoapFaultError', async (ctx) => {
    chromiumCheck.need(ctx);
    const page = await browser!.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await page.goto(`${origin}/`);
      received.length = 0;
      const endpoint = `${origin}/AuthenticationWebService.asmx`;
      const results = await page.evaluate(
        async ({ endpoint, value }) => {
          const api = (globalThis as unknown as { example: typeof import('../../examples/browser.js') }).example;
          const out: string[] = [];
          for (const transport of ['soap11', 'soap12', 'httpGet', 'httpPost'] as const)
            out.push(await api.authenticate(endpoint, transport, value));
          out.push(await api.authenticate(endpoint, 'soap11', 'fault'));
          out.push(await api.authenticate(endpoint, 'soap12', 'fault'));
          return out;
        },
        { endpoint, value: HOSTILE_VALUE },
      );
      expect(results).toEqual(['ok', 'ok', 'ok', 'ok', 'fault: Refused <here> é', 'fault: Refused <here> é']);
      expect(received.map((r) => [r.operation, r.transport, r.input])).toEqual([
        ['Authenticate', 'soap11', { requestJson: HOSTILE_VALUE }],
        ['Authenticate', 'soap12', { requestJson: HOSTILE_VALUE }],
        ['Authenticate', 'httpGet', { requestJson: HOSTILE_VALUE }],
        ['Authenticate', 'httpPost', { requestJson: HOSTILE_VALUE }],
        ['Authenticate', 'soap11', { requestJson: 'fault' }],
        ['Authenticate', 'soap12', { requestJson: 'fault' }],
      ]);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 60_000);

  it('uploads a Blob over HTTP POST (multipart/form-data): the handler gets its bytes', async (ctx) => {
    chromiumCheck.need(ctx);
    const page = await browser!.newPage();
    try {
      await page.goto(`${origin}/`);
      received.length = 0;
      const bytes = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0x2d, 0x2d];
      await page.evaluate(
        async ({ endpoint, bytes }) => {
          const api = (globalThis as unknown as { example: typeof import('../../examples/browser.js') }).example;
          await api.uploadImage(endpoint, new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'zoë.png');
        },
        { endpoint: `${origin}/AuthenticationWebService.asmx`, bytes },
      );
      expect(received).toEqual([
        {
          operation: 'UploadImage',
          transport: 'httpPost',
          input: {},
          files: [{ field: 'image', filename: 'zoë.png', contentType: 'image/png', data: bytes }],
        },
      ]);
    } finally {
      await page.close();
    }
  }, 60_000);
});

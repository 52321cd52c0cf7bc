/** The node handler as Express/Connect middleware. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type Running } from './fixture-service.js';
import { send } from './http-client.js';
import { request11 } from './soap-messages.js';

type Handler = (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void) => void;

/** A tiny Connect: the service handler, then a fallback that marks what reached it. */
function connectLike(handler: Handler) {
  return (req: IncomingMessage, res: ServerResponse) =>
    handler(req, res, (err?: unknown) => {
      res.writeHead(err ? 500 : 200, { 'Content-Type': 'text/plain' });
      res.end(`next:${req.url}`);
    });
}

/** Express-like mounting at /api: `req.url` loses the prefix, `req.baseUrl` holds it; a body parser reads first. */
function expressLike(handler: Handler) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    if (!url.startsWith('/api/')) {
      res.writeHead(404);
      res.end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      Object.assign(req, { url: url.slice(4), baseUrl: '/api', originalUrl: url, body: Buffer.concat(chunks) });
      handler(req, res, () => {
        res.writeHead(200);
        res.end('next');
      });
    });
  };
}

let connect: Running;
let express: Running;
beforeAll(async () => {
  connect = await startService(undefined, connectLike);
  express = await startService(undefined, expressLike);
});
afterAll(async () => {
  await connect.close();
  await express.close();
});

describe('as Connect middleware', () => {
  it('passes requests outside the service to next()', async () => {
    expect((await send(connect.port, '/elsewhere?x=1')).text).toBe('next:/elsewhere?x=1');
  });

  it('serves the service itself, errors included, without calling next()', async () => {
    expect((await send(connect.port, '/AuthenticationWebService.asmx/Echo?requestJson=x')).text).toContain(
      '>x</string>',
    );
    const unrecognized = await send(connect.port, '/AuthenticationWebService.asmx/Nope');
    expect(unrecognized.status).toBe(500);
    expect(unrecognized.text).not.toContain('next:');
  });
});

describe('mounted like Express, after a body parser', () => {
  it('names the mount path in document addresses', async () => {
    const reply = await send(express.port, '/api/AuthenticationWebService.asmx?wsdl', { headers: { Host: 'h' } });
    expect(reply.text).toContain('location="http://h/api/AuthenticationWebService.asmx"');
  });

  it('takes an already-read body from req.body', async () => {
    const xml = request11('<Echo xmlns="App.WebService"><requestJson>parsed</requestJson></Echo>');
    const reply = await send(express.port, '/api/AuthenticationWebService.asmx', {
      method: 'POST',
      headers: { 'Content-Type': 'text/xml', SOAPAction: 'App.WebService/Echo' },
      body: xml,
    });
    expect(reply.status).toBe(200);
    expect(express.calls[express.calls.length - 1]!.input).toEqual({ requestJson: 'parsed' });
  });

  it('still applies the size limit to an already-read body', async () => {
    const small = await startService({ maxRequestBytes: 100 }, expressLike);
    try {
      const reply = await send(small.port, '/api/AuthenticationWebService.asmx', {
        method: 'POST',
        headers: { 'Content-Type': 'text/xml', SOAPAction: 'App.WebService/Echo' },
        body: request11('<Echo xmlns="App.WebService" />'),
      });
      expect(reply.status).toBe(500);
      expect(reply.text).toContain('Maximum request length exceeded.');
    } finally {
      await small.close();
    }
  });
});

/**
 * The generated service in an Express app that parses bodies for its other
 * routes with `express.json()` and `express.urlencoded()`, mounted globally.
 *
 * The service's handler is ordinary middleware: requests for other paths go
 * on to the next one. It reads a body those parsers have already read from
 * what they left: `verify` below keeps the bytes as received (`req.rawBody`),
 * so a form posted over HTTP POST reaches the handlers exactly as ASMX would
 * decode it, .NET's `%uXXXX` escapes included. Without it the service
 * rebuilds the body from `req.body` (see docs/frameworks.md).
 */
import type { IncomingMessage } from 'node:http';
import express from 'express';
import {
  createAuthenticationWebServiceHandler,
  type AuthenticationWebServiceHandlers,
  type ServerOptions,
} from '../generated/index.js';

/** body-parser's `verify` hook: keep the body's bytes beside what is parsed from them. */
function keepRawBody(req: IncomingMessage, _res: unknown, body: Buffer): void {
  (req as IncomingMessage & { rawBody?: Buffer }).rawBody = body;
}

export function createApp(handlers: AuthenticationWebServiceHandlers, options?: ServerOptions): express.Express {
  const app = express();
  app.use(express.json({ verify: keepRawBody }));
  app.use(express.urlencoded({ verify: keepRawBody }));
  // At the service's path (/AuthenticationWebService.asmx), or under a prefix: app.use('/soap', …) serves
  // /soap/AuthenticationWebService.asmx, and the WSDL's addresses say so.
  app.use(createAuthenticationWebServiceHandler(handlers, options));
  app.get('/health', (_req, res) => {
    res.json({ ok: true });
  });
  return app;
}

// Run it: npx tsx examples/express.ts (tsx runs TypeScript on Node 20; or run the compiled JavaScript)
// createApp(handlers).listen(8080);

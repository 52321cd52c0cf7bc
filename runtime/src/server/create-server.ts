/**
 * A `node:http` server for one service, with slowloris limits: the headers
 * and the whole request must arrive within `headersTimeoutMs` and
 * `requestTimeoutMs`.
 */
import { createServer, type Server } from 'node:http';
import { createNodeHandler } from './node-handler.js';
import type { ServiceRuntime } from './service-runtime.js';

export function createRuntimeServer(runtime: ServiceRuntime): Server {
  const { headersTimeoutMs, requestTimeoutMs } = runtime.options;
  const handler = createNodeHandler(runtime);
  const headersTimeout = Math.min(headersTimeoutMs, requestTimeoutMs);
  return createServer(
    {
      headersTimeout,
      requestTimeout: requestTimeoutMs,
      // Node checks both limits on this interval (default 30 s): check often enough for them to mean something.
      connectionsCheckingInterval: Math.max(100, Math.min(30_000, Math.floor(headersTimeout / 4))),
    },
    (req, res) => handler(req, res),
  );
}

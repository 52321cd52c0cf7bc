/**
 * A `node:http` server for one service, with slowloris limits: the headers
 * and the whole request must arrive within `headersTimeoutMs` and
 * `requestTimeoutMs`. A request Node's HTTP parser refuses is answered as
 * Node answers it, and the connection closed lingering (`lingering-close.ts`).
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { Buffer } from 'node:buffer';
import { closeLingering, isLingering, type LingerLimits } from './lingering-close.js';
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
    handler,
  )
    .on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => refuse(error, socket, runtime.options))
    .on('close', () => void runtime.options.ownedSessionStore?.close?.().catch(ignore));
}

function ignore(): void {}

/** Node's own replies to a request its parser refuses (`_http_server.js`), byte for byte. */
const REFUSALS: Readonly<Record<string, Uint8Array>> = {
  HPE_HEADER_OVERFLOW: refusal('431 Request Header Fields Too Large'),
  HPE_CHUNK_EXTENSIONS_OVERFLOW: refusal('413 Payload Too Large'),
  ERR_HTTP_REQUEST_TIMEOUT: refusal('408 Request Timeout'),
};
const BAD_REQUEST = refusal('400 Bad Request');

function refusal(status: string): Uint8Array {
  return Buffer.from(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`, 'latin1');
}

/**
 * As Node's default: a reply when none has been started on the connection; then, unlike it, a lingering close
 * rather than a reset, so that a client still sending reads it.
 */
function refuse(error: NodeJS.ErrnoException, socket: Socket, limits: LingerLimits): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  // Node's reply in progress on this connection, if any (the parser failed in the body of a request).
  const pending = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  const replied = isLingering(socket) || pending?.headersSent === true;
  closeLingering(socket, limits, replied ? undefined : (REFUSALS[error.code ?? ''] ?? BAD_REQUEST));
}

/**
 * The `node:http` request listener, also Express/Connect middleware: a
 * request outside the service goes to `next()` when there is one, else 404.
 * Nothing a client sends or does (a bad request, a disconnect) can throw out
 * of it; a client that goes away aborts its handler's `ctx.signal`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Buffer } from 'node:buffer';
import { ClientGoneError, declaresMoreThan, type BodyRead, type IncomingCall } from './incoming-call.js';
import { LazyAbort } from './lazy-abort.js';
import type { Reply } from './reply.js';
import { internalErrorReply, replyTo, route, type ServiceRuntime } from './service-runtime.js';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void) => void;

export function createNodeHandler(runtime: ServiceRuntime): NodeHandler {
  return (req, res, next) => {
    req.on('error', ignore);
    res.on('error', ignore);
    const { path, query } = splitUrl(req.url ?? '/');
    const method = (req.method ?? 'GET').toUpperCase();
    const target = route(runtime, method, path, query);
    if (target.route.kind === 'outside' && next) {
      next();
      return;
    }
    const gone = new LazyAbort();
    res.once('close', () => {
      if (!res.writableFinished) gone.abort(new ClientGoneError());
    });
    const call = new NodeCall(req, method, path, query, gone);
    replyTo(runtime, call, target).then(
      (reply) => writeReply(res, reply),
      (error: unknown) => {
        if (error instanceof ClientGoneError || gone.aborted) res.destroy();
        else writeReply(res, internalErrorReply(target.route));
      },
    );
  };
}

function ignore(): void {}

/** A `node:http` request as the service sees it; the peer's address is looked up only if asked for. */
class NodeCall implements IncomingCall {
  readonly basePath: string;
  readonly headers: IncomingMessage['headers'];
  constructor(
    private readonly req: IncomingMessage,
    readonly method: string,
    readonly path: string,
    readonly query: string | undefined,
    readonly gone: LazyAbort,
  ) {
    this.basePath = mountPath(req);
    this.headers = req.headers;
  }

  get remoteAddress(): string | undefined {
    return this.req.socket?.remoteAddress;
  }

  get encrypted(): boolean {
    return Boolean((this.req.socket as { encrypted?: boolean } | undefined)?.encrypted);
  }

  readBody(limit: number): Promise<BodyRead> {
    return readNodeBody(this.req, limit);
  }
}

function splitUrl(url: string): { path: string; query: string | undefined } {
  const mark = url.indexOf('?');
  return mark === -1 ? { path: url, query: undefined } : { path: url.slice(0, mark), query: url.slice(mark + 1) };
}

/** Express's mount path (`app.use('/api', handler)` strips it from `req.url`). */
function mountPath(req: IncomingMessage): string {
  const baseUrl = (req as { baseUrl?: unknown }).baseUrl;
  return typeof baseUrl === 'string' ? baseUrl : '';
}

function writeReply(res: ServerResponse, reply: Reply): void {
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  const headers: Record<string, string> = { ...reply.headers };
  if (reply.chunked) headers['Transfer-Encoding'] = 'chunked';
  else headers['Content-Length'] = String(reply.body.byteLength);
  if (reply.closeConnection) headers.Connection = 'close';
  res.writeHead(reply.status, headers);
  res.end(reply.body);
}

/**
 * The body, never more than `limit` bytes of it: past the limit, reading
 * stops and what was read is dropped. A body already read by a body parser
 * (Express) is taken from `req.body` when it is bytes or text.
 */
function readNodeBody(req: IncomingMessage, limit: number): Promise<BodyRead> {
  if (req.readableEnded) {
    const parsed = (req as { body?: unknown }).body;
    const bytes =
      typeof parsed === 'string' ? Buffer.from(parsed) : parsed instanceof Uint8Array ? parsed : new Uint8Array(0);
    return Promise.resolve(bytes.byteLength > limit ? { kind: 'too-large' } : { kind: 'complete', bytes });
  }
  if (declaresMoreThan(req.headers, limit)) return Promise.resolve({ kind: 'too-large' });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      req.off('error', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > limit) {
        cleanup();
        chunks.length = 0;
        req.pause();
        resolve({ kind: 'too-large' });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      // A small body comes in one chunk: no copy.
      const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
      resolve({ kind: 'complete', bytes: new Uint8Array(body.buffer, body.byteOffset, body.byteLength) });
    };
    const onClose = () => {
      cleanup();
      reject(new ClientGoneError());
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('close', onClose);
    req.on('error', onClose);
  });
}

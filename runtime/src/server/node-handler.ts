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
import { isClosingLingering, lingerAfterReply } from './lingering-close.js';
import { framedHeaders, type Reply } from './reply.js';
import type { RouteTarget } from './dispatch.js';
import { internalErrorReply, replyTo, route, type ServiceRuntime } from './service-runtime.js';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void) => void;

export function createNodeHandler(runtime: ServiceRuntime): NodeHandler {
  return (req, res, next) => {
    const { path, query } = splitUrl(req.url ?? '/');
    const method = (req.method ?? 'GET').toUpperCase();
    const target = route(runtime, method, path, query);
    if (target.route.kind === 'outside' && next) {
      next();
      return;
    }
    // An IncomingMessage emits 'error' only to listeners (none here but the body reader's); a reply's errors
    // (a write to a socket the client closed) are ignored: the close aborts the call.
    res.on('error', ignore);
    const call = new NodeCall(runtime, req, res, method, path, query, new LazyAbort());
    (res as Answered)[CALL] = call;
    res.on('close', onResponseClose);
    void answer(runtime, call, target, req, res);
  };
}

const CALL = Symbol('asmxgen.call');
type Answered = ServerResponse & { [CALL]?: NodeCall };

/** A reply closed before it was written in full: the client went away. */
function onResponseClose(this: Answered): void {
  if (!this.writableFinished) this[CALL]?.gone.abort(new ClientGoneError());
}

async function answer(
  runtime: ServiceRuntime,
  call: NodeCall,
  target: RouteTarget,
  req: IncomingMessage,
  res: ServerResponse,
) {
  let reply: Reply;
  try {
    reply = await replyTo(runtime, call, target);
  } catch (error) {
    if (call.answered) return;
    if (error instanceof ClientGoneError || call.gone.aborted) {
      res.destroy();
      return;
    }
    reply = internalErrorReply(target.route);
  }
  if (!call.answered) writeReply(runtime, req, res, reply);
}

function ignore(): void {}

/** A `node:http` request as the service sees it; the peer's address is looked up only if asked for. */
class NodeCall implements IncomingCall {
  readonly basePath: string;
  readonly headers: IncomingMessage['headers'];
  /** Answered early (`answerEarly`): the reply worked out later is dropped. */
  answered = false;
  constructor(
    private readonly runtime: ServiceRuntime,
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
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

  answerEarly(reply: Reply): void {
    if (this.answered) return;
    this.answered = true;
    writeReply(this.runtime, this.req, this.res, reply);
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

function writeReply(runtime: ServiceRuntime, req: IncomingMessage, res: ServerResponse, reply: Reply): void {
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  if (!req.complete) {
    // Node's HTTP parser refused the rest of the request, and answered it (`createServiceServer`).
    if (isClosingLingering(req.socket)) return;
    // An early reply: the client may still be sending the body.
    lingerAfterReply(req, runtime.options);
  }
  res.writeHead(reply.status, framedHeaders(reply));
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
    let settled = false;
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > limit) {
        settled = true;
        req.off('data', onData);
        req.off('end', onEnd);
        chunks.length = 0;
        req.pause();
        resolve({ kind: 'too-large' });
        return;
      }
      chunks.push(chunk);
    };
    // Once the body is read, the listeners go with the request: none is removed.
    const onEnd = () => {
      settled = true;
      // A small body comes in one chunk: no copy.
      const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
      resolve({ kind: 'complete', bytes: new Uint8Array(body.buffer, body.byteOffset, body.byteLength) });
    };
    const onGone = () => {
      if (!settled) reject(new ClientGoneError());
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('close', onGone);
    req.on('error', onGone);
  });
}

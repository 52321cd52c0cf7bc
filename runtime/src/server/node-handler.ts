/**
 * The `node:http` request listener, also Express/Connect middleware: a
 * request outside the service goes to `next()` when there is one, else 404.
 * Nothing a client sends or does (a bad request, a disconnect) can throw out
 * of it; a client that goes away aborts its handler's `ctx.signal`.
 *
 * Behind a framework whose body parser already read the request (Express's
 * `express.json()`, `express.urlencoded()`, `express.text()`,
 * `express.raw()`), the body is the raw bytes the parser kept
 * (`req.rawBody`), else what it parsed, written back as the bytes it came
 * from (see `consumedBody`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Buffer } from 'node:buffer';
import { encodeFormValues } from '../http/form-encoding.js';
import { parseContentType } from '../http/content-type.js';
import { FORM_MEDIA_TYPE, soapContentType } from '../soap/soap-constants.js';
import {
  ClientGoneError,
  declaresMoreThan,
  headerValue,
  type BodyRead,
  type CallNote,
  type IncomingCall,
} from './incoming-call.js';
import { LazyAbort } from './lazy-abort.js';
import { isClosingLingering, lingerAfterReply } from './lingering-close.js';
import { emptyReply, framedHeaderList, framedHeaders, type Reply } from './reply.js';
import { withResponseHeaders, type ResponseHeaderList } from './response-headers.js';
import type { RouteTarget } from './dispatch.js';
import { LaterReply } from './invoke.js';
import { internalErrorReply, replyTo, route, type ServiceRuntime } from './service-runtime.js';
import { httpBodyReply, NO_BODY } from './http-call.js';
import { jsonCallMethod, jsonRequestMethod } from './json-call.js';
import { proxyScriptKind } from './proxy-script-reply.js';
import type { OperationEntry } from './service-tables.js';
import { readSoapHead, soapBodyReply, type SoapHead } from './soap-call.js';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void) => void;

export function createNodeHandler(runtime: ServiceRuntime): NodeHandler {
  return (req, res, next) => {
    const url = req.url ?? '/';
    const mark = url.indexOf('?');
    const path = mark === -1 ? url : url.slice(0, mark);
    const query = mark === -1 ? undefined : url.slice(mark + 1);
    const method = upperCaseMethod(req.method);
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
    const routed = target.route;
    if (routed.kind === 'soap' && isStraightSoapCall(runtime, call, req, target.endpointPath)) {
      startSoapCall(runtime, call, req as Answering);
      return;
    }
    if (routed.kind === 'http' && isStraightHttpCall(runtime, call, req, routed.entry, target.endpointPath)) {
      startHttpCall(runtime, call, req as Answering, routed.transport, routed.entry);
      return;
    }
    void answer(runtime, call, target, req, res);
  };
}

const CALL = Symbol('asmxgen.call');
type Answered = ServerResponse & { [CALL]?: NodeCall };
type Answering = IncomingMessage & { [CALL]?: NodeCall };

/** A reply closed before it was written in full: the client went away. */
function onResponseClose(this: Answered): void {
  if (!this.writableFinished) this[CALL]?.clientGone();
}

/**
 * A SOAP call the straight path answers: not observed (`onCall`), no JSON call, its body still to come (not read
 * by a framework's body parser before).
 */
function isStraightSoapCall(runtime: ServiceRuntime, call: NodeCall, req: IncomingMessage, endpointPath: string) {
  return (
    runtime.options.onCall === undefined &&
    // A service XmlSerializer cannot reflect answers every SOAP call with its reflection error (replyTo).
    runtime.tables.service.reflectionError === undefined &&
    !req.readableEnded &&
    (req as { _body?: unknown })._body !== true &&
    jsonCallMethod(call, runtime.tables, endpointPath) === undefined
  );
}

/**
 * An HTTP GET/POST call the straight path answers: as a SOAP call (`isStraightSoapCall`), of an operation in the HTTP
 * bindings, and no proxy script's path.
 */
function isStraightHttpCall(
  runtime: ServiceRuntime,
  call: NodeCall,
  req: IncomingMessage,
  entry: OperationEntry,
  endpointPath: string,
) {
  return (
    runtime.options.onCall === undefined &&
    runtime.tables.service.reflectionError === undefined &&
    !req.readableEnded &&
    (req as { _body?: unknown })._body !== true &&
    entry.description.httpOmitted !== true &&
    proxyScriptKind(call, endpointPath) === undefined &&
    jsonRequestMethod(call, endpointPath) === undefined
  );
}

/**
 * The straight path of a SOAP call: its head checked, its body read by two listeners (no promise), then
 * `soapBodyReply` called from the body's last chunk and its reply written, at once or from the handler's promise
 * settling (`LaterReply`). A client that goes away before the body is read in full is left (its reply closed already).
 */
function startSoapCall(runtime: ServiceRuntime, call: NodeCall, req: Answering): void {
  const head = readSoapHead(call.headers, runtime.tables);
  if (!head.soapMediaType) {
    call.send(emptyReply(415, soapContentType(head.guess)));
    return;
  }
  call.soapHead = head;
  readBody(runtime, call, req);
}

/**
 * The straight path of an HTTP GET/POST call, as a SOAP call's: `httpBodyReply` called once the body has ended; a
 * GET's at once, its body left unread (Node drops it after the reply), as it is not consulted.
 */
function startHttpCall(
  runtime: ServiceRuntime,
  call: NodeCall,
  req: Answering,
  transport: 'httpGet' | 'httpPost',
  entry: OperationEntry,
): void {
  call.http = { transport, entry };
  if (transport === 'httpGet') call.bodyRead(NO_BODY);
  else readBody(runtime, call, req);
}

/** Reads the body of a straight call with two listeners, up to the size limit. */
function readBody(runtime: ServiceRuntime, call: NodeCall, req: Answering): void {
  const limit = runtime.options.maxRequestBytes;
  if (declaresMoreThan(req.headers, limit)) {
    call.bodyRead(TOO_LARGE);
    return;
  }
  call.bodyLimit = limit;
  req[CALL] = call;
  req.on('data', onBodyData);
  req.on('end', onBodyEnd);
}

const TOO_LARGE: BodyRead = { kind: 'too-large' };
/** What `internalErrorReply` needs of a straight call's route. */
const SOAP_ROUTE = { kind: 'soap' } as const;
const HTTP_ROUTE = { kind: 'http' } as const;

function onBodyData(this: Answering, chunk: Buffer): void {
  this[CALL]!.bodyChunk(chunk);
}

function onBodyEnd(this: Answering): void {
  this[CALL]!.bodyEnd();
}

/** The reply of a straight SOAP call, once its handler's promise settled. */
async function sendLater(call: NodeCall, reply: Promise<Reply>): Promise<void> {
  let settled: Reply;
  try {
    settled = await reply;
  } catch (error) {
    call.fail(error);
    return;
  }
  call.send(settled);
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
  if (!call.answered) writeReply(runtime, req, res, reply, call.responseHeaders);
}

function ignore(): void {}

/** A `node:http` request as the service sees it; the peer's address is looked up only if asked for. */
class NodeCall implements IncomingCall {
  readonly basePath: string;
  readonly headers: IncomingMessage['headers'];
  responseHeaders: ResponseHeaderList | undefined = undefined;
  note: CallNote | undefined = undefined;
  /** Answered early (`answerEarly`): the reply worked out later is dropped. */
  answered = false;
  // The straight path of a SOAP call (`startSoapCall`) or an HTTP one (`startHttpCall`): its head or operation,
  // and its body as it comes, up to `bodyLimit` bytes.
  soapHead: SoapHead | undefined = undefined;
  http: { readonly transport: 'httpGet' | 'httpPost'; readonly entry: OperationEntry } | undefined = undefined;
  bodyLimit = 0;
  /** Bytes of the body so far; -1 once past the limit. */
  private bodySize = 0;
  private firstChunk: Buffer | undefined = undefined;
  private chunks: Buffer[] | undefined = undefined;
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
    writeReply(this.runtime, this.req, this.res, reply, this.responseHeaders);
  }

  clientGone(): void {
    this.gone.abort(new ClientGoneError());
  }

  bodyChunk(chunk: Buffer): void {
    if (this.bodySize < 0) return;
    this.bodySize += chunk.byteLength;
    if (this.bodySize > this.bodyLimit) {
      this.bodySize = -1;
      this.req.off('data', onBodyData);
      this.req.off('end', onBodyEnd);
      this.chunks = undefined;
      this.firstChunk = undefined;
      this.req.pause();
      this.bodyRead(TOO_LARGE);
      return;
    }
    if (this.firstChunk === undefined) this.firstChunk = chunk;
    else (this.chunks ??= [this.firstChunk]).push(chunk);
  }

  bodyEnd(): void {
    if (this.bodySize < 0) return;
    // A small body comes in one chunk: no copy.
    const body =
      this.chunks !== undefined ? Buffer.concat(this.chunks, this.bodySize) : (this.firstChunk ?? Buffer.alloc(0));
    this.chunks = undefined;
    this.firstChunk = undefined;
    this.bodyRead({ kind: 'complete', bytes: new Uint8Array(body.buffer, body.byteOffset, body.byteLength) });
  }

  /** The body is read: the reply, now or when the handler's promise settles. */
  bodyRead(body: BodyRead): void {
    const { runtime } = this;
    let reply: Reply | Promise<Reply> | LaterReply;
    try {
      const { http } = this;
      reply =
        http === undefined
          ? soapBodyReply(this, this.soapHead!, body, runtime.tables, runtime.options)
          : httpBodyReply(this, http.transport, http.entry, body, runtime.tables, runtime.options);
    } catch (error) {
      this.fail(error);
      return;
    }
    if (reply instanceof LaterReply) this.sendSettled(reply);
    else if (reply instanceof Promise) void sendLater(this, reply);
    // A GET answered from its head: written once Node's parser has finished with the request (its end is known then,
    // and a reply written before it would be taken for an early one, `writeReply`).
    else if (!this.req.complete && body === NO_BODY) queueMicrotask(() => this.send(reply));
    else this.send(reply);
  }

  /** Writes the reply of `later` once its handler's promise settles: one hop of the microtask queue. */
  private sendSettled(later: LaterReply): void {
    Promise.resolve(later.call.pending).then(
      (value) => this.sendOutcome(later, true, value),
      (error: unknown) => this.sendOutcome(later, false, error),
    );
  }

  private sendOutcome(later: LaterReply, fulfilled: boolean, settledWith: unknown): void {
    let reply: Reply;
    try {
      reply = fulfilled ? later.fulfilled(settledWith) : later.rejected(settledWith);
    } catch (error) {
      this.fail(error);
      return;
    }
    this.send(reply);
  }

  /** Writes `reply`, unless the call was answered early. */
  send(reply: Reply): void {
    if (!this.answered) writeReply(this.runtime, this.req, this.res, reply, this.responseHeaders);
  }

  /** What `answer` does when working out a reply failed: the client went away, or a bug. */
  fail(error: unknown): void {
    if (this.answered) return;
    if (error instanceof ClientGoneError || this.gone.aborted) {
      this.res.destroy();
      return;
    }
    const route = this.http === undefined ? SOAP_ROUTE : HTTP_ROUTE;
    writeReply(this.runtime, this.req, this.res, internalErrorReply(route), this.responseHeaders);
  }
}

/** The method in upper case: as Node's parser gives it, unless a framework changed it. */
function upperCaseMethod(method: string | undefined): string {
  return method === 'POST' || method === 'GET' ? method : (method ?? 'GET').toUpperCase();
}

/** Express's mount path (`app.use('/api', handler)` strips it from `req.url`). */
function mountPath(req: IncomingMessage): string {
  const baseUrl = (req as { baseUrl?: unknown }).baseUrl;
  return typeof baseUrl === 'string' ? baseUrl : '';
}

function writeReply(
  runtime: ServiceRuntime,
  req: IncomingMessage,
  res: ServerResponse,
  reply: Reply,
  added: ResponseHeaderList | undefined,
): void {
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
  // Node only reads the list (a shared reply's is frozen).
  res.writeHead(
    reply.status,
    added === undefined ? (framedHeaderList(reply) as string[]) : withResponseHeaders(framedHeaders(reply), added),
  );
  res.end(reply.body);
}

/**
 * The body, never more than `limit` bytes of it: past the limit, reading
 * stops and what was read is dropped. A body already read by a body parser
 * is taken from what the parser left (`consumedBody`).
 */
function readNodeBody(req: IncomingMessage, limit: number): Promise<BodyRead> {
  if (req.readableEnded || (req as { _body?: unknown })._body === true) {
    const bytes = consumedBody(req);
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

/**
 * The bytes of a body a parser has read, from what it left on the request:
 *
 * - `req.rawBody`, the bytes as received, when kept (body-parser's `verify`
 *   option, as docs/frameworks.md shows; some hosts set it): exact;
 * - `req.body` as bytes or text (`express.raw()`, `express.text()`): exact;
 * - `req.body` as the object `express.urlencoded()` parsed from a form:
 *   written back as a form, its fields in order, a list as the field
 *   repeated. Exact for what the parser decodes as ASP.NET does; what it
 *   cannot decode (a `%uXXXX` escape, which .NET proxies send for non-ASCII
 *   text) it leaves as text, and ASMX would not: keep the raw body for those;
 * - `req.body` as the value `express.json()` parsed: written back as JSON
 *   (the bytes sent, but for insignificant whitespace);
 * - anything else: an empty body.
 */
function consumedBody(req: IncomingMessage): Uint8Array {
  const raw = (req as { rawBody?: unknown }).rawBody;
  if (raw instanceof Uint8Array) return raw;
  if (typeof raw === 'string') return Buffer.from(raw);
  const parsed = (req as { body?: unknown }).body;
  if (parsed instanceof Uint8Array) return parsed;
  if (typeof parsed === 'string') return Buffer.from(parsed);
  if (parsed === undefined || parsed === null) return new Uint8Array(0);
  const mediaType = parseContentType(headerValue(req.headers, 'content-type'))?.mediaType;
  if (mediaType === FORM_MEDIA_TYPE && typeof parsed === 'object') {
    const fields: [string, string][] = [];
    formFields(parsed as Record<string, unknown>, undefined, fields);
    return Buffer.from(encodeFormValues(fields));
  }
  if (mediaType === 'application/json' || mediaType?.endsWith('+json')) return Buffer.from(JSON.stringify(parsed));
  return new Uint8Array(0);
}

/** A parsed form's fields as name/value pairs; nested objects (`extended: true`) as `a[b]`. */
function formFields(object: Record<string, unknown>, prefix: string | undefined, into: [string, string][]): void {
  for (const key of Object.keys(object)) {
    const name = prefix === undefined ? key : `${prefix}[${key}]`;
    const value = object[key];
    if (Array.isArray(value)) {
      for (const item of value as unknown[]) {
        if (item !== null && typeof item === 'object') formFields(item as Record<string, unknown>, `${name}[]`, into);
        else into.push([name, item === undefined || item === null ? '' : String(item)]);
      }
    } else if (value !== null && typeof value === 'object') formFields(value as Record<string, unknown>, name, into);
    else into.push([name, value === undefined || value === null ? '' : String(value)]);
  }
}

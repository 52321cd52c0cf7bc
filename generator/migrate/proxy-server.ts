/**
 * The proxy's `node:http` server: each request goes to the upstream, or, when the strangler serves its
 * operation, to the local server, and its reply back to the caller as it came (status, end-to-end headers as
 * spelled and ordered, body), streamed both ways. With a recording, the reply's last chunk waits until the
 * exchange is recorded (`record`); once the caller has the whole reply, the exchange goes to the observers
 * (the shadow).
 */
import { Buffer } from 'node:buffer';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { ServiceDescription } from '@asmxgen/runtime';
import { classifyRequest } from '@asmxgen/runtime/server';
import { BodyCapture, REPLY_CAPTURE_LIMIT, REQUEST_CAPTURE_LIMIT } from './body-capture.js';
import type { Exchange, ServedBy } from './exchange.js';
import type { Forwarded, ForwardedHead } from './forward-request.js';
import { endToEndHeaders, headerPairs } from './hop-by-hop.js';
import { TargetTimeoutError, type Target } from './send-request.js';

export interface ProxyOptions {
  readonly upstream: Target;
  /** The service's description: which request calls which operation. */
  readonly service: ServiceDescription;
  /** The strangler: the operations `target` serves (by name); any other request goes upstream. */
  readonly local?: { readonly target: Target; readonly operations: ReadonlySet<string> };
  /** Keep reply bodies for the observers (recording, shadow). */
  readonly keepReplies: boolean;
  /** Called once the caller has the whole reply; `order` counts requests as they came (from 0). */
  readonly onExchange: (exchange: Exchange, order: number) => void;
  /**
   * Called when the reply has come whole from whoever answered, before its last chunk goes to the caller, which
   * waits for the promise: a caller that has the whole reply knows the exchange is recorded.
   */
  readonly record?: (exchange: Exchange) => Promise<void>;
  readonly log: (line: string) => void;
}

export interface ProxyServer {
  readonly server: Server;
  /** Resolves when every exchange begun so far has ended and reached the observers. */
  settled(): Promise<void>;
}

export function createProxyServer(options: ProxyOptions): ProxyServer {
  const inFlight = new Set<Promise<void>>();
  let received = 0;
  const server = createServer((req, res) => {
    const order = received++;
    const exchange = handle(req, res, options, order).catch((error: unknown) => {
      options.log(`error ${req.method} ${req.url}: ${messageOf(error)}`);
      res.destroy();
    });
    inFlight.add(exchange);
    void exchange.finally(() => inFlight.delete(exchange));
  });
  return {
    server,
    async settled() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}

async function handle(req: IncomingMessage, res: ServerResponse, options: ProxyOptions, order: number): Promise<void> {
  const { service, local } = options;
  res.sendDate = false;
  const startedAt = new Date();
  const start = performance.now();
  const method = req.method ?? 'GET';
  const pathAndQuery = req.url ?? '/';
  const { path, query } = splitUrl(pathAndQuery);
  const headers = headerPairs(req.rawHeaders);
  const classify = (body?: Uint8Array) =>
    classifyRequest(service, { method: method.toUpperCase(), path, query, headers: req.headers, body });

  // The request body is read first, up to the server's limit: whole (what nearly every request is), it goes to
  // whoever answers in one write with the request's head; longer, the rest streams after what was read.
  const capture = new BodyCapture(REQUEST_CAPTURE_LIMIT);
  const { held, ended } = await readUpToLimit(req, capture);
  // The operation: an HTTP GET or POST call's is in its path, a SOAP call's (a POST) in its body (read whole).
  const call = classify(ended ? capture.result().bytes : undefined);
  const body = ended
    ? wholeBody(held, capture)
    : streamBody(held, req[Symbol.asyncIterator]() as AsyncIterator<Buffer>, capture, false);
  const servedBy: ServedBy = local && call && local.operations.has(call.operation) ? 'local' : 'upstream';
  const target = servedBy === 'local' ? local!.target : options.upstream;

  let sent = start;
  const forwarded = target.forward(method, pathAndQuery, headers, body, () => (sent = performance.now()));
  let reply: ForwardedHead;
  try {
    reply = await forwarded.head;
  } catch (error) {
    // A caller that went away is not answered (the request was read whole: `req` itself is done).
    if (res.destroyed || req.socket.destroyed) return;
    const reason = `${target.label} did not answer: ${messageOf(error)}`;
    options.log(`error ${method} ${pathAndQuery}: ${reason}`);
    const text = `asmxgen proxy: ${reason}`;
    const [status, statusText] = error instanceof TargetTimeoutError ? [504, 'Gateway Timeout'] : [502, 'Bad Gateway'];
    const replyHeaders: [string, string][] = [
      ['Content-Type', 'text/plain; charset=utf-8'],
      ['Content-Length', String(Buffer.byteLength(text))],
    ];
    const bytes = new TextEncoder().encode(text);
    const now = performance.now();
    const exchange: Exchange = {
      startedAt,
      request: requestOf(req, pathAndQuery, headers, capture),
      response: {
        status,
        statusText,
        httpVersion: 'HTTP/1.1',
        headers: replyHeaders,
        body: { bytes, size: bytes.byteLength, truncated: false },
      },
      timings: { send: now - start, wait: 0, receive: 0 },
      call,
      servedBy,
      error: reason,
    };
    await options.record?.(exchange);
    res.writeHead(status, statusText, replyHeaders.flat());
    res.end(text);
    options.onExchange(exchange, order);
    return;
  }
  const head = performance.now();
  const replyCapture = options.keepReplies ? new BodyCapture(REPLY_CAPTURE_LIMIT) : undefined;
  const { status, statusText } = reply;
  const replyHeaders = headerPairs(reply.rawHeaders);
  res.writeHead(status, statusText, endToEndHeaders(replyHeaders).flat());
  const exchangeAt = (end: number): Exchange => ({
    startedAt,
    request: requestOf(req, pathAndQuery, headers, capture),
    response: {
      status,
      statusText,
      // undici speaks HTTP/1.1 to the target.
      httpVersion: 'HTTP/1.1',
      headers: replyHeaders,
      body: replyCapture?.result(),
    },
    timings: { send: Math.max(0, sent - start), wait: Math.max(0, head - Math.max(sent, start)), receive: end - head },
    call,
    servedBy,
  });
  let exchange: Exchange | undefined;
  const { record } = options;
  try {
    await forwardReply(
      forwarded,
      res,
      replyCapture,
      record && (() => record((exchange = exchangeAt(performance.now())))),
    );
  } catch (error) {
    options.log(`error ${method} ${pathAndQuery}: the reply was cut off (${messageOf(error)})`);
    return;
  }
  const end = performance.now();
  exchange ??= exchangeAt(end);
  options.log(
    `${method} ${pathAndQuery}${exchange.call ? ` ${exchange.call.operation} ${exchange.call.binding}` : ''}` +
      ` → ${servedBy} ${status} (${Math.round(end - start)} ms)`,
  );
  options.onExchange(exchange, order);
}

/**
 * Sends the reply on to the caller as it comes, its last chunk held until the reply has ended and `beforeEnd`
 * has resolved, then written with the end (a reply of one chunk goes out with its head in one write). Holds the
 * reply back when the caller reads slower than it comes. Resolves once the caller's connection has taken the
 * whole reply; rejects, the other side cut off, when either side goes away first or `beforeEnd` fails.
 */
function forwardReply(
  reply: Forwarded,
  res: ServerResponse,
  capture: BodyCapture | undefined,
  beforeEnd: (() => Promise<void>) | undefined,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let last: Buffer | undefined;
    let settled = false;
    let ended = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      if (!ended) reply.abort(error);
      res.destroy();
      reject(error);
    };
    const finish = () => {
      if (!settled) res.end(last);
    };
    res.once('finish', () => {
      settled = true;
      resolve();
    });
    res.once('close', () => {
      if (!res.writableFinished) fail(new Error('the caller went away (premature close)'));
    });
    if (res.destroyed) {
      fail(new Error('the caller went away (premature close)'));
      return;
    }
    reply.attach({
      data(chunk) {
        capture?.add(chunk);
        const previous = last;
        last = chunk;
        if (previous === undefined || res.write(previous)) return true;
        res.once('drain', () => reply.resume());
        return false;
      },
      end() {
        ended = true;
        if (beforeEnd === undefined) finish();
        else beforeEnd().then(finish, (error: unknown) => fail(error as Error));
      },
      error: fail,
    });
  });
}

/**
 * Reads `req` into `capture` until it ends or passes the limit: the chunks read, and whether that was all.
 * Rejects when the caller goes away before the end.
 */
function readUpToLimit(req: IncomingMessage, capture: BodyCapture): Promise<{ held: Buffer[]; ended: boolean }> {
  const held: Buffer[] = [];
  if (req.complete && req.readableEnded) return Promise.resolve({ held, ended: true });
  return new Promise((resolve, reject) => {
    const stop = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const done = (ended: boolean) => {
      stop();
      if (!ended) req.pause();
      resolve({ held, ended });
    };
    const onData = (chunk: Buffer) => {
      capture.add(chunk);
      held.push(chunk);
      if (capture.overLimit) done(false);
    };
    const onEnd = () => done(true);
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    const onClose = () => {
      if (!req.complete) onError(new Error('the request ended before its last byte (aborted)'));
    };
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onError);
    req.once('close', onClose);
  });
}

/** A body read whole: one buffer, or none when it was empty. */
function wholeBody(held: readonly Buffer[], capture: BodyCapture): Uint8Array | undefined {
  if (held.length === 0) return undefined;
  return held.length === 1 ? held[0]! : capture.result().bytes;
}

/** The body to send: the chunks already read, then the rest of the request, each rest chunk kept as it passes. */
async function* streamBody(
  held: readonly Buffer[],
  rest: AsyncIterator<Buffer>,
  capture: BodyCapture,
  complete: boolean,
): AsyncGenerator<Buffer> {
  yield* held;
  if (complete) return;
  for (;;) {
    const next = await rest.next();
    if (next.done) return;
    capture.add(next.value);
    yield next.value;
  }
}

function requestOf(
  req: IncomingMessage,
  pathAndQuery: string,
  headers: Exchange['request']['headers'],
  capture: BodyCapture,
): Exchange['request'] {
  const host = req.headers.host ?? `${req.socket.localAddress}:${req.socket.localPort}`;
  return {
    method: req.method ?? 'GET',
    url: `http://${host}${pathAndQuery}`,
    pathAndQuery,
    httpVersion: `HTTP/${req.httpVersion}`,
    headers,
    body: capture.result(),
  };
}

function splitUrl(url: string): { path: string; query: string | undefined } {
  const mark = url.indexOf('?');
  return mark === -1 ? { path: url, query: undefined } : { path: url.slice(0, mark), query: url.slice(mark + 1) };
}

function messageOf(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  const message = error instanceof Error ? error.message : String(error);
  return typeof code === 'string' && !message.includes(code) ? `${code} ${message}` : message;
}

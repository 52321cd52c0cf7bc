/**
 * Requests over undici, the Node project's HTTP/1.1 client: through a
 * dispatcher, by default a `Pool` of the client's own for the endpoint's
 * origin (keep-alive connections, as many as calls in flight, none
 * pipelined; an idle connection closed after 5 s, or 1 s before the server's
 * `Keep-Alive: timeout`), or the one given as `options.dispatcher` (an
 * `Agent`, a `ProxyAgent`, a `Pool` with TLS options of its own).
 *
 * The request is dispatched with a handler of this module's (no stream, no
 * parsed header object): the reply's chunks are collected and read whole. Its
 * types are written here, so the file compiles without undici's or Node's.
 * The time limit and the signals end a call by aborting its request, which
 * closes its connection. What the request carries (method, path, headers,
 * body) is the runtime's, as for the other transports; undici frames it
 * (`host`, `connection: keep-alive`, `content-length`). Redirects are not
 * followed: a 3xx reply is an `HttpError`.
 */
import { encodeBase64 } from '../xsd/base64.js';
import { NetworkError, TimeoutError, type CallSite } from './errors.js';
import { concat, decode, MAX_TIMER_MS } from './node-reply.js';
import type { RequestHeaders } from './outgoing-request.js';
import { receivedReply, type ReceivedReply } from './received-reply.js';
import type { Sender } from './sender.js';

/** What the client needs of an undici (7) dispatcher: `dispatch` with a handler of the classic kind. */
export interface Dispatching {
  dispatch(options: DispatchOptions, handler: DispatchHandler): unknown;
}

interface DispatchOptions {
  readonly origin: string;
  readonly path: string;
  readonly method: string;
  readonly headers: RequestHeaders;
  readonly body: string | Uint8Array | undefined;
}

/** A header's name or value as undici hands it: a Node `Buffer`. */
interface RawHeader {
  readonly length: number;
  readonly [index: number]: number;
  toString(encoding: 'latin1'): string;
}

/**
 * Whether a header's name is `lowerName` (lower case letters and `-`), in any case, read from its bytes: ORing
 * 0x20 lowers a letter and leaves `-`; a name's other bytes (token characters) never become one of these.
 */
function isNamed(name: RawHeader, lowerName: string): boolean {
  if (name.length !== lowerName.length) return false;
  for (let i = 0; i < lowerName.length; i++) if ((name[i]! | 0x20) !== lowerName.charCodeAt(i)) return false;
  return true;
}

interface DispatchHandler {
  onConnect(abort: (reason?: unknown) => void): void;
  onHeaders(statusCode: number, rawHeaders: readonly RawHeader[], resume: () => void, statusText: string): boolean;
  onData(chunk: Uint8Array): boolean;
  onComplete(trailers: unknown): void;
  onError(error: unknown): void;
}

/** The parts of the `undici` module used here. */
export interface UndiciModule {
  readonly Pool: new (
    origin: string,
    options: { keepAliveTimeout: number; keepAliveTimeoutThreshold: number },
  ) => Dispatching;
}

/** A dispatcher of the client's own for `endpoint`'s origin. */
export function ownPool(undici: UndiciModule, endpoint: URL): Dispatching {
  return new undici.Pool(endpoint.origin, { keepAliveTimeout: 5_000, keepAliveTimeoutThreshold: 1_000 });
}

export function undiciSender(dispatcher: Dispatching, endpoint: URL): Sender {
  const origin = endpoint.origin;
  const { username, password } = endpoint;
  // As node:http sends the URL's credentials: Basic, unless the headers hold an Authorization of their own.
  const basic =
    username === '' && password === ''
      ? undefined
      : `Basic ${encodeBase64(new TextEncoder().encode(`${decodeURIComponent(username)}:${decodeURIComponent(password)}`))}`;
  // Every URL a client calls is its endpoint's, but for the path and query: what precedes them is cut.
  const originLength = endpoint.href.length - (endpoint.pathname.length + endpoint.search.length);
  return (request, site, timeoutMs, clientSignal, callSignal) => {
    if (clientSignal?.aborted) return Promise.reject(clientSignal.reason as unknown);
    if (callSignal?.aborted) return Promise.reject(callSignal.reason as unknown);
    const { url, method, body } = request;
    let headers = request.headers;
    if (basic !== undefined && !Object.keys(headers).some((name) => name.toLowerCase() === 'authorization')) {
      headers = { ...headers, Authorization: basic };
    }
    const path = url.slice(originLength);
    if (typeof body !== 'object') {
      const options: DispatchOptions = { origin, path, method, headers, body };
      return exchange(dispatcher, options, url, site, timeoutMs, clientSignal, callSignal);
    }
    // A multipart body, written as fetch writes it (its boundary in its Content-Type).
    const form = new Response(body);
    const contentType = form.headers.get('content-type')!;
    return form.arrayBuffer().then((bytes) => {
      const options: DispatchOptions = {
        origin,
        path,
        method,
        headers: { ...headers, 'Content-Type': contentType },
        body: new Uint8Array(bytes),
      };
      return exchange(dispatcher, options, url, site, timeoutMs, clientSignal, callSignal);
    });
  };
}

function exchange(
  dispatcher: Dispatching,
  options: DispatchOptions,
  url: string,
  site: CallSite,
  timeoutMs: number,
  clientSignal: AbortSignal | undefined,
  callSignal: AbortSignal | undefined,
): Promise<ReceivedReply> {
  return new Promise((resolve, reject) => {
    const call = new Exchange(resolve, reject, url, site, clientSignal, callSignal);
    if (timeoutMs <= MAX_TIMER_MS) call.timer = setTimeout(call.timeOut, timeoutMs, timeoutMs);
    clientSignal?.addEventListener('abort', call.onAbort);
    callSignal?.addEventListener('abort', call.onAbort);
    try {
      dispatcher.dispatch(options, call);
    } catch (error) {
      call.onError(error);
    }
  });
}

/** One call: the handler undici reports to, and the settling of the call's promise. */
class Exchange implements DispatchHandler {
  timer: ReturnType<typeof setTimeout> | undefined;
  private settled = false;
  private abort: ((reason?: unknown) => void) | undefined;
  private status = 0;
  private contentType: string | undefined;
  private coding: string | undefined;
  private setCookies: string[] | undefined;
  private readonly chunks: Uint8Array[] = [];
  private length = 0;

  constructor(
    private readonly resolve: (reply: ReceivedReply) => void,
    private readonly reject: (reason: unknown) => void,
    private readonly url: string,
    private readonly site: CallSite,
    private readonly clientSignal: AbortSignal | undefined,
    private readonly callSignal: AbortSignal | undefined,
  ) {}

  onConnect(abort: (reason?: unknown) => void): void {
    // A call that ended while its request waited for a connection is not sent.
    if (this.settled) abort(new Error('The call has ended.'));
    else this.abort = abort;
  }

  onHeaders(statusCode: number, rawHeaders: readonly RawHeader[]): boolean {
    this.status = statusCode;
    for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
      const name = rawHeaders[i]!;
      // Only three names are looked at, by their bytes: no other header is decoded.
      if (isNamed(name, 'set-cookie')) {
        (this.setCookies ??= []).push(rawHeaders[i + 1]!.toString('latin1'));
      } else if (isNamed(name, 'content-type')) {
        if (this.contentType === undefined) this.contentType = rawHeaders[i + 1]!.toString('latin1');
      } else if (isNamed(name, 'content-encoding')) {
        const value = rawHeaders[i + 1]!.toString('latin1');
        this.coding = this.coding === undefined ? value : `${this.coding}, ${value}`;
      }
    }
    return true;
  }

  onData(chunk: Uint8Array): boolean {
    this.chunks.push(chunk);
    this.length += chunk.byteLength;
    return true;
  }

  onComplete(): void {
    if (this.settled) return;
    const chunks = this.chunks;
    const bytes = chunks.length === 1 ? chunks[0]! : concat(chunks, this.length);
    const coding = this.coding;
    if (coding === undefined || /^\s*identity\s*$/i.test(coding)) {
      this.settle();
      this.resolve(receivedReply(this.status, this.contentType, bytes, this.setCookies));
      return;
    }
    decode(bytes, coding).then(
      (decoded) => {
        if (this.settled) return;
        this.settle();
        this.resolve(receivedReply(this.status, this.contentType, decoded, this.setCookies));
      },
      (error: unknown) => this.onError(error),
    );
  }

  onError(error: unknown): void {
    this.stop(new NetworkError(this.site, this.url, error));
  }

  readonly timeOut = (timeoutMs: number): void => {
    this.stop(new TimeoutError(this.site, timeoutMs));
  };

  readonly onAbort = (event: Event): void => {
    this.stop((event.target as AbortSignal).reason);
  };

  /** Ends the call with `reason`, abandoning its request. */
  private stop(reason: unknown): void {
    if (this.settled) return;
    this.settle();
    this.abort?.(reason);
    this.reject(reason);
  }

  private settle(): void {
    this.settled = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.clientSignal?.removeEventListener('abort', this.onAbort);
    this.callSignal?.removeEventListener('abort', this.onAbort);
  }
}

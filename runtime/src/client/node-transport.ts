/**
 * The client's transport on Node. By default, and with `options.dispatcher`,
 * requests go over undici (`undici-transport.ts`). With `options.agent`
 * (deprecated), or where undici cannot be loaded, they go over `node:http` /
 * `node:https` (by the endpoint's protocol), through the agent given or one
 * keep-alive agent per client (Node's global agent's settings: idle
 * connections kept 5 s, or 1 s less than the server's `Keep-Alive: timeout`
 * hint): this module.
 *
 * The modules are imported on the first call, by a dynamic import of a
 * specifier bundlers do not follow, and their types are written here: this
 * file compiles and bundles without Node's (a browser never calls it). Where
 * they cannot be loaded, the client falls back to the global fetch.
 *
 * Over `node:http`, one call creates one `ClientRequest` and, for a time
 * limit, one timer: the limit, the signals and a failure all end the call by
 * destroying the request, which frees its connection. What every request
 * shares (host, port, agent; the headers, per operation) is prepared once.
 * The reply's body is read whole; a compressed body (only when the caller
 * asked for one with an `Accept-Encoding` header: none is sent otherwise) is
 * inflated as fetch would. Redirects are not followed, as .NET's proxies do
 * not: a 3xx reply is an `HttpError`.
 */
import type { HttpAgent, HttpDispatcher } from './client-options.js';
import { NetworkError, TimeoutError, type CallSite } from './errors.js';
import { concat, decode, headerValue, importModule, MAX_TIMER_MS } from './node-reply.js';
import type { RequestHeaders } from './outgoing-request.js';
import { receivedReply, type ReceivedReply } from './received-reply.js';
import type { Sender } from './sender.js';
import { ownPool, undiciSender, type Dispatching, type UndiciModule } from './undici-transport.js';

/** The parts of `node:http` and `node:https` used here. */
interface NodeHttpModule {
  readonly Agent: new (options: {
    keepAlive: boolean;
    scheduling: 'lifo' | 'fifo';
    timeout: number;
    noDelay: boolean;
  }) => HttpAgent;
  request(options: NodeRequestOptions, onResponse: (response: NodeIncomingMessage) => void): NodeClientRequest;
}

interface NodeRequestOptions {
  readonly protocol: string;
  readonly hostname: string;
  readonly port: string | undefined;
  readonly auth: string | undefined;
  readonly agent: HttpAgent;
  readonly method: string;
  readonly path: string;
  readonly headers: RequestHeaders;
}

interface NodeClientRequest {
  on(event: 'error', listener: (error: unknown) => void): unknown;
  setHeader(name: string, value: string): void;
  /** A string is sent in UTF-8. */
  end(body?: string | Uint8Array): void;
  destroy(): void;
}

interface NodeIncomingMessage {
  readonly statusCode?: number;
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  readonly complete: boolean;
  on(event: 'data', listener: (chunk: Uint8Array) => void): unknown;
  on(event: 'end' | 'close', listener: () => void): unknown;
  on(event: 'error', listener: (error: unknown) => void): unknown;
}

interface NodeBufferModule {
  readonly Buffer: { byteLength(text: string): number };
}

/**
 * The sender on Node: by undici, through `dispatcher` or a pool of the client's own; by `node:http` with
 * `agent`, or when undici cannot be loaded (a copy of the runtime whose application lacks it); by `fallback`
 * when neither can.
 *
 * @param agent the caller's agent (`node:http`'s or `node:https`'s, matching the endpoint)
 * @param dispatcher the caller's undici dispatcher
 */
export function nodeSender(
  endpoint: URL,
  agent: HttpAgent | undefined,
  dispatcher: HttpDispatcher | undefined,
  fallback: Sender,
): Sender {
  if (dispatcher !== undefined) return undiciSender(dispatcher as unknown as Dispatching, endpoint);
  let ready: Sender | undefined;
  let loading: Promise<Sender> | undefined;
  const load = async (): Promise<Sender> => {
    if (agent === undefined) {
      try {
        const undici = await importModule<UndiciModule>('undici');
        return undiciSender(ownPool(undici, endpoint), endpoint);
      } catch {
        // Not installed beside a copy of the runtime: node:http then.
      }
    }
    let http: NodeHttpModule;
    let buffer: NodeBufferModule;
    try {
      [http, buffer] = await Promise.all([
        importModule<NodeHttpModule>(endpoint.protocol === 'https:' ? 'node:https' : 'node:http'),
        importModule<NodeBufferModule>('node:buffer'),
      ]);
    } catch (error) {
      if (agent === undefined) return fallback;
      throw new TypeError(`The agent option needs node:http, which this runtime cannot load.`, { cause: error });
    }
    return connectedSender(http, buffer.Buffer, endpoint, agent);
  };
  return (request, site, timeoutMs, clientSignal, callSignal) => {
    if (ready !== undefined) return ready(request, site, timeoutMs, clientSignal, callSignal);
    loading ??= load().then((sender) => (ready = sender));
    return loading.then((sender) => sender(request, site, timeoutMs, clientSignal, callSignal));
  };
}

function connectedSender(
  http: NodeHttpModule,
  buffer: NodeBufferModule['Buffer'],
  endpoint: URL,
  given: HttpAgent | undefined,
): Sender {
  const agent = given ?? new http.Agent({ keepAlive: true, scheduling: 'lifo', timeout: 5_000, noDelay: true });
  const { protocol, username, password } = endpoint;
  // An IPv6 literal without its brackets, as node:http wants it.
  const hostname = endpoint.hostname.startsWith('[') ? endpoint.hostname.slice(1, -1) : endpoint.hostname;
  const port = endpoint.port === '' ? undefined : endpoint.port;
  const auth =
    username === '' && password === '' ? undefined : `${decodeURIComponent(username)}:${decodeURIComponent(password)}`;
  // Every URL a client calls is its endpoint's, but for the path and query: what precedes them is cut.
  const originLength = endpoint.href.length - (endpoint.pathname.length + endpoint.search.length);
  return (request, site, timeoutMs, clientSignal, callSignal) => {
    if (clientSignal?.aborted) return Promise.reject(clientSignal.reason as unknown);
    if (callSignal?.aborted) return Promise.reject(callSignal.reason as unknown);
    const { url, method, body } = request;
    // Written out, not spread: V8 builds a spread object with more properties much more slowly.
    const options: NodeRequestOptions = {
      protocol,
      hostname,
      port,
      auth,
      agent,
      method,
      path: url.slice(originLength),
      headers: request.headers,
    };
    if (typeof body !== 'object') {
      const length = body === undefined ? undefined : buffer.byteLength(body);
      return exchange(http, options, body, length, undefined, url, site, timeoutMs, clientSignal, callSignal);
    }
    // A multipart body, written as fetch writes it (its boundary in its Content-Type).
    const form = new Response(body);
    const contentType = form.headers.get('content-type')!;
    return form.arrayBuffer().then((bytes) => {
      const length = bytes.byteLength;
      return exchange(
        http,
        options,
        new Uint8Array(bytes),
        length,
        contentType,
        url,
        site,
        timeoutMs,
        clientSignal,
        callSignal,
      );
    });
  };
}

/** One request and its whole reply. */
function exchange(
  http: NodeHttpModule,
  options: NodeRequestOptions,
  body: string | Uint8Array | undefined,
  contentLength: number | undefined,
  contentType: string | undefined,
  url: string,
  site: CallSite,
  timeoutMs: number,
  clientSignal: AbortSignal | undefined,
  callSignal: AbortSignal | undefined,
): Promise<ReceivedReply> {
  return new Promise<ReceivedReply>((resolve, reject) => {
    let settled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = () => {
      settled = true;
      if (timer !== undefined) clearTimeout(timer);
      clientSignal?.removeEventListener('abort', onAbort);
      callSignal?.removeEventListener('abort', onAbort);
    };
    /** Ends the call with `reason`, abandoning the request. */
    const stop = (reason: unknown) => {
      if (settled) return;
      settle();
      request.destroy();
      reject(reason);
    };
    const fail = (error: unknown) => stop(new NetworkError(site, url, error));
    function onAbort(this: AbortSignal) {
      stop(this.reason);
    }

    const request = http.request(options, (response) => {
      const chunks: Uint8Array[] = [];
      let length = 0;
      response.on('data', (chunk) => {
        chunks.push(chunk);
        length += chunk.byteLength;
      });
      response.on('error', fail);
      response.on('close', () => {
        if (!response.complete) fail(new Error('The connection closed before the whole reply arrived.'));
      });
      response.on('end', () => {
        if (settled) return;
        const bytes = chunks.length === 1 ? chunks[0]! : concat(chunks, length);
        const contentType = headerValue(response.headers['content-type']);
        const coding = headerValue(response.headers['content-encoding']);
        const setCookies = response.headers['set-cookie'] as readonly string[] | undefined;
        if (coding === undefined || /^\s*identity\s*$/i.test(coding)) {
          settle();
          resolve(receivedReply(response.statusCode ?? 0, contentType, bytes, setCookies));
          return;
        }
        decode(bytes, coding).then((decoded) => {
          if (settled) return;
          settle();
          resolve(receivedReply(response.statusCode ?? 0, contentType, decoded, setCookies));
        }, fail);
      });
    });
    request.on('error', fail);
    if (contentType !== undefined) request.setHeader('Content-Type', contentType);
    if (contentLength !== undefined) request.setHeader('Content-Length', String(contentLength));
    if (timeoutMs <= MAX_TIMER_MS) timer = setTimeout(() => stop(new TimeoutError(site, timeoutMs)), timeoutMs);
    clientSignal?.addEventListener('abort', onAbort);
    callSignal?.addEventListener('abort', onAbort);
    request.end(body);
  });
}

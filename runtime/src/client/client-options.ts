/**
 * What a client and each of its calls can be told, and the checks that
 * apply before anything is sent: the endpoint URL, a transport the service
 * enables, a time limit.
 */
import type { ServiceDescription, Transport } from '../service-description.js';
import { runsOnNode } from './runs-on-node.js';

/**
 * How a client's calls travel: a transport of the service's bindings, or `json`, the JSON calls of a
 * `[ScriptService]` (ASP.NET AJAX; `json-call.ts`), which no WSDL lists.
 */
export type ClientTransport = Transport | 'json';

/** A file to upload with an operation that takes no parameters (sent as `multipart/form-data` over HttpPost). */
export interface ClientFile {
  /** The form field name; default `file`. */
  field?: string;
  filename: string;
  /** The part's `Content-Type` (lower-cased, as `Blob` types are). */
  contentType: string;
  data: Uint8Array | Blob;
}

/** The input of an operation that takes no parameters: files to upload over HttpPost. */
export interface ClientUpload {
  files?: readonly ClientFile[];
}

/** A `fetch`: the global one, or one of your own (a proxy agent, a test double). */
export type FetchFunction = (url: string, init: RequestInit) => Promise<Response>;

/** What a client and a single call share; a call's own setting wins. */
export interface CommonCallOptions<T extends ClientTransport = ClientTransport> {
  /** How calls travel; only the transports the service enables. */
  transport?: T;
  /** Time allowed for the whole call, reply body included; `Infinity` for none. Default 100 s (.NET proxies'). */
  timeoutMs?: number;
  /** Aborts calls; a call aborted rejects with the signal's `reason`. */
  signal?: AbortSignal;
  /** Extra request headers (authentication, tracing). `Content-Type` and `SOAPAction` are the transport's. */
  headers?: Readonly<Record<string, string>>;
  /**
   * SOAP headers (`[SoapHeader]`) to send, keyed by the service's field name (`{ ticket: { Token: 'abc' } }`):
   * those the operation declares In or InOut are written; a call's own entries win over the client's.
   */
  soapHeaders?: object;
}

/**
 * A `node:http` `Agent` (for an `http:` URL) or `node:https` `Agent` (for an
 * `https:` one): typed by what the client needs of it, so the client compiles
 * without Node's types.
 */
export interface HttpAgent {
  destroy(): void;
}

/**
 * An undici `Dispatcher` (undici 7: `Agent`, `Pool`, `Client`, `ProxyAgent`, or one composed with interceptors):
 * typed loosely, so the client compiles without undici's types. The client calls its `dispatch`.
 */
export interface HttpDispatcher {
  dispatch(options: never, handler: never): unknown;
}

/**
 * A cookie jar a client keeps its cookies in: tough-cookie's `CookieJar`, or anything with these two methods. Give
 * several clients one jar to share their cookies (one session), or read it to see them.
 */
export interface ClientCookieJar {
  /** The `Cookie` header's value for a request to `url` (`''` for none). */
  getCookieString(url: string): Promise<string>;
  /** Keeps the cookie of a `Set-Cookie` header a reply from `url` carried; may reject for one it refuses. */
  setCookie(cookie: string, url: string): Promise<unknown>;
}

export interface ClientOptions<T extends ClientTransport = ClientTransport> extends CommonCallOptions<T> {
  /** The `.asmx` endpoint; default the address the service's WSDL names. */
  url?: string;
  /**
   * Send every call with this `fetch`. Default: on Node, undici (see `dispatcher`); elsewhere (browsers) the
   * global `fetch`.
   */
  fetch?: FetchFunction;
  /**
   * Node only, not with `fetch` or `agent`: the undici dispatcher calls go through (a proxy, TLS options such as
   * a client certificate, a limit on connections). Default: an undici `Pool` of the client's own for the
   * endpoint's origin, keeping connections alive.
   */
  dispatcher?: HttpDispatcher;
  /**
   * @deprecated Pass an undici `dispatcher` instead. Node only, not with `fetch` or `dispatcher`: calls go over
   * `node:http` / `node:https` through this agent (of `node:https` for an `https:` URL, of `node:http`
   * otherwise), as before undici.
   */
  agent?: HttpAgent;
  /**
   * Node only: keep the cookies the service sets (its `ASP.NET_SessionId`, so `enableSession` operations keep
   * their session) and send them back with the calls they apply to, over every transport. `true` keeps them in a
   * jar of the client's own, `false` keeps none, a `ClientCookieJar` (tough-cookie's `CookieJar`) keeps them there.
   * Default: `true` for a service with `enableSession` operations, else `false`. In browsers the browser keeps the
   * cookies (of the page's origin) whatever this says.
   */
  cookies?: boolean | ClientCookieJar;
}

export interface CallOptions<T extends ClientTransport = ClientTransport> extends CommonCallOptions<T> {
  /**
   * Filled with the reply's Out and InOut SOAP headers, keyed by field, once the call has returned
   * (`const outHeaders = {}; await client.Renew(input, { outHeaders }); outHeaders.trace`).
   */
  outHeaders?: object;
}

export const DEFAULT_TIMEOUT_MS = 100_000;

export interface ResolvedClientOptions {
  /** The endpoint, without a trailing `/` or a fragment. */
  readonly endpoint: URL;
  readonly transport: ClientTransport;
  readonly timeoutMs: number;
  readonly signal: AbortSignal | undefined;
  readonly headers: Readonly<Record<string, string>>;
  readonly soapHeaders: Readonly<Record<string, unknown>>;
  /** The `fetch` given; `undefined` for the runtime's default transport. */
  readonly fetch: FetchFunction | undefined;
  readonly agent: HttpAgent | undefined;
  readonly dispatcher: HttpDispatcher | undefined;
  /** Where the client keeps cookies: a jar given, `true` for one of its own, `false` for none. */
  readonly cookies: ClientCookieJar | boolean;
}

/** Checks a client's options; throws `TypeError` for one that cannot work. */
export function resolveClientOptions(
  service: ServiceDescription,
  defaultUrl: string,
  options: ClientOptions,
): ResolvedClientOptions {
  if (options.fetch !== undefined && options.agent !== undefined) {
    throw new TypeError('Pass `fetch` or `agent`, not both: an agent is for the node:http transport.');
  }
  if (options.fetch !== undefined && options.dispatcher !== undefined) {
    throw new TypeError('Pass `fetch` or `dispatcher`, not both: a dispatcher is for the undici transport.');
  }
  if (options.agent !== undefined && options.dispatcher !== undefined) {
    throw new TypeError('Pass `dispatcher` or `agent`, not both (`agent` is the deprecated node:http one).');
  }
  if (
    options.dispatcher !== undefined &&
    typeof (options.dispatcher as { dispatch?: unknown }).dispatch !== 'function'
  ) {
    throw new TypeError('`dispatcher` must be an undici Dispatcher (an object with a dispatch method).');
  }
  if (options.fetch !== undefined && typeof options.fetch !== 'function') {
    throw new TypeError('`fetch` must be a function.');
  }
  if (options.agent !== undefined && !runsOnNode()) {
    throw new TypeError('`agent` is for Node (node:http), and this runtime is not Node.');
  }
  if (options.dispatcher !== undefined && !runsOnNode()) {
    throw new TypeError('`dispatcher` is for Node (undici), and this runtime is not Node.');
  }
  if (options.fetch === undefined && !runsOnNode() && typeof globalThis.fetch !== 'function') {
    throw new TypeError('There is no global fetch: pass one as `fetch`.');
  }
  return {
    endpoint: endpointOf(options.url ?? defaultUrl),
    transport: checkTransport(service, options.transport ?? defaultTransport(service)),
    timeoutMs: checkTimeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    signal: options.signal,
    headers: options.headers ?? {},
    soapHeaders: (options.soapHeaders ?? {}) as Readonly<Record<string, unknown>>,
    fetch: options.fetch,
    agent: options.agent,
    dispatcher: options.dispatcher,
    cookies: checkCookies(service, options.cookies),
  };
}

/** `options.cookies`, checked; by default, on for a service with `enableSession` operations. */
function checkCookies(service: ServiceDescription, cookies: ClientOptions['cookies']): ClientCookieJar | boolean {
  if (cookies === undefined) return service.operations.some((op) => op.enableSession === true);
  if (typeof cookies === 'boolean') return cookies;
  if (
    typeof cookies !== 'object' ||
    cookies === null ||
    typeof cookies.getCookieString !== 'function' ||
    typeof cookies.setCookie !== 'function'
  ) {
    throw new TypeError('`cookies` must be true, false or a cookie jar (with getCookieString and setCookie).');
  }
  return cookies;
}

/**
 * SOAP 1.1 when the service enables it, else its first transport; `json` for a service XmlSerializer cannot reflect
 * (`reflectionError`), which answers nothing else.
 */
function defaultTransport(service: ServiceDescription): ClientTransport {
  if (service.reflectionError !== undefined) return 'json';
  const first = service.transports.includes('soap11') ? 'soap11' : service.transports[0];
  if (first === undefined) throw new TypeError(`${service.name} enables no transport.`);
  return first;
}

export function checkTransport(service: ServiceDescription, transport: ClientTransport): ClientTransport {
  if (service.reflectionError !== undefined && transport !== 'json') {
    throw new TypeError(
      `${service.name} takes JSON calls only (transport "json"): XmlSerializer cannot reflect it ` +
        `(${service.reflectionError.join(' ---> ')}), so it answers no ${transport} call.`,
    );
  }
  if (transport === 'json') {
    if (service.scriptService === true) return transport;
    throw new TypeError(
      `${service.name} is no [ScriptService] (scriptService: true), so it takes no JSON calls; ` +
        `it enables ${service.transports.join(', ')}.`,
    );
  }
  if (!service.transports.includes(transport)) {
    throw new TypeError(
      `${service.name} does not enable the transport ${JSON.stringify(transport)}; ` +
        `it enables ${service.transports.join(', ')}.`,
    );
  }
  return transport;
}

export function checkTimeout(timeoutMs: number): number {
  if (typeof timeoutMs !== 'number' || !(timeoutMs > 0)) {
    throw new TypeError(`timeoutMs must be a positive number of milliseconds (or Infinity); got ${String(timeoutMs)}.`);
  }
  return timeoutMs;
}

function endpointOf(url: string): URL {
  let endpoint: URL;
  try {
    endpoint = new URL(url);
  } catch {
    throw new TypeError(`The service URL ${JSON.stringify(url)} is not an absolute URL.`);
  }
  if (endpoint.protocol !== 'http:' && endpoint.protocol !== 'https:') {
    throw new TypeError(`The service URL ${JSON.stringify(url)} is not an http: or https: URL.`);
  }
  endpoint.hash = '';
  if (endpoint.pathname.length > 1) endpoint.pathname = endpoint.pathname.replace(/\/+$/, '');
  return endpoint;
}

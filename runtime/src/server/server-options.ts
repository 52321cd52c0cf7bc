/**
 * What a handler sees of a call, and what a server can be told. Defaults are
 * ASMX's where ASMX has one.
 */
import { hostZone, type HostZone } from '../values/host-zone.js';
import type { UploadedFile } from '../http/multipart.js';
import type { CallTransport } from '../service-description.js';
import type { SoapFaultCode } from '../soap/soap-fault.js';
import { DEFAULT_MAX_XML_DEPTH } from '../xml/xml-reader.js';
import { HandlerDeadlines } from './handler-deadlines.js';
import type { Session, SessionSettings } from '../session/call-session.js';
import { memorySessionStore } from '../session/memory-session-store.js';
import { redisSessionStore } from '../session/redis-session-store.js';
import type { SessionStore } from '../session/session-store.js';

export type { CallTransport };

/**
 * `signal` and `remoteAddress` are worked out when read (accessors), so a
 * copy made with `{ ...ctx }` leaves them out: read them by name.
 */
export interface CallContext {
  /** The transport the call came by (`json` for a `[ScriptService]`'s JSON call). */
  transport: CallTransport;
  /** The operation's name. */
  operation: string;
  /** The request's headers, names in lower case. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  remoteAddress: string | undefined;
  /**
   * The operation's In and InOut SOAP headers (`[SoapHeader]`), keyed by field, as the request carried them
   * (absent when it did not). Empty over HTTP GET/POST.
   */
  soapHeaders: object;
  /**
   * The operation's Out and InOut SOAP headers for the reply, keyed by field: set a field to send it. An InOut
   * header starts as the request carried it, so it goes back unless changed or deleted (as the ASMX field does).
   */
  outHeaders: object;
  /** Aborts when the client goes away, or when the handler runs out of time (`handlerTimeoutMs`). */
  signal: AbortSignal;
  /**
   * HttpPost calls of an operation without parameters: the parts of a
   * `multipart/form-data` body; any other body but a form, as one file
   * (`field` and `filename` empty, the request's content type). Empty otherwise.
   */
  files: readonly UploadedFile[];
  /**
   * Sets a header of the reply to this call, replacing one set before under the same name (in any case) and
   * the server's own (`Cache-Control`). Not `Content-Type` nor the framing headers (`Content-Length`,
   * `Transfer-Encoding`, `Connection`, `Keep-Alive`, `Upgrade`, `Trailer`): the wire decides those. The
   * header goes with whatever reply the call gets, a fault too. Throws a `TypeError` for a name that is no
   * HTTP token or a value with a character HTTP does not allow (a line break).
   */
  setHeader(name: string, value: string | readonly string[]): void;
  /** Adds a `Set-Cookie` header to the reply to this call. Throws a `TypeError` for a name, value or option a cookie cannot carry. */
  setCookie(name: string, value: string, options?: CookieOptions): void;
  /**
   * The ASP.NET session of an operation with `enableSession` (`[WebMethod(EnableSession = true)]`); `undefined`
   * for the others, which take no part in it. See `Session`.
   */
  session?: Session;
}

/** The context of an `enableSession` operation's handler: `ctx.session` is there. */
export interface SessionContext {
  session: Session;
}

/** The attributes of a cookie set with `ctx.setCookie`: each is written only when given. */
export interface CookieOptions {
  domain?: string;
  /** Default: none (the browser's default, the request path's folder). */
  path?: string;
  expires?: Date;
  /** Seconds; 0 or less deletes the cookie. */
  maxAge?: number;
  secure?: boolean;
  httpOnly?: boolean;
  sameSite?: 'Strict' | 'Lax' | 'None';
}

/**
 * One call, as `onCall` is told of it once its reply is ready: every request to the service's endpoint
 * that is a call (SOAP, HTTP GET or POST), not requests for documents.
 *
 * - `operation`, `transport`: `undefined` when the request was refused before they were known (a SOAP
 *   request that does not parse names neither).
 * - `outcome`: `ok` (the handler returned and its result was written), `fault` (it threw a `SoapFault`),
 *   `error` (it threw anything else, timed out, or returned what cannot be written: answered with
 *   `Server was unable to process request.`), `rejected` (the request was refused before a handler was
 *   called: bad XML, an unknown operation, a parameter that does not bind, a body too large…), `aborted`
 *   (the client went away first).
 * - `fault`: for `fault`, the fault's code and message as sent; for `error`, `Server` and the thrown error's
 *   own message (which the reply carries only with `exposeErrors`). `undefined` otherwise.
 * - `status`: the reply's HTTP status; `undefined` when `aborted`.
 * - `durationMs`: from the request's routing to its reply being ready (its writing not included).
 */
export interface CallRecord {
  readonly operation: string | undefined;
  readonly transport: CallTransport | undefined;
  readonly outcome: 'ok' | 'fault' | 'error' | 'rejected' | 'aborted';
  readonly fault: { readonly code: SoapFaultCode; readonly message: string } | undefined;
  readonly status: number | undefined;
  readonly durationMs: number;
}

export interface ServerOptions {
  /** Largest request body read, in bytes; a larger one is a fault and closes the connection. Default 4 MiB (ASMX's 4096 KB). */
  maxRequestBytes?: number;
  /** Deepest element nesting of a SOAP request. Default 64. */
  maxXmlDepth?: number;
  /** `createServiceServer`: time allowed to receive a request's headers (slowloris protection). Default 20 s. */
  headersTimeoutMs?: number;
  /** `createServiceServer`: time allowed to receive a whole request. Default 120 s. */
  requestTimeoutMs?: number;
  /**
   * After a reply sent before the request's body was read to its end (over the size limit, a refused content
   * type, a request Node's HTTP parser refuses), how long what the client still sends is read and dropped, so
   * that the reply reaches it, before the connection is closed. Default 30 s (nginx's `lingering_time`).
   */
  lingerTimeoutMs?: number;
  /** How many bytes of it are read and dropped at most; a client still sending then is cut off. Default 32 MiB. */
  maxLingerBytes?: number;
  /** A handler that has not settled by then is answered with a Server fault, and its `signal` aborts. Default 110 s (ASP.NET's executionTimeout). */
  handlerTimeoutMs?: number;
  /** Take the scheme and host of the addresses in served documents from `X-Forwarded-Proto` and `X-Forwarded-Host`. */
  trustProxy?: boolean;
  /** Append the thrown error's message to `Server was unable to process request.` (never a stack trace). */
  exposeErrors?: boolean;
  /**
   * ASP.NET's request validation of HTTP GET query values and HTTP POST form values: a call with a value holding
   * `<` before a letter, `!` or a control character, or `&#`, is refused with a 500 `A potentially dangerous
   * Request.QueryString value was detected from the client (…).` before its handler is called. Default `true`, as
   * ASP.NET 4 (`requestValidationMode` 4.0); `false` for a service that ran with `requestValidationMode="2.0"` or on
   * .NET 2.0/3.5, which let such values reach the service. SOAP is never validated.
   */
  validateRequest?: boolean;
  /**
   * Called with every error a handler throws other than a `SoapFault`, with a result not of its type, and with a
   * handler timeout. Default: each is reported on stderr with its operation, transport and stack.
   */
  onError?: (error: unknown, ctx: CallContext) => void;
  /**
   * Called once per call, when its reply is ready, for logs and metrics (see `CallRecord`). Its errors are
   * ignored. Without it, calls are not timed at all.
   */
  onCall?: (record: CallRecord) => void;
  /**
   * Where `enableSession` operations keep their sessions: a `SessionStore` (`memorySessionStore()`,
   * `redisSessionStore(url)`, or one of your own), or a `redis://` URL. Default: this process's memory, which
   * serves one process only: several processes or hosts serving one service need a store they share.
   */
  sessionStore?: SessionStore | string;
  /** Minutes a session lives after the last call that used it (ASP.NET's `<sessionState timeout>`). Default 20. */
  sessionTimeout?: number;
  /**
   * The time zone of the machine the service ran on, which JSON calls (`[ScriptService]`) depend on: a `DateTime`
   * without a zone is written as the instant its time is there, and a date string with a zone is read as a local
   * time of it. An IANA name (`Asia/Kolkata`), `UTC`, an offset (`+05:30`), or `local`. Default `local`: this
   * process's own (`TZ`), as .NET takes the machine's.
   */
  timeZone?: string;
}

export interface ResolvedOptions {
  readonly maxRequestBytes: number;
  readonly maxXmlDepth: number;
  readonly headersTimeoutMs: number;
  readonly requestTimeoutMs: number;
  readonly handlerTimeoutMs: number;
  readonly lingerTimeoutMs: number;
  readonly maxLingerBytes: number;
  readonly trustProxy: boolean;
  readonly exposeErrors: boolean;
  readonly validateRequest: boolean;
  readonly onError: ((error: unknown, ctx: CallContext) => void) | undefined;
  readonly onCall: ((record: CallRecord) => void) | undefined;
  /** The calls waiting for a handler's promise, against `handlerTimeoutMs`: one list and one timer per server. */
  readonly handlerDeadlines: HandlerDeadlines;
  /** The sessions of `enableSession` operations. */
  readonly sessions: SessionSettings;
  /** `timeZone`. */
  readonly zone: HostZone;
  /** The session store made from a `redis://` URL: the server closes it when it closes. */
  readonly ownedSessionStore: SessionStore | undefined;
}

export const DEFAULT_MAX_REQUEST_BYTES = 4 * 1024 * 1024;
export const DEFAULT_LINGER_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_LINGER_BYTES = 32 * 1024 * 1024;

export function resolveOptions(options: ServerOptions = {}): ResolvedOptions {
  const handlerTimeoutMs = positive(options.handlerTimeoutMs, 110_000, 'handlerTimeoutMs');
  return {
    maxRequestBytes: positive(options.maxRequestBytes, DEFAULT_MAX_REQUEST_BYTES, 'maxRequestBytes'),
    maxXmlDepth: positive(options.maxXmlDepth, DEFAULT_MAX_XML_DEPTH, 'maxXmlDepth'),
    headersTimeoutMs: positive(options.headersTimeoutMs, 20_000, 'headersTimeoutMs'),
    requestTimeoutMs: positive(options.requestTimeoutMs, 120_000, 'requestTimeoutMs'),
    handlerTimeoutMs,
    lingerTimeoutMs: positive(options.lingerTimeoutMs, DEFAULT_LINGER_TIMEOUT_MS, 'lingerTimeoutMs'),
    maxLingerBytes: positive(options.maxLingerBytes, DEFAULT_MAX_LINGER_BYTES, 'maxLingerBytes'),
    trustProxy: options.trustProxy ?? false,
    exposeErrors: options.exposeErrors ?? false,
    validateRequest: options.validateRequest ?? true,
    onError: options.onError,
    onCall: options.onCall,
    handlerDeadlines: new HandlerDeadlines(handlerTimeoutMs),
    zone: hostZone(options.timeZone),
    ...resolveSessions(options, handlerTimeoutMs),
  };
}

/** ASP.NET's default session timeout, in minutes. */
export const DEFAULT_SESSION_TIMEOUT = 20;

function resolveSessions(
  options: ServerOptions,
  handlerTimeoutMs: number,
): Pick<ResolvedOptions, 'sessions' | 'ownedSessionStore'> {
  const minutes = positive(options.sessionTimeout, DEFAULT_SESSION_TIMEOUT, 'sessionTimeout');
  const given = options.sessionStore;
  let store: SessionStore;
  let owned: SessionStore | undefined;
  if (given === undefined) store = memorySessionStore();
  else if (typeof given === 'string') {
    try {
      store = owned = redisSessionStore(given);
    } catch (error) {
      throw new TypeError(`ServerOptions.sessionStore: ${(error as Error).message}`);
    }
  } else if (typeof given === 'object' && given !== null && typeof given.get === 'function') store = given;
  else throw new TypeError('ServerOptions.sessionStore must be a SessionStore or a redis:// URL.');
  // A session's lock is taken over once older than ASP.NET's executionTimeout: the handler's time limit.
  return {
    sessions: { store, timeoutMs: minutes * 60_000, lockTimeoutMs: handlerTimeoutMs },
    ownedSessionStore: owned,
  };
}

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!(typeof value === 'number' && value > 0))
    throw new TypeError(`ServerOptions.${name} must be a positive number.`);
  return value;
}

/**
 * What a call rejects with, besides the `TypeError` of an argument the
 * client refuses before sending anything and the reason of an aborted
 * `signal`:
 *
 * - `SoapFaultError`: the service answered with a SOAP fault;
 * - `JsonFaultError`: a `[ScriptService]` answered a JSON call with its JSON
 *   error (`{"Message":…,"StackTrace":…,"ExceptionType":…}`, `jsonerror: true`);
 * - `HttpError`: any other reply that is not a success: a status other than
 *   200 (the HTTP GET/POST `500 text/plain` errors, a 400 or 415 with an
 *   empty body, a proxy's error page);
 * - `ProtocolError`: a 200 reply that is not what the operation returns (not
 *   XML, another element, a void HTTP reply with a body, a value that does
 *   not convert): never accepted silently;
 * - `TimeoutError`: no whole reply within `timeoutMs`;
 * - `NetworkError`: no reply at all (connection refused or reset, DNS).
 *
 * Messages never hold a stack trace, even when the service sent one (an
 * ASMX runtime with custom errors off does): the reply's text stays in the
 * error's fields. `instanceof` works across copies of the runtime (two
 * generated clients in one program each have theirs), as with `SoapFault`.
 */
import type { SoapFaultCode } from '../soap/soap-fault.js';
import type { ClientTransport } from './client-options.js';

/** Where an error happened: the operation called and the transport it went by. */
export interface CallSite {
  readonly operation: string;
  readonly transport: ClientTransport;
}

/** A reply, as the errors about it keep it. */
export interface ReplySummary {
  readonly status: number;
  /** The `Content-Type` header, as sent; `undefined` without one. */
  readonly contentType: string | undefined;
  /** The first KiB of the body, as text. */
  readonly body: string;
}

function branded(value: unknown, brand: symbol): boolean {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[brand] === true;
}

const SOAP_FAULT_ERROR = Symbol.for('asmxgen.SoapFaultError');
const HTTP_ERROR = Symbol.for('asmxgen.HttpError');
const PROTOCOL_ERROR = Symbol.for('asmxgen.ProtocolError');
const TIMEOUT_ERROR = Symbol.for('asmxgen.TimeoutError');
const NETWORK_ERROR = Symbol.for('asmxgen.NetworkError');
const JSON_FAULT_ERROR = Symbol.for('asmxgen.JsonFaultError');

/** The service answered with a SOAP fault (SOAP 1.1 or 1.2; HTTP 500 as ASMX sends it, or any other status). */
export class SoapFaultError extends Error {
  static override [Symbol.hasInstance](value: unknown): value is SoapFaultError {
    return branded(value, SOAP_FAULT_ERROR);
  }
  override readonly name = 'SoapFaultError';
  readonly [SOAP_FAULT_ERROR] = true;
  /**
   * The code, by its SOAP 1.1 name: SOAP 1.2's `Sender` is `Client`, `Receiver`
   * is `Server`; unknown codes are `Server`.
   */
  readonly code: SoapFaultCode;
  /** The code as the fault writes it: `soap:Client`, `soap:Sender`, ... */
  readonly rawCode: string;
  /** `faultstring` (SOAP 1.2: `Reason/Text`), whole; `message` is the same without a stack trace. */
  readonly reason: string;
  /** The text of the `detail` element; `undefined` when it is empty. */
  readonly detail: string | undefined;
  readonly status: number;
  readonly operation: string;
  readonly transport: ClientTransport;

  constructor(
    site: CallSite,
    status: number,
    fault: { code: SoapFaultCode; rawCode: string; message: string; detail: string | undefined },
  ) {
    super(withoutStackTrace(fault.message) || `${site.operation} failed with a ${fault.rawCode || 'SOAP'} fault.`);
    this.code = fault.code;
    this.rawCode = fault.rawCode;
    this.reason = fault.message;
    this.detail = fault.detail;
    this.status = status;
    this.operation = site.operation;
    this.transport = site.transport;
  }
}

/**
 * A `[ScriptService]`'s JSON error (ASP.NET AJAX's `RestHandler`): a reply other than 200 whose JSON body is an
 * object with a `Message` string, what .NET sends with `jsonerror: true`. A service with `customErrors` on (the
 * default for remote callers) says `There was an error processing the request.` and leaves the rest empty.
 */
export class JsonFaultError extends Error {
  static override [Symbol.hasInstance](value: unknown): value is JsonFaultError {
    return branded(value, JSON_FAULT_ERROR);
  }
  override readonly name = 'JsonFaultError';
  readonly [JSON_FAULT_ERROR] = true;
  /** `ExceptionType`, the .NET exception's full type name; `''` when the service hides it. */
  readonly exceptionType: string;
  /** `StackTrace`, as sent: kept here, never in `message`. */
  readonly stackTrace: string;
  readonly status: number;
  readonly contentType: string | undefined;
  /** The first KiB of the body, as text. */
  readonly body: string;
  readonly operation: string;
  readonly transport: ClientTransport;

  constructor(
    site: CallSite,
    reply: ReplySummary,
    error: { message: string; exceptionType: string; stackTrace: string },
  ) {
    super(withoutStackTrace(error.message) || describeReply(site, reply));
    this.exceptionType = error.exceptionType;
    this.stackTrace = error.stackTrace;
    this.status = reply.status;
    this.contentType = reply.contentType;
    this.body = reply.body;
    this.operation = site.operation;
    this.transport = site.transport;
  }
}

/**
 * A reply that is not a success and not a SOAP fault. Its message is the
 * body's text for a `text/plain` body (an HTTP GET/POST error: ASMX's
 * HTML-encoded message, decoded), otherwise the status.
 */
export class HttpError extends Error {
  static override [Symbol.hasInstance](value: unknown): value is HttpError {
    return branded(value, HTTP_ERROR);
  }
  override readonly name = 'HttpError';
  readonly [HTTP_ERROR] = true;
  readonly status: number;
  readonly contentType: string | undefined;
  /** The first KiB of the body, as text. */
  readonly body: string;
  readonly operation: string;
  readonly transport: ClientTransport;

  constructor(site: CallSite, reply: ReplySummary, mediaType: string | undefined) {
    const text = mediaType === 'text/plain' ? withoutStackTrace(decodeHtmlMessage(reply.body)) : '';
    super(text || describeReply(site, reply));
    this.status = reply.status;
    this.contentType = reply.contentType;
    this.body = reply.body;
    this.operation = site.operation;
    this.transport = site.transport;
  }
}

/** A 200 reply that is not what the operation returns. */
export class ProtocolError extends Error {
  static override [Symbol.hasInstance](value: unknown): value is ProtocolError {
    return branded(value, PROTOCOL_ERROR);
  }
  override readonly name = 'ProtocolError';
  readonly [PROTOCOL_ERROR] = true;
  readonly status: number;
  readonly contentType: string | undefined;
  /** The first KiB of the body, as text. */
  readonly body: string;
  readonly operation: string;
  readonly transport: ClientTransport;

  /** @param problem what is wrong with the reply, a sentence */
  constructor(site: CallSite, reply: ReplySummary, problem: string) {
    super(`The reply to ${site.operation} (${site.transport}) is not what the operation returns: ${problem}`);
    this.status = reply.status;
    this.contentType = reply.contentType;
    this.body = reply.body;
    this.operation = site.operation;
    this.transport = site.transport;
  }
}

/** No whole reply within the call's `timeoutMs`; the request is aborted. */
export class TimeoutError extends Error {
  static override [Symbol.hasInstance](value: unknown): value is TimeoutError {
    return branded(value, TIMEOUT_ERROR);
  }
  override readonly name = 'TimeoutError';
  readonly [TIMEOUT_ERROR] = true;
  readonly timeoutMs: number;
  readonly operation: string;
  readonly transport: ClientTransport;

  constructor(site: CallSite, timeoutMs: number) {
    super(`${site.operation} (${site.transport}) did not complete within ${timeoutMs} ms.`);
    this.timeoutMs = timeoutMs;
    this.operation = site.operation;
    this.transport = site.transport;
  }
}

/** No reply: the request or the reply's body failed on the way (`cause` is fetch's error). */
export class NetworkError extends Error {
  static override [Symbol.hasInstance](value: unknown): value is NetworkError {
    return branded(value, NETWORK_ERROR);
  }
  override readonly name = 'NetworkError';
  readonly [NETWORK_ERROR] = true;
  readonly url: string;
  readonly operation: string;
  readonly transport: ClientTransport;

  constructor(site: CallSite, url: string, cause: unknown) {
    super(`${site.operation} (${site.transport}) could not reach ${url}: ${causeText(cause)}`, { cause });
    this.url = url;
    this.operation = site.operation;
    this.transport = site.transport;
  }
}

function describeReply(site: CallSite, reply: ReplySummary): string {
  const what = reply.body === '' ? 'an empty body' : `a ${reply.contentType?.split(';')[0]?.trim() || 'untyped'} body`;
  return `${site.operation} (${site.transport}) was answered with HTTP ${reply.status} and ${what}.`;
}

/** fetch's `TypeError: fetch failed` says little: its cause says what failed (`connect ECONNREFUSED ...`). */
function causeText(error: unknown): string {
  let text = 'the request failed.';
  for (let current = error, depth = 0; current instanceof Error && depth < 4; depth++) {
    text = current.message.split(/\r?\n/)[0] || text;
    current = current.cause;
  }
  return text;
}

/**
 * A message without the stack trace a .NET service may append: the lines up
 * to the first stack frame (`   at X.Y()`) or `--- End of inner exception
 * stack trace ---`, trailing whitespace removed.
 */
export function withoutStackTrace(text: string): string {
  const lines = text.split(/\r\n|\r|\n/);
  const end = lines.findIndex((line) => /^\s+at\s/.test(line) || /^\s*--- End of /.test(line));
  return (end === -1 ? lines : lines.slice(0, end)).join('\n').trimEnd();
}

const HTML_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * Undoes `HttpUtility.HtmlEncode`, which ASMX applies to the message of an
 * HTTP GET/POST error (`html-escape.ts` writes it so): the named entities it
 * writes and numeric references.
 */
export function decodeHtmlMessage(text: string): string {
  return text.replace(/&(?:#x([0-9a-fA-F]{1,6})|#([0-9]{1,7})|(amp|lt|gt|quot|apos));/g, (match, hex, dec, name) => {
    if (name !== undefined) return HTML_ENTITIES[name as string]!;
    const cp = hex !== undefined ? Number.parseInt(hex as string, 16) : Number.parseInt(dec as string, 10);
    return cp <= 0x10ffff ? String.fromCodePoint(cp) : match;
  });
}

/**
 * A request as the service sees it, whichever server delivered it (a
 * `node:http` request, Express, a fetch `Request`).
 */
import type { CallTransport } from '../service-description.js';
import type { SoapFaultCode } from '../soap/soap-fault.js';
import type { LazyAbort } from './lazy-abort.js';
import type { Reply } from './reply.js';

export type RequestHeaders = Readonly<Record<string, string | string[] | undefined>>;

export type BodyRead = { readonly kind: 'complete'; readonly bytes: Uint8Array } | { readonly kind: 'too-large' };

export interface IncomingCall {
  /** Upper case. */
  readonly method: string;
  /** The path as sent, without the query. */
  readonly path: string;
  /** The query as sent, without `?`; `undefined` when the URL has no `?`. */
  readonly query: string | undefined;
  /** Where the handler is mounted (Express's `baseUrl`): prefixed to the path in document addresses. */
  readonly basePath: string;
  /** Names in lower case. */
  readonly headers: RequestHeaders;
  readonly remoteAddress: string | undefined;
  /** Came over TLS. */
  readonly encrypted: boolean;
  /** Aborts when the client goes away. */
  readonly gone: LazyAbort;
  /**
   * Reads the whole body, but never more than `limit` bytes: a longer body is
   * `too-large` (by its Content-Length, before reading, or when the limit is
   * passed). Rejects when the client goes away.
   */
  readBody(limit: number): Promise<BodyRead>;
  /**
   * The reply headers a handler set (`ctx.setHeader`, `ctx.setCookie`), in order, added to whatever reply the
   * call gets; `undefined` until a handler sets one.
   */
  responseHeaders: [name: string, value: string][] | undefined;
  /** What `onCall` will be told, filled in as the call goes; `undefined` unless the server has an `onCall`. */
  note: CallNote | undefined;
  /**
   * Sends `reply` now, before the reply being worked out is ready (a handler out of time); that one, when it
   * comes, is dropped.
   */
  answerEarly(reply: Reply): void;
}

/** What is known of a call for `onCall`, as it goes. */
export interface CallNote {
  operation: string | undefined;
  transport: CallTransport | undefined;
  /** The handler was called. */
  handled: boolean;
  /** How the handler (or the writing of its result) failed: a `SoapFault` it threw, or any other error. */
  failure: { readonly kind: 'fault' | 'error'; readonly code: SoapFaultCode; readonly message: string } | undefined;
  /** Tells `onCall` of a reply sent early (`answerEarly`: a handler out of time), before the handler settles. */
  answeredEarly(reply: Reply): void;
}

/** A header's value; the first one when it was sent more than once. */
export function headerValue(headers: RequestHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** A declared Content-Length over `limit`. */
export function declaresMoreThan(headers: RequestHeaders, limit: number): boolean {
  const declared = headerValue(headers, 'content-length');
  return declared !== undefined && /^\d+$/.test(declared.trim()) && Number(declared) > limit;
}

/** Thrown by `readBody` when the client went away before the body was read. */
export class ClientGoneError extends Error {
  override readonly name = 'ClientGoneError';
  constructor() {
    super('The client disconnected.');
  }
}

/**
 * Calling a handler: its context, its time limit, and what its failure
 * becomes on the wire. A `SoapFault` is answered as thrown; any other error
 * as `Server was unable to process request.` (with `exposeErrors`, followed
 * by ` ---> ` and the error's message; never a stack trace), after
 * `onError` has seen it (without `onError`, it is reported on stderr: `report-error.ts`).
 */
import { isSoapFault, type SoapFaultCode } from '../soap/soap-fault.js';
import type { UploadedFile } from '../http/multipart.js';
import type { Deadlined } from './handler-deadlines.js';
import type { IncomingCall } from './incoming-call.js';
import { LazyAbort } from './lazy-abort.js';
import type { Reply } from './reply.js';
import { reportError } from './report-error.js';
import { addCookie, setResponseHeader } from './response-headers.js';
import { CallSession } from '../session/call-session.js';
import type { OperationEntry } from './service-tables.js';
import type { CallContext, CallTransport, CookieOptions, ResolvedOptions } from './server-options.js';

export interface Failure {
  readonly code: SoapFaultCode;
  /** The messages of the failure and its causes, outermost first: the fault string joins them with ` ---> `. */
  readonly chain: readonly string[];
  readonly message: string;
  readonly detail: string | undefined;
}

/** A failure from its message chain. */
export function failure(code: SoapFaultCode, chain: readonly string[], detail?: string): Failure {
  return { code, chain, message: chain.join(' ---> '), detail };
}

export type Outcome =
  { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly failure: Failure };

export const PROCESS_FAILED = 'Server was unable to process request.';
/** `AtlasWeb.WebService_Error`: what a JSON call's error says while `customErrors` hides the exception. */
export const JSON_ERROR_MESSAGE = 'There was an error processing the request.';
/** ASP.NET's message for a body over `maxRequestLength`. */
export const MAX_REQUEST_LENGTH_EXCEEDED = 'Maximum request length exceeded.';

export class HandlerTimeoutError extends Error {
  override readonly name = 'HandlerTimeoutError';
  constructor(operation: string, ms: number) {
    super(`The operation ${operation} did not complete within ${ms} ms.`);
  }
}

/** The reply to a call whose handler ran out of time, by the call's transport: the fault or the text of `failure`. */
export type FailureReply<T extends CallTransport = CallTransport> = (transport: T, failure: Failure) => Reply;

/**
 * A handler call: its context, and its abort (the client went away, or time ran out), which follows the
 * request's until `release`. The abort is made only when something reads it: the handler's `ctx.signal`,
 * or a timeout.
 *
 * While its handler's promise is pending, the call waits in the service's `HandlerDeadlines` (the list runs
 * through the call's own fields); if time runs out first, the call answers the request itself, early, with
 * the Server failure of a `HandlerTimeoutError`, and the outcome its handler reaches later is that failure.
 */
export class HandlerCall implements Deadlined {
  readonly ctx: CallContext;
  /** The handler's promise (or other thenable), when it returned one, until it settles. */
  pending: PromiseLike<unknown> | undefined;
  /** Set when time ran out: the outcome of the call, whatever its handler does later. */
  timedOut: Outcome | undefined;
  addedAtTick = 0;
  previousDeadlined: Deadlined | undefined;
  nextDeadlined: Deadlined | undefined;
  private options: ResolvedOptions | undefined;
  private link: { readonly abort: LazyAbort; readonly release: () => void } | undefined;
  private released = false;

  constructor(
    private readonly incoming: IncomingCall,
    private readonly failureReply: FailureReply,
    transport: CallTransport,
    operation: string,
    files: readonly UploadedFile[],
    soapHeaders: Record<string, unknown>,
    outHeaders: Record<string, unknown>,
  ) {
    this.ctx = new HandlerContext(transport, operation, incoming, files, soapHeaders, outHeaders, this);
  }

  get abort(): LazyAbort {
    if (this.link === undefined) {
      if (!this.released) this.link = this.incoming.gone.child();
      else {
        // Read after the handler settled: as the request's abort stands now, no longer following it.
        const abort = new LazyAbort();
        if (this.incoming.gone.aborted) abort.abort(this.incoming.gone.reason);
        this.link = { abort, release: noop };
      }
    }
    return this.link.abort;
  }

  /** Gives the context the call's session (an `enableSession` operation). */
  openSession(options: ResolvedOptions): CallSession {
    const incoming = this.incoming;
    const session = new CallSession(options.sessions, incoming.headers, (cookie) => {
      (incoming.responseHeaders ??= []).push(['Set-Cookie', cookie]);
    });
    this.ctx.session = session;
    return session;
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    this.link?.release();
  }

  /** Waits for the handler's promise, against the deadline. */
  wait(pending: PromiseLike<unknown>, options: ResolvedOptions): void {
    this.pending = pending;
    this.options = options;
    options.handlerDeadlines.add(this);
  }

  /** The outcome of a call whose handler's promise fulfilled with `value`. */
  settled(value: unknown): Outcome {
    if (this.timedOut) return this.timedOut;
    this.done();
    return { ok: true, value };
  }

  /** The outcome of a call whose handler's promise rejected with `error`. */
  failed(error: unknown): Outcome {
    if (this.timedOut) return this.timedOut;
    this.done();
    return { ok: false, failure: failureOf(error, this.ctx, this.options!) };
  }

  private done(): void {
    this.pending = undefined;
    this.options!.handlerDeadlines.remove(this);
    this.release();
  }

  /** The handler ran out of time: its signal aborts, `onError` sees the error, the request is answered now. */
  expire(): void {
    const options = this.options!;
    const error = new HandlerTimeoutError(this.ctx.operation, options.handlerTimeoutMs);
    this.abort.abort(error);
    const outcome: Outcome = { ok: false, failure: failureOf(error, this.ctx, options) };
    this.timedOut = outcome;
    this.release();
    const reply = this.failureReply(this.ctx.transport, outcome.failure);
    this.incoming.answerEarly(reply);
    this.incoming.note?.answeredEarly(reply);
  }
}

function noop(): void {}

/**
 * A reply that waits for its handler's promise (`call.pending`): `fulfilled` or `rejected`, called with what the
 * promise settled with, gives the reply. The node handler answers from the promise's own settling, so an `async`
 * handler costs one hop of the microtask queue, not one per function between it and the socket; `promise()` is
 * the same reply for a caller that awaits.
 */
export abstract class LaterReply {
  constructor(readonly call: HandlerCall) {}

  /** The reply of the call whose handler's outcome is `outcome`. */
  protected abstract reply(outcome: Outcome): Reply;

  fulfilled(value: unknown): Reply {
    return this.reply(this.call.settled(value));
  }

  rejected(error: unknown): Reply {
    return this.reply(this.call.failed(error));
  }

  promise(): Promise<Reply> {
    return Promise.resolve(this.call.pending).then(
      (value) => this.fulfilled(value),
      (error: unknown) => this.rejected(error),
    );
  }
}

/** The SOAP headers of an operation that declares none (and of every HTTP GET/POST call): shared, frozen. */
const NO_HEADERS: Record<string, unknown> = Object.freeze({});

/**
 * A handler call's context; its `signal` is made only if the handler reads it. `failureReply` answers the
 * call if its handler runs out of time.
 */
export function createContext<T extends CallTransport>(
  call: IncomingCall,
  failureReply: FailureReply<T>,
  transport: T,
  operation: string,
  files: readonly UploadedFile[],
  soapHeaders: Record<string, unknown> = NO_HEADERS,
  outHeaders: Record<string, unknown> = NO_HEADERS,
): HandlerCall {
  const note = call.note;
  if (note !== undefined) {
    note.operation = operation;
    note.transport = transport;
    note.handled = true;
  }
  return new HandlerCall(call, failureReply as FailureReply, transport, operation, files, soapHeaders, outHeaders);
}

class HandlerContext implements CallContext {
  readonly headers: CallContext['headers'];
  session: CallContext['session'] = undefined;
  constructor(
    readonly transport: CallTransport,
    readonly operation: string,
    private readonly call: IncomingCall,
    readonly files: readonly UploadedFile[],
    readonly soapHeaders: Record<string, unknown>,
    readonly outHeaders: Record<string, unknown>,
    private readonly handlerCall: HandlerCall,
  ) {
    this.headers = call.headers;
  }

  get remoteAddress(): string | undefined {
    return this.call.remoteAddress;
  }

  get signal(): AbortSignal {
    return this.handlerCall.abort.signal;
  }

  setHeader(name: string, value: string | readonly string[]): void {
    this.call.responseHeaders = setResponseHeader(this.call.responseHeaders, name, value);
  }

  setCookie(name: string, value: string, options?: CookieOptions): void {
    this.call.responseHeaders = addCookie(this.call.responseHeaders, name, value, options);
  }

  /** Tells `onCall` how the call failed, when it listens. */
  noteFailure(kind: 'fault' | 'error', code: SoapFaultCode, message: () => string): void {
    const note = this.call.note;
    if (note !== undefined) note.failure = { kind, code, message: message() };
  }
}

/**
 * Calls the handler. Its outcome when it returned a value or threw; `undefined` when it returned a promise
 * (an `async` handler always does) or another thenable: `call.pending` then holds it, and the caller awaits
 * it itself, passing what it gets to `call.settled` or `call.failed`:
 *
 *     let outcome = invokeHandler(entry, input, call, options);
 *     if (outcome === undefined) {
 *       try { outcome = call.settled(await call.pending); } catch (error) { outcome = call.failed(error); }
 *     }
 *
 * So an `async` handler costs one `await` more than a plain one, and no promise, closure or timer of the
 * runtime's own: the time limit is kept by the service's `HandlerDeadlines`.
 */
export function invokeHandler(
  entry: OperationEntry,
  input: Record<string, unknown>,
  call: HandlerCall,
  options: ResolvedOptions,
): Outcome | undefined {
  let value: unknown;
  let then: unknown;
  try {
    value =
      entry.description.enableSession === true
        ? withSession(entry, input, call, call.openSession(options))
        : entry.handler(input, call.ctx);
    then =
      value !== null && (typeof value === 'object' || typeof value === 'function')
        ? (value as PromiseLike<unknown>).then
        : undefined;
  } catch (error) {
    call.release();
    return { ok: false, failure: failureOf(error, call.ctx, options) };
  }
  if (typeof then !== 'function') {
    call.release();
    return { ok: true, value };
  }
  call.wait(value as PromiseLike<unknown>, options);
  return undefined;
}

/**
 * An `enableSession` operation's handler, then its session's end: its changes written when it returned, none
 * when it threw (`call-session.ts`). A failure to write them is the call's failure.
 */
async function withSession(
  entry: OperationEntry,
  input: Record<string, unknown>,
  call: HandlerCall,
  session: CallSession,
): Promise<unknown> {
  // The calls of one session follow each other (`session-lock.ts`); one out of time stops waiting.
  await session.begin(() => call.timedOut !== undefined);
  let value: unknown;
  try {
    value = await entry.handler(input, call.ctx);
  } catch (error) {
    // The handler's error is the call's; a store failure now changes nothing about it.
    await session.end(false).catch(noop);
    throw error;
  }
  // A call answered early (out of time) failed: as a request with an error, it saves nothing.
  await session.end(call.timedOut === undefined);
  return value;
}

/**
 * What an error thrown while serving a call becomes on the wire; `onError` (by default, a report on stderr) sees
 * every one but a `SoapFault`.
 */
export function failureOf(error: unknown, ctx: CallContext, options: ResolvedOptions): Failure {
  try {
    if (isSoapFault(error)) {
      const thrown = failure(error.code, [error.message], error.detail);
      if (ctx instanceof HandlerContext) ctx.noteFailure('fault', thrown.code, () => thrown.message);
      return thrown;
    }
  } catch {
    // A thrown value whose properties throw (a hostile Proxy) is no SoapFault.
  }
  try {
    if (options.onError !== undefined) options.onError(error, ctx);
    else reportError(error, ctx, answeredWith(error, ctx, options));
  } catch {
    // An observer's failure changes nothing about the reply.
  }
  const result = failure('Server', options.exposeErrors ? [PROCESS_FAILED, messageOf(error)] : [PROCESS_FAILED]);
  if (ctx instanceof HandlerContext) ctx.noteFailure('error', 'Server', () => messageOf(error));
  return result;
}

/** The message the client is answered for an unexpected error: the fault string, or a JSON call's error message. */
function answeredWith(error: unknown, ctx: CallContext, options: ResolvedOptions): string {
  if (ctx.transport === 'json') return options.exposeErrors ? messageOf(error) : JSON_ERROR_MESSAGE;
  return PROCESS_FAILED;
}

function messageOf(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return 'Unknown error.';
  }
}

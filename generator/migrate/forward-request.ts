/**
 * The proxy's way to a target: a request dispatched on an undici `Pool` of kept-alive connections (one request at
 * a time on each, as many connections as requests in flight), its reply handed over as undici reads it: the head
 * as strings spelled as received, then each chunk of the body, with backpressure. No stream, no parsed header
 * object, no promise per chunk: the proxy relays the bytes as they come.
 */
import type { Buffer } from 'node:buffer';
import { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';

/** The reply's status line and headers (`[name, value, name, value, …]` as received). */
export interface ForwardedHead {
  readonly status: number;
  readonly statusText: string;
  readonly rawHeaders: readonly string[];
}

/** Where a reply's body goes, once its head has been taken. */
export interface ReplySink {
  /** A chunk of the body; `false` when no more should come until `resume()`. */
  data(chunk: Buffer): boolean;
  end(): void;
  /** The reply was cut off, or the target went silent (`timeout`: a TargetTimeoutError's message). */
  error(error: Error): void;
}

/** A request under way: its reply's head, then its body into a sink. */
export interface Forwarded {
  /** Resolves when the reply's head has come; rejects when the target cannot be reached or fails before. */
  readonly head: Promise<ForwardedHead>;
  /** Where the body goes; chunks that came before are handed over at once. */
  attach(sink: ReplySink): void;
  /** Lets the body come again after `data` returned `false`. */
  resume(): void;
  /** Stops the exchange (the caller went away): its connection is closed. */
  abort(reason: Error): void;
}

/** Sends a request on `dispatcher`, its body given whole (or none) or streamed (an async iterable). */
export function forwardRequest(
  dispatcher: Dispatcher,
  options: {
    readonly origin: string;
    readonly path: string;
    readonly method: string;
    /** `[name, value, name, value, …]`, sent as spelled and in this order. */
    readonly headers: string[];
    readonly body: Uint8Array | AsyncIterable<Uint8Array> | undefined;
    /** How long the target may stay silent before its head, and between chunks of its body. */
    readonly timeoutMs: number;
  },
  /** The error undici gave, as the proxy names it (a time-out as its own). */
  errorOf: (error: Error) => Error,
  onSent?: () => void,
): Forwarded {
  const handler = new ForwardHandler(errorOf, onSent);
  try {
    dispatcher.dispatch(
      {
        origin: options.origin,
        path: options.path,
        method: options.method as Dispatcher.HttpMethod,
        headers: options.headers,
        body:
          options.body === undefined || options.body instanceof Uint8Array
            ? (options.body ?? null)
            : Readable.from(options.body, { objectMode: false }),
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
      },
      handler as unknown as Dispatcher.DispatchHandler,
    );
  } catch (error) {
    handler.onError(error as Error);
  }
  return handler;
}

/** undici's handler (of the classic kind) for one request, and what the proxy reads of it. */
class ForwardHandler implements Forwarded {
  readonly head: Promise<ForwardedHead>;
  private resolveHead!: (head: ForwardedHead) => void;
  private rejectHead!: (error: Error) => void;
  private headCame = false;
  private sink: ReplySink | undefined;
  /** Chunks (and the end, or an error) that came before the sink was attached. */
  private early: Buffer[] = [];
  private ended = false;
  private failure: Error | undefined;
  private abortRequest: ((reason?: Error) => void) | undefined;
  private resumeReply: (() => void) | undefined;
  private aborted: Error | undefined;

  constructor(
    private readonly errorOf: (error: Error) => Error,
    private readonly onSent: (() => void) | undefined,
  ) {
    this.head = new Promise((resolve, reject) => {
      this.resolveHead = resolve;
      this.rejectHead = reject;
    });
  }

  attach(sink: ReplySink): void {
    this.sink = sink;
    const early = this.early;
    this.early = [];
    for (const chunk of early) sink.data(chunk);
    if (this.failure !== undefined) sink.error(this.failure);
    else if (this.ended) sink.end();
  }

  resume(): void {
    this.resumeReply?.();
  }

  abort(reason: Error): void {
    this.aborted = reason;
    this.abortRequest?.(reason);
  }

  onConnect(abort: (reason?: Error) => void): void {
    if (this.aborted !== undefined) abort(this.aborted);
    else this.abortRequest = abort;
  }

  onRequestSent(): void {
    this.onSent?.();
  }

  onHeaders(status: number, rawHeaders: Buffer[], resume: () => void, statusText: string): boolean {
    // 1xx replies (`100 Continue`) are the connection's business, not the caller's.
    if (status < 200) return true;
    this.resumeReply = resume;
    this.headCame = true;
    const headers: string[] = new Array<string>(rawHeaders.length);
    for (let i = 0; i < rawHeaders.length; i++) headers[i] = rawHeaders[i]!.toString('latin1');
    this.resolveHead({ status, statusText, rawHeaders: headers });
    return true;
  }

  onData(chunk: Buffer): boolean {
    if (this.sink !== undefined) return this.sink.data(chunk);
    this.early.push(chunk);
    return true;
  }

  onComplete(): void {
    if (this.sink !== undefined) this.sink.end();
    else this.ended = true;
  }

  onError(undiciError: Error): void {
    const error = this.errorOf(undiciError);
    if (!this.headCame) this.rejectHead(error);
    else if (this.sink !== undefined) this.sink.error(error);
    else this.failure = error;
  }
}

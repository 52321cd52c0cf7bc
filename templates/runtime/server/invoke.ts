/**
 * Calling a handler: its context, its time limit, and what its failure
 * becomes on the wire. A `SoapFault` is answered as thrown; any other error
 * as `Server was unable to process request.` (with `exposeErrors`, followed
 * by ` ---> ` and the error's message; never a stack trace), after
 * `onError` has seen it.
 */
import { isSoapFault, type SoapFaultCode } from '../soap-fault.js';
import type { UploadedFile } from '../multipart.js';
import type { Transport } from '../service-description.js';
import type { IncomingCall } from './incoming-call.js';
import type { OperationEntry } from './service-tables.js';
import type { CallContext, ResolvedOptions } from './server-options.js';

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
/** ASP.NET's message for a body over `maxRequestLength`. */
export const MAX_REQUEST_LENGTH_EXCEEDED = 'Maximum request length exceeded.';

export class HandlerTimeoutError extends Error {
  override readonly name = 'HandlerTimeoutError';
  constructor(operation: string, ms: number) {
    super(`The operation ${operation} did not complete within ${ms} ms.`);
  }
}

/** A handler call's context and its abort controller, linked to the client's connection. */
export function createContext(
  call: IncomingCall,
  transport: Transport,
  operation: string,
  files: readonly UploadedFile[],
): { ctx: CallContext; controller: AbortController; release: () => void } {
  const controller = new AbortController();
  const onGone = () => controller.abort(call.signal.reason);
  if (call.signal.aborted) onGone();
  else call.signal.addEventListener('abort', onGone, { once: true });
  const ctx: CallContext = {
    transport,
    operation,
    headers: call.headers,
    remoteAddress: call.remoteAddress,
    signal: controller.signal,
    files,
  };
  return { ctx, controller, release: () => call.signal.removeEventListener('abort', onGone) };
}

/** Runs the handler within `handlerTimeoutMs`; never rejects. */
export async function invokeHandler(
  entry: OperationEntry,
  input: Record<string, unknown>,
  context: { ctx: CallContext; controller: AbortController; release: () => void },
  options: ResolvedOptions,
): Promise<Outcome> {
  const { ctx, controller } = context;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new HandlerTimeoutError(ctx.operation, options.handlerTimeoutMs);
      controller.abort(error);
      reject(error);
    }, options.handlerTimeoutMs);
    timer.unref?.();
  });
  try {
    const value = await Promise.race([Promise.resolve().then(() => entry.handler(input, ctx)), timeout]);
    return { ok: true, value };
  } catch (error) {
    return { ok: false, failure: failureOf(error, ctx, options) };
  } finally {
    clearTimeout(timer);
    context.release();
  }
}

/** What an error thrown while serving a call becomes on the wire; `onError` sees every one but a `SoapFault`. */
export function failureOf(error: unknown, ctx: CallContext, options: ResolvedOptions): Failure {
  try {
    if (isSoapFault(error)) return failure(error.code, [error.message], error.detail);
  } catch {
    // A thrown value whose properties throw (a hostile Proxy) is no SoapFault.
  }
  if (options.onError) {
    try {
      options.onError(error, ctx);
    } catch {
      // An observer's failure changes nothing about the reply.
    }
  }
  return failure('Server', options.exposeErrors ? [PROCESS_FAILED, messageOf(error)] : [PROCESS_FAILED]);
}

function messageOf(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return 'Unknown error.';
  }
}

/**
 * What becomes of an unexpected error of a call when the server was given no `onError`: it is reported on
 * stderr (`console.error`, so that it works wherever the runtime runs), once, with the operation, the transport
 * and the stack, as Node servers report what they cannot answer. The client never sees any of it.
 */
import type { CallContext } from './server-options.js';

/** The line (and stack) `reportError` writes for `error`, thrown while serving `ctx`'s call. */
export function errorReport(
  error: unknown,
  ctx: Pick<CallContext, 'operation' | 'transport'>,
  answer = 'Server was unable to process request.',
): string {
  const answered = ctx.transport === 'json' ? `the JSON error ${JSON.stringify(answer)}` : JSON.stringify(answer);
  return `asmxgen: ${ctx.operation} (${ctx.transport}) failed; the client was answered ${answered}: ${describe(error)}`;
}

/**
 * The default `onError`: the error on stderr, with `answer`, the message the client was answered (the fault
 * string, or a JSON call's error message).
 */
export function reportError(error: unknown, ctx: CallContext, answer?: string): void {
  console.error(errorReport(error, ctx, answer));
}

function describe(error: unknown): string {
  try {
    if (error instanceof Error)
      return typeof error.stack === 'string' && error.stack !== '' ? error.stack : String(error);
    return `${typeof error === 'string' ? JSON.stringify(error) : String(error)} (thrown, not an Error)`;
  } catch {
    return 'an error that cannot be described';
  }
}

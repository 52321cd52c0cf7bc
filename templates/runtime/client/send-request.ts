/**
 * One request over fetch, its whole reply read, within the call's time
 * limit and until its signals abort: the client's and the call's signal
 * reject with their `reason`, the time limit with a `TimeoutError`, any other
 * failure with a `NetworkError`. The limit holds even for a `fetch` that
 * ignores its signal.
 */
import { parseContentType } from '../content-type.js';
import type { CallSite, ReplySummary } from './errors.js';
import { NetworkError, TimeoutError } from './errors.js';
import type { FetchFunction } from './client-options.js';
import type { OutgoingRequest } from './outgoing-request.js';

export interface ReceivedReply extends ReplySummary {
  /** The `Content-Type`'s media type, lower case; `undefined` without a (valid) one. */
  readonly mediaType: string | undefined;
  readonly charset: string | undefined;
  readonly bytes: Uint8Array;
}

/** Longest delay `setTimeout` takes (larger ones fire at once): longer limits need no timer. */
const MAX_TIMER_MS = 2_147_483_647;
const PREVIEW_BYTES = 1024;

export async function sendRequest(
  fetchFunction: FetchFunction,
  request: OutgoingRequest,
  headers: Headers,
  site: CallSite,
  limits: { readonly timeoutMs: number; readonly signals: readonly (AbortSignal | undefined)[] },
): Promise<ReceivedReply> {
  const controller = new AbortController();
  const sources = limits.signals.filter((s): s is AbortSignal => s !== undefined);
  const aborted = sources.find((s) => s.aborted);
  if (aborted) throw aborted.reason;
  const onAbort = (event: Event) => controller.abort((event.target as AbortSignal).reason);
  for (const source of sources) source.addEventListener('abort', onAbort);
  const timer =
    limits.timeoutMs <= MAX_TIMER_MS
      ? setTimeout(() => controller.abort(new TimeoutError(site, limits.timeoutMs)), limits.timeoutMs)
      : undefined;
  const stopped = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason as unknown));
  });
  stopped.catch(() => undefined);
  try {
    const response = await Promise.race([
      fetchFunction(request.url, { method: request.method, headers, body: request.body, signal: controller.signal }),
      stopped,
    ]);
    const bytes = new Uint8Array(await Promise.race([response.arrayBuffer(), stopped]));
    const contentType = response.headers.get('content-type') ?? undefined;
    const parsed = parseContentType(contentType);
    return {
      status: response.status,
      contentType,
      mediaType: parsed?.mediaType,
      charset: parsed?.charset,
      bytes,
      body: preview(bytes, parsed?.charset),
    };
  } catch (error) {
    if (controller.signal.aborted) throw controller.signal.reason;
    throw new NetworkError(site, request.url, error);
  } finally {
    clearTimeout(timer);
    for (const source of sources) source.removeEventListener('abort', onAbort);
  }
}

/** The first KiB of a body as text, in its charset (UTF-8 when it names none or an unknown one). */
function preview(bytes: Uint8Array, charset: string | undefined): string {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset ?? 'utf-8');
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  // `stream` holds back a character cut at the end of the slice.
  return decoder.decode(bytes.subarray(0, PREVIEW_BYTES), { stream: true });
}

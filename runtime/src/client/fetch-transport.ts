/**
 * Requests over a `fetch` (the global one in browsers, or one given as
 * `options.fetch`), the whole reply read, within the call's time limit and
 * until its signals abort. The limit holds even for a `fetch` that ignores
 * its signal.
 */
import type { FetchFunction } from './client-options.js';
import { NetworkError, TimeoutError } from './errors.js';
import { receivedReply } from './received-reply.js';
import type { Sender } from './sender.js';

/** Longest delay `setTimeout` takes (larger ones fire at once): longer limits need no timer. */
const MAX_TIMER_MS = 2_147_483_647;

export function fetchSender(fetchFunction: FetchFunction): Sender {
  return async (request, site, timeoutMs, clientSignal, callSignal) => {
    if (clientSignal?.aborted) throw clientSignal.reason;
    if (callSignal?.aborted) throw callSignal.reason;
    const controller = new AbortController();
    const onAbort = (event: Event) => controller.abort((event.target as AbortSignal).reason);
    clientSignal?.addEventListener('abort', onAbort);
    callSignal?.addEventListener('abort', onAbort);
    const timer =
      timeoutMs <= MAX_TIMER_MS
        ? setTimeout(() => controller.abort(new TimeoutError(site, timeoutMs)), timeoutMs)
        : undefined;
    const stopped = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason as unknown));
    });
    stopped.catch(() => undefined);
    try {
      const { url, method, headers, body } = request;
      const response = await Promise.race([
        fetchFunction(url, { method, headers, body, signal: controller.signal }),
        stopped,
      ]);
      const bytes = new Uint8Array(await Promise.race([response.arrayBuffer(), stopped]));
      // `getSetCookie` (Node 19.7+, browsers: always empty there) where the fetch's `Headers` have it.
      const setCookies = response.headers.getSetCookie?.();
      return receivedReply(response.status, response.headers.get('content-type') ?? undefined, bytes, setCookies);
    } catch (error) {
      if (controller.signal.aborted) throw controller.signal.reason;
      throw new NetworkError(site, request.url, error);
    } finally {
      clearTimeout(timer);
      clientSignal?.removeEventListener('abort', onAbort);
      callSignal?.removeEventListener('abort', onAbort);
    }
  };
}

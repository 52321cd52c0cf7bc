import { Pool } from 'undici';
import { forwardRequest, type Forwarded } from './forward-request.js';
import { forwardedRequestHeaders, type HeaderPairs } from './hop-by-hop.js';
import { basePathOf, targetPath } from './target-url.js';

/** ASP.NET's `executionTimeout` (110 s), and some room. */
export const DEFAULT_TIMEOUT_MS = 120_000;

/** The target said nothing for `timeoutMs`. */
export class TargetTimeoutError extends Error {
  override name = 'TargetTimeoutError';
}

/** A service the proxy sends requests to (the upstream, the strangler's local server, a shadow candidate). */
export class Target {
  /** The connections to the target, made when first needed. */
  private pool: Pool | undefined;

  /** `timeoutMs`: how long the target may stay silent (no reply, no byte of it) before the request fails. */
  // The parts of `base` each request needs, read once (a URL's getters build their strings on every read).
  private readonly origin: string;
  private readonly host: string;
  private readonly basePath: string;

  constructor(
    readonly base: URL,
    private readonly timeoutMs = DEFAULT_TIMEOUT_MS,
  ) {
    this.origin = base.origin;
    this.host = base.host;
    this.basePath = basePathOf(base);
  }

  /** `http://host:port/base` as people read it. */
  get label(): string {
    return this.base.href.replace(/\/$/, '');
  }

  /**
   * Sends a request on undici's kept-alive connections (`forward-request.ts`): `pathAndQuery` under the base
   * path, the headers as given but end to end and with `Host` naming this target, the body given whole or
   * streamed. The reply's head comes as a promise, its body chunk by chunk into a sink. A target silent for
   * `timeoutMs` fails with a TargetTimeoutError. The proxy relays what it gets to the caller; the shadow
   * collects it to compare.
   */
  forward(
    method: string,
    pathAndQuery: string,
    headers: HeaderPairs,
    body: AsyncIterable<Uint8Array> | Uint8Array | undefined,
    onSent?: () => void,
  ): Forwarded {
    this.pool ??= new Pool(this.origin, { pipelining: 1, connections: null });
    return forwardRequest(
      this.pool,
      {
        origin: this.origin,
        path: targetPath(this.basePath, pathAndQuery),
        method,
        headers: forwardedRequestHeaders(headers, this.host).flat(),
        body,
        timeoutMs: this.timeoutMs,
      },
      (error) =>
        isUndiciTimeout(error) ? new TargetTimeoutError(`no reply within ${this.timeoutMs / 1000} s`) : error,
      onSent,
    );
  }

  /** Closes the idle kept-alive connections. */
  close(): void {
    void this.pool?.destroy().catch(() => undefined);
  }
}

/** undici's errors for a target that said nothing (no head, or no more of the body) in time. */
function isUndiciTimeout(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT';
}

import { Buffer } from 'node:buffer';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Pool } from 'undici';
import { forwardRequest, type Forwarded } from './forward-request.js';
import { forwardedRequestHeaders, type HeaderPairs } from './hop-by-hop.js';
import { targetPath } from './target-url.js';

/** ASP.NET's `executionTimeout` (110 s), and some room. */
export const DEFAULT_TIMEOUT_MS = 120_000;

/** The target said nothing for `timeoutMs`. */
export class TargetTimeoutError extends Error {
  override name = 'TargetTimeoutError';
}

/** A service the proxy sends requests to (the upstream, the strangler's local server, a shadow candidate). */
export class Target {
  private readonly agent: HttpAgent;
  /** The proxy's connections to the target (`forward`), made when first needed. */
  private pool: Pool | undefined;

  /** `timeoutMs`: how long the target may stay silent (no reply, no byte of it) before the request fails. */
  constructor(
    readonly base: URL,
    private readonly timeoutMs = DEFAULT_TIMEOUT_MS,
  ) {
    this.agent = base.protocol === 'https:' ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  }

  /** `http://host:port/base` as people read it. */
  get label(): string {
    return this.base.href.replace(/\/$/, '');
  }

  /**
   * Sends a request: `pathAndQuery` under the base path, the headers as given but end to end and with `Host`
   * naming this target, the body streamed. Resolves with the reply once its head has come (its body still to
   * read); `sent` resolves when the body has gone out. Rejects when the target cannot be reached or goes away.
   */
  send(
    method: string,
    pathAndQuery: string,
    headers: HeaderPairs,
    body: AsyncIterable<Uint8Array> | Uint8Array | undefined,
    onSent?: () => void,
  ): Promise<IncomingMessage> {
    const send = this.base.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const request = send({
        protocol: this.base.protocol,
        hostname: this.base.hostname.replace(/^\[|\]$/g, ''),
        port: this.base.port || undefined,
        method,
        path: targetPath(this.base, pathAndQuery),
        headers: forwardedRequestHeaders(headers, this.base.host).flat(),
        agent: this.agent,
      });
      request.setTimeout(this.timeoutMs, () =>
        request.destroy(new TargetTimeoutError(`no reply within ${this.timeoutMs / 1000} s`)),
      );
      request.once('response', resolve);
      request.once('error', reject);
      request.once('finish', () => onSent?.());
      if (body === undefined) request.end();
      else if (body instanceof Uint8Array) request.end(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
      else
        pipeline(Readable.from(body, { objectMode: false }), request).catch((error: unknown) =>
          request.destroy(error as Error),
        );
    });
  }

  /**
   * Sends a request as `send` does, on undici's connections (`forward-request.ts`): what the proxy relays to a
   * caller, the reply's body handed over chunk by chunk. A target silent for `timeoutMs` fails with a
   * TargetTimeoutError.
   */
  forward(
    method: string,
    pathAndQuery: string,
    headers: HeaderPairs,
    body: AsyncIterable<Uint8Array> | Uint8Array | undefined,
    onSent?: () => void,
  ): Forwarded {
    this.pool ??= new Pool(this.base.origin, { pipelining: 1, connections: null });
    return forwardRequest(
      this.pool,
      {
        origin: this.base.origin,
        path: targetPath(this.base, pathAndQuery),
        method,
        headers: forwardedRequestHeaders(headers, this.base.host).flat(),
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
    this.agent.destroy();
    void this.pool?.destroy().catch(() => undefined);
  }
}

/** undici's errors for a target that said nothing (no head, or no more of the body) in time. */
function isUndiciTimeout(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT';
}

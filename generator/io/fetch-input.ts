import { htmlPageProblem, isHtmlMediaType } from './html-page.js';
import { InputError } from './input-error.js';

/** How long fetching one side may take, connection to last byte (`--timeout` changes it). */
export const DEFAULT_FETCH_TIMEOUT_MS = 15_000;

/** After this long without a complete answer, `onWait` is told what is awaited. */
export const WAIT_NOTICE_MS = 2_000;

/** WSDLs and specs are small; a body this big is a wrong URL. */
export const MAX_INPUT_BYTES = 16 * 1024 * 1024;

export interface FetchedInput {
  readonly bytes: Uint8Array;
  /** The reply's Content-Type, when it had one. */
  readonly contentType: string | undefined;
}

export interface FetchInputOptions {
  readonly timeoutMs?: number;
  /** Added to an HTTP error status. */
  readonly hint?: string;
  /** Told once, after {@link WAIT_NOTICE_MS}, what is awaited: `asmxgen: waiting for URL (timeout 15 s, …)`. */
  readonly onWait?: (line: string) => void;
  /** What the URL should hold, for the message about an HTML page (default `a WSDL or a spec`). */
  readonly expected?: string;
}

/**
 * The bytes at an http(s) URL, redirects followed: what `import` and `diff` read. Every failure (a status other
 * than 2xx, a refused connection, the timeout, a body over 16 MiB, an HTML page) is an {@link InputError} naming
 * `what`; `hint` is added to an HTTP error status.
 */
export async function fetchInput(url: string, what: string, options: FetchInputOptions = {}): Promise<FetchedInput> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  const onWait = options.onWait;
  const waiting =
    onWait &&
    setTimeout(
      () => onWait(`asmxgen: waiting for ${url} (timeout ${formatSeconds(timeoutMs)}, --timeout to change)`),
      WAIT_NOTICE_MS,
    );
  try {
    const response = await fetch(url, {
      signal,
      headers: { accept: 'text/xml, application/xml, application/yaml, */*' },
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new InputError(
        `cannot fetch ${what}: the server answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}` +
          (options.hint ? ` ${options.hint}` : ''),
      );
    }
    const contentType = response.headers.get('content-type') ?? undefined;
    if (isHtmlMediaType(contentType)) {
      await response.body?.cancel();
      throw new InputError(
        `cannot fetch ${what}: ${htmlPageProblem(url, options.expected ?? 'a WSDL or a spec', contentType)}`,
      );
    }
    return { bytes: await readBody(response, what), contentType };
  } catch (error) {
    if (error instanceof InputError) throw error;
    if (signal.aborted) {
      throw new InputError(
        `cannot fetch ${what}: no complete answer within ${formatSeconds(timeoutMs)} ` +
          '(--timeout SECONDS waits longer)',
      );
    }
    throw new InputError(`cannot fetch ${what}: ${describeFetchError(error)}`);
  } finally {
    clearTimeout(waiting);
  }
}

async function readBody(response: Response, what: string): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    size += value.byteLength;
    if (size > MAX_INPUT_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw new InputError(`cannot fetch ${what}: the answer is over 16 MiB, too large for a WSDL or a spec`);
    }
    chunks.push(value);
  }
}

function describeFetchError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  switch (cause?.code) {
    case 'ECONNREFUSED':
      return 'the connection was refused (is the service running?)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the host name does not resolve';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'the connection was closed before the answer was complete';
  }
  if (cause?.message) return cause.message;
  return error instanceof Error ? error.message : String(error);
}

export function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

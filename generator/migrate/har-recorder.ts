/**
 * `--record FILE.har`: every exchange as a HAR 1.2 entry (`har.ts`), with `_operation` and `_binding` (and
 * `_servedBy`: `upstream` or `local`), the named values redacted. The file is created at once (mode 0600: it
 * holds what callers sent) and rewritten whole, atomically, shortly after each exchange and on stop: a reader
 * never finds it half-written, and a stop leaves it complete.
 */
import { Buffer } from 'node:buffer';
import { atomicWriteFile } from '../output/atomic-write.js';
import type { CapturedBody } from './body-capture.js';
import type { Exchange } from './exchange.js';
import type { HeaderPairs } from './hop-by-hop.js';
import {
  HAR_CREATOR_NAME,
  type Har,
  type HarContent,
  type HarEntry,
  type HarNameValue,
  type HarPostData,
} from './har.js';
import type { Redaction } from './redact.js';

/** How long after an exchange the file is rewritten: exchanges that end meanwhile share one write. */
const WRITE_DELAY_MS = 200;
const utf8 = new TextDecoder('utf-8', { fatal: true });

export class HarRecorder {
  private readonly entries: { readonly order: number; readonly entry: HarEntry }[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private failure: unknown;

  private constructor(
    private readonly path: string,
    private readonly creatorVersion: string,
    private readonly redaction: Redaction,
    private readonly report: (line: string) => void,
  ) {}

  /** Writes the empty recording, so that an unwritable path stops the start. */
  static async start(
    path: string,
    creatorVersion: string,
    redaction: Redaction,
    report: (line: string) => void,
  ): Promise<HarRecorder> {
    const recorder = new HarRecorder(path, creatorVersion, redaction, report);
    await recorder.write();
    return recorder;
  }

  get count(): number {
    return this.entries.length;
  }

  add(exchange: Exchange, order: number): void {
    this.entries.push({ order, entry: harEntry(exchange, this.redaction) });
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.writing = this.writing.then(() => this.write().catch((error: unknown) => this.failed(error)));
    }, WRITE_DELAY_MS);
  }

  /** The last write, with every entry; throws when the file cannot be written. */
  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.writing;
    await this.write();
  }

  private failed(error: unknown): void {
    if (this.failure === undefined) this.report(`asmxgen: ${error instanceof Error ? error.message : String(error)}`);
    this.failure = error;
  }

  private async write(): Promise<void> {
    const har: Har = {
      log: {
        version: '1.2',
        creator: { name: HAR_CREATOR_NAME, version: this.creatorVersion },
        entries: [...this.entries].sort((a, b) => a.order - b.order).map(({ entry }) => entry),
      },
    };
    await atomicWriteFile(this.path, Buffer.from(`${JSON.stringify(har, null, 2)}\n`), { mode: 0o600 });
  }
}

/** An exchange as a HAR entry. */
export function harEntry(exchange: Exchange, redaction: Redaction): HarEntry {
  const { request, response, timings } = exchange;
  const url = redaction.url(request.url);
  const requestType = headerOf(request.headers, 'content-type') ?? '';
  const replyType = headerOf(response.headers, 'content-type') ?? '';
  const comments: string[] = [];
  if (exchange.error) comments.push(`the proxy's own reply: ${exchange.error}`);
  return {
    startedDateTime: exchange.startedAt.toISOString(),
    time: round(timings.send + timings.wait + timings.receive),
    request: {
      method: request.method,
      url,
      httpVersion: request.httpVersion,
      cookies: [],
      headers: nameValues(request.headers, redaction),
      queryString: queryOf(url),
      ...(request.body.size > 0 && { postData: postData(request.body, requestType, redaction) }),
      headersSize: -1,
      bodySize: request.body.size,
    },
    response: {
      status: response.status,
      statusText: response.statusText,
      httpVersion: response.httpVersion,
      cookies: [],
      headers: nameValues(response.headers, redaction),
      content: content(response.body, replyType, redaction),
      redirectURL: headerOf(response.headers, 'location') ?? '',
      headersSize: -1,
      bodySize: response.body?.size ?? -1,
    },
    cache: {},
    timings: {
      blocked: -1,
      dns: -1,
      connect: -1,
      send: round(timings.send),
      wait: round(timings.wait),
      receive: round(timings.receive),
      ssl: -1,
    },
    ...(comments.length > 0 && { comment: comments.join('; ') }),
    _operation: exchange.call?.operation ?? null,
    _binding: exchange.call?.binding ?? null,
    _servedBy: exchange.servedBy,
  } as HarEntry;
}

function postData(body: CapturedBody, mimeType: string, redaction: Redaction): HarPostData {
  const text = asText(body.bytes);
  const form = mediaTypeOf(mimeType) === 'application/x-www-form-urlencoded';
  const shown = text === undefined ? undefined : form ? redaction.form(text) : redactBody(text, mimeType, redaction);
  return {
    mimeType,
    // A body that is not UTF-8 (a file upload) is kept whole as base64, as HAR keeps such reply bodies.
    text: shown ?? Buffer.from(body.bytes).toString('base64'),
    ...(shown === undefined && { _encoding: 'base64' }),
    ...(form && shown !== undefined && { params: queryOf(`?${shown}`) }),
    ...(body.truncated && { comment: truncated(body) }),
  };
}

function content(body: CapturedBody | undefined, mimeType: string, redaction: Redaction): HarContent {
  if (body === undefined) return { size: -1, mimeType };
  const text = asText(body.bytes);
  return {
    size: body.size,
    mimeType,
    ...(text === undefined
      ? { text: Buffer.from(body.bytes).toString('base64'), encoding: 'base64' }
      : { text: redactBody(text, mimeType, redaction) }),
    ...(body.truncated && { comment: truncated(body) }),
  };
}

/** XML bodies (SOAP, HTTP results) have their named elements redacted; other text is kept as it is. */
function redactBody(text: string, mimeType: string, redaction: Redaction): string {
  const media = mediaTypeOf(mimeType);
  const xml = media.endsWith('/xml') || media.endsWith('+xml') || (media === '' && text.trimStart().startsWith('<'));
  return xml ? redaction.xml(text) : text;
}

function truncated(body: CapturedBody): string {
  return `truncated: the first ${body.bytes.byteLength} of ${body.size} bytes`;
}

function asText(bytes: Uint8Array): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}

function nameValues(headers: HeaderPairs, redaction: Redaction): HarNameValue[] {
  return headers.map(([name, value]) => ({ name, value: redaction.matches(name) ? 'REDACTED' : value }));
}

function queryOf(url: string): HarNameValue[] {
  const mark = url.indexOf('?');
  if (mark === -1) return [];
  return [...new URLSearchParams(url.slice(mark + 1))].map(([name, value]) => ({ name, value }));
}

function headerOf(headers: HeaderPairs, name: string): string | undefined {
  return headers.find(([n]) => n.toLowerCase() === name)?.[1];
}

function mediaTypeOf(contentType: string): string {
  return contentType.split(';')[0]!.trim().toLowerCase();
}

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

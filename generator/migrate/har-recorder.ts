/**
 * `--record FILE.har`: every exchange as a HAR 1.2 entry (`har.ts`), with `_operation` and `_binding` (and
 * `_servedBy`: `upstream` or `local`), the named values redacted. The file is created at once (mode 0600: it
 * holds what callers sent) and written as the proxy goes: each entry is appended where the closing `]}}` was,
 * followed by the closing again, in one write, so the file is a complete HAR after every write and holds nothing
 * in memory that grows with traffic. The proxy sends the last byte of a reply only once its entry is written
 * (`add` resolves then): an exchange a caller has seen finish is in the file, whatever stops the proxy. Exchanges
 * that finish while a write is under way share the next one. The file is fsync'd at most once a second; a write
 * cut short (a SIGKILL during it, a power loss) is completed by `completeRecording` (`complete-recording.ts`).
 *
 * The layout is JSON.stringify's with two spaces, entries in the order they finished:
 * `RECORDING_HEAD`, each entry's lines indented by `ENTRY_INDENT` and separated by `,`, then `RECORDING_TAIL`.
 * An entry's last line is `ENTRY_INDENT` + `}` and no other line is (deeper lines are indented more, and JSON
 * strings hold no line breaks), which is how a cut recording finds its last whole entry.
 */
import { Buffer } from 'node:buffer';
import { open, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { makeFolders } from '../output/make-folders.js';
import { outputErrorFrom } from '../output/output-error.js';
import type { CapturedBody } from './body-capture.js';
import type { Exchange } from './exchange.js';
import type { HeaderPairs } from './hop-by-hop.js';
import { HAR_CREATOR_NAME, type HarContent, type HarEntry, type HarNameValue, type HarPostData } from './har.js';
import type { Redaction } from './redact.js';

/** The indentation of an entry's lines in a recording. */
export const ENTRY_INDENT = '      ';
/** What follows the last entry: the closing of `entries`, `log` and the file. */
export const RECORDING_TAIL = '\n    ]\n  }\n}\n';

/** Everything before the first entry: `log.version`, `log.creator`, and the opening of `log.entries`. */
export function recordingHead(creatorVersion: string): string {
  const creator = JSON.stringify({ name: HAR_CREATOR_NAME, version: creatorVersion }, null, 2).replaceAll(
    '\n',
    '\n    ',
  );
  return `{\n  "log": {\n    "version": "1.2",\n    "creator": ${creator},\n    "entries": [`;
}

/** An entry as a recording holds it: indented, without the separator. */
export function recordedEntryText(entry: HarEntry): string {
  return ENTRY_INDENT + JSON.stringify(entry, null, 2).replaceAll('\n', `\n${ENTRY_INDENT}`);
}

/** How often, at most, the recording is fsync'd while the proxy runs. */
const SYNC_INTERVAL_MS = 1000;
const utf8 = new TextDecoder('utf-8', { fatal: true });

export class HarRecorder {
  /** Entries waiting for the write under way to end; bounded by the exchanges in flight, which wait for it. */
  private pending: { readonly text: string; readonly written: () => void }[] = [];
  private writing = false;
  private added = 0;
  private written = 0;
  /** Where the tail starts: the next entry is written there. */
  private end: number;
  private lastSync = Date.now();
  private syncing: Promise<void> | undefined;
  private idle: (() => void)[] = [];
  private failure: unknown;

  private constructor(
    private readonly file: FileHandle,
    private readonly path: string,
    headLength: number,
    private readonly redaction: Redaction,
    private readonly report: (line: string) => void,
  ) {
    this.end = headLength;
  }

  /** Creates (or empties) the recording and writes it with no entry, so that an unwritable path stops the start. */
  static async start(
    path: string,
    creatorVersion: string,
    redaction: Redaction,
    report: (line: string) => void,
  ): Promise<HarRecorder> {
    let file: FileHandle | undefined;
    try {
      await makeFolders(dirname(path));
      file = await open(path, 'w', 0o600);
      await file.chmod(0o600);
      const head = Buffer.from(recordingHead(creatorVersion));
      await writeAll(file, Buffer.concat([head, Buffer.from(RECORDING_TAIL)]), 0);
      return new HarRecorder(file, path, head.byteLength, redaction, report);
    } catch (error) {
      await file?.close().catch(() => undefined);
      throw outputErrorFrom('write', path, error);
    }
  }

  /** The exchanges recorded so far. */
  get count(): number {
    return this.added;
  }

  /** Appends the exchange's entry; resolves once it is in the file (or its write failed, which is reported). */
  add(exchange: Exchange): Promise<void> {
    const text = recordedEntryText(harEntry(exchange, this.redaction));
    this.added++;
    return new Promise<void>((written) => {
      this.pending.push({ text, written });
      if (!this.writing) void this.flush();
    });
  }

  /** Waits for the last writes, fsyncs and closes the file; throws when an entry could not be written. */
  async close(): Promise<void> {
    if (this.writing) await new Promise<void>((done) => this.idle.push(done));
    await this.syncing;
    try {
      await this.file.sync();
    } catch (error) {
      this.failure ??= error;
    } finally {
      await this.file.close().catch(() => undefined);
    }
    if (this.failure !== undefined) throw outputErrorFrom('write', this.path, this.failure);
  }

  /** Writes every pending entry and the tail after them at once, then the entries that came meanwhile. */
  private async flush(): Promise<void> {
    this.writing = true;
    while (this.pending.length > 0) {
      const batch = this.pending;
      this.pending = [];
      const parts: string[] = [];
      let first = this.written === 0;
      for (const { text } of batch) {
        parts.push(first ? '\n' : ',\n', text);
        first = false;
      }
      const body = Buffer.from(parts.join(''));
      try {
        await writeAll(this.file, Buffer.concat([body, Buffer.from(RECORDING_TAIL)]), this.end);
        this.end += body.byteLength;
        this.written += batch.length;
      } catch (error) {
        if (this.failure === undefined) this.report(`asmxgen: ${outputErrorFrom('write', this.path, error).message}`);
        this.failure ??= error;
      }
      for (const { written } of batch) written();
      this.syncNow();
    }
    this.writing = false;
    for (const done of this.idle.splice(0)) done();
  }

  /** An fsync once a second at most, beside the writes (a reply never waits for it). */
  private syncNow(): void {
    const now = Date.now();
    if (this.syncing !== undefined || now - this.lastSync < SYNC_INTERVAL_MS) return;
    this.lastSync = now;
    this.syncing = this.file
      .datasync()
      .catch((error: unknown) => {
        this.failure ??= error;
      })
      .finally(() => {
        this.syncing = undefined;
      });
  }
}

/** Writes all of `bytes` at `position` (a write may take fewer bytes than given). */
async function writeAll(file: FileHandle, bytes: Buffer, position: number): Promise<void> {
  let done = 0;
  while (done < bytes.byteLength) {
    const { bytesWritten } = await file.write(bytes, done, bytes.byteLength - done, position + done);
    done += bytesWritten;
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

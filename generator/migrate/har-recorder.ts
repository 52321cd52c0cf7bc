/**
 * `--record FILE.har`: every exchange as a HAR 1.2 entry (`har.ts`), with `_operation` and `_binding` (and
 * `_servedBy`: `upstream` or `local`), the named values redacted. The file is created at once (mode 0600: it
 * holds what callers sent) and written as the proxy goes: each entry is appended where the closing `]}}` was,
 * followed by the closing again, in one write, so the file is a complete HAR after every write and holds nothing
 * in memory that grows with traffic. The proxy sends the last byte of a reply only once its entry is written
 * (`add` resolves then): an exchange a caller has seen finish is in the file, whatever stops the proxy. The
 * exchanges that finish in one turn of the event loop share one write, started once that turn's I/O callbacks
 * have run; those that finish while it is under way share the next. The file is fsync'd at most once a second; a write cut short (a SIGKILL
 * during it, a power loss) is completed by `completeRecording` (`complete-recording.ts`).
 *
 * The layout is JSON.stringify's with two spaces, entries in the order they finished:
 * `RECORDING_HEAD`, each entry's lines indented by `ENTRY_INDENT` and separated by `,`, then `RECORDING_TAIL`.
 * An entry's last line is `ENTRY_INDENT` + `}` and no other line is (deeper lines are indented more, and JSON
 * strings hold no line breaks), which is how a cut recording finds its last whole entry.
 */
import { Buffer } from 'node:buffer';
import { write } from 'node:fs';
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
  /** Entries waiting for this turn's write; bounded by the exchanges in flight, which wait for it. */
  private pending: { readonly text: string; readonly written: () => void }[] = [];
  private scheduled: NodeJS.Immediate | undefined;
  private writing = false;
  private idle: (() => void)[] = [];
  private added = 0;
  private written = 0;
  /** Where the tail starts: the next entry is written there. */
  private end: number;
  private lastSync = Date.now();
  private syncing: Promise<void> | undefined;
  private failure: unknown;
  private readonly tail = Buffer.from(RECORDING_TAIL);

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
    const text = harEntryText(exchange, this.redaction);
    this.added++;
    return new Promise<void>((written) => {
      this.pending.push({ text, written });
      this.scheduled ??= setImmediate(this.flush);
    });
  }

  /** Waits for the last writes, fsyncs and closes the file; throws when an entry could not be written. */
  async close(): Promise<void> {
    if (this.writing || this.pending.length > 0) await new Promise<void>((done) => this.idle.push(done));
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

  /**
   * Writes every pending entry and the tail after them in one write, then lets their replies go; the entries
   * that came meanwhile go in the next write, once this one has ended (one write at a time: each rewrites the
   * tail where the next one starts).
   */
  private readonly flush = (): void => {
    this.scheduled = undefined;
    if (this.writing || this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    let text = '';
    for (const { text: entry } of batch) {
      text += this.written === 0 && text === '' ? '\n' : ',\n';
      text += entry;
    }
    const body = Buffer.from(text);
    this.writing = true;
    const bytes = Buffer.concat([body, this.tail], body.byteLength + this.tail.byteLength);
    writeAllAt(this.file.fd, bytes, this.end, (error) => {
      if (error === null) {
        this.end += body.byteLength;
        this.written += batch.length;
      } else {
        if (this.failure === undefined) this.report(`asmxgen: ${outputErrorFrom('write', this.path, error).message}`);
        this.failure ??= error;
      }
      this.wrote(batch);
    });
  };

  /** A write has ended: its entries' replies go, and the next write, if any entry waits, starts. */
  private wrote(batch: readonly { readonly written: () => void }[]): void {
    this.writing = false;
    for (const { written } of batch) written();
    this.syncNow();
    if (this.pending.length > 0) this.scheduled ??= setImmediate(this.flush);
    else for (const done of this.idle.splice(0)) done();
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

/** `writeAll` by callbacks, on the file's descriptor: the proxy's writes, without a promise each. */
function writeAllAt(fd: number, bytes: Buffer, position: number, done: (error: Error | null) => void): void {
  const from = (offset: number) =>
    write(fd, bytes, offset, bytes.byteLength - offset, position + offset, (error, bytesWritten) => {
      if (error !== null) done(error);
      else if (offset + bytesWritten < bytes.byteLength) from(offset + bytesWritten);
      else done(null);
    });
  from(0);
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

/**
 * `recordedEntryText(harEntry(exchange, redaction))`, the same bytes, written straight from the exchange: the
 * entry's layout is fixed, so only its values are turned into JSON (no object of the entry made and stringified).
 */
export function harEntryText(exchange: Exchange, redaction: Redaction): string {
  const { request, response, timings } = exchange;
  const url = redaction.url(request.url);
  const requestType = headerOf(request.headers, 'content-type') ?? '';
  const replyType = headerOf(response.headers, 'content-type') ?? '';
  const [i1, i2] = [ENTRY_INDENT_1, ENTRY_INDENT_2];
  let text = `${ENTRY_INDENT}{\n${i1}"startedDateTime": ${JSON.stringify(exchange.startedAt.toISOString())},\n`;
  text += `${i1}"time": ${millisecondsText(timings.send + timings.wait + timings.receive)},\n${i1}"request": {\n`;
  text += `${i2}"method": ${JSON.stringify(request.method)},\n${i2}"url": ${JSON.stringify(url)},\n`;
  text += `${i2}"httpVersion": ${JSON.stringify(request.httpVersion)},\n${i2}"cookies": [],\n`;
  text += `${i2}"headers": ${nameValuesText(nameValues(request.headers, redaction), i2)},\n`;
  text += `${i2}"queryString": ${nameValuesText(queryOf(url), i2)},\n`;
  if (request.body.size > 0) {
    text += `${i2}"postData": ${postDataText(request.body, requestType, redaction, i2)},\n`;
  }
  text += `${i2}"headersSize": -1,\n${i2}"bodySize": ${numberText(request.body.size)}\n${i1}},\n${i1}"response": {\n`;
  text += `${i2}"status": ${numberText(response.status)},\n${i2}"statusText": ${JSON.stringify(response.statusText)},\n`;
  text += `${i2}"httpVersion": ${JSON.stringify(response.httpVersion)},\n${i2}"cookies": [],\n`;
  text += `${i2}"headers": ${nameValuesText(nameValues(response.headers, redaction), i2)},\n`;
  text += `${i2}"content": ${contentText(response.body, replyType, redaction, i2)},\n`;
  text += `${i2}"redirectURL": ${JSON.stringify(headerOf(response.headers, 'location') ?? '')},\n`;
  text += `${i2}"headersSize": -1,\n${i2}"bodySize": ${numberText(response.body?.size ?? -1)}\n${i1}},\n`;
  text += `${i1}"cache": {},\n${i1}"timings": {\n${i2}"blocked": -1,\n${i2}"dns": -1,\n${i2}"connect": -1,\n`;
  text += `${i2}"send": ${millisecondsText(timings.send)},\n${i2}"wait": ${millisecondsText(timings.wait)},\n`;
  text += `${i2}"receive": ${millisecondsText(timings.receive)},\n${i2}"ssl": -1\n${i1}},\n`;
  if (exchange.error) text += `${i1}"comment": ${JSON.stringify(`the proxy's own reply: ${exchange.error}`)},\n`;
  text += `${i1}"_operation": ${exchange.call ? JSON.stringify(exchange.call.operation) : 'null'},\n`;
  text += `${i1}"_binding": ${exchange.call ? JSON.stringify(exchange.call.binding) : 'null'},\n`;
  return `${text}${i1}"_servedBy": ${JSON.stringify(exchange.servedBy)}\n${ENTRY_INDENT}}`;
}

const ENTRY_INDENT_1 = `${ENTRY_INDENT}  `;
const ENTRY_INDENT_2 = `${ENTRY_INDENT_1}  `;

/** A number as JSON writes it (`null` for one that is not finite). */
function numberText(value: number): string {
  return Number.isFinite(value) ? String(value) : 'null';
}

/**
 * `numberText(round(ms))` from integers: a number of thousandths below 10^15 has no shorter decimal form than its
 * digits, so JSON writes it as `whole.fraction` without trailing zeros, as this does.
 */
function millisecondsText(ms: number): string {
  const thousandths = Math.round(ms * 1000);
  if (!(thousandths >= 0 && thousandths < 1e15)) return numberText(round(ms));
  const fraction = thousandths % 1000;
  const whole = String((thousandths - fraction) / 1000);
  if (fraction === 0) return whole;
  const digits = fraction < 10 ? `00${fraction}` : fraction < 100 ? `0${fraction}` : String(fraction);
  return `${whole}.${digits.endsWith('00') ? digits[0] : digits.endsWith('0') ? digits.slice(0, 2) : digits}`;
}

/** `[{name, value}, …]` as JSON.stringify with two spaces writes it at `indent`. */
function nameValuesText(pairs: readonly HarNameValue[], indent: string): string {
  if (pairs.length === 0) return '[]';
  const inner = `${indent}  `;
  const deeper = `${inner}  `;
  let text = '[';
  for (const { name, value } of pairs) {
    text += `${text === '[' ? '\n' : ',\n'}${inner}{\n${deeper}"name": ${JSON.stringify(name)},\n`;
    text += `${deeper}"value": ${JSON.stringify(value)}\n${inner}}`;
  }
  return `${text}\n${indent}]`;
}

/** `postData(…)` as JSON.stringify with two spaces writes it at `indent`. */
function postDataText(body: CapturedBody, mimeType: string, redaction: Redaction, indent: string): string {
  const { text, encoding, params } = postDataParts(body, mimeType, redaction);
  const inner = `${indent}  `;
  let json = `{\n${inner}"mimeType": ${JSON.stringify(mimeType)},\n${inner}"text": ${JSON.stringify(text)}`;
  if (encoding !== undefined) json += `,\n${inner}"_encoding": ${JSON.stringify(encoding)}`;
  if (params !== undefined) json += `,\n${inner}"params": ${nameValuesText(params, inner)}`;
  if (body.truncated) json += `,\n${inner}"comment": ${JSON.stringify(truncated(body))}`;
  return `${json}\n${indent}}`;
}

/** `content(…)` as JSON.stringify with two spaces writes it at `indent`. */
function contentText(body: CapturedBody | undefined, mimeType: string, redaction: Redaction, indent: string): string {
  const inner = `${indent}  `;
  const type = JSON.stringify(mimeType);
  if (body === undefined) return `{\n${inner}"size": -1,\n${inner}"mimeType": ${type}\n${indent}}`;
  const { text, encoding } = contentParts(body, mimeType, redaction);
  let json = `{\n${inner}"size": ${numberText(body.size)},\n${inner}"mimeType": ${type},\n`;
  json += `${inner}"text": ${JSON.stringify(text)}`;
  if (encoding !== undefined) json += `,\n${inner}"encoding": ${JSON.stringify(encoding)}`;
  if (body.truncated) json += `,\n${inner}"comment": ${JSON.stringify(truncated(body))}`;
  return `${json}\n${indent}}`;
}

function postData(body: CapturedBody, mimeType: string, redaction: Redaction): HarPostData {
  const { text, encoding, params } = postDataParts(body, mimeType, redaction);
  return {
    mimeType,
    text,
    ...(encoding !== undefined && { _encoding: encoding }),
    ...(params !== undefined && { params }),
    ...(body.truncated && { comment: truncated(body) }),
  };
}

/** A request body's text in a recording, redacted; a form's parameters. */
function postDataParts(
  body: CapturedBody,
  mimeType: string,
  redaction: Redaction,
): { text: string; encoding?: 'base64'; params?: HarNameValue[] } {
  const text = asText(body.bytes);
  // A body that is not UTF-8 (a file upload) is kept whole as base64, as HAR keeps such reply bodies.
  if (text === undefined) return { text: Buffer.from(body.bytes).toString('base64'), encoding: 'base64' };
  if (mediaTypeOf(mimeType) !== 'application/x-www-form-urlencoded') {
    return { text: redactBody(text, mimeType, redaction) };
  }
  const shown = redaction.form(text);
  return { text: shown, params: queryOf(`?${shown}`) };
}

function content(body: CapturedBody | undefined, mimeType: string, redaction: Redaction): HarContent {
  if (body === undefined) return { size: -1, mimeType };
  const { text, encoding } = contentParts(body, mimeType, redaction);
  return {
    size: body.size,
    mimeType,
    text,
    ...(encoding !== undefined && { encoding }),
    ...(body.truncated && { comment: truncated(body) }),
  };
}

/** A reply body's text in a recording: redacted, or base64 when it is not UTF-8. */
function contentParts(
  body: CapturedBody,
  mimeType: string,
  redaction: Redaction,
): { text: string; encoding?: 'base64' } {
  const text = asText(body.bytes);
  return text === undefined
    ? { text: Buffer.from(body.bytes).toString('base64'), encoding: 'base64' }
    : { text: redactBody(text, mimeType, redaction) };
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
  if (!redaction.active) return headers.map(([name, value]) => ({ name, value }));
  return headers.map(([name, value]) => ({ name, value: redaction.matches(name) ? 'REDACTED' : value }));
}

function queryOf(url: string): HarNameValue[] {
  const mark = url.indexOf('?');
  if (mark === -1) return [];
  return [...new URLSearchParams(url.slice(mark + 1))].map(([name, value]) => ({ name, value }));
}

function headerOf(headers: HeaderPairs, name: string): string | undefined {
  return headers.find(([n]) => n.length === name.length && n.toLowerCase() === name)?.[1];
}

function mediaTypeOf(contentType: string): string {
  const semicolon = contentType.indexOf(';');
  return (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
}

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

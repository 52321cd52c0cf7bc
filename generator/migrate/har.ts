/**
 * HAR 1.2 (HTTP Archive) as `asmxgen proxy --record` writes it and `asmxgen replay` reads it: the types, with the
 * custom per-entry fields `_operation` and `_binding`, and a reader that checks a file before anything is sent.
 *
 * The reader checks what replay relies on strictly (each request's method, absolute URL, headers and body; each
 * response's status, headers and body) and the rest of the format where it is present, so that HAR files written
 * by browsers, Fiddler or Charles read too as long as they carry bodies. Every problem is reported as
 * `FILE: log.entries[3].request.url: what is wrong; what to do`.
 */
import { readFile } from 'node:fs/promises';
import { InputError } from '../io/input-error.js';
import type { ReplySnapshot } from './reply-difference.js';

/** The four bindings of an ASMX service, and `json`: a `[ScriptService]`'s JSON calls (ASP.NET AJAX). */
export type HarBinding = 'soap11' | 'soap12' | 'httpGet' | 'httpPost' | 'json';
export const HAR_BINDINGS: readonly HarBinding[] = ['soap11', 'soap12', 'httpGet', 'httpPost', 'json'];

/** `log.creator.name` of the files asmxgen writes. */
export const HAR_CREATOR_NAME = 'asmxgen';

export interface Har {
  readonly log: HarLog;
}

export interface HarLog {
  /** `"1.2"`. */
  readonly version: string;
  readonly creator: HarCreator;
  readonly browser?: HarCreator;
  readonly pages?: readonly unknown[];
  readonly entries: readonly HarEntry[];
  readonly comment?: string;
}

export interface HarCreator {
  readonly name: string;
  readonly version: string;
  readonly comment?: string;
}

export interface HarEntry {
  readonly pageref?: string;
  /** ISO 8601 date and time the request started. */
  readonly startedDateTime: string;
  /** Total milliseconds: the sum of the timings that are not -1. */
  readonly time: number;
  readonly request: HarRequest;
  readonly response: HarResponse;
  readonly cache: HarCache;
  readonly timings: HarTimings;
  readonly serverIPAddress?: string;
  readonly connection?: string;
  readonly comment?: string;
  /** The operation the request calls (its message name); `null` when it calls none (a document, an error). */
  readonly _operation?: string | null;
  /** The binding the request uses; `null` when it calls no operation. */
  readonly _binding?: HarBinding | null;
}

export interface HarNameValue {
  readonly name: string;
  readonly value: string;
  readonly comment?: string;
}

export interface HarCookie {
  readonly name: string;
  readonly value: string;
  readonly path?: string;
  readonly domain?: string;
  readonly expires?: string;
  readonly httpOnly?: boolean;
  readonly secure?: boolean;
  readonly comment?: string;
}

export interface HarRequest {
  readonly method: string;
  /** Absolute: `http://host:port/Svc.asmx?op=X`. */
  readonly url: string;
  /** `HTTP/1.1`. */
  readonly httpVersion: string;
  readonly cookies: readonly HarCookie[];
  /** In the order sent. */
  readonly headers: readonly HarNameValue[];
  readonly queryString: readonly HarNameValue[];
  readonly postData?: HarPostData;
  /** -1 when unknown. */
  readonly headersSize: number;
  /** -1 when unknown. */
  readonly bodySize: number;
  readonly comment?: string;
}

export interface HarPostData {
  readonly mimeType: string;
  /** The body as text; asmxgen always writes it. */
  readonly text?: string;
  /**
   * `"base64"` when `text` is the body's bytes in base64 (a body that is not UTF-8, such as a file upload). HAR 1.2
   * has no such field for a request, so asmxgen writes it as a custom field, named as `content.encoding` is; a
   * plain `encoding`, as some tools write, is read the same.
   */
  readonly _encoding?: string;
  readonly encoding?: string;
  readonly params?: readonly HarPostParam[];
  readonly comment?: string;
}

export interface HarPostParam {
  readonly name: string;
  readonly value?: string;
  readonly fileName?: string;
  readonly contentType?: string;
  readonly comment?: string;
}

export interface HarResponse {
  readonly status: number;
  readonly statusText: string;
  readonly httpVersion: string;
  readonly cookies: readonly HarCookie[];
  /** As received, in order. */
  readonly headers: readonly HarNameValue[];
  readonly content: HarContent;
  readonly redirectURL: string;
  readonly headersSize: number;
  readonly bodySize: number;
  readonly comment?: string;
}

export interface HarContent {
  /** Bytes of the (decoded) body. */
  readonly size: number;
  readonly compression?: number;
  readonly mimeType: string;
  /** The body: text, or base64 when `encoding` is `"base64"`. */
  readonly text?: string;
  readonly encoding?: string;
  readonly comment?: string;
}

export type HarCache = Readonly<Record<string, unknown>>;

export interface HarTimings {
  readonly blocked?: number;
  readonly dns?: number;
  readonly connect?: number;
  readonly send: number;
  readonly wait: number;
  readonly receive: number;
  readonly ssl?: number;
  readonly comment?: string;
}

/** A HAR file that cannot be read or is not valid: `file: where: what`. */
export class HarError extends InputError {
  override name = 'HarError';
  constructor(
    readonly file: string,
    /** A JSON path (`log.entries[3].request.url`), or `line:column` of a JSON syntax error. */
    readonly where: string,
    what: string,
  ) {
    super(`${file}: ${where}: ${what}`);
  }
}

/** Reads and checks a HAR file; `display` is the name messages give it (by default the path). */
export async function readHar(path: string, display: string = path): Promise<Har> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw harReadError(error, display);
  }
  return parseHar(text, display);
}

/** A HAR file that cannot be read (`error` from the file system), as its message names it. */
export function harReadError(error: unknown, display: string): InputError {
  const code = (error as NodeJS.ErrnoException).code;
  const what =
    code === 'ENOENT'
      ? 'no such file; record one with asmxgen proxy --record FILE.har'
      : code === 'EISDIR'
        ? 'a folder, not a HAR file'
        : `cannot be read (${code ?? (error as Error).message})`;
  return new InputError(`${display}: ${what}`, { cause: error });
}

/** Checks the text of a HAR file; `file` names it in messages. */
export function parseHar(text: string, file: string): Har {
  let json: unknown;
  try {
    json = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new HarError(file, jsonErrorPlace(text, message), `not valid JSON (${message}); a HAR file is JSON`);
  }
  checkHar(json, file);
  return json as Har;
}

/** Checks a parsed HAR file, `file` naming it in messages. */
export function checkHar(json: unknown, file: string): void {
  const check = new Checker(file);
  const log = check.object(check.object(json, '', 'a HAR file is a JSON object with a "log"').log, 'log');
  const version = check.string(log.version, 'log.version');
  if (version !== '1.2' && version !== '1.1') {
    throw new HarError(file, 'log.version', `"${version}" is not a HAR version asmxgen reads (1.2 or 1.1)`);
  }
  const creator = check.object(log.creator, 'log.creator');
  check.string(creator.name, 'log.creator.name');
  check.string(creator.version, 'log.creator.version');
  const entries = check.array(log.entries, 'log.entries');
  entries.forEach((entry, index) => checkEntry(check, entry, `log.entries[${index}]`));
}

/** Checks one entry of `log.entries`; `where` is its JSON path. */
export function checkEntry(check: Checker, value: unknown, where: string): void {
  const entry = check.object(value, where);
  check.optionalString(entry.startedDateTime, `${where}.startedDateTime`);
  check.optionalNumber(entry.time, `${where}.time`);
  const request = check.object(entry.request, `${where}.request`);
  const method = check.string(request.method, `${where}.request.method`);
  if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(method)) {
    throw check.error(`${where}.request.method`, `"${method}" is not an HTTP method`);
  }
  const url = check.string(request.url, `${where}.request.url`);
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
    throw check.error(`${where}.request.url`, `"${url}" is not an absolute http(s) URL; HAR requests name theirs`);
  }
  check.headers(request.headers, `${where}.request.headers`);
  if (request.postData !== undefined) {
    const postData = check.object(request.postData, `${where}.request.postData`);
    check.optionalString(postData.mimeType, `${where}.request.postData.mimeType`);
    if (postData.text === undefined) {
      throw check.error(
        `${where}.request.postData.text`,
        'missing: replay sends each body as recorded, and this one was recorded without its text ' +
          '(record with asmxgen proxy --record, which keeps every body)',
      );
    }
    check.string(postData.text, `${where}.request.postData.text`);
    for (const field of ['_encoding', 'encoding'] as const) {
      if (postData[field] !== undefined && postData[field] !== 'base64') {
        throw check.error(
          `${where}.request.postData.${field}`,
          `${JSON.stringify(postData[field])}: only "base64" is known`,
        );
      }
    }
  }
  const response = check.object(entry.response, `${where}.response`);
  const status = response.status;
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 100 || status > 599) {
    throw check.error(
      `${where}.response.status`,
      status === 0
        ? 'the exchange has no response (status 0): the recording tool got none; remove the entry or record again'
        : `${JSON.stringify(status)} is not an HTTP status (an integer from 100 to 599)`,
    );
  }
  check.headers(response.headers, `${where}.response.headers`);
  const content = check.object(response.content, `${where}.response.content`);
  check.optionalNumber(content.size, `${where}.response.content.size`);
  if (content.text === undefined) {
    if (typeof content.size === 'number' && content.size > 0) {
      throw check.error(
        `${where}.response.content.text`,
        `missing: the recording lacks the body (${content.size} bytes) replay compares with; record with ` +
          'asmxgen proxy --record, which keeps every body',
      );
    }
  } else {
    check.string(content.text, `${where}.response.content.text`);
  }
  if (content.encoding !== undefined && content.encoding !== 'base64') {
    throw check.error(
      `${where}.response.content.encoding`,
      `${JSON.stringify(content.encoding)}: only "base64" is known`,
    );
  }
  if (entry._operation !== undefined && entry._operation !== null)
    check.string(entry._operation, `${where}._operation`);
  if (entry._binding !== undefined && entry._binding !== null && !HAR_BINDINGS.includes(entry._binding as HarBinding)) {
    throw check.error(
      `${where}._binding`,
      `${JSON.stringify(entry._binding)} is not a binding; one of ${HAR_BINDINGS.join(', ')}, or null`,
    );
  }
}

/** The checks of a HAR file's values, each problem a HarError naming the file and the JSON path. */
export class Checker {
  constructor(private readonly file: string) {}

  error(where: string, what: string): HarError {
    return new HarError(this.file, where || '(top)', what);
  }

  object(value: unknown, where: string, hint?: string): Record<string, unknown> {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
    throw this.error(where, `${describe(value)}, not an object${hint ? `; ${hint}` : ''}`);
  }

  array(value: unknown, where: string): unknown[] {
    if (Array.isArray(value)) return value;
    throw this.error(where, `${describe(value)}, not an array`);
  }

  string(value: unknown, where: string): string {
    if (typeof value === 'string') return value;
    throw this.error(where, `${describe(value)}, not a string`);
  }

  optionalString(value: unknown, where: string): void {
    if (value !== undefined) this.string(value, where);
  }

  optionalNumber(value: unknown, where: string): void {
    if (value !== undefined && typeof value !== 'number') throw this.error(where, `${describe(value)}, not a number`);
  }

  headers(value: unknown, where: string): void {
    this.array(value, where).forEach((header, index) => {
      const at = `${where}[${index}]`;
      const pair = this.object(header, at);
      this.string(pair.name, `${at}.name`);
      this.string(pair.value, `${at}.value`);
    });
  }
}

function describe(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  const shown = JSON.stringify(value);
  return `${typeof value} ${shown.length > 40 ? `${shown.slice(0, 40)}…` : shown}`;
}

/** `line:column` of a JSON.parse error: the position its message gives, or where `jsonErrorOffset` stops. */
export function jsonErrorPlace(text: string, message: string): string {
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn) return `${lineColumn[1]}:${lineColumn[2]}`;
  const position = /position (\d+)/.exec(message);
  const offset = position ? Number(position[1]) : jsonErrorOffset(text);
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return `${line}:${before.length - before.lastIndexOf('\n')}`;
}

/**
 * Where JSON text stops being JSON, for messages only (JSON.parse of Node 20 names no position for an unexpected
 * token): a scan of the grammar that stops at the first character it cannot take.
 */
function jsonErrorOffset(text: string): number {
  let at = 0;
  const space = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at]!)) at++;
  };
  const fail = (): never => {
    throw at;
  };
  const literal = (word: string) => {
    if (!text.startsWith(word, at)) fail();
    at += word.length;
  };
  const string = () => {
    at++;
    while (at < text.length && text[at] !== '"') {
      if (text.charCodeAt(at) < 0x20) fail();
      at += text[at] === '\\' ? 2 : 1;
    }
    if (at >= text.length) fail();
    at++;
  };
  const value = (): void => {
    space();
    const c = text[at];
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      at++;
      space();
      if (text[at] === close) return void at++;
      for (;;) {
        if (c === '{') {
          space();
          if (text[at] !== '"') fail();
          string();
          space();
          if (text[at] !== ':') fail();
          at++;
        }
        value();
        space();
        if (text[at] === ',') at++;
        else if (text[at] === close) return void at++;
        else fail();
      }
    }
    if (c === '"') return string();
    if (c === 't') return literal('true');
    if (c === 'f') return literal('false');
    if (c === 'n') return literal('null');
    const number = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(at));
    if (!number) fail();
    at += number![0].length;
  };
  try {
    value();
    space();
  } catch {
    // `at` is where the scan stopped.
  }
  return at;
}

// --- entries as replay uses them -------------------------------------------------------------------------------------

/** The recorded request body of an entry, as bytes; `undefined` when it had none. */
export function recordedRequestBody(entry: HarEntry): Uint8Array | undefined {
  const postData = entry.request.postData;
  if (postData?.text === undefined) return undefined;
  const base64 = (postData._encoding ?? postData.encoding) === 'base64';
  return new Uint8Array(Buffer.from(postData.text, base64 ? 'base64' : 'utf8'));
}

/** The recorded reply of an entry, for `compareReplies`: a base64 body as bytes, text as text. */
export function recordedReply(entry: HarEntry): ReplySnapshot {
  const { content } = entry.response;
  const text = content.text ?? '';
  return {
    status: entry.response.status,
    headers: entry.response.headers.map((h) => [h.name, h.value] as const),
    body: content.encoding === 'base64' ? new Uint8Array(Buffer.from(text, 'base64')) : text,
  };
}

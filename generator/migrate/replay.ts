/**
 * `asmxgen replay`: every request of a HAR file sent again to another base URL, each reply compared with the
 * recorded one (`compare-replies.ts`). Requests go out with the recorded method, path, query, headers and body;
 * the headers that belong to one connection (hop-by-hop ones, those `Connection` names, `Host`, `Content-Length`,
 * `Expect`, HTTP/2 pseudo-headers) are left for the new connection to set. Results keep the HAR's order whatever
 * the concurrency.
 */
import http from 'node:http';
import https from 'node:https';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { compareReplies } from './compare-replies.js';
import type { Har, HarBinding, HarEntry } from './har.js';
import { recordedReply, recordedRequestBody } from './har.js';
import { endToEndHeaders } from './hop-by-hop.js';
import type { ReplyDifference, ReplySnapshot } from './reply-difference.js';

export type ReplayOutcome = 'same' | 'different' | 'error';

export interface ReplayResult {
  /** The entry's index in `log.entries`, from 0. */
  readonly index: number;
  readonly operation: string | null;
  readonly binding: HarBinding | null;
  /** `POST /AuthenticationWebService.asmx`: the method and the path and query sent. */
  readonly request: string;
  readonly outcome: ReplayOutcome;
  readonly differences: readonly ReplyDifference[];
  /** Why no reply was had (outcome `error`). */
  readonly error?: string;
}

export interface ReplaySummary {
  readonly total: number;
  readonly same: number;
  readonly different: number;
  readonly errors: number;
}

export interface ReplayReport {
  /** The HAR file as named on the command line. */
  readonly har: string;
  /** The base URL replayed against. */
  readonly against: string;
  readonly summary: ReplaySummary;
  /** In the HAR's order: every exchange, or only those that are not the same (`keepSame: false`). */
  readonly results: readonly ReplayResult[];
}

export interface ReplayOptions {
  /** Scheme, host, port and an optional path prefix: `http://127.0.0.1:8080`. */
  readonly against: string;
  /** Requests under way at once (default 4). */
  readonly concurrency?: number;
  /** Compare SOAP fault reasons whole. */
  readonly strict?: boolean;
  /** Milliseconds a reply may take, headers to last byte (default 30 000). */
  readonly timeoutMs?: number;
  /** Send the recorded `Host` header (documents that name their address then compare alike). */
  readonly keepHost?: boolean;
  /**
   * Keep the results of exchanges that are the same (default true); false keeps only the others, so that a
   * replay of a long recording holds what it reports (the text and markdown reports list only those).
   */
  readonly keepSame?: boolean;
  /** Called after each exchange with the number done. */
  readonly onProgress?: (done: number, total: number) => void;
}

/** Besides the hop-by-hop headers: those the new request sets itself (`trailers` as RFC 2616 spelled it). */
const SET_BY_THE_REQUEST = ['trailers', 'host', 'content-length', 'expect'];
const SET_BY_THE_REQUEST_KEEPING_HOST = SET_BY_THE_REQUEST.filter((name) => name !== 'host');

export async function replayHar(har: Har, file: string, options: ReplayOptions): Promise<ReplayReport> {
  return replayEntries(har.log.entries, har.log.entries.length, file, options);
}

/**
 * Replays `total` entries as they come (`harFileEntries` reads them from a file one at a time): no more of them
 * are held than the requests under way.
 */
export async function replayEntries(
  entries: Iterable<HarEntry> | AsyncIterable<HarEntry>,
  total: number,
  file: string,
  options: ReplayOptions,
): Promise<ReplayReport> {
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const base = new URL(options.against);
  const agentOptions = { keepAlive: true, maxSockets: concurrency };
  const agent = base.protocol === 'https:' ? new https.Agent(agentOptions) : new http.Agent(agentOptions);
  const results: ReplayResult[] = [];
  const keepSame = options.keepSame ?? true;
  const counts: Record<ReplayOutcome, number> = { same: 0, different: 0, error: 0 };
  const source = numbered(entries);
  let done = 0;
  const worker = async () => {
    for (;;) {
      const item = await source.next();
      if (item.done) return;
      const { entry, index } = item.value;
      const result = await replayEntry(entry, index, base, agent, options);
      counts[result.outcome]++;
      if (keepSame || result.outcome !== 'same') results.push(result);
      options.onProgress?.(++done, total);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, total)) }, worker));
  } finally {
    agent.destroy();
  }
  results.sort((a, b) => a.index - b.index);
  return {
    har: file,
    against: options.against,
    summary: { total: done, same: counts.same, different: counts.different, errors: counts.error },
    results,
  };
}

/** Each entry with its index: workers taking entries at once get them in order, numbered as in the file. */
async function* numbered(
  entries: Iterable<HarEntry> | AsyncIterable<HarEntry>,
): AsyncGenerator<{ entry: HarEntry; index: number }> {
  let index = 0;
  for await (const entry of entries) yield { entry, index: index++ };
}

async function replayEntry(
  entry: HarEntry,
  index: number,
  base: URL,
  agent: http.Agent,
  options: ReplayOptions,
): Promise<ReplayResult> {
  const recorded = new URL(entry.request.url);
  const pathAndQuery = recorded.pathname + recorded.search;
  const target = new URL(base.pathname.replace(/\/+$/, '') + pathAndQuery, base.origin);
  const described = {
    index,
    operation: entry._operation ?? null,
    binding: entry._binding ?? null,
    request: `${entry.request.method} ${pathAndQuery}`,
  };
  let reply: ReplySnapshot;
  try {
    reply = await send(entry, target, agent, options);
  } catch (error) {
    return { ...described, outcome: 'error', differences: [], error: describeFailure(error, target) };
  }
  const differences = compareReplies(recordedReply(entry), reply, { strict: options.strict ?? false });
  return { ...described, outcome: differences.length === 0 ? 'same' : 'different', differences };
}

function requestHeaders(entry: HarEntry, keepHost: boolean): [string, string][] {
  const pairs = entry.request.headers
    .filter((header) => !header.name.startsWith(':'))
    .map((header): [string, string] => [header.name, header.value]);
  return endToEndHeaders(pairs, keepHost ? SET_BY_THE_REQUEST_KEEPING_HOST : SET_BY_THE_REQUEST);
}

const gunzip = promisify(zlib.gunzip);
const inflate = promisify(zlib.inflate);
const brotli = promisify(zlib.brotliDecompress);

/** Sends the entry's request to `target`; the reply with its body decoded as a HAR records it (no content coding). */
function send(entry: HarEntry, target: URL, agent: http.Agent, options: ReplayOptions): Promise<ReplySnapshot> {
  const body = recordedRequestBody(entry);
  const headers = requestHeaders(entry, options.keepHost ?? false);
  // Headers given as a list get no Host from node:http.
  if (!headers.some(([name]) => name.toLowerCase() === 'host')) headers.unshift(['Host', target.host]);
  if (body !== undefined) headers.push(['Content-Length', String(body.byteLength)]);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const request = target.protocol === 'https:' ? https.request : http.request;
  return new Promise<ReplySnapshot>((resolve, reject) => {
    const req = request(target, { method: entry.request.method, headers: headers.flat(), agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const pairs: [string, string][] = [];
        for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) pairs.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
        decode(Buffer.concat(chunks), res.headers['content-encoding']).then(
          (bytes) => resolve({ status: res.statusCode ?? 0, headers: pairs, body: new Uint8Array(bytes) }),
          reject,
        );
      });
    });
    req.setTimeout(timeoutMs, () => req.destroy(new ReplayTimeout(timeoutMs)));
    req.on('error', reject);
    req.end(body);
  });
}

async function decode(bytes: Buffer, coding: string | undefined): Promise<Buffer> {
  switch (coding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return gunzip(bytes);
    case 'deflate':
      return inflate(bytes);
    case 'br':
      return brotli(bytes);
    default:
      return bytes;
  }
}

class ReplayTimeout extends Error {
  constructor(readonly ms: number) {
    super(`no reply within ${ms} ms`);
  }
}

function describeFailure(error: unknown, target: URL): string {
  if (error instanceof ReplayTimeout) return `${error.message} from ${target.origin}`;
  const code = (error as NodeJS.ErrnoException).code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ECONNREFUSED') return `connection refused by ${target.host}: is the service running there?`;
  if (code === 'ECONNRESET') return `${target.host} closed the connection before replying`;
  if (code === 'ENOTFOUND') return `the host ${target.hostname} is not found`;
  return message;
}

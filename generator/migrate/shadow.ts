/**
 * `--shadow`: each exchange, once its caller has the reply, sent again to a candidate service, and the two
 * replies compared (`compareReplies`, the rules `replay` judges by). The caller never waits for the candidate
 * and never sees its reply. With `--shadow-log`, one JSON line per exchange:
 * `{time, request, operation, binding, outcome, differences}` (and `error` when the candidate could not answer).
 */
import { open, type FileHandle } from 'node:fs/promises';
import { outputErrorFrom } from '../output/output-error.js';
import { BodyCapture, REPLY_CAPTURE_LIMIT } from './body-capture.js';
import { compareReplies, type ReplyDifference } from './compare-replies.js';
import type { Exchange } from './exchange.js';
import { headerPairs } from './hop-by-hop.js';
import { REDACTED, type Redaction } from './redact.js';
import type { Forwarded } from './forward-request.js';
import type { Target } from './send-request.js';
import { differenceOf } from './show-value.js';

export type ShadowOutcome = 'same' | 'different' | 'error';

/** One line of the shadow log. */
export interface ShadowLine {
  /** When the caller's request started (ISO 8601). */
  readonly time: string;
  /** `POST /Svc.asmx`: the method and the path and query the caller sent. */
  readonly request: string;
  readonly operation: string | null;
  readonly binding: string | null;
  readonly outcome: ShadowOutcome;
  /** The candidate's reply against the caller's, as `compareReplies` lists them. */
  readonly differences: readonly ReplyDifference[];
  /** Why there is no comparison (`outcome: "error"`). */
  readonly error?: string;
}

/** Candidate requests in flight at once; more wait their turn. */
const CONCURRENCY = 4;
/** Exchanges waiting beyond this are not shadowed (an `error` line says so): the proxy's memory stays bounded. */
const QUEUE_LIMIT = 1000;

export class Shadow {
  private readonly counts = { same: 0, different: 0, error: 0 };
  private readonly differentByOperation = new Map<string, number>();
  private readonly queue: Exchange[] = [];
  private running = 0;
  private writing: Promise<void> = Promise.resolve();
  private idle: (() => void)[] = [];

  private constructor(
    private readonly candidate: Target,
    private readonly logFile: FileHandle | undefined,
    private readonly logPath: string | undefined,
    private readonly redaction: Redaction,
    private readonly report: (line: string) => void,
  ) {}

  /** Opens (creates or empties, mode 0600) the log file first, so that an unwritable one stops the start. */
  static async start(
    candidate: Target,
    logPath: string | undefined,
    redaction: Redaction,
    report: (line: string) => void,
  ): Promise<Shadow> {
    let file: FileHandle | undefined;
    if (logPath !== undefined) {
      try {
        file = await open(logPath, 'w', 0o600);
        await file.chmod(0o600);
      } catch (error) {
        await file?.close();
        throw outputErrorFrom('write', logPath, error);
      }
    }
    return new Shadow(candidate, file, logPath, redaction, report);
  }

  /** Queues the exchange for the candidate. */
  observe(exchange: Exchange): void {
    if (this.queue.length >= QUEUE_LIMIT) {
      this.record(exchange, { outcome: 'error', differences: [], error: 'not shadowed: too many exchanges waiting' });
      return;
    }
    this.queue.push(exchange);
    this.pump();
  }

  /** Resolves when every queued exchange has been compared and its line written. */
  async settled(): Promise<void> {
    if (this.running > 0 || this.queue.length > 0) await new Promise<void>((done) => this.idle.push(done));
    await this.writing;
  }

  /** Closes the log; the summary lines. */
  async close(): Promise<string[]> {
    await this.settled();
    this.candidate.close();
    await this.logFile?.close();
    const total = this.counts.same + this.counts.different + this.counts.error;
    const lines = [
      `asmxgen: shadow ${this.candidate.label}: ${total} exchange${total === 1 ? '' : 's'}, ` +
        `${this.counts.same} same, ${this.counts.different} different, ${this.counts.error} error${this.counts.error === 1 ? '' : 's'}` +
        (this.logPath === undefined ? '' : ` (${this.logPath})`),
    ];
    const different = [...this.differentByOperation].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    if (different.length > 0) lines.push(`  different: ${different.map(([op, n]) => `${op} ×${n}`).join(', ')}`);
    return lines;
  }

  private pump(): void {
    while (this.running < CONCURRENCY && this.queue.length > 0) {
      const exchange = this.queue.shift()!;
      this.running++;
      void this.compare(exchange)
        .then((result) => this.record(exchange, result))
        .finally(() => {
          this.running--;
          this.pump();
          if (this.running === 0 && this.queue.length === 0) for (const done of this.idle.splice(0)) done();
        });
    }
  }

  private async compare(exchange: Exchange): Promise<Pick<ShadowLine, 'outcome' | 'differences' | 'error'>> {
    const { request, response } = exchange;
    if (request.body.truncated) {
      return failed(
        `not shadowed: the request body (${request.body.size} bytes) is over the ${mib(request.body.bytes.byteLength)} kept`,
      );
    }
    if (response.body === undefined || response.body.truncated) {
      return failed(`not compared: the reply body is over ${mib(REPLY_CAPTURE_LIMIT)}`);
    }
    try {
      const reply = await receive(
        this.candidate.forward(
          request.method,
          request.pathAndQuery,
          request.headers,
          request.body.size > 0 ? request.body.bytes : undefined,
        ),
      );
      if (reply.body.truncated)
        return failed(`not compared: the candidate's reply is over ${mib(REPLY_CAPTURE_LIMIT)}`);
      const differences = compareReplies(
        { status: response.status, headers: response.headers, body: response.body.bytes },
        { status: reply.status, headers: headerPairs(reply.rawHeaders), body: reply.body.bytes },
      ).map((difference) => this.redacted(difference));
      return { outcome: differences.length === 0 ? 'same' : 'different', differences };
    } catch (error) {
      return failed(
        `${this.candidate.label} did not answer: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /** A difference inside a redacted element shows no values; one in JSON text, none of its named members'. */
  private redacted(difference: ReplyDifference): ReplyDifference {
    const steps = difference.where.split('/').map((step) => step.replace(/^@/, '').replace(/\[\d+\]$/, ''));
    if (steps.some((step) => step !== '' && this.redaction.matches(step.replace(/^\{[^}]*\}/, ''))))
      return differenceOf(difference.where, REDACTED, REDACTED);
    const expected = this.redaction.json(difference.expected);
    const actual = this.redaction.json(difference.actual);
    return expected === difference.expected && actual === difference.actual
      ? difference
      : differenceOf(difference.where, expected, actual);
  }

  private record(exchange: Exchange, result: Pick<ShadowLine, 'outcome' | 'differences' | 'error'>): void {
    this.counts[result.outcome]++;
    const operation = exchange.call?.operation ?? null;
    if (result.outcome === 'different') {
      const key = operation ?? `${exchange.request.method} ${exchange.request.pathAndQuery}`;
      this.differentByOperation.set(key, (this.differentByOperation.get(key) ?? 0) + 1);
    }
    if (result.outcome === 'error') this.report(`shadow error: ${result.error}`);
    if (!this.logFile) return;
    const line: ShadowLine = {
      time: exchange.startedAt.toISOString(),
      request: `${exchange.request.method} ${this.redaction.url(exchange.request.pathAndQuery)}`,
      operation,
      binding: exchange.call?.binding ?? null,
      ...result,
    };
    const file = this.logFile;
    this.writing = this.writing.then(() =>
      file.appendFile(`${JSON.stringify(line)}\n`).catch((error: unknown) => {
        this.report(`asmxgen: ${outputErrorFrom('write', this.logPath!, error).message}`);
      }),
    );
  }
}

/** The candidate's whole reply, its body kept up to REPLY_CAPTURE_LIMIT (the rest counted, not held). */
async function receive(
  forwarded: Forwarded,
): Promise<{ status: number; rawHeaders: readonly string[]; body: ReturnType<BodyCapture['result']> }> {
  const head = await forwarded.head;
  const capture = new BodyCapture(REPLY_CAPTURE_LIMIT);
  await new Promise<void>((resolve, reject) =>
    forwarded.attach({
      data(chunk) {
        capture.add(chunk);
        return true;
      },
      end: resolve,
      error: reject,
    }),
  );
  return { status: head.status, rawHeaders: head.rawHeaders, body: capture.result() };
}

function failed(error: string): Pick<ShadowLine, 'outcome' | 'differences' | 'error'> {
  return { outcome: 'error', differences: [], error };
}

function mib(bytes: number): string {
  return `${bytes / 1024 / 1024} MiB`;
}

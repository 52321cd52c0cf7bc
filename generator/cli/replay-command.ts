import type { CommandModule } from 'yargs';
import { completeRecording, RecordingNotCompleted } from '../migrate/complete-recording.js';
import { checkHarFile, harFileEntries } from '../migrate/stream-har.js';
import { formatReplay, REPLAY_FORMATS, type ReplayFormat } from '../migrate/format-replay.js';
import { replayEntries } from '../migrate/replay.js';
import type { CommandContext } from './command-context.js';
import { displayPath } from './common-options.js';
import { UsageError } from './describe-error.js';
import { InputError } from '../io/input-error.js';
import { EXIT_DIFFERENCES, EXIT_OK } from './exit-codes.js';

interface ReplayArgs {
  har: string;
  against: string;
  format: ReplayFormat;
  concurrency: number;
  strict: boolean;
  'timeout-ms': number;
  'keep-host': boolean;
}

/** Progress lines on stderr at most this often, and only once a run has taken this long. */
const PROGRESS_INTERVAL_MS = 2_000;

export function replayCommand(ctx: CommandContext): CommandModule<object, ReplayArgs> {
  return {
    builder: (y) =>
      y
        .positional('har', {
          type: 'string',
          describe: 'The recording: a HAR file (asmxgen proxy --record writes one)',
        })
        .option('against', {
          type: 'string',
          demandOption: true,
          describe: 'Base URL of the service to check (scheme, host, port): each recorded path and query is kept',
          coerce: parseAgainst,
        })
        .option('format', {
          type: 'string',
          choices: REPLAY_FORMATS,
          default: 'text',
          describe: 'text (for a terminal), json (machine-readable) or markdown (a table for a pull request)',
        })
        .option('concurrency', { type: 'number', default: 4, describe: 'Requests under way at once' })
        .option('strict', {
          type: 'boolean',
          default: false,
          describe: 'Compare SOAP fault reasons whole (by default only their first line: legacy stack traces differ)',
        })
        .option('timeout-ms', { type: 'number', default: 30_000, describe: 'How long one reply may take' })
        .option('keep-host', {
          type: 'boolean',
          default: false,
          describe: 'Send the recorded Host header, so documents that name their address (?wsdl) compare alike',
        })
        .example('$0 replay calls.har --against http://127.0.0.1:8080', 'Check a new service against a recording')
        .example(
          '$0 replay calls.har --against http://staging:8080 --format markdown',
          'A table of what differs, for a pull request',
        )
        .check((argv) => {
          if (!Number.isInteger(argv.concurrency) || argv.concurrency < 1 || argv.concurrency > 256) {
            throw new UsageError(`--concurrency ${argv.concurrency} must be a whole number from 1 to 256`);
          }
          if (!Number.isInteger(argv['timeout-ms']) || argv['timeout-ms'] < 1) {
            throw new UsageError(`--timeout-ms ${argv['timeout-ms']} must be a whole number of milliseconds above 0`);
          }
          return true;
        }) as never,
    handler: async (argv) => {
      const display = displayPath(argv.har);
      let entries: number;
      try {
        await completeCutRecording(argv.har, display, (line) => ctx.report.progress(line));
        entries = await checkHarFile(argv.har, display);
      } catch (error) {
        throw error instanceof InputError ? new UsageError(error.message, { cause: error }) : error;
      }
      const started = Date.now();
      let lastProgress = started;
      const report = await replayEntries(harFileEntries(argv.har, display), entries, display, {
        against: argv.against,
        concurrency: argv.concurrency,
        strict: argv.strict,
        timeoutMs: argv['timeout-ms'],
        keepHost: argv['keep-host'],
        keepSame: argv.format === 'json',
        onProgress: (done, total) => {
          const now = Date.now();
          if (done === total || now - lastProgress < PROGRESS_INTERVAL_MS) return;
          lastProgress = now;
          ctx.report.progress(`asmxgen: replayed ${done} of ${total} exchanges…`);
        },
      });
      ctx.report.info(formatReplay(report, argv.format));
      const { same, total } = report.summary;
      ctx.setExitCode(same === total ? EXIT_OK : EXIT_DIFFERENCES);
    },
  };
}

/**
 * A recording the proxy was stopped in the middle of writing (a SIGKILL, a power loss) completed before it is read:
 * its whole entries kept (`completeRecording`). A file that cannot be opened is left to the reader to report.
 */
async function completeCutRecording(path: string, display: string, report: (line: string) => void): Promise<void> {
  let state;
  try {
    state = await completeRecording(path);
  } catch (error) {
    // A file that cannot be read is named by the reader, as any HAR file.
    if (!(error instanceof RecordingNotCompleted)) return;
    const code = (error.cause as NodeJS.ErrnoException).code;
    throw new InputError(
      `${display}: the recording was cut off while the proxy wrote it, and cannot be completed here ` +
        `(${code ?? (error.cause as Error).message}); make it writable, or replay a copy`,
      { cause: error },
    );
  }
  if (state === 'completed') {
    report(`asmxgen: ${display} was cut off while being recorded; completed it with every whole entry it holds`);
  }
}

/** `--against`: an absolute http(s) URL naming where the service runs, not its endpoint. */
export function parseAgainst(value: string | string[]): string {
  if (Array.isArray(value)) throw new UsageError('--against is given more than once; name one base URL');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--against "${value}" is not a URL; give scheme, host and port, e.g. http://127.0.0.1:8080`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`--against "${value}" must start with http:// or https://`);
  }
  if (url.search || url.hash) throw new UsageError(`--against "${value}" must not have a query or fragment`);
  if (/\.asmx\/?$/i.test(url.pathname)) {
    throw new UsageError(
      `--against "${value}" names an endpoint; give the base URL it is served under (e.g. ${url.origin}): ` +
        'replay keeps each recorded path',
    );
  }
  return value.replace(/\/+$/, '');
}

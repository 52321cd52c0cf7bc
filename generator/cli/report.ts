/**
 * How the CLI speaks to people: progress on stdout, one clear paragraph per
 * error on stderr, a stack trace only with `--verbose`.
 */
export interface Reporter {
  info(line: string): void;
  /** A line of progress of a long run, on stderr so that stdout stays the command's output. Not with `--quiet`. */
  progress(line: string): void;
  error(message: string, cause?: unknown): void;
}

export interface Streams {
  readonly stdout: { write(chunk: string): unknown };
  readonly stderr: { write(chunk: string): unknown };
}

export function createReporter(streams: Streams, options: { verbose?: boolean; quiet?: boolean } = {}): Reporter {
  return {
    info(line) {
      if (!options.quiet) streams.stdout.write(line + '\n');
    },
    progress(line) {
      if (!options.quiet) streams.stderr.write(line + '\n');
    },
    error(message, cause) {
      streams.stderr.write(message.replace(/\s+$/, '') + '\n');
      if (options.verbose && cause instanceof Error && cause.stack) streams.stderr.write(cause.stack + '\n');
    },
  };
}

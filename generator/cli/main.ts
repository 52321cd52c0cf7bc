import yargs from 'yargs';
import type { CommandContext } from './command-context.js';
import { commandsFor } from './commands.js';
import { describeError, UsageError } from './describe-error.js';
import { EXIT_ERROR } from './exit-codes.js';
import { createReporter, type Streams } from './report.js';

/**
 * The `asmxgen` command line. Returns the exit code instead of exiting, so
 * tests and build tools can run it in-process.
 */
export async function main(args: readonly string[], streams: Streams = process): Promise<number> {
  const verbose = args.includes('--verbose');
  const report = createReporter(streams, { verbose, quiet: args.includes('--quiet') });
  let exitCode = 0;
  const reportError = (error: unknown) => {
    const described = describeError(error);
    report.error(described.message, error);
    exitCode = described.exitCode;
  };
  const ctx: CommandContext = { report, setExitCode: (code) => void (exitCode = code), reportError };

  let commands;
  try {
    commands = await commandsFor(args, ctx);
  } catch (error) {
    reportError(error);
    return EXIT_ERROR;
  }
  const cli = yargs()
    .scriptName('asmxgen')
    .usage(
      '$0 <command> [options]\n\n' +
        'Generates, from a declarative spec of an ASMX web service, the WSDL the ASMX runtime\n' +
        'serves (byte for byte), a typed Node server, a typed client for SOAP 1.1, SOAP 1.2,\n' +
        'HTTP GET and HTTP POST, and a test suite.',
    )
    .command(commands)
    .option('verbose', { type: 'boolean', default: false, describe: 'Show stack traces of errors', global: true })
    .option('quiet', { type: 'boolean', default: false, describe: 'Print errors only', global: true })
    .demandCommand(1, 'Name a command: generate, check, serve, proxy, import, diff or replay (see asmxgen --help).')
    .strict()
    .recommendCommands()
    .epilogue(
      'Exit codes: 0 ok; 1 check found differences, diff --fail-on found a change at that level, or replay found a reply that differs or fails; 2 usage, spec, input or output errors.',
    )
    .wrap(Math.min(100, process.stdout.columns ?? 100))
    .exitProcess(false)
    .fail((msg, err) => {
      // yargs reports its own parsing problems (and errors thrown by `coerce`) as YError.
      if (err && err.name !== 'YError') throw err;
      throw new UsageError(`${msg ?? err?.message}\nRun \`asmxgen --help\` for the commands and options.`);
    })
    .help()
    .version(false);

  let printed = '';
  try {
    let failure: unknown;
    await cli.parseAsync([...args], {}, (err, _argv, output) => {
      failure = err;
      printed = output;
    });
    if (failure) throw failure;
    if (printed) streams.stdout.write(printed + '\n');
  } catch (error) {
    reportError(error);
    return EXIT_ERROR;
  }
  return exitCode;
}

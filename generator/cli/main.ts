import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import yargs, { type Argv, type CommandModule } from 'yargs';
import { unknownNameMessage } from '../model/name-hint.js';
import { packageRoot } from '../package-root.js';
import type { CommandContext } from './command-context.js';
import { COMMANDS, commandName, commandsFor } from './commands.js';
import { describeError, UsageError } from './describe-error.js';
import { EXIT_ERROR } from './exit-codes.js';
import { displayPath } from './common-options.js';
import { CONFIG_FILE, findConfigFile, loadConfig, type ProjectConfig } from './project-config.js';
import { createReporter, type Reporter, type Streams } from './report.js';
import { DEFAULT_SPEC_PATH } from '../spec/load-spec.js';

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
  /** The command yargs is running and the options it declares (for messages about unknown names). */
  let running: { name: string; options: string[] } | undefined;
  try {
    const config = projectConfigFor(args);
    commands = (await commandsFor(args, ctx)).map((module) =>
      prepareCommand(module, config, args, report, (r) => (running = r)),
    );
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
    .demandCommand(
      1,
      'Name a command: init, generate, check, serve, proxy, import, diff or replay (see asmxgen --help).',
    )
    .strict()
    .epilogue(
      'Exit codes: 0 ok; 1 check found differences, diff --fail-on found a change at that level, or replay found a reply that differs or fails; 2 usage, spec, input or output errors.',
    )
    .wrap(Math.min(100, process.stdout.columns ?? 100))
    .exitProcess(false)
    .fail((msg, err) => {
      // yargs reports its own parsing problems (and errors thrown by `coerce`) as YError.
      if (err && err.name !== 'YError') throw err;
      throw new UsageError(usageMessage(msg ?? err?.message ?? '', running, args));
    })
    .help()
    .version(packageVersion());

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

/** asmxgen's version, from its package.json (what `--version` prints). */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}

/** The commands that read `asmxgen.config.yaml`: every command that takes a spec. */
const CONFIGURED_COMMANDS = ['generate', 'check', 'serve', 'proxy', 'diff'];

/**
 * The settings a command takes from the config, where not all it declares: `proxy` takes the spec (which
 * request calls which operation) but not `impl`, which would serve your handlers in place of the upstream.
 */
const CONFIG_KEYS_OF: Readonly<Record<string, ReadonlySet<string>>> = {
  proxy: new Set(['spec']),
  // The new side of `diff <old>`, when it names none.
  diff: new Set(['spec']),
};

/** The value of `--config` in `args`, if given. */
function configArg(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--config') return args[i + 1] ?? '';
    if (arg.startsWith('--config=')) return arg.slice('--config='.length);
  }
  return undefined;
}

/**
 * The project config of a command that reads one: the file `--config` names, or the nearest
 * `asmxgen.config.yaml` in the working folder or a parent. Its problems are usage errors.
 */
function projectConfigFor(args: readonly string[]): ProjectConfig | undefined {
  const command = args.find((arg) => !arg.startsWith('-'));
  if (command === undefined || !CONFIGURED_COMMANDS.includes(command)) return undefined;
  const named = configArg(args);
  if (named === '') throw new UsageError('--config needs the config file to read');
  const file = named ?? findConfigFile(process.cwd());
  return file === undefined ? undefined : loadConfig(file, displayPath(file));
}

/**
 * `module` ready to run: with `--config` for a command that reads the config, the config's settings as the
 * defaults of the options it declares, and a builder that tells `onRun` the command's name and options.
 */
function prepareCommand(
  module: CommandModule<object, never>,
  config: ProjectConfig | undefined,
  args: readonly string[],
  report: Reporter,
  onRun: (running: { name: string; options: string[] }) => void,
): CommandModule<object, never> {
  const builder = module.builder;
  if (typeof builder !== 'function') return module;
  const name = String(module.command).split(' ')[0]!;
  const handler = module.handler;
  return {
    ...module,
    handler: (argv) => {
      const notice = builtInSpecNotice(argv as { spec?: unknown }, config, args);
      if (notice) report.progress(notice);
      return handler(argv);
    },
    builder: (y: Argv) => {
      let built = (builder as (y: Argv) => Argv)(y);
      const declared = (built as unknown as { getOptions(): { key: Record<string, unknown> } }).getOptions().key;
      if (CONFIGURED_COMMANDS.includes(name)) {
        const only = CONFIG_KEYS_OF[name];
        built = built.option('config', {
          type: 'string',
          describe:
            `The settings file (default: the nearest ${CONFIG_FILE} here or in a parent folder)` +
            (only ? `; ${name} reads its ${[...only].join(', ')}` : ''),
        });
        const shown = config && displayPath(config.file);
        for (const [key, value] of Object.entries(config?.values ?? {})) {
          if (!(key in declared) || (only && !only.has(key))) continue;
          // --wsdl-only writes no handlers: the config's impl stays out of it.
          if (key === 'impl' && args.includes('--wsdl-only')) continue;
          const display = CONFIG_PATH_DISPLAY.has(key) && value !== 'none' ? displayPath(value) : value;
          built = built.default(key, value, `${JSON.stringify(display)} (${shown})`);
        }
      }
      onRun({ name, options: Object.keys(declared) });
      return built as never;
    },
  };
}

const CONFIG_PATH_DISPLAY = new Set(['spec', 'out', 'impl', 'tests']);

/**
 * The line that says a command runs on the built-in demo spec because neither `--spec` nor a config named
 * one (so that nobody generates, serves or proxies the demo service without knowing it).
 */
function builtInSpecNotice(
  argv: { spec?: unknown },
  config: ProjectConfig | undefined,
  args: readonly string[],
): string | undefined {
  if (argv.spec !== DEFAULT_SPEC_PATH || config?.values.spec !== undefined) return undefined;
  if (args.some((arg) => arg === '--spec' || arg.startsWith('--spec='))) return undefined;
  const why = config
    ? `no --spec, and ${displayPath(config.file)} names no spec`
    : `no --spec and no ${CONFIG_FILE} here`;
  return `asmxgen: ${why}: using the built-in demo service AuthenticationWebService (spec/authentication-web-service.yaml)`;
}

/**
 * A problem yargs found in the command line, worded as asmxgen words every unknown name
 * (`unknown option --spce; did you mean --spec? …`), and where to read more.
 */
function usageMessage(
  message: string,
  running: { name: string; options: string[] } | undefined,
  args: readonly string[],
): string {
  const help = running
    ? `Run \`asmxgen ${running.name} --help\` for its options.`
    : 'Run `asmxgen --help` for the commands and options.';
  const unknown = /^Unknown arguments?: (.+)$/.exec(message);
  if (unknown) {
    const names = unknown[1]!.split(', ');
    const lines = names.map((given) =>
      running
        ? `${running.name}: ${unknownOptionMessage(given, running.options, args)}`
        : unknownNameMessage('command', given, COMMANDS.map(commandName), { show: (n) => n }),
    );
    return `${lines.join('\n')}\n${help}`;
  }
  const invalid = [...message.matchAll(/Argument: (\S+), Given: "(.*)", Choices: (.*)/g)];
  if (invalid.length > 0) {
    const lines = invalid.map(
      ([, option, given, choices]) =>
        `--${option}: ${unknownNameMessage(
          'value',
          given!,
          choices!.split(', ').map((c) => c.replace(/^"|"$/g, '')),
        )}`,
    );
    return `${lines.join('\n')}\n${help}`;
  }
  return `${message}\n${help}`;
}

/**
 * An unknown option named as it was typed: `-o` (alone or among other letters, `-ot`) or `--o`. asmxgen's options
 * have no one-letter forms, so `-o` is answered with the one option that starts with that letter, when only one does.
 */
function unknownOptionMessage(given: string, options: readonly string[], args: readonly string[]): string {
  const long = args.some((a) => a === `--${given}` || a.startsWith(`--${given}=`));
  const show = (n: string) => `--${n}`;
  if (long || given.length !== 1) return unknownNameMessage('option', given, options, { show });
  const starting = options.filter((o) => o.startsWith(given));
  const list = options.map(show).join(', ');
  return starting.length === 1
    ? `unknown option -${given}; did you mean --${starting[0]!}? Expected one of: ${list}`
    : `unknown option -${given}; expected one of: ${list}`;
}

import type { CommandModule } from 'yargs';
import type { CommandContext } from './command-context.js';

type CommandFactory = (ctx: CommandContext) => CommandModule<object, never>;

/** A command as `asmxgen --help` lists it, and the module that runs it. */
export interface CommandEntry {
  /** The command and its positional arguments, as yargs reads them. */
  readonly command: string;
  readonly describe: string;
  /** Imports the command's module: only a command that runs is loaded (serve's and diff's modules are large). */
  readonly load: () => Promise<CommandFactory>;
}

export const COMMANDS: readonly CommandEntry[] = [
  {
    command: 'init',
    describe: 'Set up a service in this npm project: spec (from a WSDL), config, generated code, handlers',
    load: async () => (await import('./init-command.js')).initCommand as CommandFactory,
  },
  {
    command: 'generate',
    describe: 'Generate the WSDL, server, client and tests from a spec',
    load: async () => (await import('./generate-command.js')).generateCommand as CommandFactory,
  },
  {
    command: 'check',
    describe: 'Exit 1 when the output folder is not exactly what generate would write (a CI gate)',
    load: async () => (await import('./check-command.js')).checkCommand as CommandFactory,
  },
  {
    command: 'serve',
    describe: 'Serve a spec: with your handlers (--impl), or as a mock that logs every call',
    load: async () => (await import('./serve-command.js')).serveCommand as CommandFactory,
  },
  {
    command: 'proxy',
    describe:
      'Stand in front of a running service: forward every request, serve some operations here (--impl), record (--record), compare with a candidate (--shadow)',
    load: async () => (await import('./proxy-command.js')).proxyCommand as CommandFactory,
  },
  {
    command: 'import <wsdl>',
    describe: 'Write a spec for the service a WSDL describes (a file, or an http(s) URL such as …/Svc.asmx?wsdl)',
    load: async () => (await import('./import-command.js')).importCommand as CommandFactory,
  },
  {
    command: 'diff <old> [new]',
    describe: 'Compare two versions of a service (WSDL files or URLs, or specs) and list the changes, breaking first',
    load: async () => (await import('./diff-command.js')).diffCommand as CommandFactory,
  },
  {
    command: 'replay <har>',
    describe: 'Send the requests of a HAR recording to a service and compare each reply with the recorded one',
    load: async () => (await import('./replay-command.js')).replayCommand as CommandFactory,
  },
];

/** The command's name: `import <wsdl>` → `import`. */
export function commandName(entry: CommandEntry): string {
  return entry.command.split(' ')[0]!;
}

/**
 * The commands for a run with `args`: the ones `args` names, loaded whole; the others only listed (name and
 * description), which is all `--help`, `strict()` and command suggestions need of them.
 */
export async function commandsFor(
  args: readonly string[],
  ctx: CommandContext,
): Promise<CommandModule<object, never>[]> {
  return Promise.all(
    COMMANDS.map(async (entry): Promise<CommandModule<object, never>> => {
      const listed = { command: entry.command, describe: entry.describe };
      if (!args.includes(commandName(entry))) return { ...listed, handler: () => undefined };
      return { ...(await entry.load())(ctx), ...listed };
    }),
  );
}

import type { CommandModule } from 'yargs';
import {
  CHANGE_LEVELS,
  DIFF_FORMATS,
  diffInputs,
  formatReport,
  isAtLeast,
  type ChangeLevel,
  type DiffFormat,
} from '../diff/index.js';
import type { CommandContext } from './command-context.js';
import { UsageError } from './describe-error.js';
import { InputError } from '../io/input-error.js';
import { EXIT_DIFFERENCES, EXIT_OK } from './exit-codes.js';
import { TIMEOUT_OPTION } from './import-command.js';

interface DiffArgs {
  old: string;
  new: string | undefined;
  spec: string | undefined;
  format: DiffFormat;
  'fail-on': ChangeLevel | undefined;
  'include-addresses': boolean;
  timeout: number;
}

export function diffCommand(ctx: CommandContext): CommandModule<object, DiffArgs> {
  return {
    builder: (y) =>
      y
        .positional('old', { type: 'string', describe: 'The old version: a .wsdl or .yaml file, or an http(s) URL' })
        .positional('new', {
          type: 'string',
          describe: 'The new version, the same way (default: the spec of the config, see --spec)',
        })
        .option('spec', {
          type: 'string',
          describe: 'The new version when <new> is not given',
          defaultDescription: 'the spec of asmxgen.config.yaml, or of the --config file',
          normalize: true,
        })
        .option('format', {
          type: 'string',
          choices: DIFF_FORMATS,
          default: 'text',
          describe: 'text (a line per change), json (machine-readable) or markdown (a table for a PR comment)',
        })
        .option('fail-on', {
          type: 'string',
          choices: CHANGE_LEVELS,
          describe: 'Exit 1 when a change at this level or above is found (default: exit 0 whatever changed)',
        })
        .option('include-addresses', {
          type: 'boolean',
          default: false,
          describe: "Also report changed port addresses (info); they name a deployment, so they don't count by default",
        })
        .option('timeout', TIMEOUT_OPTION)
        .example('$0 diff old.wsdl new.wsdl', 'List what changed between two WSDLs')
        .example(
          '$0 diff https://host/Svc.asmx?wsdl spec/svc.yaml --fail-on breaking',
          'Fail CI when the spec would break callers of the served service',
        )
        .example('$0 diff old.yaml new.yaml --format markdown', 'A table for a pull-request comment')
        .example(
          '$0 diff https://host/Tax.asmx?wsdl --config asmxgen.tax-cloud.config.yaml',
          'Compare the served service with the spec of one of the project’s services',
        ) as never,
    handler: async (argv) => {
      const newSide = argv.new ?? argv.spec;
      if (newSide === undefined) {
        throw new UsageError(
          'diff needs the new version: name it after the old one, or run where asmxgen.config.yaml (or the ' +
            '--config file) names a spec',
        );
      }
      let report;
      try {
        report = await diffInputs(argv.old, newSide, {
          includeAddresses: argv['include-addresses'],
          timeoutMs: argv.timeout * 1000,
          onWait: (line) => ctx.report.progress(line),
        });
      } catch (error) {
        throw error instanceof InputError ? new UsageError(error.message, { cause: error }) : error;
      }
      ctx.report.info(formatReport(report, argv.format));
      const threshold = argv['fail-on'];
      const failed = threshold !== undefined && report.changes.some((c) => isAtLeast(c.level, threshold));
      ctx.setExitCode(failed ? EXIT_DIFFERENCES : EXIT_OK);
    },
  };
}

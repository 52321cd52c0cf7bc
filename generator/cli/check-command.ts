import type { CommandModule } from 'yargs';
import { checkOutput, formatCheck } from '../output/check.js';
import { displayPath, withSpecOptions, type SpecOptions } from './common-options.js';
import { EXIT_DIFFERENCES, EXIT_OK } from './exit-codes.js';
import type { CommandContext } from './command-context.js';
import { runGeneration } from './run-generation.js';

export function checkCommand(ctx: CommandContext): CommandModule<object, SpecOptions> {
  return {
    command: 'check',
    describe: 'Exit 1 when the output folder is not exactly what generate would write (a CI gate)',
    builder: (y) =>
      withSpecOptions(y).example('$0 check', 'Fail CI when generated/ is stale') as never,
    handler: async (argv) => {
      const { files } = await runGeneration(argv);
      const result = await checkOutput(argv.out, files);
      const out = displayPath(argv.out);
      if (result.ok) {
        ctx.report.info(`asmxgen: ${out}/ is up to date (${files.length + 1} files)`);
        ctx.setExitCode(EXIT_OK);
      } else {
        ctx.report.error(formatCheck(result, out) + `\nRun \`asmxgen generate\` with the same options to update ${out}/.`);
        ctx.setExitCode(EXIT_DIFFERENCES);
      }
    },
  };
}

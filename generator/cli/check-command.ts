import { join } from 'node:path';
import type { CommandModule } from 'yargs';
import { implCheckFailure, implCheckWarnings, implStubsMessage } from '../impl/describe-impl.js';
import type { ImplPlan } from '../impl/impl-file.js';
import { checkOutput, formatCheck } from '../output/check.js';
import {
  displayPath,
  planImplOption,
  withImplOption,
  withRuntimeOption,
  withSpecOptions,
  withTestsOption,
  withWsdlOnlyOption,
  type ImplOptions,
  type TestsOptions,
  type RuntimeOptions,
  type SpecOptions,
  type WsdlOnlyOptions,
} from './common-options.js';
import { UsageError } from './describe-error.js';
import { EXIT_DIFFERENCES, EXIT_OK } from './exit-codes.js';
import type { CommandContext } from './command-context.js';
import { runGeneration } from './run-generation.js';
import { checkTestsFile } from './tests-file.js';

type CheckArgs = SpecOptions & RuntimeOptions & ImplOptions & WsdlOnlyOptions & TestsOptions & { stubs: boolean };

export function checkCommand(ctx: CommandContext): CommandModule<object, CheckArgs> {
  return {
    builder: (y) =>
      withTestsOption(withWsdlOnlyOption(withRuntimeOption(withImplOption(withSpecOptions(y, 'check'), 'check'))))
        .option('stubs', {
          type: 'boolean',
          default: true,
          describe:
            'With --impl: handlers still generate\'s stubs (they throw "not implemented yet") only warn; ' +
            '--no-stubs fails on them (for CI)',
        })
        .example('$0 check', 'Fail CI when generated/ is stale')
        .example('$0 check --impl src/handlers.ts', 'Also fail when src/handlers.ts lacks a handler')
        .example('$0 check --impl src/handlers.ts --no-stubs', 'Also fail while a handler is still a stub') as never,
    handler: async (argv) => {
      if (!argv.stubs && argv.impl === undefined) {
        throw new UsageError('--no-stubs checks your handlers file: name it with --impl FILE (or impl: in the config)');
      }
      const { model, files, tests } = await runGeneration(argv, (line) => ctx.report.progress(line));
      const impl = await planImplOption(model, argv);
      const result = await checkOutput(argv.out, files);
      const out = displayPath(argv.out);
      const testsPath = tests && displayPath(join(tests.dir, tests.file.path));
      const testsProblem = tests && (await checkTestsFile(tests, testsPath!));
      if (result.ok) {
        ctx.report.info(
          tests && !testsProblem
            ? `asmxgen: ${out}/ and ${testsPath} are up to date (${files.length + 2} files)`
            : `asmxgen: ${out}/ is up to date (${files.length + 1} files)`,
        );
      }
      if (!result.ok || testsProblem) {
        const lines = [...(result.ok ? [] : [formatCheck(result, out)]), ...(testsProblem ? [testsProblem] : [])];
        ctx.report.error(lines.join('\n') + `\nRun \`asmxgen generate\` with the same options to update ${out}/.`);
      }
      const implOk = impl === undefined || reportImpl(impl, model.name, model.operations.length, argv.stubs, ctx);
      ctx.setExitCode(result.ok && !testsProblem && implOk ? EXIT_OK : EXIT_DIFFERENCES);
    },
  };
}

/**
 * `check --impl`: fails when an operation has no handler (generate would add a stub); handlers of
 * operations no longer in the spec, marked or not, only warn, as does a handlers object with members
 * asmxgen cannot name (TypeScript checks that one). Returns whether the impl file passes.
 */
function reportImpl(
  impl: ImplPlan,
  serviceName: string,
  operationCount: number,
  stubsPass: boolean,
  ctx: CommandContext,
): boolean {
  const file = impl.displayName;
  const failure = implCheckFailure(impl.merge, file, {
    exists: impl.before !== undefined,
    generateCommand: `asmxgen generate --impl ${file}`,
  });
  // A file that is missing or lacks handlers fails as such; its stubs are not counted on top.
  const stubs = failure ? undefined : implStubsMessage(impl.merge, file, operationCount, !stubsPass);
  if (failure) ctx.report.error(`asmxgen: ${failure}`);
  else if (stubs && !stubsPass) ctx.report.error(`asmxgen: ${stubs}`);
  else if (impl.merge.unknown.length === 0 && !stubs) {
    ctx.report.info(`asmxgen: ${file} has a handler for every operation`);
  }
  if (stubs && stubsPass) ctx.report.info(`asmxgen: warning: ${stubs}`);
  for (const warning of implCheckWarnings(impl.merge, file, serviceName)) {
    ctx.report.info(`asmxgen: warning: ${warning}`);
  }
  return failure === undefined && (stubsPass || stubs === undefined);
}

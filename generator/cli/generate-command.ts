import { noWsdlReason } from '../emit/no-wsdl-error.js';
import { watch, type FSWatcher } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { describeIoError } from '../io/describe-io-error.js';
import type { CommandModule } from 'yargs';
import { describeImplMerge } from '../impl/describe-impl.js';
import { checkOutputOwner } from '../output/plan.js';
import { writeOutput, type PlanEntry } from '../output/write.js';
import {
  displayPath,
  implUsageError,
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
import { EXIT_ERROR, EXIT_OK } from './exit-codes.js';
import type { CommandContext } from './command-context.js';
import { runGeneration } from './run-generation.js';
import { writeTestsFile } from './tests-file.js';

export interface GenerateArgs extends SpecOptions, RuntimeOptions, ImplOptions, WsdlOnlyOptions, TestsOptions {
  'dry-run': boolean;
  watch: boolean;
  force: boolean;
}

const LABEL: Record<PlanEntry['state'], string> = {
  written: 'written  ',
  changed: 'updated  ',
  unchanged: 'unchanged',
  removed: 'removed  ',
};

/** The same states in the conditional, for `--dry-run`, which changes nothing. */
const DRY_RUN_LABEL: Record<PlanEntry['state'], string> = {
  written: 'would write ',
  changed: 'would update',
  unchanged: 'unchanged   ',
  removed: 'would remove',
};

export async function generateOnce(argv: GenerateArgs, ctx: CommandContext): Promise<void> {
  const started = performance.now();
  const { model, files, tests } = await runGeneration(argv, (line) => ctx.report.progress(line));
  // Before the handlers file is read: a folder of another service is the first thing to say.
  await checkOutputOwner(argv.out, files, { spec: argv.spec, force: argv.force });
  // Merged before anything is written: an impl file asmxgen cannot merge stops the run.
  const impl = await planImplOption(model, argv);
  const out = displayPath(argv.out);
  const summary = await writeOutput(argv.out, files, {
    dryRun: argv['dry-run'],
    spec: argv.spec,
    force: argv.force,
    onFile: (entry) =>
      ctx.report.info(`  ${(argv['dry-run'] ? DRY_RUN_LABEL : LABEL)[entry.state]}  ${out}/${entry.path}`),
  });
  const label = argv['dry-run'] ? DRY_RUN_LABEL : LABEL;
  let { written, changed, unchanged, removed } = summary.counts;
  if (tests) {
    const state = await writeTestsFile(tests, argv['dry-run']);
    ctx.report.info(`  ${label[state]}  ${displayPath(join(tests.dir, tests.file.path))}`);
    if (state === 'written') written++;
    else if (state === 'changed') changed++;
    else unchanged++;
  }
  if (impl) {
    const { writeImpl } = await import('../impl/impl-file.js');
    try {
      if (!argv['dry-run']) await writeImpl(impl);
    } catch (error) {
      throw implUsageError(error);
    }
    ctx.report.info(`  impl       ${describeImplMerge(impl.merge, impl.displayName, { dryRun: argv['dry-run'] })}`);
    for (const warning of impl.merge.warnings) ctx.report.info(`  warning    ${warning}`);
  }
  const noWsdl = noWsdlReason(model);
  if (noWsdl !== undefined) ctx.report.info(`  no WSDL    ${noWsdl}`);
  const ms = Math.round(performance.now() - started);
  const verb = argv['dry-run'] ? 'would write' : 'wrote';
  ctx.report.info(
    `asmxgen: ${verb} ${out}/ from ${displayPath(argv.spec)}: ` +
      (argv['dry-run']
        ? `${written} new, ${changed} to update, ${unchanged} unchanged, ${removed} to remove (${ms} ms)`
        : `${written} new, ${changed} updated, ${unchanged} unchanged, ${removed} removed (${ms} ms)`) +
      (argv['dry-run'] ? ' [dry run: nothing written]' : ''),
  );
}

export function generateCommand(ctx: CommandContext): CommandModule<object, GenerateArgs> {
  return {
    builder: (y) =>
      withTestsOption(withWsdlOnlyOption(withRuntimeOption(withImplOption(withSpecOptions(y)))))
        .option('dry-run', { type: 'boolean', default: false, describe: 'Report what would change; write nothing' })
        .option('watch', {
          type: 'boolean',
          default: false,
          describe: 'Regenerate whenever the spec changes (until Ctrl-C); a run that fails waits for the next change',
        })
        .option('force', {
          type: 'boolean',
          default: false,
          describe: "Replace an output folder that holds another service's output, or one from another spec",
        })
        .example('$0 generate', 'Regenerate generated/ from the embedded default spec')
        .example('$0 generate --spec spec/my-service.yaml --out src/generated', 'Generate another service')
        .example('$0 generate --dry-run', 'Show what a regeneration would change')
        .example('$0 generate --impl src/handlers.ts', 'Also add a stub to src/handlers.ts per new operation')
        .example('$0 generate --out src/generated --tests test', 'Put the test suite in test/, outside the build')
        .example(
          '$0 generate --spec spec/library.yaml --wsdl-only',
          'Only the WSDL (specs with complex types)',
        ) as never,
    handler: async (argv) => {
      if (!argv.watch) {
        await generateOnce(argv, ctx);
        ctx.setExitCode(EXIT_OK);
        return;
      }
      await watchSpec(argv, ctx);
    },
  };
}

/** How long the spec's folder must be quiet before a run: an editor's save is several events. */
const WATCH_DEBOUNCE_MS = 100;

/**
 * Generates, then regenerates on every change of the spec until the process is interrupted. It watches
 * the spec's folder, not the file: editors save by writing a new file and renaming it over the old one,
 * after which a watch on the file sees nothing more. A run that fails (an invalid spec, at start or
 * later) is reported and watching goes on; the exit code is that of the last run.
 */
async function watchSpec(argv: GenerateArgs, ctx: CommandContext): Promise<void> {
  const folder = dirname(resolve(argv.spec));
  const name = basename(argv.spec);
  let exitCode = EXIT_OK;
  const run = async (): Promise<void> => {
    try {
      await generateOnce(argv, ctx);
      exitCode = EXIT_OK;
    } catch (error) {
      ctx.reportError(error);
      exitCode = EXIT_ERROR;
      ctx.report.info(`asmxgen: waiting for ${displayPath(argv.spec)} to change`);
    }
  };
  await run();
  ctx.report.info(`asmxgen: watching ${displayPath(argv.spec)} (Ctrl-C to stop)`);
  let timer: NodeJS.Timeout | undefined;
  let running = Promise.resolve();
  await new Promise<void>((done) => {
    let watcher: FSWatcher;
    try {
      watcher = watch(folder, (_event, file) => {
        if (file !== null && file !== name) return;
        clearTimeout(timer);
        timer = setTimeout(() => {
          running = running.then(async () => {
            ctx.report.info(`asmxgen: ${displayPath(argv.spec)} changed`);
            await run();
          });
        }, WATCH_DEBOUNCE_MS);
      });
    } catch (error) {
      ctx.reportError(new UsageError(`cannot watch ${displayPath(folder)}: ${describeIoError(error)}`));
      exitCode = EXIT_ERROR;
      done();
      return;
    }
    const stop = () => {
      watcher.close();
      clearTimeout(timer);
      void running.then(() => done());
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  ctx.setExitCode(exitCode);
}

import { watch } from 'node:fs';
import type { CommandModule } from 'yargs';
import { describeImplMerge } from '../impl/describe-impl.js';
import { writeOutput, type PlanEntry } from '../output/write.js';
import {
  displayPath,
  implUsageError,
  planImplOption,
  withImplOption,
  withRuntimeOption,
  withSpecOptions,
  withWsdlOnlyOption,
  type ImplOptions,
  type RuntimeOptions,
  type SpecOptions,
  type WsdlOnlyOptions,
} from './common-options.js';
import { EXIT_OK } from './exit-codes.js';
import type { CommandContext } from './command-context.js';
import { runGeneration } from './run-generation.js';

interface GenerateArgs extends SpecOptions, RuntimeOptions, ImplOptions, WsdlOnlyOptions {
  'dry-run': boolean;
  watch: boolean;
}

const LABEL: Record<PlanEntry['state'], string> = {
  written: 'written  ',
  changed: 'updated  ',
  unchanged: 'unchanged',
  removed: 'removed  ',
};

async function generateOnce(argv: GenerateArgs, ctx: CommandContext): Promise<void> {
  const started = performance.now();
  const { model, files } = await runGeneration(argv);
  // Merged before anything is written: an impl file asmxgen cannot merge stops the run.
  const impl = await planImplOption(model, argv);
  const out = displayPath(argv.out);
  const summary = await writeOutput(argv.out, files, {
    dryRun: argv['dry-run'],
    onFile: (entry) => ctx.report.info(`  ${LABEL[entry.state]}  ${out}/${entry.path}`),
  });
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
  const { written, changed, unchanged, removed } = summary.counts;
  const ms = Math.round(performance.now() - started);
  const verb = argv['dry-run'] ? 'would write' : 'wrote';
  ctx.report.info(
    `asmxgen: ${verb} ${out}/ from ${displayPath(argv.spec)}: ` +
      `${written} new, ${changed} updated, ${unchanged} unchanged, ${removed} removed (${ms} ms)` +
      (argv['dry-run'] ? ' [dry run: nothing written]' : ''),
  );
}

export function generateCommand(ctx: CommandContext): CommandModule<object, GenerateArgs> {
  return {
    builder: (y) =>
      withWsdlOnlyOption(withRuntimeOption(withImplOption(withSpecOptions(y))))
        .option('dry-run', { type: 'boolean', default: false, describe: 'Report what would change; write nothing' })
        .option('watch', { type: 'boolean', default: false, describe: 'Regenerate whenever the spec changes' })
        .example('$0 generate', 'Regenerate generated/ from the embedded default spec')
        .example('$0 generate --spec spec/my-service.yaml --out src/generated', 'Generate another service')
        .example('$0 generate --dry-run', 'Show what a regeneration would change')
        .example('$0 generate --impl src/handlers.ts', 'Also add a stub to src/handlers.ts per new operation')
        .example(
          '$0 generate --spec spec/library.yaml --wsdl-only',
          'Only the WSDL (specs with complex types)',
        ) as never,
    handler: async (argv) => {
      await generateOnce(argv, ctx);
      if (!argv.watch) {
        ctx.setExitCode(EXIT_OK);
        return;
      }
      await watchSpec(argv, ctx);
    },
  };
}

/** Regenerates on every change of the spec until the process is interrupted. */
async function watchSpec(argv: GenerateArgs, ctx: CommandContext): Promise<void> {
  ctx.report.info(`asmxgen: watching ${displayPath(argv.spec)} (Ctrl-C to stop)`);
  let timer: NodeJS.Timeout | undefined;
  let running = Promise.resolve();
  await new Promise<void>((resolve) => {
    const watcher = watch(argv.spec, () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        running = running.then(() => generateOnce(argv, ctx).catch((error: unknown) => ctx.reportError(error)));
      }, 50);
    });
    const stop = () => {
      watcher.close();
      clearTimeout(timer);
      void running.then(resolve);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

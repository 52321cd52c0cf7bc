import { join, resolve } from 'node:path';
import { generate, generateWsdl } from '../emit/generate.js';
import { testSuitePath } from '../emit/module-paths.js';
import { importPathFor, isInside } from '../impl/import-path.js';
import { buildModel } from '../spec/build-model.js';
import type { GeneratedFile, ServiceModel } from '../model/types.js';
import { loadSpec } from '../spec/load-spec.js';
import { withKeptWsdl } from '../emit/kept-wsdl.js';
import { loadOriginalWsdl } from '../spec/load-original.js';
import { WsdlError } from '../wsdl-reader/wsdl-error.js';
import { displayPath, type RuntimeOptions, type SpecOptions, type TestsOptions } from './common-options.js';
import { UsageError } from './describe-error.js';
import { NO_TESTS, type TestsFile } from './tests-file.js';

export interface Generation {
  readonly model: ServiceModel;
  /** The files of the output folder. */
  readonly files: GeneratedFile[];
  /** With `--tests DIR`: the test suite, which goes there instead. */
  readonly tests?: TestsFile;
}

/** Spec file → model → files, the part every command that generates shares. */
export async function runGeneration(
  argv: SpecOptions & RuntimeOptions & Partial<TestsOptions> & { 'wsdl-only'?: boolean },
  onNote: (line: string) => void = () => {},
): Promise<Generation> {
  const model = await loadModel(argv.spec, onNote);
  const testsDir = testsFolder(argv.tests, argv.out);
  const options = {
    baseUrl: argv['base-url'],
    runtime: argv.runtime,
    ...(testsDir === NO_TESTS && { tests: false as const }),
    ...(testsDir !== undefined &&
      testsDir !== NO_TESTS && {
        // The suite imports the output's index.js from its own folder (importPathFor takes a file in it).
        tests: { importPath: importPathFor(join(testsDir, testSuitePath(model.name)), argv.out) },
      }),
  };
  const all = argv['wsdl-only'] ? await generateWsdl(model, options) : await generate(model, options);
  if (testsDir === undefined || testsDir === NO_TESTS) return { model, files: all };
  const suite = all.find((file) => file.path === testSuitePath(model.name));
  return {
    model,
    files: all.filter((file) => file !== suite),
    ...(suite !== undefined && { tests: { dir: testsDir, file: suite } }),
  };
}

/**
 * The spec's model; with `wsdl.original`, one that writes the kept WSDL while the spec's fingerprint matches
 * (else `onNote` hears why the WSDL is generated instead).
 */
export async function loadModel(specFile: string, onNote: (line: string) => void): Promise<ServiceModel> {
  const spec = await loadSpec(specFile);
  const model = buildModel(spec);
  const original = await loadOriginalWsdl(specFile, spec);
  if (!original) return model;
  try {
    const kept = withKeptWsdl(model, { ...original, spec: displayPath(specFile) });
    if (kept.note !== undefined) onNote(kept.note);
    return kept.model;
  } catch (error) {
    if (!(error instanceof WsdlError)) throw error;
    throw new UsageError(
      `${error.message}\nThe kept WSDL (wsdl.original in ${displayPath(specFile)}) is not a WSDL asmxgen can ` +
        'serve; restore it from the service, or remove wsdl.original and wsdl.fingerprint to generate the WSDL',
      { cause: error },
    );
  }
}

/** `--tests`: the output folder itself is the default; a folder inside it is asmxgen's, so it is refused. */
function testsFolder(tests: string | undefined, out: string): string | undefined {
  if (tests === undefined || tests === NO_TESTS || !out) return tests;
  if (resolve(tests) === resolve(out)) return undefined;
  if (isInside(tests, out)) {
    throw new UsageError(
      `--tests "${displayPath(tests)}" is inside the output folder "${displayPath(out)}", which asmxgen owns; ` +
        'name a folder outside it (e.g. test), or leave --tests out to keep the suite in the output folder.',
    );
  }
  return tests;
}

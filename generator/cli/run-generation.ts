import { generate, generateWsdl } from '../emit/generate.js';
import { buildModel } from '../spec/build-model.js';
import type { GeneratedFile, ServiceModel } from '../model/types.js';
import { loadSpec } from '../spec/load-spec.js';
import type { RuntimeOptions, SpecOptions } from './common-options.js';

export interface Generation {
  readonly model: ServiceModel;
  readonly files: GeneratedFile[];
}

/** Spec file → model → files, the part every command that generates shares. */
export async function runGeneration(
  argv: SpecOptions & RuntimeOptions & { 'wsdl-only'?: boolean },
): Promise<Generation> {
  const model = buildModel(await loadSpec(argv.spec));
  const options = { baseUrl: argv['base-url'], runtime: argv.runtime };
  const files = argv['wsdl-only'] ? await generateWsdl(model, options) : await generate(model, options);
  return { model, files };
}

import { generate } from '../emit/generate.js';
import { buildModel } from '../spec/build-model.js';
import type { GeneratedFile, ServiceModel } from '../model/types.js';
import { loadSpec } from '../spec/load-spec.js';
import type { RuntimeOptions, SpecOptions } from './common-options.js';

export interface Generation {
  readonly model: ServiceModel;
  readonly files: GeneratedFile[];
}

/** Spec file → model → files, the part every command that generates shares. */
export async function runGeneration(argv: SpecOptions & RuntimeOptions): Promise<Generation> {
  const model = buildModel(await loadSpec(argv.spec));
  const files = await generate(model, { baseUrl: argv['base-url'], runtime: argv.runtime });
  return { model, files };
}

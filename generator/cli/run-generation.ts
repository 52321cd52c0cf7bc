import { generate } from '../emit/generate.js';
import { buildModel } from '../model/build-model.js';
import type { GeneratedFile, ServiceModel } from '../model/types.js';
import { loadSpec } from '../spec/load-spec.js';
import type { SpecOptions } from './common-options.js';

export interface Generation {
  readonly model: ServiceModel;
  readonly files: GeneratedFile[];
}

/** Spec file → model → files, the part every command that generates shares. */
export async function runGeneration(argv: SpecOptions): Promise<Generation> {
  const model = buildModel(await loadSpec(argv.spec));
  const files = await generate(model, { baseUrl: argv['base-url'] });
  return { model, files };
}

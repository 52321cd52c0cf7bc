import type { GeneratedFile, GenerateOptions, ServiceModel } from '../model/types.js';
import { emitWsdl } from './wsdl.js';

export const DEFAULT_BASE_URL = 'http://localhost:8080';

/**
 * The whole generation: a pure function of the model and the options (async
 * only because formatting is). Each
 * emitter returns its files; the list is sorted by path so the output never
 * depends on emitter order.
 */
export async function generate(model: ServiceModel, options: GenerateOptions = {}): Promise<GeneratedFile[]> {
  const baseUrl = options.baseUrl ?? DEFAULT_BASE_URL;
  const files = [...emitWsdl(model, baseUrl)];
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

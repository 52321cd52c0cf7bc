import type { ServiceModel } from './types.js';

/** The base URL the WSDL's ports name when none is given: `generate`, `check` and a spec side of `diff` use it. */
export const DEFAULT_BASE_URL = 'http://localhost:8080';

/** The address every WSDL port names: base URL (no trailing `/`) + endpoint path. */
export function serviceAddress(model: ServiceModel, baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '') + model.path;
}

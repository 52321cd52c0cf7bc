import type { GeneratedFile, ServiceModel } from '../model/types.js';
import { template } from './templates.js';

/** The address every WSDL port names: base URL (no trailing `/`) + endpoint path. */
export function serviceAddress(model: ServiceModel, baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '') + model.path;
}

/**
 * The WSDL exactly as the ASMX runtime serves it: `templates/wsdl.hbs`
 * renders it, and the file has no newline after its last line.
 */
export function renderWsdl(model: ServiceModel, address: string): string {
  const text = template('wsdl.hbs')({ ...model, address });
  return text.endsWith('\n') ? text.slice(0, -1) : text;
}

export function emitWsdl(model: ServiceModel, baseUrl: string): GeneratedFile[] {
  return [{ path: `${model.name}.wsdl`, content: renderWsdl(model, serviceAddress(model, baseUrl)) }];
}

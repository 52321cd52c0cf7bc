import type { ServiceModel } from '../model/types.js';

/**
 * Why a service has no WSDL: XmlSerializer cannot reflect it (a `dictionary<T>` parameter or result,
 * `ServiceModel.reflectionError`), so ASMX serves none, and neither SOAP nor HTTP GET/POST; `undefined` otherwise.
 */
export function noWsdlReason(model: ServiceModel): string | undefined {
  if (model.reflectionError === undefined) return undefined;
  return (
    `${model.name} has no WSDL: XmlSerializer cannot reflect it (${model.reflectionError.join(' ---> ')}), so ASMX ` +
    'serves no WSDL, SOAP or HTTP GET/POST for it (they answer with that error), only its [ScriptService] JSON calls ' +
    'and /js'
  );
}

/** `generateWsdl` (and `--wsdl-only`) of a service that has no WSDL: `noWsdlReason`. */
export class NoWsdlError extends Error {
  override name = 'NoWsdlError';

  constructor(reason: string) {
    super(`${reason}. Nothing was written.`);
  }
}

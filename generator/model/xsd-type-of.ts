import type { TypeRef } from './type-refs.js';
import { isXsdType, type XsdType } from './xsd-types.js';

/**
 * The XSD simple type a reference names, for the emitters that carry only those (the TypeScript server, client
 * and tests: `ServiceModel.codeBlockers` is empty exactly when every reference is one).
 */
export function xsdTypeOf(ref: TypeRef): XsdType {
  if (ref.kind === 'builtin' && isXsdType(ref.name)) return ref.name;
  throw new Error(`${ref.spec} is not an XSD simple type: the TypeScript emitters do not carry it yet`);
}

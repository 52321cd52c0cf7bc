import { isTsIdentifier, isXmlName } from '../model/naming.js';

/**
 * Names the spec loader refuses for operations and parameters (JavaScript object internals); a WSDL
 * naming one cannot become a spec.
 */
export const RESERVED_NAMES: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** A service or operation name asmxgen can use: an XML name that is also a TypeScript identifier. */
export function isUsableName(name: string): boolean {
  return isXmlName(name) && isTsIdentifier(name) && !RESERVED_NAMES.has(name);
}

import { isTsIdentifier, isXmlName, RESERVED_NAMES } from '../model/naming.js';

export { RESERVED_NAMES };

/** A service or operation name asmxgen can use: an XML name that is also a TypeScript identifier. */
export function isUsableName(name: string): boolean {
  return isXmlName(name) && isTsIdentifier(name) && !RESERVED_NAMES.has(name);
}

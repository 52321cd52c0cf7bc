/**
 * Questions about a `ValueType`, answered in one place for the reader, the
 * writer, the server and the client.
 */
import { XSD_TYPE_NAMES } from './xsd-values.js';
import type { ValueType, XsdType } from './type-description.js';

/** An XSD simple type of the spec format, read and written by `xsd-values.ts`. */
export function isXsdType(type: ValueType): type is XsdType {
  return typeof type === 'string' && XSD_TYPE_NAMES.has(type);
}

/** The XSD simple type of a site whose code handles only those so far; a `TypeError` for any other. */
export function simpleTypeOf(type: ValueType): XsdType {
  if (isXsdType(type)) return type;
  throw new TypeError(`values of type ${JSON.stringify(type)} are not read or written by this path`);
}

/**
 * The value of an `object` (`anyType`) site (docs/types.md): whatever
 * `xsi:type` can name, or raw content without it.
 */
import type { XsdType } from '../xsd/type-description.js';
import type { XsdValueTypes } from '../xsd/xsd-values.js';
import type { XmlFragment } from './xml-fragment.js';

/** A simple value and its XSD type: `{ $type: 'int', value: 5 }` (`xsi:type="xsd:int"`). */
export type AnySimpleValue = {
  readonly [T in XsdType]: { readonly $type: T; readonly value: XsdValueTypes[T] };
}[XsdType];

/** A value of a declared class or enum, `$type` its XML type name (`{ $type: 'Author', Name: 'Zed' }`). */
export interface AnyDeclaredValue {
  readonly $type: string;
  readonly [member: string]: unknown;
}

/**
 * `AnySimpleValue`, `AnyDeclaredValue` (an enum value as `{ $type: 'Genre', value: 'Poetry' }`), an
 * `XmlFragment` (content without `xsi:type`), or `null` (`xsi:nil`).
 */
export type AnyValue = AnySimpleValue | AnyDeclaredValue | XmlFragment | null;

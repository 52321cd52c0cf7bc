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
 * What only a JSON call (`[ScriptService]`) carries in an `object`: a JSON object without `__type`, which
 * JavaScriptSerializer binds to a `Dictionary<string, object>`, and an array (`object[]`). No XML form has them.
 */
export type AnyJsonValue = ReadonlyMap<string, AnyValue> | readonly AnyValue[];

/**
 * `AnySimpleValue`, `AnyDeclaredValue` (an enum value as `{ $type: 'Genre', value: 'Poetry' }`), an
 * `XmlFragment` (content without `xsi:type`), `null` (`xsi:nil`), or, in a JSON call, an `AnyJsonValue`.
 */
export type AnyValue = AnySimpleValue | AnyDeclaredValue | XmlFragment | AnyJsonValue | null;

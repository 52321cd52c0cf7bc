/**
 * The XSD simple types a spec may use, and what ASMX and TypeScript make of
 * each. One table, read by the spec validator, the model builder and every
 * emitter; nothing else decides what a type means.
 */
export const XSD_TYPES = {
  string: { ts: 'string', valueType: false },
  boolean: { ts: 'boolean', valueType: true },
  byte: { ts: 'number', valueType: true },
  unsignedByte: { ts: 'number', valueType: true },
  short: { ts: 'number', valueType: true },
  unsignedShort: { ts: 'number', valueType: true },
  int: { ts: 'number', valueType: true },
  unsignedInt: { ts: 'number', valueType: true },
  long: { ts: 'bigint', valueType: true },
  unsignedLong: { ts: 'bigint', valueType: true },
  float: { ts: 'number', valueType: true },
  double: { ts: 'number', valueType: true },
  decimal: { ts: 'string', valueType: true },
  dateTime: { ts: 'Date', valueType: true },
  base64Binary: { ts: 'Uint8Array', valueType: false },
} as const satisfies Record<string, { ts: string; valueType: boolean }>;

export type XsdType = keyof typeof XSD_TYPES;

export const XSD_TYPE_NAMES = Object.keys(XSD_TYPES) as XsdType[];

export function isXsdType(name: string): name is XsdType {
  return Object.prototype.hasOwnProperty.call(XSD_TYPES, name);
}

/** ASMX writes value types as `minOccurs="1"`, reference types as `minOccurs="0"`. */
export function isValueType(type: XsdType): boolean {
  return XSD_TYPES[type].valueType;
}

export function tsTypeOf(type: XsdType): string {
  return XSD_TYPES[type].ts;
}

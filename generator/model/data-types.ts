/**
 * `DataType` on `[XmlElement]`, `[XmlAttribute]`, `[XmlArrayItem]` and `[return: XmlElement]`: the XSD types
 * XmlSerializer writes for a member, parameter or result in place of its C# type's own, each with the C# type it
 * applies to (reference source `TypeScope`'s primitives). The C# type decides everything but the schema's
 * `type=` and the SOAP lexical form: `minOccurs`, HttpGet/HttpPost (which bind and write the C# type), and the
 * TypeScript value.
 */
export const DATA_TYPES = {
  integer: 'string',
  nonNegativeInteger: 'string',
  positiveInteger: 'string',
  negativeInteger: 'string',
  nonPositiveInteger: 'string',
  token: 'string',
  normalizedString: 'string',
  language: 'string',
  Name: 'string',
  NCName: 'string',
  NMTOKEN: 'string',
  NMTOKENS: 'string',
  ID: 'string',
  IDREF: 'string',
  IDREFS: 'string',
  ENTITY: 'string',
  ENTITIES: 'string',
  NOTATION: 'string',
  anyURI: 'string',
  duration: 'string',
  gYear: 'string',
  gYearMonth: 'string',
  gMonth: 'string',
  gMonthDay: 'string',
  gDay: 'string',
  date: 'dateTime',
  time: 'dateTime',
  hexBinary: 'base64Binary',
} as const satisfies Record<string, 'string' | 'dateTime' | 'base64Binary'>;

export type DataTypeName = keyof typeof DATA_TYPES;

export const DATA_TYPE_NAMES = Object.keys(DATA_TYPES) as DataTypeName[];

export function isDataTypeName(name: string): name is DataTypeName {
  return Object.prototype.hasOwnProperty.call(DATA_TYPES, name);
}

/** The built-in (`string`, `dateTime`, `base64Binary`) a `DataType` applies to. */
export function dataTypeBase(name: DataTypeName): 'string' | 'dateTime' | 'base64Binary' {
  return DATA_TYPES[name];
}

import { DATA_TYPE_BASES, type DataTypeName } from '@asmxgen/runtime';

/**
 * `DataType` on `[XmlElement]`, `[XmlAttribute]`, `[XmlArrayItem]` and `[return: XmlElement]`: the XSD types
 * XmlSerializer writes for a member, parameter or result in place of its C# type's own, each with the C# type it
 * applies to (reference source `TypeScope`'s primitives). The C# type decides everything but the schema's
 * `type=` and the SOAP lexical form: `minOccurs`, HttpGet/HttpPost (which bind and write the C# type), and the
 * TypeScript value. The table is the runtime's (`DATA_TYPE_BASES`).
 */
export type { DataTypeName };

export const DATA_TYPE_NAMES = Object.keys(DATA_TYPE_BASES) as DataTypeName[];

export function isDataTypeName(name: string): name is DataTypeName {
  return Object.prototype.hasOwnProperty.call(DATA_TYPE_BASES, name);
}

/** The built-in (`string`, `dateTime`, `base64Binary`) a `DataType` applies to. */
export function dataTypeBase(name: DataTypeName): 'string' | 'dateTime' | 'base64Binary' {
  return DATA_TYPE_BASES[name];
}

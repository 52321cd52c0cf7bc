import { XSD_TYPES, type XsdType } from './xsd-types.js';

/** Namespaces the WSDL's schemas use besides the service's. */
export const XSD_NAMESPACE = 'http://www.w3.org/2001/XMLSchema';
export const MICROSOFT_TYPES_NAMESPACE = 'http://microsoft.com/wsdl/types/';
export const SOAP_ENCODING_NAMESPACE = 'http://schemas.xmlsoap.org/soap/encoding/';

/** Where a built-in type's XSD name lives: the XML Schema namespace, Microsoft's types schema, or the service's. */
export type BuiltinHome = 'xsd' | 'microsoft' | 'service';

/**
 * How a built-in is written in a schema: `named` (a `type=` attribute), `anyType` (`object`: an element with no
 * type), `xml` (an inline `s:any` content), `dataSet` and `dataTable` (their inline `IXmlSerializable` schemas).
 */
export type BuiltinShape = 'named' | 'anyType' | 'xml' | 'dataSet' | 'dataTable';

/**
 * How HttpGet/HttpPost take a parameter of the type (reference source `ScalarFormatter.IsTypeSupported`):
 * `scalar` (one field), `array` (`byte[]`, bound as repeated fields), `none` (the operation is left out).
 */
export type HttpParameterKind = 'scalar' | 'array' | 'none';

export interface BuiltinType {
  /** The XSD local name, e.g. `int`, `guid`, `TimeSpan`. */
  readonly xsdName: string;
  readonly home: BuiltinHome;
  readonly shape: BuiltinShape;
  /** A .NET value type: `minOccurs="1"`, and `T?` allowed. */
  readonly valueType: boolean;
  readonly http: HttpParameterKind;
  /** `ArrayOf` + this for an array of the type, e.g. `ArrayOfInt`. */
  readonly arrayStem: string;
  /** An `XmlNode`-derived type: HTTP replies carry it as `text/xml`, with no result element. */
  readonly xmlNode: boolean;
  /** `s:any` content is mixed (`XmlNode`, `XmlDocument`). */
  readonly mixed: boolean;
}

function simple(xsdName: string, valueType: boolean, http: HttpParameterKind, home: BuiltinHome = 'xsd'): BuiltinType {
  const arrayStem = xsdName.charAt(0).toUpperCase() + xsdName.slice(1);
  return { xsdName, home, shape: 'named', valueType, http, arrayStem, xmlNode: false, mixed: false };
}

function xml(stem: string, mixed: boolean): BuiltinType {
  return {
    xsdName: stem,
    home: 'xsd',
    shape: 'xml',
    valueType: false,
    http: 'none',
    arrayStem: stem,
    xmlNode: true,
    mixed,
  };
}

const FROM_XSD = Object.fromEntries(
  (Object.keys(XSD_TYPES) as XsdType[]).map((name) => [
    name,
    simple(name, XSD_TYPES[name].valueType, name === 'base64Binary' ? 'array' : 'scalar'),
  ]),
) as Record<XsdType, BuiltinType>;

/**
 * Every built-in a type reference may name: the XSD simple types of {@link XSD_TYPES}, and what else the ASMX
 * runtime writes for .NET types. Names follow XSD spelling where there is one.
 */
export const BUILTIN_TYPES = {
  ...FROM_XSD,
  /** `System.Guid`: `s1:guid` in Microsoft's types schema. */
  guid: simple('guid', true, 'none', 'microsoft'),
  /** `System.Char`: `s1:char` in Microsoft's types schema. */
  char: simple('char', true, 'scalar', 'microsoft'),
  /** `System.TimeSpan`: an empty `TimeSpan` complex type in the service's schema. */
  timeSpan: { ...simple('TimeSpan', true, 'none', 'service') },
  /** `System.Xml.XmlQualifiedName`. */
  QName: simple('QName', false, 'none'),
  /** `object`: an element with no type. */
  anyType: { ...simple('anyType', false, 'none'), shape: 'anyType' },
  /** `System.Xml.XmlElement`. */
  xmlElement: xml('XmlElement', false),
  /** `System.Xml.XmlNode`. */
  xmlNode: xml('XmlNode', true),
  /** `System.Xml.XmlDocument`. */
  xmlDocument: xml('XmlDocument', true),
  /**
   * `System.Data.DataSet`: inline content whose form depends on the server's `system.data.dataset`
   * `WSDL_VERSION` (the spec's `wsdl.dataSetSchema`).
   */
  dataSet: {
    xsdName: 'DataSet',
    home: 'xsd',
    shape: 'dataSet',
    valueType: false,
    http: 'none',
    arrayStem: 'DataSet',
    xmlNode: false,
    mixed: false,
  },
  /** `System.Data.DataTable`: inline content (`DataTable.GetDataTableSchema`), the same on every server. */
  dataTable: {
    xsdName: 'DataTable',
    home: 'xsd',
    shape: 'dataTable',
    valueType: false,
    http: 'none',
    arrayStem: 'DataTable',
    xmlNode: false,
    mixed: false,
  },
} as const satisfies Record<string, BuiltinType>;

export type BuiltinName = keyof typeof BUILTIN_TYPES;

export const BUILTIN_NAMES = Object.keys(BUILTIN_TYPES) as BuiltinName[];

export function isBuiltinName(name: string): name is BuiltinName {
  return Object.prototype.hasOwnProperty.call(BUILTIN_TYPES, name);
}

export function builtinType(name: BuiltinName): BuiltinType {
  return BUILTIN_TYPES[name];
}

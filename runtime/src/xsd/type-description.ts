/**
 * What the runtime knows of a service's types: the XmlSerializer facts the
 * generator derived from the spec (one normalized model), emitted as data
 * into every generated service. The reader and writer of values follow only
 * this; neither derives an XmlSerializer rule of its own from names.
 *
 * TypeScript values by kind (docs/types.md):
 *
 * | wire | TypeScript |
 * | --- | --- |
 * | XSD simple types | as `XsdValueTypes` (`long` bigint, `decimal` string as written) |
 * | `dateTime` | `XsdDateTime` (keeps unspecified / `Z` / offset and up to 7 fraction digits) |
 * | `guid`, `char` | string (a Guid in .NET's `D` form; one UTF-16 code unit) |
 * | class | an object of its members; a derived class carries `$type` (its XML type name) |
 * | enum | its XML names, a string union |
 * | flags enum | an array of its XML names |
 * | `T[]` | an array; `null` items only where items are nillable |
 * | `XmlElement`, `XmlNode`, `XmlNode[]`, `[XmlAnyElement]`, DataSet | `XmlFragment`, kept byte for byte |
 * | `object` (`anyType`) | `AnyValue`: a simple value with its XSD type, a class value with `$type`, or an `XmlFragment` |
 *
 * Nil and absent: a nillable site reads `xsi:nil` as `null`; an element that
 * is absent is `undefined`; an empty element of a string type is `''`.
 */

/** The XSD simple types of the spec format (the generator's `XSD_TYPES` table). */
export type XsdType =
  | 'string'
  | 'boolean'
  | 'byte'
  | 'unsignedByte'
  | 'short'
  | 'unsignedShort'
  | 'int'
  | 'unsignedInt'
  | 'long'
  | 'unsignedLong'
  | 'float'
  | 'double'
  | 'decimal'
  | 'dateTime'
  | 'base64Binary';

/** Built-in types besides the XSD simple types (see the generator's `BUILTIN_TYPES`). */
export type BuiltinValueType =
  | 'guid'
  | 'char'
  | 'timeSpan'
  | 'QName'
  | 'anyType'
  | 'xmlElement'
  | 'xmlNode'
  | 'xmlDocument'
  | 'dataSet'
  | 'dataTable';

/**
 * A site with `DataType` (`[XmlElement(DataType = "date")]`): XSD types XmlSerializer writes in place of the C#
 * type's own. The TypeScript value is the C# type's (`date` and `time` an `XsdDateTime`, `hexBinary` a
 * `Uint8Array`, the others a string); SOAP reads and writes the type's lexical form
 * (`values/data-type-values.ts`), HTTP GET and POST the C# type's.
 */
/**
 * Each `DataType` XmlSerializer accepts (`[XmlElement(DataType)]` and the like), with the C# type it applies to, as
 * an XSD type of the spec format: the generator and the runtime both read this table.
 */
export const DATA_TYPE_BASES = {
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

/** A `DataType`: the XSD type written in place of its C# type's own. */
export type DataTypeName = keyof typeof DATA_TYPE_BASES;

/**
 * The type of a value at a site (a parameter, a result, a member, an array's
 * items): a simple or built-in type by name, or a declared type or an array.
 */
export type ValueType =
  XsdType | BuiltinValueType | DataTypeName | ClassValueType | EnumValueType | ArrayValueType | DictionaryValueType;

/**
 * `Dictionary<string, T>` (a spec's `dictionary<T>`): a JSON object of T values, a `Map` in TypeScript. Only a
 * `[ScriptService]`'s JSON calls carry it; XmlSerializer cannot reflect it, so no XML path ever meets one
 * (`ServiceDescription.reflectionError`).
 */
export interface DictionaryValueType {
  readonly dictionary: ValueType;
  /** The values may be null: a reference type or `T?` (ObjectConverter binds no null to a value type). */
  readonly nillable: boolean;
}

/** A declared class or struct: a key of `ServiceDescription.types`. */
export interface ClassValueType {
  readonly class: string;
}

/** A declared enum or flags enum: a key of `ServiceDescription.types`. */
export interface EnumValueType {
  readonly enum: string;
}

/**
 * `T[]` (or `List<T>`). Wrapped (the default), the site's element holds one
 * element per item, named `item`; unwrapped (a member with `[XmlElement]`),
 * the items are repeated elements named as the member, in its place.
 */
export interface ArrayValueType {
  readonly array: ValueType;
  /** The items' element name (`string`, `Person`, `Keyword`). */
  readonly item: string;
  /**
   * Items may be `xsi:nil` (reference types and `T?`, unless `[XmlArrayItem(IsNullable = false)]`; unwrapped, with
   * `[XmlElement(IsNullable = true)]`): read as `null`, written from `null`.
   */
  readonly nillable: boolean;
  /** `[XmlArrayItem(Form = XmlSchemaForm.Unqualified)]`: the items are in no namespace (`xmlns=""`). */
  readonly unqualified?: boolean;
  /**
   * The items' namespace when it is not the service's: an array member of a class in another namespace has its
   * `ArrayOfX` in that namespace, and its items are elements of it.
   */
  readonly namespace?: string;
  /**
   * `ArrayOfChoiceN` (`[XmlArrayItem(Name, typeof(T))]`s): each item is one of these elements, the value
   * `{ $element, value }`; `item` is then unused.
   */
  readonly choice?: readonly ChoiceElementDescription[];
}

/**
 * One element of a choice (`[XmlElement(Name, typeof(T))]` or `[XmlArrayItem(Name, typeof(T))]`): a value at a
 * choice site is `{ $element: name, value }`, written as that element, and read from whichever element is there.
 */
export interface ChoiceElementDescription {
  readonly element: string;
  readonly type: ValueType;
  /** `nillable="true"`: `value: null` is written as `xsi:nil`, and read from it. */
  readonly nillable?: boolean;
}

/** A declared type, keyed in `ServiceDescription.types` by its declared name. */
export type TypeDescription = ClassDescription | EnumDescription;

export interface ClassDescription {
  readonly kind: 'class';
  /** The XSD type name: `xsi:type`'s value and `$type`'s. */
  readonly xmlName: string;
  /** The top-level element name (`[XmlRoot]`): SOAP headers, HTTP result documents. */
  readonly elementName: string;
  /** `[XmlType(Namespace)]`: the type's namespace (`xsi:type`'s), when it is not the service namespace. */
  readonly namespace?: string;
  /** Cannot be written as itself; a value must name a derived class. */
  readonly abstract?: boolean;
  /** A .NET struct (value type): never nil, never derived from. */
  readonly struct?: boolean;
  /** The declared name of the base class. */
  readonly base?: string;
  /** Declared names of the classes derived from it, at any depth, that the service knows (`xsi:type` may name them). */
  readonly derived?: readonly string[];
  /** All members, inherited ones first (base before derived), each level in declaration order. */
  readonly members: readonly MemberDescription[];
}

export interface MemberDescription {
  /** The property name in TypeScript (the C# member name). */
  readonly name: string;
  /** The element or attribute name on the wire. */
  readonly xmlName: string;
  /**
   * `element`; `attribute`; `any` (`[XmlAnyElement]`: the element's unclaimed children, as an `XmlFragment`);
   * `text` (`[XmlText]`: the element's text, beside the attributes).
   */
  readonly form: 'element' | 'attribute' | 'any' | 'text';
  /**
   * The namespace on the wire when it is not the default: for an element, the service namespace by default (a
   * class in another namespace, `[XmlElement(Namespace)]`, or `''` when unqualified); for an attribute, none by
   * default (a qualified attribute's).
   */
  readonly namespace?: string;
  readonly type: ValueType;
  /** `nillable="true"`: `null` is written as `xsi:nil`, and read from it. */
  readonly nillable?: boolean;
  /** Items repeated in the member's place (`[XmlElement]` on an array). */
  readonly unwrapped?: boolean;
  /**
   * A value type written only when set (`{Name}Specified`, `minOccurs="0"`):
   * `undefined` leaves it out.
   */
  readonly optional?: boolean;
  /** `[DefaultValue]`: not written when the value equals it (the lexical form). */
  readonly default?: string;
  /**
   * A choice of elements in the member's place (`[XmlElement(Name, typeof(T))]`s): its value (each item's, when
   * `unwrapped`) is `{ $element, value }`, and `xmlName` is not on the wire.
   */
  readonly choice?: readonly ChoiceElementDescription[];
}

export interface EnumDescription {
  readonly kind: 'enum';
  readonly xmlName: string;
  readonly elementName: string;
  /** `[XmlType(Namespace)]`: the type's namespace (`xsi:type`'s), when it is not the service namespace. */
  readonly namespace?: string;
  /** `[Flags]`: the value is a list of names, written space-separated. */
  readonly flags?: boolean;
  /** In declaration order. */
  readonly values: readonly EnumValueDescription[];
}

export interface EnumValueDescription {
  /** The name on the wire (`[XmlEnum]`) and in TypeScript. */
  readonly xmlName: string;
  /**
   * The C# member name, when it differs from `xmlName`: HTTP GET and POST bind an enum parameter with
   * `Enum.Parse`, which takes C# names (flags joined by `, `), so a client sends those there.
   */
  readonly name?: string;
  /** The numeric value: flags combine and decompose by it; `0` is the empty set's name when declared. */
  readonly value: number;
}

/** A SOAP header an operation declares (`[SoapHeader]`). */
export interface HeaderDescription {
  /** The service field it is bound to: the property name in the handler's context and the client's options. */
  readonly field: string;
  /** The header class, a key of `ServiceDescription.types`. */
  readonly type: string;
  /** The header element (in the service namespace). */
  readonly element: string;
  /** The header element's namespace (`[XmlRoot(Namespace)]` of its class), when it is not the service's. */
  readonly namespace?: string;
  /** `in`: read from the request; `out`: written in the reply; `inOut`: both. */
  readonly direction: 'in' | 'out' | 'inOut';
  /** `Required = false` (default true). */
  readonly required?: boolean;
}

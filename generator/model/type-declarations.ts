/**
 * Declared types as a spec states them, before normalization: the input of {@link TypeResolver}. The spec's
 * `types:` section parses into these; an importer can build them from a WSDL the same way.
 */
export type TypeDeclaration = ClassDeclaration | EnumDeclaration;

export interface ClassDeclaration {
  readonly kind: 'class';
  readonly name: string;
  /** `[XmlType("X")]`. */
  readonly xmlName?: string;
  /** `[XmlRoot("X")]`: the name of the type's top-level elements (headers, HTTP results). */
  readonly elementName?: string;
  /** `[XmlType(Namespace = "…")]`: the namespace of the type's schema; the service namespace when omitted. */
  readonly namespace?: string;
  /**
   * `[XmlRoot(Namespace = "…")]`: the namespace of the class's top-level elements (HTTP results) and, as Mono's
   * runtime writes them, of the parameters and results of its type (`ref=` to a top-level element there).
   */
  readonly rootNamespace?: string;
  readonly struct?: boolean;
  readonly abstract?: boolean;
  readonly header?: boolean;
  readonly base?: string;
  readonly include?: readonly string[];
  /** In the order the WSDL writes them: C# fields first, then properties (attributes may be mixed in). */
  readonly members: readonly MemberDeclaration[];
  /** `[XmlAnyAttribute]`. */
  readonly anyAttribute?: boolean;
  /**
   * `[XmlType(AnonymousType = true)]` (xsd.exe's classes of a schema's anonymous types): the schema writes the type
   * inline, as an anonymous `<s:complexType>` in every element of it, and names it only in `ArrayOfX` and HTTP
   * result elements. The XML on the wire is the same.
   */
  readonly anonymous?: boolean;
}

export interface MemberDeclaration {
  readonly name: string;
  /** A type reference (`string`, `Person[]`, `int?`). */
  readonly type: string;
  /** `[XmlAttribute]`. */
  readonly attribute?: boolean;
  /** `[XmlAnyElement]` on an `xmlElement` or `xmlElement[]` member. */
  readonly any?: boolean;
  /** `[XmlText]`: the value is the element's text (simple content); the class's other members are attributes. */
  readonly text?: boolean;
  /**
   * `[XmlElement(Namespace = "…")]`: the element's namespace, when it is not its class's: the member refers to a
   * top-level element of that namespace's schema.
   */
  readonly namespace?: string;
  /** `Form = XmlSchemaForm.Unqualified` on an element, `Form = XmlSchemaForm.Qualified` on an attribute. */
  readonly form?: 'qualified' | 'unqualified';
  /** `[XmlElement("X")]`, `[XmlAttribute("x")]`, `[XmlArray("X")]`. */
  readonly xmlName?: string;
  /** `[XmlElement]` on an array: items repeated in place, no wrapper. */
  readonly unwrapped?: boolean;
  /** `[XmlArrayItem("X")]`. */
  readonly itemName?: string;
  /**
   * `[XmlArrayItem(IsNullable = false)]` (`false`) on a wrapped array of a reference type: its items are written
   * without `nillable`, in an array type of their own (`ArrayOfWidget` beside `ArrayOfWidget1`).
   */
  readonly itemNullable?: boolean;
  /**
   * `[XmlArrayItem(Form = XmlSchemaForm.Unqualified)]` on a wrapped array: its items are in no namespace, in an
   * array type of their own (`ArrayOfReading` beside `ArrayOfReading1`).
   */
  readonly itemForm?: 'unqualified';
  /** `[XmlElement(IsNullable = true)]` on a reference type. */
  readonly nillable?: boolean;
  /** `[XmlElement(DataType = "date")]`, `[XmlAttribute(DataType = "integer")]` (`data-types.ts`). */
  readonly dataType?: string;
  /**
   * A value-type member that may be left out: the `{Name}Specified` field (or `ShouldSerialize{Name}()`) beside it
   * makes XmlSerializer write `minOccurs="0"` (and no `use="required"` on an attribute).
   */
  readonly optional?: boolean;
  /** `[DefaultValue]`. */
  readonly default?: string;
  /**
   * Several `[XmlElement(Name, typeof(T))]` on the member: it holds one of these elements (an `object Item`), or
   * a sequence of them (an unwrapped `object[] Items`); on a wrapped array, `[XmlArrayItem(Name, typeof(T))]`s,
   * its items are these elements (`ArrayOfChoiceN`). In the order the schema writes them.
   */
  readonly choice?: readonly ChoiceElementDeclaration[];
  /**
   * `[XmlChoiceIdentifier("Field")]`: the enum member that names which element the value is. Not in the WSDL;
   * kept for the wire, where elements of one type need it.
   */
  readonly choiceIdentifier?: string;
}

/** One element of a choice: its name and its type (a reference, no array). */
export interface ChoiceElementDeclaration {
  readonly name: string;
  readonly type: string;
}

export interface EnumDeclaration {
  readonly kind: 'enum';
  readonly name: string;
  readonly xmlName?: string;
  readonly elementName?: string;
  /** `[XmlType(Namespace = "…")]`: the namespace of the type's schema; the service namespace when omitted. */
  readonly namespace?: string;
  readonly flags?: boolean;
  readonly values: readonly EnumValueDeclaration[];
}

export interface EnumValueDeclaration {
  readonly name: string;
  /** `[XmlEnum("x")]`. */
  readonly xmlName?: string;
  readonly value?: number;
}

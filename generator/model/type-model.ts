import type { TypeRef } from './type-refs.js';

/** A declared type, normalized: a class or struct, or an enum. */
export type TypeModel = ClassTypeModel | EnumTypeModel;

export interface ClassTypeModel {
  readonly kind: 'class';
  /** The name the spec declares (and type references use). */
  readonly name: string;
  /** The XSD type name (`[XmlType]`); the declared name by default. */
  readonly xmlName: string;
  /** The top-level element name (`[XmlRoot]`): header elements and HTTP result elements; `xmlName` by default. */
  readonly elementName: string;
  /**
   * `[XmlRoot]` on the class (the spec states `elementName`): the runtime names a wrapped operation's result element
   * of this type after it, `nillable`, `minOccurs="1"` (corpus `Renames`: `Bill`, not `GetInvoiceResult`).
   */
  readonly root: boolean;
  /** `[XmlType(Namespace)]`: the namespace of the type's schema; `undefined` for the service namespace. */
  readonly namespace: string | undefined;
  /**
   * `[XmlRoot(Namespace)]`: the namespace of its top-level elements (HTTP results) and, with `wsdl.runtime: mono`,
   * of the wrapped parameters and results of this type (corpus `RootNamespaces`); `undefined` without one.
   */
  readonly rootNamespace: string | undefined;
  /** A .NET struct: a value type (`minOccurs="1"`, `T?` allowed), never derived from. */
  readonly struct: boolean;
  readonly abstract: boolean;
  /** A `SoapHeader` class: its schema type ends with `<s:anyAttribute />`. */
  readonly header: boolean;
  /** The declared name of the base class. */
  readonly base: string | undefined;
  /** `[XmlInclude]` on the class, in attribute order: registered with it. */
  readonly include: readonly string[];
  /** Every member in spec order (elements and attributes mixed, as declared). */
  readonly members: readonly MemberModel[];
  /** `[XmlAnyAttribute]`, or a header class: the schema type allows any attribute. */
  readonly anyAttribute: boolean;
  /** `[XmlType(AnonymousType = true)]`: written inline in each element of it (never derived from). */
  readonly anonymous: boolean;
}

export interface MemberModel {
  /** The member's (C#) name. */
  readonly name: string;
  /** The element or attribute name on the wire (`[XmlElement("Zip")]`, `[XmlAttribute("code")]`). */
  readonly xmlName: string;
  readonly type: TypeRef;
  /**
   * `element`, `attribute`, `any` (`[XmlAnyElement]`: `s:any`, no name), or `text` (`[XmlText]`: the element's
   * text, the class a simple content extension of its type).
   */
  readonly form: 'element' | 'attribute' | 'any' | 'text';
  /** `[XmlElement(Namespace)]`: the element's namespace when given (a `ref=` to a top-level element of it). */
  readonly namespace: string | undefined;
  /** `form=` as written: `unqualified` elements (no namespace), `qualified` attributes (the class's namespace). */
  readonly xmlForm: 'qualified' | 'unqualified' | undefined;
  /** An array written as repeated elements named `xmlName` (`[XmlElement]` on an array). */
  readonly unwrapped: boolean;
  /** As the schema writes it: `0` or `1` (elements only). */
  readonly minOccurs: '0' | '1';
  readonly maxOccurs: '1' | 'unbounded';
  readonly nillable: boolean;
  /** `[DefaultValue]`, written as `default=` (and forcing `minOccurs="0"`). */
  readonly default: string | undefined;
  /** Attributes of value types are `use="required"`. */
  readonly required: boolean;
  /** A value type written only when set (`{Name}Specified`): `minOccurs="0"`, no `use="required"`. */
  readonly optional: boolean;
  /**
   * The member is a choice of elements, written in its place as `<s:choice>` (`undefined` for a wrapped array of
   * choices, whose array type holds them).
   */
  readonly choice: ChoiceModel | undefined;
  /** `[XmlChoiceIdentifier]`: the member naming the element; nothing in the WSDL. */
  readonly choiceIdentifier: string | undefined;
}

/** `<s:choice minOccurs maxOccurs>`: one of the elements (`1`/`1`), or any number of them (`0`/`unbounded`). */
export interface ChoiceModel {
  readonly minOccurs: '0' | '1';
  readonly maxOccurs: '1' | 'unbounded';
  readonly elements: readonly ChoiceElementModel[];
}

/** One element of a choice. */
export interface ChoiceElementModel {
  readonly name: string;
  readonly type: TypeRef;
  /** `1` for value types, `0` for reference types (`1` in an array type, whose items are nillable instead). */
  readonly minOccurs: '0' | '1';
  readonly nillable: boolean;
}

export interface EnumTypeModel {
  readonly kind: 'enum';
  readonly name: string;
  readonly xmlName: string;
  readonly elementName: string;
  /** `[XmlType(Namespace)]`: the namespace of the type's schema; `undefined` for the service namespace. */
  readonly namespace: string | undefined;
  /** `[Flags]`: the XSD type is a list of the values. */
  readonly flags: boolean;
  readonly values: readonly EnumValueModel[];
}

export interface EnumValueModel {
  /** The C# member name. */
  readonly name: string;
  /** The value on the wire (`[XmlEnum]`); `name` by default. */
  readonly xmlName: string;
  /** The numeric value, when the spec gives one (every flags value has one). */
  readonly value: number | undefined;
}

/** An `ArrayOfX` type: one per distinct item type and item name, numbered in reflection order (`ArrayOfLine1`). */
export interface ArrayTypeModel {
  readonly name: string;
  readonly item: TypeRef;
  readonly itemName: string;
  /** Items of reference types and `T?` are `nillable="true"`. */
  readonly itemNillable: boolean;
  /** `[XmlArrayItem(Form = XmlSchemaForm.Unqualified)]`: items in no namespace (`form="unqualified"`). */
  readonly itemForm?: 'unqualified';
  /** `ArrayOfChoiceN`: items are one of these elements (`[XmlArrayItem(Name, typeof(T))]`s), written as a choice. */
  readonly choice?: ChoiceModel;
}

/**
 * What the WSDL writer prints, computed once by the model: the root's namespace declarations, the schemas and
 * every item in them, in the runtime's order. Each node names the partial (`templates/wsdl-partials/`) that prints
 * it; the templates only print.
 */
export interface WsdlModel {
  /** The root element's `xmlns:` declarations before `targetNamespace`, in the runtime's order. */
  readonly namespaces: readonly NamespaceDeclaration[];
  /**
   * `wsdl.namespaceOrder`, as the spec lists it: the documents of a service served in several (`?wsdl`, whose
   * declarations include `i0`, and `?wsdl=wsdl1`) are ordered by it too.
   */
  readonly namespaceOrder?: readonly string[];
  readonly schemas: readonly SchemaModel[];
  /** `[WebServiceBinding(EmitConformanceClaims = true)]`: the SOAP 1.1 binding claims WS-I Basic Profile 1.1. */
  readonly conformanceClaim: boolean;
  /** The line end the text is written with: `\n` (Mono) or `\r\n` (Windows servers). */
  readonly lineEnd: '\n' | '\r\n';
  /** A line end after the last line (the runtime writes none). */
  readonly finalNewline: boolean;
  /** What precedes the root element instead of the XML declaration and a line end (`wsdl.prolog`). */
  readonly prolog: string | undefined;
  /** How empty elements end: ` />` (the runtime) or `/>` (`wsdl.selfClosing: compact`, SharePoint's static files). */
  readonly emptyElementEnd: ' />' | '/>';
  /**
   * The `.NET Framework 1.1`'s writer (`wsdl.runtime: net1.1`): `documentation` elements in the WSDL namespace
   * as default (`<documentation xmlns="…wsdl/">`), the service's description in `wsdl:service` only (not first in
   * the definitions), and `style="document"` written on `soap:binding`.
   */
  readonly net11: boolean;
  /**
   * The empty `documentation` element the .NET Framework 1.x writes in `wsdl:service` for a service with no
   * description (`wsdl.emptyDocumentation`), in the writer's form; `undefined` when none is written.
   */
  readonly emptyDocumentation?: string;
  /**
   * How the writer spells prefixes, `documentation` and `arrayType`; `form.unprefixed` is the .NET Framework 1.0's
   * writer (`wsdl.runtime: net1.0`, with `net11` set).
   */
  readonly form: WsdlForm;
  /** Mono's naming of results after their class's `[XmlRoot]` (`wsdl.runtime: mono`). */
  readonly monoRoots: boolean;
  /**
   * The served document kept beside the spec (`wsdl.original`), its ports' addresses replaced by the address
   * marker: written instead of the rendered WSDL. Set only by `withKeptWsdl` when the spec's fingerprint matches.
   */
  readonly original?: string;
}

/**
 * The inline schema a server writes for a `DataSet`, picked by its `system.data.dataset` `WSDL_VERSION` setting
 * (`DataSet.PublishLegacyWSDL`): `legacy` (below 2, the .NET Framework's default) is
 * `<s:element ref="s:schema" /><s:any />`; `v2` (Mono's, whose System.Data publishes no legacy form) is a repeated
 * sequence of two lax `s:any`s (XML Schema, then the diffgram).
 */
export type DataSetSchema = 'legacy' | 'v2';

/**
 * How the writer spells what every WSDL has: the WSDL namespace's prefix, the service namespace's, the
 * `documentation` elements and the SOAP-encoded arrays' `arrayType` attribute. The .NET Framework 2.0 and later
 * and Mono write the `wsdl:` form; the .NET Framework 1.0 (`wsdl.runtime: net1.0`) the WSDL namespace as default.
 */
export interface WsdlForm {
  /** The service namespace's prefix: `tns`, or `s0` in the .NET 1.0 form. */
  readonly tns: string;
  /** The root's declaration of the WSDL namespace: `xmlns:wsdl`, or `xmlns` (the default namespace). */
  readonly wsdlDeclaration: string;
  /** The WSDL elements are written without a prefix (`<message>`, not `<wsdl:message>`). */
  readonly unprefixed: boolean;
  /** The start and end tags around a description. */
  readonly documentationStart: string;
  readonly documentationEnd: string;
  /** An encoded array's `arrayType` attribute: its name, and the declaration written after `ref` ('' when none). */
  readonly arrayTypeAttribute: string;
  readonly arrayTypeDeclaration: string;
}

export interface NamespaceDeclaration {
  readonly prefix: string;
  readonly uri: string;
}

export interface SchemaModel {
  readonly namespace: string;
  /** `tns` for the service's schema, else `s{N}`, N its position in `wsdl:types`. */
  readonly prefix: string;
  /** `elementFormDefault="qualified"` (every schema but AbstractTypes). */
  readonly qualified: boolean;
  /** `<s:import namespace=... />`, in the order first referred to. */
  readonly imports: readonly string[];
  readonly items: readonly SchemaNode[];
}

/** A node of a schema: a top-level item, a particle of a sequence, or inline content. */
export type SchemaNode =
  | ElementNode
  | WrapperElementNode
  | ComplexTypeNode
  | EnumTypeNode
  | FixedNode
  | AnyNode
  | ChoiceNode
  | ElementRefNode
  | TopAttributeNode
  | EncodedSchemaNode;

/**
 * A node of the SOAP section 5 (encoded) schema: a class or a document/encoded wrapper type, whose elements are
 * unqualified, or an array (a `soapenc:Array` restriction).
 */
export type EncodedSchemaNode = EncodedComplexTypeNode | EncodedArrayTypeNode;

/** `<s:complexType name>` of the encoded schema: a class, or the request or response type of a document/encoded operation. */
export interface EncodedComplexTypeNode {
  readonly partial: 'encodedComplexType';
  readonly name: string;
  readonly particles: readonly EncodedElementNode[];
}

/** `<s:element minOccurs maxOccurs form="unqualified" name type />`. */
export interface EncodedElementNode {
  readonly partial: 'encodedElement';
  readonly min: '0' | '1';
  readonly name: string;
  /** The qualified type; `undefined` for `object`. */
  readonly type: string | undefined;
}

/** `ArrayOfX`: a `soapenc:Array` restriction whose `wsdl:arrayType` is the item type with `[]`. */
export interface EncodedArrayTypeNode {
  readonly partial: 'encodedArrayType';
  readonly name: string;
  /** `s:int[]`, `tns:Crate[]`. */
  readonly arrayType: string;
}

/** `<s:element minOccurs maxOccurs ref="sN:X" />`: a member in another namespace (`[XmlElement(Namespace)]`). */
export interface ElementRefNode {
  readonly partial: 'elementRef';
  readonly occurs: { readonly min: '0' | '1'; readonly max: '1' | 'unbounded' };
  /** The qualified name of the top-level element. */
  readonly ref: string;
}

/** `<s:choice minOccurs maxOccurs>` of elements: a member of several `[XmlElement(Name, typeof(T))]`s. */
export interface ChoiceNode {
  readonly partial: 'choice';
  readonly min: '0' | '1';
  readonly max: '1' | 'unbounded';
  readonly particles: readonly ElementNode[];
}

/**
 * `<s:element>`: a particle (`occurs` set) or a top-level element. With `content`, the element holds that inline
 * content instead of a `type`.
 */
export interface ElementNode {
  readonly partial: 'element' | 'elementWithContent';
  readonly occurs: { readonly min: '0' | '1'; readonly max: '1' | 'unbounded' } | undefined;
  readonly default: string | undefined;
  /** `default` is set, also to `""` (`[DefaultValue("")]`), which the template cannot tell from none. */
  readonly hasDefault: boolean;
  /** `form="unqualified"` (`Form = XmlSchemaForm.Unqualified`). */
  readonly form: 'unqualified' | undefined;
  readonly name: string;
  readonly nillable: boolean;
  /** The qualified type, e.g. `s:int`, `tns:Book`; `undefined` for `object` and inline content. */
  readonly type: string | undefined;
  readonly content: FixedNode | InlineComplexTypeNode | undefined;
}

/**
 * `<s:complexType>` without a name, inside an element of an anonymous class (`[XmlType(AnonymousType = true)]`):
 * the class's members, or `<s:complexType />` for none.
 */
export interface InlineComplexTypeNode {
  readonly partial: 'inlineComplexType' | 'emptyInlineComplexType';
  /** The class written inline (not written itself: the schema names it nowhere here). */
  readonly className: string;
  readonly particles: readonly SchemaNode[];
  readonly attributes: readonly AttributeNode[];
  readonly anyAttribute: boolean;
}

/** An operation's request or response element: an anonymous complex type with a sequence (or empty). */
export interface WrapperElementNode {
  readonly partial: 'wrapperElement';
  readonly name: string;
  readonly particles: readonly SchemaNode[];
}

export interface ComplexTypeNode {
  /**
   * `choiceArrayType`: an `ArrayOfChoiceN`, whose one particle is a choice in place of the sequence;
   * `simpleContentType`: a class with an `[XmlText]` member, an extension of `base` (the text's type) by attributes.
   */
  readonly partial:
    | 'complexType'
    | 'derivedComplexType'
    | 'emptyComplexType'
    | 'emptyDerivedComplexType'
    | 'choiceArrayType'
    | 'simpleContentType';
  readonly name: string;
  readonly abstract: boolean;
  /** The qualified base type, for `derivedComplexType` and `emptyDerivedComplexType`. */
  readonly base: string | undefined;
  readonly particles: readonly SchemaNode[];
  readonly attributes: readonly AttributeNode[];
  readonly anyAttribute: boolean;
}

export interface AttributeNode {
  /**
   * `<s:attribute ref="sN:X" />`: an attribute in another namespace (`[XmlAttribute(Namespace)]`), the qualified
   * name of the top-level attribute declaring it; nothing else is written then.
   */
  readonly ref?: string | undefined;
  /** `use="optional"` after `ref=`: an attribute of the XML namespace (`xml:lang`), the only `ref=` that says it. */
  readonly optional?: boolean | undefined;
  /** `form="qualified"` (`Form = XmlSchemaForm.Qualified`). */
  readonly form: 'qualified' | undefined;
  readonly name: string;
  readonly type: string;
  readonly required: boolean;
  /** `[DefaultValue]`: `default=` before `name`, as on elements. */
  readonly default: string | undefined;
  readonly hasDefault: boolean;
}

/** `<s:attribute default name type />` at the top of a schema: what an attribute `ref=` of another schema names. */
export interface TopAttributeNode {
  readonly partial: 'topAttribute';
  readonly name: string;
  readonly type: string;
  readonly default: string | undefined;
  readonly hasDefault: boolean;
}

export interface EnumTypeNode {
  readonly partial: 'enumType' | 'flagsType';
  readonly name: string;
  readonly values: readonly string[];
}

/**
 * Content whose text never varies: Microsoft's `guid`, `char`, AbstractTypes' `StringArray`, `s:any` wrappers, the
 * DataSet (in either `WSDL_VERSION`'s form) and DataTable schemas.
 */
export interface FixedNode {
  readonly partial:
    | 'guidType'
    | 'charType'
    | 'stringArrayType'
    | 'anyContent'
    | 'mixedAnyContent'
    | 'dataSetContent'
    | 'legacyDataSetContent'
    | 'dataTableContent';
}

/** `[XmlAnyElement]`: `<s:any minOccurs=... maxOccurs=... />` in a class's sequence. */
export interface AnyNode {
  readonly partial: 'anyElement';
  readonly min: '0' | '1';
  readonly max: '1' | 'unbounded';
}

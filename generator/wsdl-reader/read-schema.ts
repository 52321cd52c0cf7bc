import { MICROSOFT_TYPES_NAMESPACE, type BuiltinName } from '../model/builtin-types.js';
import type { DataSetSchema } from '../model/wsdl-model.js';
import { abstractTypesNamespace } from '../model/naming.js';

function encodedTypesNamespace(namespace: string): string {
  return namespace.endsWith('/') ? `${namespace}encodedTypes` : `${namespace}/encodedTypes`;
}
import { isXsdType } from '../model/xsd-types.js';
import { dataTypeBase, isDataTypeName, type DataTypeName } from '../model/data-types.js';
import type { WsdlDocument } from './wsdl-document.js';
import { XML_NS } from '@asmxgen/runtime/xml';
import { XSD_NS } from './wsdl-namespaces.js';
import { isElement, resolveQName, significant, type XmlNode } from './xml-tree.js';
import { findAnonymousClasses, type AnonymousClass } from './anonymous-types.js';
import { warnAt } from './reader-warnings.js';

/**
 * A type as the schema names it, before the importer decides what it is in a spec (struct or class, `T?` or
 * `nillable`): a built-in, a type declared in the service's schema (by its XSD name), or an `ArrayOfX`.
 */
export type RawType =
  | { readonly kind: 'builtin'; readonly name: BuiltinName; readonly dataType?: DataTypeName }
  | { readonly kind: 'declared'; readonly xmlName: string }
  | { readonly kind: 'array'; readonly xmlName: string; readonly item: RawParticle };

/** An `<s:element>` in a sequence (a parameter, a result, a member, an array item), or an `<s:any>`. */
export interface RawParticle {
  readonly node: XmlNode;
  /** The element name; `''` for `<s:any>`. */
  readonly name: string;
  readonly type: RawType;
  readonly minOccurs: string;
  readonly maxOccurs: string;
  readonly nillable: boolean;
  readonly default: string | undefined;
  /** `<s:any>`: an `[XmlAnyElement]` member. */
  readonly any: boolean;
  /**
   * `<s:choice>`: a member or parameter of several `[XmlElement(Name, typeof(T))]`s (or an `ArrayOfChoiceN`'s
   * items), these its elements; `name` is then `Item` (or `Items` when it repeats), the name xsd.exe gives it.
   */
  readonly choice?: readonly RawParticle[];
  /** `ref=` to a top-level element of another namespace (`[XmlElement(Namespace)]`): that namespace. */
  readonly namespace?: string;
  /** `form="unqualified"`. */
  readonly form?: 'unqualified';
  /** A bare result's element, when it is not its part's `{message name}Result` (`[return: XmlElement("X")]`). */
  readonly resultElement?: string;
  /**
   * A bare parameter's part name, when it is not its element's: the C# parameter's name, the element renamed by
   * `[XmlElement("x")]` (the spec's `partName`).
   */
  readonly partName?: string;
}

export interface RawAttribute {
  readonly node: XmlNode;
  readonly name: string;
  readonly type: RawType;
  readonly required: boolean;
  /** `default=`: `[DefaultValue]`. */
  readonly default: string | undefined;
  /** `form="qualified"`. */
  readonly form?: 'qualified';
  /** `ref=` to a top-level attribute of another namespace (`[XmlAttribute(Namespace)]`): that namespace. */
  readonly namespace?: string;
}

export interface RawClass {
  readonly kind: 'class';
  readonly node: XmlNode;
  /**
   * The XSD name, and the key that names the type in this reader (`RawType`, `base`): numbered for a type of
   * another namespace with the same XSD name (`Receipt1`), `wireName` then the XSD name.
   */
  readonly xmlName: string;
  /** The XSD name when `xmlName` is not it (a type of another namespace has that name too). */
  readonly wireName?: string;
  /** The namespace of its schema, when not the service's (`[XmlType(Namespace)]`). */
  readonly namespace: string | undefined;
  /** `s:simpleContent`: the type of its `[XmlText]` member (the extension's base). */
  readonly text?: RawType;
  readonly abstract: boolean;
  /** The XSD name of the base class (`<s:extension base>`). */
  readonly base: string | undefined;
  readonly particles: readonly RawParticle[];
  readonly attributes: readonly RawAttribute[];
  readonly anyAttribute: boolean;
  /** Written inline, without a name (`[XmlType(AnonymousType = true)]`): named by `anonymous-types.ts`. */
  readonly anonymous?: true;
}

export interface RawEnum {
  readonly kind: 'enum';
  readonly node: XmlNode;
  readonly xmlName: string;
  /** The XSD name when `xmlName` is not it: a type of another namespace has that name too (`Receipt1`). */
  readonly wireName?: string;
  /** The namespace of its schema, when not the service's (`[XmlType(Namespace)]`). */
  readonly namespace: string | undefined;
  readonly flags: boolean;
  readonly values: readonly string[];
}

export type RawDeclaration = RawClass | RawEnum;

/** The `owner` of a wrapper element's particles: no class, so `ref=` only to a root's element; `form="unqualified"` allowed. */
const WRAPPER = '\u0000wrapper';

const DATASET_NAMESPACES = ['http://www.w3.org/2001/XMLSchema', 'urn:schemas-microsoft-com:xml-diffgram-v1'];

/**
 * The XML Schema of a WSDL, read the way the ASMX runtime writes it: the operations' wrapper elements, header
 * and HTTP result elements, and the classes, structs, enums and `ArrayOfX` types of the service's schema, with
 * the built-ins (`s:int`, Microsoft's `guid` and `char`, `TimeSpan`, `object`, raw XML, `DataSet`). What a spec
 * cannot express (types in other namespaces, XSD types the runtime writes for no .NET type a spec names,
 * `s:choice`, `[XmlText]`, unqualified forms) is refused at the construct.
 */
export class SchemaReader {
  private readonly elements = new Map<string, XmlNode>();
  /** Top-level attributes, which `[XmlAttribute(Namespace)]` members refer to. */
  private readonly topAttributes = new Map<string, XmlNode>();
  private readonly complexTypes = new Map<string, XmlNode>();
  private readonly simpleTypes = new Map<string, XmlNode>();
  private readonly schemaOf = new Map<XmlNode, XmlNode>();
  /** Every node of the schemas, with its schema's target namespace ({@link schemaNamespaceOf}). */
  private nodeSchemas: Map<XmlNode, string> | undefined;
  /** Every node inside a schema without `elementFormDefault="qualified"` ({@link elementForm}). */
  private unqualifiedNodes: Set<XmlNode> | undefined;
  private readonly declarations = new Map<string, RawDeclaration>();
  /** The namespace each declared type was read from, by key ({@link declared}). */
  private readonly namespaceOf = new Map<string, string>();
  /** Each declared type's key, by its namespace and XSD name; and each key's XSD name. */
  private readonly keys = new Map<string, string>();
  private readonly wireNames = new Map<string, string>();
  /** Declarations being read, so a class that refers to itself (a tree) is read once. */
  private readonly reading = new Set<string>();
  /** Named complex types read as a wrapper's parameters ({@link wrapperType}), not declared as classes. */
  private readonly wrapperTypes = new Set<XmlNode>();
  /** Inline complex types that are anonymous classes, by node. */
  private readonly anonymous: ReadonlyMap<XmlNode, AnonymousClass>;
  /** The first DataSet schema read, and its form. */
  private dataSets: { form: DataSetSchema; node: XmlNode } | undefined;
  /** Some operation is encoded: `{tns}/encodedTypes` is not the literal types' (set by {@link checkSchemas}). */
  private encoded = false;
  /** The service's schema imports the XML Schema namespace (`wsdl.xsdImport`); known after {@link checkSchemas}. */
  xsdImport = false;

  /**
   * @param messageNamespaces the namespaces of wrapper and bare elements outside the service's
   *   (`RequestNamespace`, `ResponseNamespace`): their schemas hold those elements and the runtime's copies of the
   *   service's types they reach, read as the service's own (a type only such a schema holds is declared there).
   */
  constructor(
    private readonly doc: WsdlDocument,
    private readonly messageNamespaces: ReadonlySet<string> = new Set(),
  ) {
    // The service's schema first, so that its types win over the copies of the same name.
    const schemas = [...doc.schemas].sort(
      (a, b) =>
        Number(a.attributes.get('targetNamespace') !== doc.targetNamespace) -
        Number(b.attributes.get('targetNamespace') !== doc.targetNamespace),
    );
    for (const schema of schemas) {
      const namespace = schema.attributes.get('targetNamespace') ?? '';
      for (const child of schema.elements) {
        const name = child.attributes.get('name');
        if (child.namespace !== XSD_NS || name === undefined) continue;
        const index =
          child.localName === 'element'
            ? this.elements
            : child.localName === 'complexType'
              ? this.complexTypes
              : child.localName === 'simpleType'
                ? this.simpleTypes
                : child.localName === 'attribute'
                  ? this.topAttributes
                  : undefined;
        const key = keyOf(namespace, name);
        if (index && !index.has(key)) index.set(key, child);
        const copy = keyOf(doc.targetNamespace, name);
        if (index && index !== this.elements && messageNamespaces.has(namespace) && !index.has(copy)) {
          index.set(copy, child);
        }
        this.schemaOf.set(child, schema);
      }
    }
    this.anonymous = findAnonymousClasses(
      schemas,
      (complexType) => inlineXml(complexType) !== undefined,
      (namespace, name) =>
        this.complexTypes.has(keyOf(namespace, name)) || this.simpleTypes.has(keyOf(namespace, name)),
    );
    for (const c of new Set(this.anonymous.values())) this.complexTypes.set(keyOf(c.namespace, c.name), c.node);
  }

  private get tns(): string {
    return this.doc.targetNamespace;
  }

  /**
   * The form the WSDL writes `DataSet`s in (`undefined` when it has none): the server's `system.data.dataset`
   * `WSDL_VERSION`, one for the whole server.
   */
  get dataSetSchema(): DataSetSchema | undefined {
    return this.dataSets?.form;
  }

  private dataSetForm(form: DataSetSchema, node: XmlNode): void {
    if (!this.dataSets) {
      this.dataSets = { form, node };
      return;
    }
    if (this.dataSets.form === form) return;
    const shape = (f: DataSetSchema) =>
      f === 'legacy'
        ? '<s:element ref="s:schema" /><s:any /> (system.data.dataset WSDL_VERSION below 2)'
        : 'a <s:sequence maxOccurs="unbounded"> of two <s:any> (WSDL_VERSION 2)';
    throw this.doc.fail(
      node,
      `a DataSet written as ${shape(form)}, where the DataSet at line ${this.doc.line(this.dataSets.node)} is ` +
        `${shape(this.dataSets.form)}: a server writes every DataSet in the form its WSDL_VERSION setting picks, ` +
        'so no runtime wrote both',
    );
  }

  /** The particles of the wrapper element `name` (an operation's request or response); `ref` names it. */
  wrapper(name: string, ref: XmlNode, what: string, namespace = this.tns): RawParticle[] {
    const element = this.global(name, ref, what, namespace);
    if (element.attributes.has('type')) {
      const named = this.wrapperType(element, name, what);
      if (named) return named;
      throw this.doc.failAt(
        element,
        'type',
        `${what}, "${name}", has type="${element.attributes.get('type')}" instead of a sequence of the ` +
          'parameters, but its message part is the wrapped one ("parameters"): the runtime writes a parameter\'s ' +
          'element with type= only for [SoapDocumentMethod(ParameterStyle = SoapParameterStyle.Bare)], whose parts ' +
          'it names after the parameters and whose response it writes bare too, so no ASMX service wrote this; ' +
          'import the WSDL the service serves (its address followed by ?wsdl)',
      );
    }
    const content = significant(element);
    const complexType = content[0];
    if (!complexType || content[1] || !isElement(complexType, XSD_NS, 'complexType')) {
      throw this.doc.fail(
        content[1] ?? complexType ?? element,
        `${what}, "${name}", has no anonymous complex type of its own: the ASMX runtime writes each wrapper ` +
          'element as one, holding a sequence of the parameters',
      );
    }
    const choice = this.wrapperChoice(complexType, name, what);
    if (choice) return [choice];
    return this.sequence(complexType, what, WRAPPER).particles;
  }

  /**
   * A wrapper element declared with `type=` of a named complex type of the service's namespace holding a sequence
   * (a copy edited by hand: the runtime writes the wrapper's complex type in place): the sequence is read as the
   * parameters, and attributes, which no parameter can be, are left out, each with a warning.
   */
  private wrapperType(element: XmlNode, name: string, what: string): RawParticle[] | undefined {
    const qname = resolveQName(element, element.attributes.get('type')!);
    if (qname === undefined || qname.namespace !== this.tns) return undefined;
    const complexType = this.complexTypes.get(keyOf(qname.namespace, qname.localName));
    if (!complexType || complexType.localName !== 'complexType' || complexType.attributes.size !== 1) return undefined;
    const content = significant(complexType);
    const sequence = content[0];
    const attributes = content.slice(1);
    if (
      !sequence ||
      !isElement(sequence, XSD_NS, 'sequence') ||
      sequence.attributes.size > 0 ||
      !attributes.every((a) => isElement(a, XSD_NS, 'attribute') || isElement(a, XSD_NS, 'anyAttribute'))
    ) {
      return undefined;
    }
    const particles = significant(sequence).map((item) => this.particle(item, what, WRAPPER));
    this.wrapperTypes.add(complexType);
    warnAt(
      this.doc,
      element,
      `${what}, "${name}", has type="${element.attributes.get('type')}" where the ASMX runtime writes the ` +
        `wrapper's complex type in place: read the sequence of complex type "${qname.localName}" as the ` +
        'parameters; check that they are the parameters callers send',
      'type',
    );
    for (const attribute of attributes) {
      const shown = `<${attribute.qualifiedName}${[...attribute.attributes].map(([k, v]) => ` ${k}="${v}"`).join('')} />`;
      warnAt(
        this.doc,
        attribute,
        `${shown} on the complex type "${qname.localName}" of ${what}: a wrapper element carries no attributes ` +
          'in a spec, so it is left out; the generated server ignores it in a request, as the ASMX runtime does',
      );
    }
    return particles;
  }

  /**
   * A wrapper whose complex type holds `<s:choice>` in place of the sequence (a copy edited by hand): read as the
   * closest construct the runtime writes, one parameter of several `[XmlElement]`s (`<s:choice minOccurs="1"
   * maxOccurs="1">` in a sequence), with a warning.
   */
  private wrapperChoice(complexType: XmlNode, name: string, what: string): RawParticle | undefined {
    const content = significant(complexType);
    const node = content[0];
    if (content.length !== 1 || !node || !isElement(node, XSD_NS, 'choice') || node.attributes.size > 0) {
      return undefined;
    }
    const elements = significant(node);
    if (elements.length < 2) return undefined;
    const choice = elements.map((e) => {
      const p = this.particle(e, what, WRAPPER);
      if (p.any || p.choice || p.maxOccurs !== '1' || p.default !== undefined) throw this.unexpected(node, what);
      return p;
    });
    warnAt(
      this.doc,
      node,
      `${what}, "${name}", holds <${node.qualifiedName}> in place of a sequence: read as one parameter "Item" ` +
        `that is one of ${choice.map((c) => `"${c.name}"`).join(', ')} (several [XmlElement]s, which the runtime ` +
        'writes as <s:choice minOccurs="1" maxOccurs="1"> in the sequence); check that callers send one of them',
    );
    return {
      node,
      name: 'Item',
      type: { kind: 'builtin', name: 'anyType' },
      minOccurs: '1',
      maxOccurs: '1',
      nillable: false,
      default: undefined,
      any: false,
      choice,
    };
  }

  /** The type of a top-level element (a header element or an HTTP result element) of the service's schema. */
  topElement(
    name: string,
    ref: XmlNode,
    what: string,
    namespace = this.tns,
  ): { node: XmlNode; type: RawType; nillable: boolean } {
    const element = this.global(name, ref, what, namespace);
    return {
      node: element,
      type: this.typeOf(element, `${what} "${name}"`),
      nillable: element.attributes.get('nillable') === 'true',
    };
  }

  /**
   * Every type the service's schema declares, classes, structs and enums, in document order, read whether an
   * operation reaches them or not (derived types only an `[XmlInclude]` reaches are written too).
   */
  allDeclarations(): RawDeclaration[] {
    for (const [key, node] of [...this.complexTypes, ...this.simpleTypes]) {
      const [namespace, name] = splitKey(key);
      if (namespace === MICROSOFT_TYPES_NAMESPACE || namespace === abstractTypesNamespace(this.tns)) continue;
      // The encoded operations' schema is read-encoded.ts's.
      if (this.encoded && namespace === encodedTypesNamespace(this.tns)) continue;
      // A message namespace's copies are the service's types (indexed under its namespace too).
      if (this.messageNamespaces.has(namespace)) continue;
      if (node.localName === 'complexType' && (isTimeSpan(name, node) || this.isArrayType(name, node))) continue;
      if (this.wrapperTypes.has(node)) continue;
      this.declared(name, node, namespace);
    }
    return [...this.declarations.values()].sort((a, b) => this.doc.order(a.node) - this.doc.order(b.node));
  }

  /**
   * Refuses schemas a spec cannot describe: a schema of a namespace other than the service's, Microsoft's
   * types and the AbstractTypes of HTTP, and `s:import`s of documents.
   */
  checkSchemas(encoded = false): void {
    this.encoded = encoded;
    for (const schema of this.doc.schemas) {
      const namespace = schema.attributes.get('targetNamespace') ?? '';
      // The encoded operations' schema (`{tns}/encodedTypes`) is read-encoded.ts's.
      if (encoded && namespace === encodedTypesNamespace(this.tns)) continue;
      // Types of other namespaces ([XmlType(Namespace)]) and the elements members refer to there
      // ([XmlElement(Namespace)]) are read where they are used; such schemas are qualified, as the runtime writes them.
      if (
        namespace !== this.tns &&
        !this.messageNamespaces.has(namespace) &&
        namespace !== MICROSOFT_TYPES_NAMESPACE &&
        namespace !== abstractTypesNamespace(this.tns) &&
        schema.attributes.get('elementFormDefault') !== 'qualified'
      ) {
        throw this.doc.failAt(
          schema,
          'targetNamespace',
          `a schema for namespace "${namespace}" without elementFormDefault="qualified": the ASMX runtime writes ` +
            'the schemas of other namespaces ([XmlType(Namespace)], [XmlElement(Namespace)]) qualified for literal ' +
            'use; an unqualified one comes from encoded use, which a spec cannot express',
        );
      }
      for (const child of schema.elements) {
        if (child.namespace !== XSD_NS) continue;
        if (
          namespace === this.tns &&
          child.localName === 'import' &&
          child.attributes.get('namespace') === XSD_NS &&
          !child.attributes.has('schemaLocation')
        ) {
          this.xsdImport = true;
        }
        if (child.localName === 'include' || child.localName === 'redefine' || child.attributes.has('schemaLocation')) {
          throw this.doc.fail(
            child,
            child.attributes.has('schemaLocation')
              ? `an <${child.qualifiedName}> of another schema document: readWsdl reads one document; read the ` +
                  'documents it names first with readWsdlDocuments, as asmxgen import and diff do'
              : `an <${child.qualifiedName}> without a schemaLocation: it names no schema document to read; the ` +
                  'ASMX runtime writes every schema inline in wsdl:types',
          );
        }
      }
    }
  }

  /** The top-level element `name` of the service's schema. */
  private global(name: string, ref: XmlNode, what: string, namespace = this.tns): XmlNode {
    const element = this.elements.get(keyOf(namespace, name));
    if (!element) {
      throw this.doc.fail(
        ref,
        `${what}, "${name}" in namespace ${namespace}, is not declared in wsdl:types: not a WSDL the ASMX ` +
          'runtime writes',
      );
    }
    return element;
  }

  /** The particles (and attributes) of a complex type's content: an optional sequence, then attributes. */
  private sequence(
    complexType: XmlNode,
    what: string,
    owner?: string,
  ): { particles: RawParticle[]; attributes: RawAttribute[]; anyAttribute: boolean } {
    const particles: RawParticle[] = [];
    const attributes: RawAttribute[] = [];
    let anyAttribute = false;
    for (const child of significant(complexType)) {
      if (isElement(child, XSD_NS, 'sequence') && particles.length === 0 && attributes.length === 0) {
        if (child.attributes.size > 0) throw this.unexpected(child, what);
        for (const item of significant(child)) particles.push(this.particle(item, what, owner));
      } else if (isElement(child, XSD_NS, 'attribute') && !anyAttribute) {
        attributes.push(
          child.attributes.has('ref') && owner !== undefined
            ? this.attributeRef(child, what, owner)
            : this.attribute(child, what, owner !== undefined),
        );
      } else if (isElement(child, XSD_NS, 'anyAttribute') && !anyAttribute && child.attributes.size === 0) {
        anyAttribute = true;
      } else {
        throw this.unexpected(child, what);
      }
    }
    return { particles, attributes, anyAttribute };
  }

  private unexpected(node: XmlNode, what: string): Error {
    const shown = `<${node.qualifiedName}${[...node.attributes].map(([k, v]) => ` ${k}="${v}"`).join('')}>`;
    if (isElement(node, XSD_NS, 'choice')) {
      return this.doc.fail(
        node,
        `${what} holds ${shown}: the runtime writes s:choice in a sequence, as a member or parameter of several ` +
          '[XmlElement(Name, typeof(T))], with minOccurs="1" maxOccurs="1" or minOccurs="0" maxOccurs="unbounded", ' +
          'or as all of an ArrayOfChoiceN, of two or more elements; a spec cannot express this one',
      );
    }
    return this.doc.fail(
      node,
      `${what} holds ${shown}: a spec's classes hold a sequence of elements, then attributes, then ` +
        '<s:anyAttribute />, and cannot express this (the runtime writes other content for [XmlText]; it writes no ' +
        's:all or s:group, so if this copy was edited, import the WSDL the service itself serves)',
    );
  }

  /**
   * `owner`: the namespace of the class holding the particle, where members may refer to other namespaces.
   * `unqualifiable`: the element may be `form="unqualified"` (a class's member, a wrapper's parameter or result, an
   * array's items).
   */
  private particle(node: XmlNode, what: string, owner?: string, unqualifiable = owner !== undefined): RawParticle {
    const minOccurs = node.attributes.get('minOccurs') ?? '1';
    const maxOccurs = node.attributes.get('maxOccurs') ?? '1';
    if (isElement(node, XSD_NS, 'choice')) {
      const single = minOccurs === '1' && maxOccurs === '1';
      const repeated = minOccurs === '0' && maxOccurs === 'unbounded';
      const elements = significant(node);
      if (node.attributes.size !== 2 || !(single || repeated) || elements.length < 2) {
        throw this.unexpected(node, what);
      }
      const choice = elements.map((e) => {
        const p = this.particle(e, what);
        if (p.any || p.choice || p.maxOccurs !== '1' || p.default !== undefined) throw this.unexpected(node, what);
        return p;
      });
      return {
        node,
        name: single ? 'Item' : 'Items',
        type: { kind: 'builtin', name: 'anyType' },
        minOccurs,
        maxOccurs,
        nillable: false,
        default: undefined,
        any: false,
        choice,
      };
    }
    if (isElement(node, XSD_NS, 'any')) {
      const extra = [...node.attributes.keys()].find((k) => k !== 'minOccurs' && k !== 'maxOccurs');
      if (extra !== undefined) throw this.unexpected(node, what);
      return {
        node,
        name: '',
        type: { kind: 'builtin', name: 'xmlElement' },
        minOccurs,
        maxOccurs,
        nillable: false,
        default: undefined,
        any: true,
      };
    }
    if (isElement(node, XSD_NS, 'element') && node.attributes.has('ref') && owner !== undefined && owner !== WRAPPER) {
      return this.elementRef(node, what, owner, minOccurs, maxOccurs);
    }
    if (isElement(node, XSD_NS, 'element') && node.attributes.has('ref') && owner === WRAPPER) {
      // `[XmlRoot(Namespace)]` on the class of a parameter or result: Mono writes it as a top-level element of the
      // root's namespace, which the wrapper refers to (corpus `RootNamespaces`).
      return this.elementRef(node, what, owner, minOccurs, maxOccurs);
    }
    if (!isElement(node, XSD_NS, 'element') || node.attributes.has('ref')) throw this.unexpected(node, what);
    // A schema the runtime wrote is qualified, its unqualified members stating form="unqualified"; an unqualified
    // schema (a copy saved through another tool) makes every local element unqualified, which the spec states on each.
    const { form: effective, written, schemaForm } = this.elementForm(node);
    const form = effective === 'unqualified' ? effective : undefined;
    // Written: form="unqualified" where a spec can state it, or form="qualified" in an unqualified schema.
    const stated = form !== undefined ? unqualifiable : effective === 'qualified' && schemaForm === 'unqualified';
    if (written && !stated) {
      throw this.doc.failAt(
        node,
        'form',
        `the element "${node.attributes.get('name') ?? '?'}" has form="${effective}" ([XmlElement(Form = …)]): a ` +
          'spec writes every element in the form of its schema and cannot express another',
      );
    }
    if (form !== undefined && !unqualifiable) {
      throw this.doc.fail(
        node,
        `the element "${node.attributes.get('name') ?? '?'}" is unqualified (its schema has no ` +
          'elementFormDefault="qualified"): a spec states form="unqualified" on members, parameters, results and ' +
          'array items only, and cannot express it here',
      );
    }
    const name = this.doc.attribute(node, 'name');
    return {
      node,
      name,
      type: this.typeOf(node, `the element "${name}" in ${what}`),
      minOccurs,
      maxOccurs,
      nillable: node.attributes.get('nillable') === 'true',
      default: node.attributes.get('default'),
      any: false,
      ...(form === 'unqualified' && { form }),
    };
  }

  /**
   * `<s:element minOccurs maxOccurs ref="sN:X" />` in a class: a member in another namespace
   * (`[XmlElement(Namespace)]`), of the type of the top-level element it refers to.
   */
  private elementRef(node: XmlNode, what: string, owner: string, minOccurs: string, maxOccurs: string): RawParticle {
    const value = node.attributes.get('ref')!;
    const extra = [...node.attributes.keys()].find((k) => k !== 'ref' && k !== 'minOccurs' && k !== 'maxOccurs');
    const qname = resolveQName(node, value);
    if (extra !== undefined || qname === undefined || qname.namespace === owner) throw this.unexpected(node, what);
    const target = this.elements.get(keyOf(qname.namespace, qname.localName));
    if (!target) {
      throw this.doc.failAt(node, 'ref', `${what} refers to the element ${value}, which this WSDL does not declare`);
    }
    const targetExtra = [...target.attributes.keys()].find((k) => k !== 'name' && k !== 'type' && k !== 'nillable');
    if (targetExtra !== undefined) throw this.unexpected(target, `the element "${qname.localName}"`);
    return {
      node,
      name: qname.localName,
      type: this.typeOf(target, `the element "${qname.localName}"`),
      minOccurs,
      maxOccurs,
      nillable: target.attributes.get('nillable') === 'true',
      default: undefined,
      any: false,
      namespace: qname.namespace,
    };
  }

  /**
   * `<s:attribute ref="sN:X" />` in a class: an attribute in another namespace (`[XmlAttribute(Namespace)]`), of the
   * type (and default) of the top-level attribute it refers to.
   */
  private attributeRef(node: XmlNode, what: string, owner: string): RawAttribute {
    const value = node.attributes.get('ref')!;
    const qname = resolveQName(node, value);
    if (qname?.namespace === XML_NS) return this.xmlAttributeRef(node, qname.localName, what);
    if (node.attributes.size !== 1 || qname === undefined || qname.namespace === owner || qname.namespace === XSD_NS) {
      throw this.unexpected(node, what);
    }
    const target = this.topAttributes.get(keyOf(qname.namespace, qname.localName));
    if (!target) {
      throw this.doc.failAt(node, 'ref', `${what} refers to the attribute ${value}, which this WSDL does not declare`);
    }
    const extra = [...target.attributes.keys()].find((k) => k !== 'name' && k !== 'type' && k !== 'default');
    if (extra !== undefined || !target.attributes.has('type')) {
      throw this.unexpected(target, `the attribute "${qname.localName}"`);
    }
    return {
      node,
      name: qname.localName,
      type: this.named(target, `the attribute "${qname.localName}"`),
      required: false,
      default: target.attributes.get('default'),
      namespace: qname.namespace,
    };
  }

  /**
   * `<s:attribute ref="xml:lang" use="optional" />`: an attribute of the XML namespace (`xml:lang`, `xml:space`),
   * which the runtime writes always so, for a `string` member, and declares nowhere.
   */
  private xmlAttributeRef(node: XmlNode, name: string, what: string): RawAttribute {
    const extra = [...node.attributes.keys()].find((k) => k !== 'ref' && k !== 'use');
    const use = node.attributes.get('use');
    if (extra !== undefined || (use !== undefined && use !== 'optional')) throw this.unexpected(node, what);
    return {
      node,
      name,
      type: { kind: 'builtin', name: 'string' },
      required: false,
      default: undefined,
      namespace: XML_NS,
    };
  }

  private attribute(node: XmlNode, what: string, qualifiable = false): RawAttribute {
    const form = node.attributes.get('form');
    if (form !== undefined && !(form === 'qualified' && qualifiable)) {
      throw this.doc.failAt(
        node,
        'form',
        `the attribute "${node.attributes.get('name') ?? '?'}" has form="${form}" ([XmlAttribute(Form = …)]): a ` +
          'spec cannot express it',
      );
    }
    const name = this.doc.attribute(node, 'name');
    if (!node.attributes.has('type')) {
      throw this.doc.fail(node, `the attribute "${name}" in ${what} has no type: not a WSDL the ASMX runtime writes`);
    }
    return {
      node,
      name,
      type: this.named(node, `the attribute "${name}"`),
      required: node.attributes.get('use') === 'required',
      default: node.attributes.get('default'),
      ...(form === 'qualified' && { form }),
    };
  }

  /** The type of an element: its `type`, or inline content (raw XML, DataSet), or none (`object`). */
  private typeOf(node: XmlNode, what: string): RawType {
    const content = significant(node);
    if (node.attributes.has('type')) {
      if (content[0]) throw this.doc.fail(content[0], `${what} has both a type and inline content: not a valid schema`);
      return this.named(node, what);
    }
    const inline = content[0];
    if (!inline) return { kind: 'builtin', name: 'anyType' };
    if (!content[1] && isElement(inline, XSD_NS, 'complexType')) {
      const xml = inlineXml(inline);
      if (xml === 'legacyDataSet' || xml === 'dataSet') {
        this.dataSetForm(xml === 'legacyDataSet' ? 'legacy' : 'v2', inline);
        return { kind: 'builtin', name: 'dataSet' };
      }
      if (xml) return { kind: 'builtin', name: xml };
      const anonymous = this.anonymous.get(inline);
      if (anonymous) {
        if (anonymous.namespace !== this.tns) {
          throw this.doc.fail(
            inline,
            `${what} holds an anonymous class ([XmlType(AnonymousType = true)]) of namespace ` +
              `${anonymous.namespace}: a spec's anonymous classes are of the service namespace`,
          );
        }
        return { kind: 'declared', xmlName: this.declared(anonymous.name, anonymous.node, anonymous.namespace) };
      }
    }
    throw this.doc.fail(
      inline,
      `${what} has an anonymous <${inline.qualifiedName}> the ASMX runtime writes for no .NET type a spec names ` +
        '(it writes inline types for XmlElement, XmlNode, XmlDocument, DataSet and DataTable only)',
    );
  }

  /** What a `type=` attribute names. */
  private named(node: XmlNode, what: string, attribute = 'type'): RawType {
    const value = node.attributes.get(attribute)!;
    const qname = resolveQName(node, value);
    if (qname === undefined) {
      throw this.doc.failAt(
        node,
        attribute,
        `type="${value}" uses a namespace prefix that is not declared: not a valid WSDL`,
      );
    }
    const { namespace, localName } = qname;
    if (namespace === XSD_NS) {
      if (isXsdType(localName) || localName === 'QName') return { kind: 'builtin', name: localName };
      // `[XmlElement(DataType = "date")]` and the like: the C# type the runtime allows the DataType on.
      if (isDataTypeName(localName)) return { kind: 'builtin', name: dataTypeBase(localName), dataType: localName };
      throw this.doc.failAt(
        node,
        attribute,
        `${what} has type ${value}, which is none of the XML Schema types a spec names (string, boolean, byte, ` +
          'unsignedByte, short, unsignedShort, int, unsignedInt, long, unsignedLong, float, double, decimal, ' +
          'dateTime, base64Binary, QName, and the DataType names date, time, hexBinary, integer, token, …): the ' +
          'ASMX runtime writes no other',
      );
    }
    if (namespace === MICROSOFT_TYPES_NAMESPACE && (localName === 'guid' || localName === 'char')) {
      return { kind: 'builtin', name: localName };
    }
    // A message namespace's copy of a service type (`[SoapDocumentMethod(RequestNamespace)]` writes one) is read as
    // the service's type: the constructor indexed the copies under the service namespace.
    const home = this.messageNamespaces.has(namespace) ? this.tns : namespace;
    const complexType = this.complexTypes.get(keyOf(home, localName));
    if (complexType) {
      if (home === this.tns && isTimeSpan(localName, complexType)) return { kind: 'builtin', name: 'timeSpan' };
      if (this.isArrayType(localName, complexType)) {
        // An array member of a class in another namespace has its `ArrayOfX` in that namespace (the class's, where
        // the model puts it): a reference from that namespace's own schema.
        if (home !== this.tns && this.schemaNamespaceOf(node) !== namespace) {
          throw this.doc.failAt(
            node,
            attribute,
            `${what} has type ${value}, an array type in namespace ${namespace}, from the schema of ` +
              `${this.schemaNamespaceOf(node) ?? '?'}: the runtime writes an ArrayOfX in the namespace of the class ` +
              'whose member it is (or of the message it is in) and refers to it from that schema only; no ASMX ' +
              'service wrote this',
          );
        }
        return { kind: 'array', xmlName: localName, item: this.arrayItem(localName, complexType) };
      }
      return { kind: 'declared', xmlName: this.declared(localName, complexType, home) };
    }
    const simpleType = this.simpleTypes.get(keyOf(home, localName));
    if (simpleType) {
      return { kind: 'declared', xmlName: this.declared(localName, simpleType, home) };
    }
    throw this.doc.failAt(
      node,
      attribute,
      `${what} has type ${value}, which this WSDL does not declare: not a valid WSDL`,
    );
  }

  /** The target namespace of the schema `node` is in (indexed on first use). */
  private schemaNamespaceOf(node: XmlNode): string | undefined {
    if (!this.nodeSchemas) {
      const index = new Map<XmlNode, string>();
      const visit = (n: XmlNode, namespace: string): void => {
        index.set(n, namespace);
        for (const child of n.elements) visit(child, namespace);
      };
      for (const schema of this.doc.schemas) visit(schema, schema.attributes.get('targetNamespace') ?? '');
      this.nodeSchemas = index;
    }
    return this.nodeSchemas.get(node);
  }

  /**
   * The form of a local element: its own `form=`, else its schema's `elementFormDefault` (absent: unqualified).
   * `written` says whether the element states it.
   */
  private elementForm(node: XmlNode): { form: string; written: boolean; schemaForm: 'qualified' | 'unqualified' } {
    if (!this.unqualifiedNodes) {
      const index = new Set<XmlNode>();
      const visit = (n: XmlNode): void => {
        index.add(n);
        for (const child of n.elements) visit(child);
      };
      for (const schema of this.doc.schemas) {
        if (schema.attributes.get('elementFormDefault') !== 'qualified') for (const c of schema.elements) visit(c);
      }
      this.unqualifiedNodes = index;
    }
    const schemaForm = this.unqualifiedNodes.has(node) ? 'unqualified' : 'qualified';
    const own = node.attributes.get('form');
    return { form: own ?? schemaForm, written: own !== undefined, schemaForm };
  }

  /** `ArrayOfX`: a complex type whose sequence is one element that repeats, as the runtime writes arrays. */
  private isArrayType(name: string, node: XmlNode): boolean {
    if (!name.startsWith('ArrayOf') || node.attributes.size !== 1) return false;
    const content = significant(node);
    const only = content[0];
    if (/^ArrayOfChoice[0-9]+$/.test(name) && content.length === 1 && only && isElement(only, XSD_NS, 'choice')) {
      return only.attributes.get('minOccurs') === '0' && only.attributes.get('maxOccurs') === 'unbounded';
    }
    const sequence = content[0];
    if (content.length !== 1 || !sequence || !isElement(sequence, XSD_NS, 'sequence')) return false;
    const items = significant(sequence);
    const item = items[0];
    return (
      items.length === 1 &&
      item !== undefined &&
      isElement(item, XSD_NS, 'element') &&
      item.attributes.get('minOccurs') === '0' &&
      item.attributes.get('maxOccurs') === 'unbounded'
    );
  }

  private arrayItem(name: string, node: XmlNode): RawParticle {
    const content = significant(node)[0]!;
    if (isElement(content, XSD_NS, 'choice')) return this.particle(content, `the array type "${name}"`);
    // [XmlArrayItem(Form = XmlSchemaForm.Unqualified)]: items in no namespace.
    return this.particle(significant(content)[0]!, `the array type "${name}"`, undefined, true);
  }

  /**
   * Reads the type `name` of `namespace` once, and returns its key: its XSD name, numbered when a type of another
   * namespace has that name already (`Receipt1` for the second `Receipt`, its `wireName` then `Receipt`).
   */
  private declared(name: string, node: XmlNode, namespace: string): string {
    let key = this.keys.get(keyOf(namespace, name));
    if (key === undefined) {
      key = name;
      for (let n = 1; this.namespaceOf.has(key); n++) key = `${name}${n}`;
      this.keys.set(keyOf(namespace, name), key);
      this.namespaceOf.set(key, namespace);
      this.wireNames.set(key, name);
    }
    if (this.declarations.has(key) || this.reading.has(key)) return key;
    this.reading.add(key);
    const home = namespace === this.tns ? undefined : namespace;
    const declaration =
      node.localName === 'simpleType' ? this.enumType(name, node, home) : this.classType(name, node, home);
    this.declarations.set(key, key === name ? declaration : { ...declaration, xmlName: key, wireName: name });
    return key;
  }

  /** The XSD name of the declared type `key` ({@link declared}). */
  private wireName(key: string): string {
    return this.wireNames.get(key) ?? key;
  }

  private classType(name: string, node: XmlNode, namespace: string | undefined): RawClass {
    const owner = namespace ?? this.tns;
    const what = `the complex type "${name}"`;
    const extra = [...node.attributes.keys()].find((k) => k !== 'name' && k !== 'abstract');
    if (extra !== undefined) throw this.unexpected(node, what);
    const abstract = node.attributes.get('abstract') === 'true';
    const content = significant(node);
    const complexContent = content[0];
    // `<s:extension>` right in the complex type (written by hand): read as the complexContent it leaves out.
    const bare = complexContent && content.length === 1 && isElement(complexContent, XSD_NS, 'extension');
    if (bare) {
      warnAt(
        this.doc,
        complexContent,
        `${what} holds <${complexContent.qualifiedName}> with no <s:complexContent> around it, which XML Schema ` +
          'requires and the ASMX runtime writes: read as <s:complexContent><s:extension>, a class derived from ' +
          `its base; check that "${name}" extends it`,
      );
    }
    if (complexContent && (bare || isElement(complexContent, XSD_NS, 'complexContent'))) {
      const extension = bare ? complexContent : significant(complexContent)[0];
      if (
        content.length !== 1 ||
        (!bare && significant(complexContent).length !== 1) ||
        !extension ||
        !isElement(extension, XSD_NS, 'extension')
      ) {
        throw this.unexpected(extension ?? complexContent, what);
      }
      this.doc.attribute(extension, 'base');
      const base = this.named(extension, `the base of "${name}"`, 'base');
      const baseNamespace = base.kind === 'declared' ? this.namespaceOf.get(base.xmlName) : undefined;
      if (base.kind !== 'declared' || !this.complexTypes.has(keyOf(baseNamespace ?? '', this.wireName(base.xmlName)))) {
        throw this.doc.failAt(
          extension,
          'base',
          `the complex type "${name}" extends a type that is not a class: a spec cannot express it`,
        );
      }
      return {
        kind: 'class',
        node,
        xmlName: name,
        namespace,
        abstract,
        base: base.xmlName,
        ...this.sequence(extension, what, owner),
      };
    }
    if (complexContent && isElement(complexContent, XSD_NS, 'simpleContent')) {
      return this.simpleContent(name, node, namespace, content, what);
    }
    return {
      kind: 'class',
      node,
      xmlName: name,
      namespace,
      abstract,
      base: undefined,
      ...this.sequence(node, what, owner),
      ...(!node.attributes.has('name') && { anonymous: true as const }),
    };
  }

  /**
   * `<s:simpleContent><s:extension base="…">` and attributes: a class with an `[XmlText]` member of the base type
   * (a simple type or an enum).
   */
  private simpleContent(
    name: string,
    node: XmlNode,
    namespace: string | undefined,
    content: readonly XmlNode[],
    what: string,
  ): RawClass {
    const simpleContent = content[0]!;
    const extension = significant(simpleContent)[0];
    if (
      content.length !== 1 ||
      node.attributes.has('abstract') ||
      simpleContent.attributes.size > 0 ||
      significant(simpleContent).length !== 1 ||
      !extension ||
      !isElement(extension, XSD_NS, 'extension')
    ) {
      throw this.unexpected(extension ?? simpleContent, what);
    }
    this.doc.attribute(extension, 'base');
    const text = this.named(extension, `the text of "${name}"`, 'base');
    if (
      text.kind === 'array' ||
      (text.kind === 'declared' &&
        this.complexTypes.has(keyOf(this.namespaceOf.get(text.xmlName) ?? '', this.wireName(text.xmlName))))
    ) {
      throw this.doc.failAt(
        extension,
        'base',
        `the complex type "${name}" extends a complex type in simple content: a spec's text members are of simple types and enums`,
      );
    }
    const { particles, attributes, anyAttribute } = this.sequence(extension, what, namespace ?? this.tns);
    if (particles.length > 0 || anyAttribute) throw this.unexpected(extension, what);
    return {
      kind: 'class',
      node,
      xmlName: name,
      namespace,
      text,
      abstract: false,
      base: undefined,
      particles,
      attributes,
      anyAttribute,
    };
  }

  private enumType(name: string, node: XmlNode, namespace: string | undefined): RawEnum {
    const fail = (at: XmlNode) =>
      this.doc.fail(
        at,
        `the simple type "${name}" is not an enum as the ASMX runtime writes one (a restriction of s:string to ` +
          'enumerations, or a list of one for [Flags]): a spec expresses enums and flags enums only',
      );
    let content = significant(node);
    let flags = false;
    if (content.length === 1 && isElement(content[0]!, XSD_NS, 'list')) {
      flags = true;
      const inner = significant(content[0]!);
      if (inner.length !== 1 || !isElement(inner[0]!, XSD_NS, 'simpleType')) throw fail(content[0]!);
      content = significant(inner[0]!);
    }
    const restriction = content[0];
    if (content.length !== 1 || !restriction || !isElement(restriction, XSD_NS, 'restriction')) {
      throw fail(restriction ?? node);
    }
    const base = resolveQName(restriction, restriction.attributes.get('base') ?? '');
    if (base?.namespace !== XSD_NS || base.localName !== 'string') throw fail(restriction);
    const values = significant(restriction).map((e) => {
      if (!isElement(e, XSD_NS, 'enumeration')) throw fail(e);
      return this.doc.attribute(e, 'value');
    });
    if (values.length === 0) throw fail(restriction);
    return { kind: 'enum', node, xmlName: name, namespace, flags, values };
  }
}

/**
 * `XmlElement` (`s:any`), `XmlNode`/`XmlDocument` (mixed `s:any`), `DataSet` (in the form of either `WSDL_VERSION`)
 * and `DataTable`: the inline types the runtime writes, each exactly as `IXmlSerializable` schema providers and the
 * XML serializer's exporter write them.
 */
function inlineXml(complexType: XmlNode): BuiltinName | 'legacyDataSet' | undefined {
  const mixed = complexType.attributes.get('mixed');
  const content = significant(complexType);
  const sequence = content[0];
  if (content.length !== 1 || !sequence || !isElement(sequence, XSD_NS, 'sequence')) return undefined;
  const items = significant(sequence);
  const bare = (e: XmlNode) => e.attributes.size === 0 && e.elements.length === 0;
  if (sequence.attributes.size === 0 && items.length === 1 && isElement(items[0]!, XSD_NS, 'any') && bare(items[0]!)) {
    if (complexType.attributes.size === 0) return 'xmlElement';
    if (mixed === 'true' && complexType.attributes.size === 1) return 'xmlNode';
    return undefined;
  }
  if (complexType.attributes.size !== 0 || items.length !== 2) return undefined;
  const [first, second] = items as [XmlNode, XmlNode];
  const laxAny = (e: XmlNode, namespace: string, occurs: Record<string, string>) =>
    isElement(e, XSD_NS, 'any') &&
    e.elements.length === 0 &&
    e.attributes.size === 2 + Object.keys(occurs).length &&
    e.attributes.get('namespace') === namespace &&
    e.attributes.get('processContents') === 'lax' &&
    Object.entries(occurs).every(([k, v]) => e.attributes.get(k) === v);
  // DataSet, WSDL_VERSION 2 (Mono): `DataSet.GetDataSetSchema` without the legacy form.
  if (
    sequence.attributes.size === 1 &&
    sequence.attributes.get('maxOccurs') === 'unbounded' &&
    laxAny(first, DATASET_NAMESPACES[0]!, { minOccurs: '0' }) &&
    laxAny(second, DATASET_NAMESPACES[1]!, { minOccurs: '0' })
  ) {
    return 'dataSet';
  }
  if (sequence.attributes.size !== 0) return undefined;
  // DataSet, WSDL_VERSION below 2 (the .NET Framework's default): a reference to the XML Schema element, any content.
  const schemaRef = first.attributes.get('ref');
  const resolved = schemaRef === undefined ? undefined : resolveQName(first, schemaRef);
  if (
    isElement(first, XSD_NS, 'element') &&
    first.attributes.size === 1 &&
    first.elements.length === 0 &&
    resolved?.namespace === XSD_NS &&
    resolved.localName === 'schema' &&
    isElement(second, XSD_NS, 'any') &&
    bare(second)
  ) {
    return 'legacyDataSet';
  }
  // DataTable: `DataTable.GetDataTableSchema` (minOccurs="1" on the diffgram tells it from a DataSet).
  if (
    laxAny(first, DATASET_NAMESPACES[0]!, { minOccurs: '0', maxOccurs: 'unbounded' }) &&
    laxAny(second, DATASET_NAMESPACES[1]!, { minOccurs: '1' })
  ) {
    return 'dataTable';
  }
  return undefined;
}

/** `<s:complexType name="TimeSpan" />`: how the runtime writes `System.TimeSpan`. */
function isTimeSpan(name: string, node: XmlNode): boolean {
  return name === 'TimeSpan' && node.attributes.size === 1 && significant(node).length === 0;
}

function keyOf(namespace: string, name: string): string {
  return `${namespace}\u0000${name}`;
}

function splitKey(key: string): [string, string] {
  const at = key.indexOf('\u0000');
  return [key.slice(0, at), key.slice(at + 1)];
}

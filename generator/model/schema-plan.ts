import {
  BUILTIN_TYPES,
  MICROSOFT_TYPES_NAMESPACE,
  SOAP_ENCODING_NAMESPACE,
  XSD_NAMESPACE,
  type BuiltinName,
} from './builtin-types.js';
import type { ScopeEntry } from './resolve-types.js';
import { abstractTypesNamespace } from './naming.js';
import { XML_NS } from '@asmxgen/runtime/xml';
import { rootNamespacesOfSchemas } from './root-namespace-shapes.js';
import type { ArrayTypeModel, ChoiceModel, ClassTypeModel, MemberModel, TypeModel } from './type-model.js';
import { holdsDictionary, type TypeRef } from './type-refs.js';
import type { EncodedPartModel } from './types.js';
import type {
  AttributeNode,
  ChoiceNode,
  ComplexTypeNode,
  DataSetSchema,
  ElementNode,
  InlineComplexTypeNode,
  EncodedArrayTypeNode,
  EncodedElementNode,
  ElementRefNode,
  FixedNode,
  NamespaceDeclaration,
  SchemaModel,
  SchemaNode,
  TopAttributeNode,
} from './wsdl-model.js';

/** A child of an operation's request or response element. */
export interface PlanParticle {
  readonly name: string;
  /** A bare message's part name, when it is not the element's: the result's `{message name}Result`. */
  readonly part?: string;
  readonly type: TypeRef;
  readonly minOccurs: '0' | '1';
  readonly nillable: boolean;
  /** A choice of elements written in the parameter's place (`[XmlElement(Name, typeof(T))]`s). */
  readonly choice?: ChoiceModel | undefined;
  /**
   * `[XmlRoot(Namespace)]` on the class (Mono): the element is a top-level element of that namespace's schema, which
   * the wrapper refers to (`ref="s1:hamper"`).
   */
  readonly namespace?: string | undefined;
  /** `[XmlElement(Form = XmlSchemaForm.Unqualified)]`: written `form="unqualified"`. */
  readonly form?: 'unqualified';
  /**
   * `[XmlElement]` on an array (`type`): its items are the element, `maxOccurs="unbounded"`, `nillable` where the
   * items are.
   */
  readonly unwrapped?: boolean;
}

/** What the schema plan needs of one operation, in the order the runtime reflects operations. */
export interface PlanOperation {
  readonly requestElement: string;
  readonly responseElement: string;
  /** `[SoapDocumentMethod(RequestNamespace, ResponseNamespace)]`: the wrapper elements' schemas. */
  readonly requestNamespace: string;
  readonly responseNamespace: string;
  /** `ParameterStyle.Bare`: each particle is a top-level element of its own, with no wrapper. */
  readonly bare: boolean;
  readonly request: readonly PlanParticle[];
  /** The result element, then `out` and `ref` parameters; `undefined` for a one-way operation (no response). */
  readonly response: readonly PlanParticle[] | undefined;
  /** The header elements with their class: the In and InOut headers in header order, then the Out ones. */
  readonly headers: readonly {
    readonly element: string;
    readonly type: string;
    /** The class's `[XmlRoot(Namespace)]`, where its header element is written; the service's when omitted. */
    readonly namespace?: string | undefined;
    /** An Out header: exported with the second group (the In and InOut headers are the first). */
    readonly out?: boolean;
  }[];
  /** How many classes were registered once the operation was reflected ({@link TypeResolver.registered}). */
  readonly reflected: number;
  /** HttpGet and HttpPost keep the operation. */
  readonly http: boolean;
  /** The result as HTTP replies name it (arrays with their default item name); `undefined` when void. */
  readonly httpResult: TypeRef | undefined;
  /** SOAP section 5 encoding: its types go to the encoded schema, its messages have `type=` parts. */
  readonly encoded?: { readonly style: 'rpc' | 'document' } | undefined;
  /** HttpGet and HttpPost keep it and it takes an array (an AbstractTypes `StringArray` part). */
  readonly httpArrayParameter?: boolean;
}

export interface PlanInput {
  readonly namespace: string;
  readonly types: ReadonlyMap<string, TypeModel>;
  readonly arrayTypes: ReadonlyMap<string, ArrayTypeModel>;
  /** Registration order of classes ({@link ResolvedTypes.attached}). */
  readonly attached: ReadonlyMap<string, number>;
  /** The runtime's type scope ({@link ResolvedTypes.scope}): what the `object` rule writes, in order. */
  readonly scope: readonly ScopeEntry[];
  readonly operations: readonly PlanOperation[];
  /**
   * The order the SOAP pass visits `operations` in (their indexes), when it is not the declaration order: several
   * SOAP bindings, written one after the other. The HTTP pass keeps the declaration order.
   */
  readonly soapOrder?: readonly number[];
  /** An HTTP binding is on: the HTTP pass runs. */
  readonly http: boolean;
  /** Some operation HTTP keeps takes an array: the AbstractTypes schema exists. */
  readonly abstractTypes: boolean;
  /** Which form the server writes a `DataSet`'s schema in. */
  readonly dataSetSchema: DataSetSchema;
  /** The service namespace's prefix: `tns`, or `s0` in the .NET Framework 1.0's form; `tns` when omitted. */
  readonly servicePrefix?: string;
  /** The service's schema imports the XML Schema namespace first (`wsdl.xsdImport`). */
  readonly xsdImport: boolean;
  /**
   * The service namespace when `namespace` (where literal types go) is not it: a `[SoapRpcService]` writes its
   * literal types (HTTP's) to `{namespace}/literalTypes`.
   */
  readonly serviceNamespace?: string;
  /** Where encoded operations' types go: `{namespace}/encodedTypes`, or the service's own in an rpc service. */
  readonly encodedNamespace?: string;
}

/** The SOAP message parts of an encoded operation. */
export interface EncodedParts {
  readonly input: readonly EncodedPartModel[];
  readonly output: readonly EncodedPartModel[];
}

/** A SOAP message part: its name and its element, qualified with the element's schema prefix. */
export interface PlanPart {
  readonly name: string;
  readonly element: string;
}

export interface SchemaPlan {
  readonly namespaces: readonly NamespaceDeclaration[];
  readonly schemas: readonly SchemaModel[];
  /**
   * Per operation, the parts of its SOAP input and output messages (`parameters` naming the wrapper element, or
   * one part per bare element); `output` is `undefined` for a one-way operation.
   */
  readonly soapParts: readonly {
    readonly input: readonly PlanPart[];
    readonly output: readonly PlanPart[] | undefined;
  }[];
  /** The qualified `StringArray` type HTTP array parts use, when the AbstractTypes schema exists. */
  readonly stringArray: string | undefined;
  /** The prefix of the literal types' schema, where HTTP result elements are: `tns`, or `sN` in an rpc service. */
  readonly literalPrefix: string;
  /** Per operation, in order: its SOAP message parts when it is encoded. */
  readonly encodedParts: readonly (EncodedParts | undefined)[];
  /** Each schema's prefix, by namespace (`tns`, `s1`, …). */
  readonly prefixes: ReadonlyMap<string, string>;
}

/**
 * The schemas of `wsdl:types` and every item in them, in the order the runtime writes them (corpus README, rules
 * 2 and 3): a SOAP pass over the operations (request element, the types it reaches, response element, its types,
 * header elements and their types), then an HTTP pass adding one element per result type. Types are written
 * depth first, once; derived classes follow their base, newest first; once an `object` is written, every class
 * registered but not yet written follows each later top-level item.
 */
export function planSchemas(input: PlanInput): SchemaPlan {
  return new Planner(input).plan();
}

/**
 * The top-level element HTTP replies carry a result in (rule 3): named after the result type (its `[XmlRoot]` name,
 * its XSD name, `ArrayOfX` with the default item name), `nillable` for reference types and `T?`; `undefined` for
 * `XmlNode` results, sent as they are.
 */
export function httpResultElement(
  ref: TypeRef,
  types: ReadonlyMap<string, TypeModel>,
): { readonly name: string; readonly nillable: boolean; readonly namespace?: string | undefined } | undefined {
  const base = ref.kind === 'nullable' ? ref.of : ref;
  switch (base.kind) {
    case 'builtin': {
      const t = BUILTIN_TYPES[base.name];
      if (t.shape === 'xml') return undefined;
      return { name: t.xsdName, nillable: ref.kind === 'nullable' || !t.valueType };
    }
    case 'array':
      return { name: base.arrayType!, nillable: true };
    case 'dictionary':
      // Never served: XmlSerializer reflects no dictionary, so such a service has no HTTP GET/POST (reflectionError).
      return undefined;
    default: {
      const t = types.get(base.name)!;
      const nillable = ref.kind === 'nullable' || (t.kind === 'class' && !t.struct);
      // `[XmlRoot(Namespace)]`: the element is in the root's namespace.
      if (t.kind === 'class' && t.rootNamespace !== undefined) {
        return { name: t.elementName, nillable, namespace: t.rootNamespace };
      }
      return { name: t.elementName, nillable };
    }
  }
}

/** `wsdl:arrayType`'s namespace, which an encoded schema with an array imports. */
const WSDL_NAMESPACE = 'http://schemas.xmlsoap.org/wsdl/';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

interface SchemaDraft {
  readonly namespace: string;
  readonly qualified: boolean;
  readonly imports: string[];
  readonly items: SchemaNode[];
}

const FIXED = (partial: FixedNode['partial']): FixedNode => ({ partial });

class Planner {
  private readonly schemas: SchemaDraft[] = [];
  private readonly written = new Set<string>();
  private readonly topElements = new Set<string>();
  /** Bare elements written, by namespace and name. */
  private readonly bareElements = new Set<string>();
  /** Top-level elements of root namespaces (`[XmlRoot(Namespace)]`) written, by namespace and name. */
  private readonly rootElements = new Set<string>();
  /** Nodes whose qualified names wait for the schemas' prefixes. */
  private readonly fixups: { set: (qname: string) => void; namespace: string; name: string }[] = [];
  private objectWritten = false;
  /** The header being exported is the last of its group (In and InOut, or Out). */
  private headerGroupEnd = false;
  /** The anonymous classes being written inline, outermost first: one holding itself cannot be. */
  private readonly inlining = new Set<string>();
  private watermark = 0;
  /** By operation index: the message parts of the encoded ones. */
  private readonly encodedParts = new Map<number, EncodedParts>();
  /** The schema a wrapper or bare element is being written into: where its references import from. */
  private current: string;
  /**
   * The namespace of the class whose members are being written, where their array types go (the runtime imports a
   * member with its class's namespace, and an `ArrayOfX` has none of its own: `Bin` of urn:b has `s1:ArrayOfString`);
   * `undefined` outside a class: arrays go to the schema being written.
   */
  private arrayHome: string | undefined;
  /** Each operation's SOAP message parts, by operation (written in the SOAP bindings' order). */
  private readonly parts = new Map<
    PlanOperation,
    { input: Mutable<PlanPart>[]; output: Mutable<PlanPart>[] | undefined }
  >();

  constructor(private readonly input: PlanInput) {
    this.current = input.namespace;
  }

  /** The service namespace (`tns`); literal types go to `input.namespace`. */
  private get tns(): string {
    return this.input.serviceNamespace ?? this.input.namespace;
  }

  plan(): SchemaPlan {
    const tns = this.tns;
    const { operations, soapOrder } = this.input;
    for (const i of soapOrder ?? operations.map((_, j) => j)) {
      const op = operations[i]!;
      if (op.encoded) {
        this.encodedParts.set(i, this.encodedOperation(op, op.encoded.style));
        continue;
      }
      this.watermark = op.reflected;
      const input = this.message(op.requestElement, op.requestNamespace, op.request, op.bare);
      const output = op.response && this.message(op.responseElement, op.responseNamespace, op.response, op.bare);
      this.parts.set(op, { input, output });
      // Each group of headers (In and InOut, then Out) is one members mapping: its elements and the types they
      // reach are exported in order, and the root's pending classes follow once, after the group's last header.
      op.headers.forEach((header, h) => {
        const next = op.headers[h + 1];
        if (next === undefined || !!next.out !== !!header.out) this.headerGroupEnd = true;
        if (this.written.has(`class:${header.type}`)) return this.endHeader();
        const cls = this.classOf(header.type);
        const namespace = header.namespace ?? this.input.namespace;
        this.topElement(
          this.element(
            undefined,
            header.element,
            { kind: 'class', spec: cls.name, name: cls.name },
            { nillable: false },
            namespace,
          ),
          namespace,
        );
        this.exportClass(cls.name);
        this.endHeader();
      });
    }
    if (this.input.http) {
      // HTTP reflects each operation's parameters (the AbstractTypes schema), then its result; the order shows
      // when the literal schema is not the service's, created by this pass.
      const ownLiteralSchema = this.input.namespace !== tns;
      const abstractTypes = () => {
        if (this.schemas.some((x) => x.namespace === abstractTypesNamespace(tns))) return;
        this.schemas.push({
          namespace: abstractTypesNamespace(tns),
          qualified: false,
          imports: [SOAP_ENCODING_NAMESPACE],
          items: [FIXED('stringArrayType')],
        });
      };
      if (this.input.abstractTypes && !ownLiteralSchema) abstractTypes();
      for (const op of this.input.operations) {
        if (op.http && op.httpArrayParameter && ownLiteralSchema) abstractTypes();
        if (op.http && op.httpResult) this.httpElement(op.httpResult);
      }
    }
    return this.finish();
  }

  /**
   * An encoded operation's schema items and message parts (SOAP section 5, the runtime's `SoapSchemaExporter`):
   * document/encoded writes a request and a response type named after its elements, each followed by the types
   * it reaches; rpc writes the types of its parameters, then its result's. Encoded types are written once, by
   * their C# names, elements unqualified.
   */
  private encodedOperation(op: PlanOperation, style: 'rpc' | 'document'): EncodedParts {
    const ns = this.input.encodedNamespace!;
    const input: EncodedPartModel[] = [];
    const output: EncodedPartModel[] = [];
    const sides = [
      [op.requestElement, op.request, input],
      [op.responseElement, op.response ?? [], output],
    ] as const;
    for (const [element, particles, parts] of sides) {
      if (style === 'document') {
        this.schema(ns).items.push(this.encodedComplexType(element, particles));
        for (const p of particles) this.exportEncoded(p.type);
        parts.push(this.encodedPart('parameters', { namespace: ns, name: element }));
      } else {
        for (const p of particles) {
          this.exportEncoded(p.type);
          parts.push(this.encodedPart(p.name, this.encodedTypeName(p.type)));
        }
      }
    }
    return { input, output };
  }

  private encodedPart(name: string, type: { namespace: string; name: string } | undefined): EncodedPartModel {
    const part: Mutable<EncodedPartModel> = { name, type: '' };
    if (type) this.fixups.push({ namespace: type.namespace, name: type.name, set: (q) => (part.type = q) });
    return part;
  }

  private encodedComplexType(
    name: string,
    particles: readonly { name: string; type: TypeRef; minOccurs: '0' | '1' }[],
  ): SchemaNode {
    if (particles.length === 0) return this.complexType('emptyComplexType', name);
    return {
      partial: 'encodedComplexType',
      name,
      particles: particles.map((p) => {
        const node: Mutable<EncodedElementNode> = {
          partial: 'encodedElement',
          min: p.minOccurs,
          name: p.name,
          type: undefined,
        };
        const q = this.encodedTypeName(p.type);
        if (q) this.fixups.push({ namespace: q.namespace, name: q.name, set: (t) => (node.type = t) });
        return node;
      }),
    };
  }

  /** The XSD name a reference has in the encoded schema: classes, enums and arrays by their C# names. */
  private encodedTypeName(ref: TypeRef): { namespace: string; name: string } | undefined {
    const ns = this.input.encodedNamespace!;
    switch (ref.kind) {
      case 'nullable':
        return this.encodedTypeName(ref.of);
      case 'class':
      case 'enum':
        return { namespace: ns, name: ref.name };
      case 'array': {
        const item = this.encodedTypeName(ref.item);
        const itemName = item?.name ?? 'anyType';
        return { namespace: ns, name: `ArrayOf${itemName.charAt(0).toUpperCase()}${itemName.slice(1)}` };
      }
      default:
        return this.typeName(ref);
    }
  }

  /** Writes the encoded types a reference reaches, depth first, each once. */
  private exportEncoded(ref: TypeRef): void {
    const ns = this.input.encodedNamespace!;
    switch (ref.kind) {
      case 'nullable':
        return this.exportEncoded(ref.of);
      case 'class': {
        if (!this.once(`encoded:${ref.name}`)) return;
        const c = this.classOf(ref.name);
        const particles = c.members.map((m) => ({ name: m.name, type: m.type, minOccurs: m.minOccurs }));
        this.schema(ns).items.push(this.encodedComplexType(c.name, particles));
        for (const m of c.members) this.exportEncoded(m.type);
        return;
      }
      case 'enum': {
        if (!this.once(`encoded:${ref.name}`)) return;
        const t = this.input.types.get(ref.name)!;
        if (t.kind !== 'enum') return;
        this.schema(ns).items.push({
          partial: t.flags ? 'flagsType' : 'enumType',
          name: t.name,
          values: t.values.map((v) => v.name),
        });
        return;
      }
      case 'array': {
        const name = this.encodedTypeName(ref)!.name;
        if (!this.once(`encoded:${name}`)) return;
        const schema = this.schema(ns);
        for (const imported of [SOAP_ENCODING_NAMESPACE, WSDL_NAMESPACE]) {
          if (!schema.imports.includes(imported)) schema.imports.push(imported);
        }
        const node: Mutable<EncodedArrayTypeNode> = { partial: 'encodedArrayType', name, arrayType: '' };
        const item = this.encodedTypeName(ref.item);
        if (item) this.fixups.push({ ...item, set: (q) => (node.arrayType = `${q}[]`) });
        schema.items.push(node);
        return this.exportEncoded(ref.item);
      }
      default:
    }
  }

  /**
   * A SOAP message's elements, in their namespace's schema, and its parts: the wrapper element (one part,
   * `parameters`) and the types it reaches; or, bare, each particle as a top-level element and part of its own
   * (without occurrences), each followed by the types it reaches. A bare element already declared with the same
   * name is not written again.
   */
  private message(
    name: string,
    namespace: string,
    particles: readonly PlanParticle[],
    bare: boolean,
  ): Mutable<PlanPart>[] {
    if (!bare) {
      const part: Mutable<PlanPart> = { name: 'parameters', element: '' };
      this.inSchema(namespace, () => this.top(this.wrapper(name, particles), particles, namespace));
      this.qualifyFrom(namespace, namespace, name, (q) => (part.element = q));
      return [part];
    }
    return particles.map((p) => {
      const part: Mutable<PlanPart> = { name: p.part ?? p.name, element: '' };
      const key = `${namespace}\u0000${p.name}`;
      if (!this.bareElements.has(key)) {
        this.bareElements.add(key);
        this.inSchema(namespace, () =>
          this.top(this.element(undefined, p.name, p.type, { nillable: p.nillable }), [p], namespace),
        );
      }
      this.qualifyFrom(namespace, namespace, p.name, (q) => (part.element = q));
      return part;
    });
  }

  /**
   * Writes into the schema of `namespace`: the elements' references import from it, and the types they reach that
   * declare no namespace of their own are written into it too (the runtime imports a method's types with its
   * request or response namespace as their default, so a class reached there is a second type of that namespace).
   */
  private inSchema<T>(namespace: string, build: () => T): T {
    const before = this.current;
    this.current = namespace;
    try {
      return build();
    } finally {
      this.current = before;
    }
  }

  private top(node: SchemaNode, particles: readonly PlanParticle[], namespace = this.input.namespace): void {
    this.topElement(node, namespace);
    for (const p of particles) {
      if (this.isRootRef(p)) this.rootElement(p.namespace!, p.name, p.type, p.nillable);
      this.exportSite(p.type, p.choice);
    }
    this.flush();
  }

  /** A particle written as a `ref=` to a top-level element of its class's root namespace (Mono's `[XmlRoot]`). */
  private isRootRef(p: PlanParticle): boolean {
    return p.namespace !== undefined && p.namespace !== this.current;
  }

  /**
   * A top-level element of a root namespace, nillable (a `[XmlRoot(Namespace)]`'s; an `[XmlElement(Namespace)]`'s
   * only when its site is), written once per name (before the type it reaches).
   */
  private rootElement(namespace: string, name: string, type: TypeRef, nillable = true): boolean {
    const key = `${namespace}\u0000${name}`;
    if (this.rootElements.has(key)) return false;
    this.rootElements.add(key);
    this.schema(namespace).items.push(this.element(undefined, name, type, { nillable }, namespace));
    return true;
  }

  private topElement(node: SchemaNode, namespace = this.input.namespace): void {
    this.schema(namespace).items.push(node);
    if ('name' in node && namespace === this.input.namespace) this.topElements.add(node.name);
  }

  private wrapper(name: string, particles: readonly PlanParticle[]): SchemaNode {
    return {
      partial: 'wrapperElement',
      name,
      particles: particles.map((p) => {
        if (p.choice) return this.choice(p.choice);
        if (this.isRootRef(p)) {
          const node: Mutable<ElementRefNode> = {
            partial: 'elementRef',
            occurs: { min: p.minOccurs, max: '1' },
            ref: '',
          };
          this.qualify(p.namespace!, p.name, (q) => (node.ref = q));
          return node;
        }
        if (p.unwrapped && p.type.kind === 'array') {
          return this.element({ min: '0', max: 'unbounded' }, p.name, p.type.item, { nillable: p.nillable });
        }
        const node = this.element({ min: p.minOccurs, max: '1' }, p.name, p.type, { nillable: p.nillable });
        if (p.form === 'unqualified') (node as Mutable<ElementNode>).form = 'unqualified';
        return node;
      }),
    };
  }

  /** One element per HTTP result type, named after the type; names already declared are skipped. */
  private httpElement(ref: TypeRef): void {
    const e = httpResultElement(ref, this.input.types);
    if (!e) return;
    if (e.namespace !== undefined && e.namespace !== this.input.namespace) {
      // `[XmlRoot(Namespace)]`: the element is in the root's schema.
      if (this.rootElement(e.namespace, e.name, ref)) this.exportRef(ref);
      this.flush();
      return;
    }
    if (this.topElements.has(e.name)) return;
    const site = ref.kind === 'nullable' ? ref.of : ref;
    // HTTP writes the C# type: a `DataType` changes only the SOAP messages.
    const base =
      site.kind === 'builtin' && site.dataType ? { kind: 'builtin' as const, spec: site.spec, name: site.name } : site;
    this.topElement(this.element(undefined, e.name, base, { nillable: e.nillable }));
    this.exportRef(base);
    this.flush();
  }

  /** After a header: the root's pending classes once its group is complete ({@link flush}). */
  private endHeader(): void {
    if (!this.headerGroupEnd) return;
    this.headerGroupEnd = false;
    this.flush();
  }

  /**
   * After a top-level item, once an `object` has been written: everything in the type scope not yet written, in
   * scope order; the root stands for the classes without a base, newest first (each with its derived classes).
   */
  private flush(): void {
    if (!this.objectWritten) return;
    for (const entry of this.input.scope) {
      if (entry.at >= this.watermark) break;
      if (entry.kind === 'array') this.exportArray(entry.name);
      // A header class derives from SoapHeader, which the schema leaves out: it is no class of the root's.
      else for (const name of this.registered((c) => c.base === undefined && !c.header)) this.exportClass(name);
    }
  }

  /** Registered classes matching `filter`, newest first. */
  private registered(filter: (c: ClassTypeModel) => boolean): string[] {
    const out: [string, number][] = [];
    for (const [name, at] of this.input.attached) {
      const t = this.input.types.get(name);
      if (at < this.watermark && t?.kind === 'class' && filter(t)) out.push([name, at]);
    }
    return out.sort((a, b) => b[1] - a[1]).map(([name]) => name);
  }

  private exportRef(ref: TypeRef): void {
    switch (ref.kind) {
      case 'builtin':
        return this.exportBuiltin(ref.name);
      case 'nullable':
        return this.exportRef(ref.of);
      case 'class':
        return this.exportClass(ref.name);
      case 'enum':
        return this.exportEnum(ref.name);
      case 'array':
        if (ref.arrayType !== undefined) this.exportArray(ref.arrayType);
        else this.exportRef(ref.item);
    }
  }

  /** What a member or parameter reaches: its type, or the types of its choice's elements, in order. */
  private exportSite(ref: TypeRef, choice: ChoiceModel | undefined): void {
    if (!choice) return this.exportRef(ref);
    for (const e of choice.elements) this.exportRef(e.type);
  }

  private choice(choice: ChoiceModel): ChoiceNode {
    return {
      partial: 'choice',
      min: choice.minOccurs,
      max: choice.maxOccurs,
      particles: choice.elements.map((e) =>
        this.element({ min: e.minOccurs, max: '1' }, e.name, e.type, { nillable: e.nillable }),
      ),
    };
  }

  /** Whether `name` is not written yet in the schema of `home` (a type reached from several namespaces is copied). */
  private once(name: string, home: string = this.current): boolean {
    const key = home === this.input.namespace ? name : `${name}\u0000${home}`;
    if (this.written.has(key)) return false;
    this.written.add(key);
    return true;
  }

  private exportBuiltin(name: BuiltinName): void {
    if (name === 'anyType') this.objectWritten = true;
    if ((name === 'guid' || name === 'char') && this.once(`builtin:${name}`, MICROSOFT_TYPES_NAMESPACE)) {
      this.schema(MICROSOFT_TYPES_NAMESPACE).items.push(FIXED(name === 'guid' ? 'guidType' : 'charType'));
    }
    if (name === 'timeSpan' && this.once('builtin:timeSpan')) {
      this.schema(this.current).items.push(this.complexType('emptyComplexType', 'TimeSpan'));
    }
  }

  private exportEnum(name: string): void {
    const t = this.input.types.get(name)!;
    if (!this.once(`enum:${name}`, t.namespace ?? this.current)) return;
    if (t.kind !== 'enum') return;
    this.schema(t.namespace ?? this.current).items.push({
      partial: t.flags ? 'flagsType' : 'enumType',
      name: t.xmlName,
      values: t.values.map((v) => v.xmlName),
    });
  }

  /** The schema array types referred to now go to ({@link arrayHome}). */
  private get arrayNamespace(): string {
    return this.arrayHome ?? this.current;
  }

  /** Runs `build` with the array types it refers to in `namespace` (the class being written's). */
  private inArrayHome<T>(namespace: string, build: () => T): T {
    const before = this.arrayHome;
    this.arrayHome = namespace;
    try {
      return build();
    } finally {
      this.arrayHome = before;
    }
  }

  private exportArray(name: string): void {
    const home = this.arrayNamespace;
    if (!this.once(`array:${name}`, home)) return;
    const a = this.input.arrayTypes.get(name)!;
    if (a.choice) {
      const node = this.complexType('choiceArrayType', name);
      node.particles = [this.choice(a.choice)];
      this.schema(home).items.push(node);
      this.exportSite(a.item, a.choice);
      return;
    }
    const node = this.complexType('complexType', name);
    const item = this.element({ min: '0', max: 'unbounded' }, a.itemName, a.item, { nillable: a.itemNillable }, home);
    if (a.itemForm === 'unqualified') (item as Mutable<ElementNode>).form = 'unqualified';
    node.particles = [item];
    this.schema(home).items.push(node);
    this.exportRef(a.item);
  }

  private exportClass(name: string): void {
    const c = this.classOf(name);
    const home = c.namespace ?? this.current;
    if (!this.once(`class:${name}`, home)) return;
    // An anonymous class has no type of its own: its elements hold it inline; what its members reach is exported.
    if (c.anonymous) {
      for (const m of c.members) {
        if (m.form === 'element' && this.isRef(m, home)) this.exportElementRef(m);
        this.exportSite(m.type, m.choice);
      }
      return;
    }
    const text = c.members.find((m) => m.form === 'text');
    if (text) return this.exportSimpleContent(c, text, home);
    const elements = c.members.filter((m) => m.form !== 'attribute');
    const attributes = c.members.filter((m) => m.form === 'attribute');
    // No content of its own: `<s:complexType name="X" />`, or `<s:extension base="…" />` for a derived class.
    const empty = elements.length === 0 && attributes.length === 0 && !c.anyAttribute;
    const partial = c.base
      ? empty
        ? 'emptyDerivedComplexType'
        : 'derivedComplexType'
      : empty
        ? 'emptyComplexType'
        : 'complexType';
    const node = this.complexType(partial, c.xmlName);
    node.abstract = c.abstract;
    // References from a class to other schemas are imported as its members are written, after their types.
    const imports: string[][] = [];
    node.particles = this.inArrayHome(home, () =>
      elements.map((m) => this.memberParticle(m, home, (imports[imports.length] = []))),
    );
    node.attributes = attributes.map((m) => this.attribute(m, home));
    node.anyAttribute = c.anyAttribute;
    if (c.base) {
      const base = this.classOf(c.base);
      this.qualify(base.namespace ?? this.current, base.xmlName, (q) => (node.base = q), home);
    }
    this.schema(home).items.push(node);
    if (c.base) this.exportClass(c.base);
    elements.forEach((m, i) => {
      if (m.form === 'element' && this.isRef(m, home)) this.exportElementRef(m);
      this.inArrayHome(home, () => this.exportSite(m.type, m.choice));
      for (const ns of imports[i]!) this.importInto(home, ns);
    });
    for (const m of attributes) {
      if (this.isRef(m, home)) this.exportAttributeRef(m);
      this.exportSite(m.type, m.choice);
    }
    for (const derived of this.registered((d) => d.base === name)) this.exportClass(derived);
  }

  /** A class with an `[XmlText]` member: a simple content extension of the text's type by the attributes. */
  private exportSimpleContent(c: ClassTypeModel, text: MemberModel, home: string): void {
    const node = this.complexType('simpleContentType', c.xmlName);
    const q = this.typeName(text.type)!;
    this.qualify(q.namespace, q.name, (t) => (node.base = t), home);
    node.attributes = c.members.filter((m) => m.form === 'attribute').map((m) => this.attribute(m, home));
    this.schema(home).items.push(node);
    this.exportRef(text.type);
    for (const m of c.members) {
      if (m.form !== 'attribute') continue;
      if (this.isRef(m, home)) this.exportAttributeRef(m);
      this.exportSite(m.type, m.choice);
    }
  }

  /** The top-level attribute a `ref=` attribute refers to (`[XmlAttribute(Namespace)]`), written once into its schema. */
  private exportAttributeRef(m: MemberModel): void {
    const ns = m.namespace!;
    // The XML namespace's attributes are declared nowhere.
    if (ns === XML_NS) return;
    if (!this.once(`attribute:${ns}:${m.xmlName}`)) return;
    const node: Mutable<TopAttributeNode> = {
      partial: 'topAttribute',
      name: m.xmlName,
      type: '',
      default: m.default,
      hasDefault: m.default !== undefined,
    };
    const q = this.typeName(m.type);
    if (q) this.qualify(q.namespace, q.name, (t) => (node.type = t), ns);
    this.schema(ns).items.push(node);
  }

  /** A member in a namespace other than its class's: `ref=` to a top-level element of that namespace. */
  private isRef(m: MemberModel, home: string): boolean {
    return m.namespace !== undefined && m.namespace !== home;
  }

  /** The top-level element a `ref=` member refers to, written once into its namespace's schema. */
  private exportElementRef(m: MemberModel): void {
    const ns = m.namespace!;
    if (!this.once(`element:${ns}:${m.xmlName}`)) return;
    const type = m.unwrapped && m.type.kind === 'array' ? m.type.item : m.type;
    this.schema(ns).items.push(this.element(undefined, m.xmlName, type, { nillable: m.nillable }, ns));
  }

  private importInto(from: string, namespace: string): void {
    const schema = this.schema(from);
    if (namespace !== XSD_NAMESPACE && namespace !== from && !schema.imports.includes(namespace)) {
      schema.imports.push(namespace);
    }
  }

  private classOf(name: string): ClassTypeModel {
    const t = this.input.types.get(name);
    if (t?.kind !== 'class') throw new Error(`"${name}" is not a class`);
    return t;
  }

  private complexType(partial: ComplexTypeNode['partial'], name: string): Mutable<ComplexTypeNode> {
    return { partial, name, abstract: false, base: undefined, particles: [], attributes: [], anyAttribute: false };
  }

  private memberParticle(m: MemberModel, home: string, imports: string[]): SchemaNode {
    if (m.form === 'any') return { partial: 'anyElement', min: m.minOccurs, max: m.maxOccurs };
    if (m.choice) return this.choice(m.choice);
    if (this.isRef(m, home)) {
      const node: Mutable<ElementRefNode> = {
        partial: 'elementRef',
        occurs: { min: m.minOccurs, max: m.maxOccurs },
        ref: '',
      };
      this.qualify(m.namespace!, m.xmlName, (q) => (node.ref = q), home, imports);
      return node;
    }
    const type = m.unwrapped && m.type.kind === 'array' ? m.type.item : m.type;
    const node: Mutable<ElementNode> = this.element(
      { min: m.minOccurs, max: m.maxOccurs },
      m.xmlName,
      type,
      { nillable: m.nillable, default: m.default },
      home,
      imports,
    );
    if (m.xmlForm === 'unqualified') node.form = 'unqualified';
    return node;
  }

  private attribute(m: MemberModel, home: string): AttributeNode {
    if (m.namespace === XML_NS) {
      // `<s:attribute ref="xml:lang" use="optional" />`, whatever the member: the reserved prefix, no schema.
      this.importInto(home, XML_NS);
      return {
        ref: `xml:${m.xmlName}`,
        optional: true,
        form: undefined,
        name: m.xmlName,
        type: '',
        required: false,
        default: undefined,
        hasDefault: false,
      };
    }
    if (this.isRef(m, home)) {
      const node: Mutable<AttributeNode> = {
        ref: '',
        form: undefined,
        name: m.xmlName,
        type: '',
        required: false,
        default: undefined,
        hasDefault: false,
      };
      this.qualify(m.namespace!, m.xmlName, (q) => (node.ref = q), home);
      return node;
    }
    const form = m.xmlForm === 'qualified' ? 'qualified' : undefined;
    const node: Mutable<AttributeNode> = {
      form,
      name: m.xmlName,
      type: '',
      required: m.required,
      default: m.default,
      hasDefault: m.default !== undefined,
    };
    const q = this.typeName(m.type);
    if (q) this.qualify(q.namespace, q.name, (t) => (node.type = t), home);
    return node;
  }

  /** An `<s:element>` of a type: a `type=` reference, no type (`object`), or inline content (XML, DataSet, DataTable). */
  private element(
    occurs: ElementNode['occurs'],
    name: string,
    ref: TypeRef,
    options: { nillable: boolean; default?: string | undefined },
    from: string = this.current,
    imports?: string[],
  ): ElementNode {
    const node: Mutable<ElementNode> = {
      partial: 'element',
      occurs,
      default: options.default,
      hasDefault: options.default !== undefined,
      form: undefined,
      name,
      nillable: options.nillable,
      type: undefined,
      content: undefined,
    };
    const base = ref.kind === 'nullable' ? ref.of : ref;
    // A dictionary is planned as an element of no type: never written, as no WSDL of its service is (reflectionError).
    if (base.kind === 'dictionary' || (base.kind === 'array' && base.arrayType === undefined && holdsDictionary(base)))
      return node;
    if (base.kind === 'builtin' && BUILTIN_TYPES[base.name].shape !== 'named') {
      const t = BUILTIN_TYPES[base.name];
      if (t.shape === 'xml') node.content = FIXED(t.mixed ? 'mixedAnyContent' : 'anyContent');
      if (t.shape === 'dataSet') {
        node.content = FIXED(this.input.dataSetSchema === 'legacy' ? 'legacyDataSetContent' : 'dataSetContent');
      }
      if (t.shape === 'dataTable') node.content = FIXED('dataTableContent');
      if (node.content) node.partial = 'elementWithContent';
      return node;
    }
    if (base.kind === 'class' && this.classOf(base.name).anonymous) {
      node.partial = 'elementWithContent';
      node.content = this.inlineComplexType(this.classOf(base.name), imports);
      return node;
    }
    const q = this.typeName(base)!;
    this.qualify(q.namespace, q.name, (t) => (node.type = t), from, imports);
    return node;
  }

  /**
   * An anonymous class's content, written inline where an element of it is, in the schema being written (its
   * members' references import from it); its members' types are exported with it ({@link exportClass}).
   */
  private inlineComplexType(c: ClassTypeModel, imports: string[] | undefined): InlineComplexTypeNode {
    if (this.inlining.has(c.name)) {
      throw new Error(`the anonymous class "${c.name}" holds an element of itself, which cannot be written inline`);
    }
    this.inlining.add(c.name);
    try {
      const home = this.current;
      const refs = imports ?? [];
      const elements = c.members.filter((m) => m.form !== 'attribute');
      const attributes = c.members.filter((m) => m.form === 'attribute');
      const particles = elements.map((m) => this.memberParticle(m, home, refs));
      if (!imports) for (const ns of refs) this.importInto(home, ns);
      const empty = particles.length === 0 && attributes.length === 0 && !c.anyAttribute;
      return {
        partial: empty ? 'emptyInlineComplexType' : 'inlineComplexType',
        className: c.name,
        particles,
        attributes: attributes.map((m) => this.attribute(m, home)),
        anyAttribute: c.anyAttribute,
      };
    } finally {
      this.inlining.delete(c.name);
    }
  }

  /** The XSD name a reference is written with; `undefined` for `object` and inline content. */
  private typeName(ref: TypeRef): { namespace: string; name: string } | undefined {
    const tns = this.current;
    switch (ref.kind) {
      case 'builtin': {
        const t = BUILTIN_TYPES[ref.name];
        if (t.shape !== 'named') return undefined;
        const namespace = t.home === 'xsd' ? XSD_NAMESPACE : t.home === 'microsoft' ? MICROSOFT_TYPES_NAMESPACE : tns;
        return { namespace, name: ref.dataType ?? t.xsdName };
      }
      case 'nullable':
        return this.typeName(ref.of);
      case 'class':
      case 'enum': {
        const t = this.input.types.get(ref.name)!;
        return { namespace: t.namespace ?? tns, name: t.xmlName };
      }
      case 'array':
        return ref.arrayType === undefined
          ? this.typeName(ref.item)
          : { namespace: this.arrayNamespace, name: ref.arrayType };
      case 'dictionary':
        return undefined;
    }
  }

  /**
   * Records a qualified name to fill in once prefixes are known; a reference from the schema of `from` to another
   * schema imports it, at once or, with `imports`, when the caller has written the referring member.
   */
  private qualify(
    namespace: string,
    name: string,
    set: (qname: string) => void,
    from: string = this.current,
    imports?: string[],
  ): void {
    this.fixups.push({ namespace, name, set });
    if (imports) imports.push(namespace);
    else this.importInto(from, namespace);
  }

  /** {@link qualify} from the schema of `from`; `from === namespace` is the WSDL's own reference (no import). */
  private qualifyFrom(from: string, namespace: string, name: string, set: (qname: string) => void): void {
    this.qualify(namespace, name, set, from);
  }

  private schema(namespace: string): SchemaDraft {
    let s = this.schemas.find((x) => x.namespace === namespace);
    if (!s) {
      s = { namespace, qualified: true, imports: [], items: [] };
      this.schemas.push(s);
    }
    return s;
  }

  private finish(): SchemaPlan {
    const tns = this.tns;
    if (this.input.xsdImport) this.schema(tns).imports.unshift(XSD_NAMESPACE);
    const prefixes = new Map<string, string>([[XSD_NAMESPACE, 's']]);
    this.schemas.forEach((s, i) =>
      prefixes.set(s.namespace, s.namespace === tns ? (this.input.servicePrefix ?? 'tns') : `s${i}`),
    );
    for (const f of this.fixups) f.set(`${prefixes.get(f.namespace)}:${f.name}`);
    const schemas = this.schemas.map((s) => ({ ...s, prefix: prefixes.get(s.namespace)! }));
    const abstract = this.schemas.find((s) => s.namespace === abstractTypesNamespace(tns));
    return {
      namespaces: rootNamespacesOfSchemas(
        tns,
        this.schemas.map((s) => s.namespace),
      ),
      schemas,
      soapParts: this.input.operations.map((op) => this.parts.get(op) ?? { input: [], output: [] }),
      stringArray: abstract && `${prefixes.get(abstract.namespace)}:StringArray`,
      literalPrefix: prefixes.get(this.input.namespace) ?? this.input.servicePrefix ?? 'tns',
      encodedParts: this.input.operations.map((_, i) => this.encodedParts.get(i)),
      prefixes,
    };
  }
}

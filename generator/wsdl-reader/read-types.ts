import { BUILTIN_TYPES, isBuiltinName } from '../model/builtin-types.js';
import { isTsIdentifier, isXmlName, RESERVED_NAMES } from '../model/naming.js';
import type {
  ClassDeclaration,
  EnumDeclaration,
  EnumValueDeclaration,
  MemberDeclaration,
  TypeDeclaration,
} from '../model/type-declarations.js';
import type { ChoiceElementDeclaration } from '../model/type-declarations.js';
import type { RawClass, RawDeclaration, RawEnum, RawParticle, RawType } from './read-schema.js';
import type { WsdlDocument } from './wsdl-document.js';
import type { XmlNode } from './xml-tree.js';

/** Where a type is used, which decides what its occurrence says about it. */
export type UseContext = 'wrapper' | 'member' | 'arrayItem' | 'topElement';

/** A reference as a spec writes it, with what the reference alone cannot say. */
export interface SpecRef {
  readonly text: string;
  /** A reference type written `nillable="true"`: `[XmlElement(IsNullable = true)]` (members only). */
  readonly nillable: boolean;
  /** The item name of an array, when it is not the item type's own name (`[XmlArrayItem]`). */
  readonly itemName: string | undefined;
  /** `false`: an array of a reference type whose items are not nillable (`[XmlArrayItem(IsNullable = false)]`). */
  readonly itemNullable?: false;
  /** `[XmlArrayItem(Form = XmlSchemaForm.Unqualified)]`: the items of an array are written `form="unqualified"`. */
  readonly itemForm?: 'unqualified';
  /** The elements of an `ArrayOfChoiceN`'s items (`[XmlArrayItem(Name, typeof(T))]`s). */
  readonly choice?: ChoiceElementDeclaration[];
  /** `[XmlElement(DataType = "date")]`: the schema names the DataType (`s:date`) rather than the C# type's. */
  readonly dataType?: string;
}

/**
 * Turns the schema's declared types into a spec's `types:`. What the schema does not say directly is inferred
 * from how types occur:
 *
 * - **struct or class**: a struct is a value type, so an element of it is `minOccurs="1"` (without
 *   `nillable`), a `T?` of it is `minOccurs="1" nillable="true"` also as a parameter or result, its HTTP result
 *   element has no `nillable`. A class is `minOccurs="0"`. Array items without `nillable` are a struct's, or a
 *   class's under `[XmlArrayItem(IsNullable = false)]`: they make a type a struct only when nothing else decides
 *   it and no items of it are `nillable` (a class, rather than a struct's `T?[]`), and are `itemNullable: false`
 *   on a class. A type no occurrence decides (only used as a nillable member, an unwrapped array or an array item
 *   that may be `T?`) is a class; a base, derived, abstract or header type is always a class. Other occurrences
 *   that contradict each other are refused.
 * - **names**: types, members and enum values are named by their XML names; where an XML name is no identifier
 *   (`north-east`) or is taken, a name is made from it and the XML name kept as `xmlName`.
 * - **flags values**: the WSDL lists a `[Flags]` enum's members but not their numbers; the importer numbers a
 *   member named `None` 0 and the others 1, 2, 4, … in order (the spec says so in a comment; check them against
 *   the service).
 */
export class TypeBuilder {
  private readonly byXmlName = new Map<string, RawDeclaration>();
  private readonly names = new Map<string, string>();
  private readonly structs = new Map<string, { struct: boolean; node: XmlNode; reason: string }>();
  /** Types whose array items are written without `nillable`: structs, unless something else makes them classes. */
  private readonly plainItems = new Set<string>();
  /** Types whose array items are written `nillable`: with plain items too, a class is likelier than a struct's `T?`. */
  private readonly nillableItems = new Set<string>();
  /** Types only a nillable parameter or result (`minOccurs="1"`) says anything of. */
  private readonly nillableWrappers = new Set<string>();
  private readonly headers = new Set<string>();
  private readonly elementNames = new Map<string, string>();
  /** Classes whose `[XmlRoot]` names a result element. */
  private readonly roots = new Set<string>();
  /** Classes whose `[XmlRoot(Namespace)]` puts their parameters, results and HTTP result elements in a namespace. */
  private readonly rootNamespaces = new Map<string, string>();

  /**
   * Whether a result was named after its class's `[XmlRoot]`, or a parameter or result put in its root's namespace,
   * as Mono's runtime writes them (`wsdl.runtime: mono`).
   */
  get rootNamedResults(): boolean {
    return this.roots.size > 0 || this.rootNamespaces.size > 0;
  }

  /**
   * The class's `[XmlRoot(Namespace)]` puts an element of its type (a parameter, a result, an HTTP result) in
   * `namespace`: every such element of a class is in the same one.
   */
  rootNamespace(xmlName: string, namespace: string, node: XmlNode): void {
    const known = this.rootNamespaces.get(xmlName);
    if (known !== undefined && known !== namespace) {
      throw this.doc.fail(
        node,
        `the type "${xmlName}" has a parameter, result or HTTP result element in the namespace "${namespace}" here ` +
          `and "${known}" elsewhere: the runtime puts them all in its [XmlRoot(Namespace)]`,
      );
    }
    this.decide(xmlName, false, node, `its [XmlRoot(Namespace)] puts an element in "${namespace}"`);
    this.rootNamespaces.set(xmlName, namespace);
  }

  constructor(
    private readonly doc: WsdlDocument,
    private readonly declarations: readonly RawDeclaration[],
  ) {
    const taken = new Set<string>();
    for (const d of declarations) {
      this.byXmlName.set(d.xmlName, d);
      const name = uniqueName(identifierFrom(d.xmlName, true), taken, (n) => isBuiltinName(n));
      this.names.set(d.xmlName, name);
    }
    for (const d of declarations) {
      if (d.kind !== 'class') continue;
      if (d.base !== undefined) {
        this.decide(d.xmlName, false, d.node, 'it derives from a class');
        this.decide(d.base, false, d.node, `class "${d.xmlName}" derives from it`);
      }
      if (d.abstract) this.decide(d.xmlName, false, d.node, 'it is abstract');
      for (const p of d.particles) this.observe(p, 'member');
    }
  }

  /** The spec name of the declared type with XSD name `xmlName`. */
  nameOf(xmlName: string): string {
    return this.names.get(xmlName)!;
  }

  isClass(type: RawType): boolean {
    return type.kind === 'declared' && this.byXmlName.get(type.xmlName)?.kind === 'class';
  }

  /** A header class, whose top-level element is `element`. */
  header(xmlName: string, element: string, node: XmlNode): void {
    this.headers.add(xmlName);
    this.decide(xmlName, false, node, 'it is a SOAP header');
    this.elementName(xmlName, element, node);
  }

  /** The type's top-level element (a header, an HTTP result) is `element`: `[XmlRoot]` when it is not its name. */
  elementName(xmlName: string, element: string, node: XmlNode): void {
    const known = this.elementNames.get(xmlName);
    if (known !== undefined && known !== element) {
      throw this.doc.fail(
        node,
        `the type "${xmlName}" has the top-level element "${element}" here and "${known}" elsewhere: the runtime ` +
          'names every top-level element of a type alike ([XmlRoot])',
      );
    }
    this.elementNames.set(xmlName, element);
  }

  /**
   * The class's `[XmlRoot]` names a result element `element`: the spec states its `elementName` even when it is the
   * type's name, since that is what makes the runtime name the result after it.
   */
  rootElement(xmlName: string, element: string, node: XmlNode): void {
    this.decide(xmlName, false, node, `its [XmlRoot] names the result element "${element}"`);
    this.elementName(xmlName, element, node);
    this.roots.add(xmlName);
  }

  /** Records what an occurrence of a type says about it (struct or class). */
  observe(p: RawParticle, context: UseContext): void {
    if (p.choice) {
      for (const e of p.choice) this.observe(e, context === 'arrayItem' ? 'arrayItem' : 'member');
      return;
    }
    const t = p.type;
    if (t.kind === 'array') {
      this.observe(t.item, 'arrayItem');
      return;
    }
    if (!this.isClass(t) || t.kind !== 'declared' || p.any) return;
    const at = `"${p.name}" at line ${this.doc.line(p.node)}`;
    // An ArrayOfX item (minOccurs="0" maxOccurs="unbounded"): nillable unless a value type or [XmlArrayItem(IsNullable
    // = false)], so it decides nothing on its own.
    if (context === 'arrayItem') {
      (p.nillable ? this.nillableItems : this.plainItems).add(t.xmlName);
      return;
    }
    // A top-level element (an HTTP result): nillable unless a value type.
    if (context === 'topElement') {
      if (!p.nillable) this.decide(t.xmlName, true, p.node, `${at} is not nillable`);
      return;
    }
    if (p.maxOccurs !== '1') return; // an unwrapped array's items: minOccurs="0" and no nillable either way
    if (p.minOccurs === '0') {
      // minOccurs="0" nillable="true" is a class's or a `T?`'s element with a {Name}Specified flag: it decides nothing.
      if (p.default === undefined && !p.nillable) this.decide(t.xmlName, false, p.node, `${at} has minOccurs="0"`);
    } else if (!p.nillable) {
      this.decide(t.xmlName, true, p.node, `${at} has minOccurs="1"`);
    } else if (context === 'wrapper') {
      // A Nullable<T> of a struct, or a class with [XmlElement(IsNullable = true)]: the same element. A struct
      // unless another occurrence says otherwise.
      this.nillableWrappers.add(t.xmlName);
    }
  }

  private decide(xmlName: string, struct: boolean, node: XmlNode, reason: string): void {
    const known = this.structs.get(xmlName);
    if (known && known.struct !== struct) {
      const [valueSide, referenceSide] = struct ? [reason, known.reason] : [known.reason, reason];
      throw this.doc.fail(
        node,
        `the type "${xmlName}" occurs as a value type (a struct: ${valueSide}) and as a reference type (a class: ` +
          `${referenceSide}): the ASMX runtime writes a type one way or the other everywhere`,
      );
    }
    if (!known) this.structs.set(xmlName, { struct, node, reason });
  }

  private isStruct(xmlName: string): boolean {
    const known = this.structs.get(xmlName);
    if (known) return known.struct;
    return this.nillableWrappers.has(xmlName) || (this.plainItems.has(xmlName) && !this.nillableItems.has(xmlName));
  }

  /** A value type: a built-in value type, an enum, a struct. */
  isValueType(t: RawType): boolean {
    if (t.kind === 'builtin') return BUILTIN_TYPES[t.name].valueType;
    if (t.kind === 'array') return false;
    const d = this.byXmlName.get(t.xmlName);
    return d?.kind === 'enum' || this.isStruct(t.xmlName);
  }

  /** The spec reference for an element of type `t`, `nillable="true"` or not. */
  ref(t: RawType, nillable: boolean, elementName?: string): SpecRef {
    switch (t.kind) {
      case 'builtin': {
        // XmlNode and XmlDocument are written alike; an item named XmlDocument tells them apart.
        const name = t.name === 'xmlNode' && elementName === 'XmlDocument' ? 'xmlDocument' : t.name;
        const value = BUILTIN_TYPES[name].valueType;
        return {
          text: value && nillable ? `${name}?` : name,
          nillable: !value && nillable,
          itemName: undefined,
          ...(t.dataType !== undefined && { dataType: t.dataType }),
        };
      }
      case 'declared': {
        const name = this.nameOf(t.xmlName);
        const value = this.isValueType(t);
        return { text: value && nillable ? `${name}?` : name, nillable: !value && nillable, itemName: undefined };
      }
      case 'array': {
        if (t.item.choice) {
          const site = this.choiceSite(t.item);
          return { text: `${site.type}[]`, nillable, itemName: undefined, choice: site.choice };
        }
        const item = this.ref(t.item.type, t.item.nillable, t.item.name);
        this.refuseNestedDataType(t.item, item);
        const itemName = t.item.name === this.defaultItemName(t.item.type, t.item.name) ? undefined : t.item.name;
        // Items of a reference type written without nillable: [XmlArrayItem(IsNullable = false)].
        const plain = !t.item.nillable && !this.isValueType(t.item.type);
        return {
          text: `${item.text}[]`,
          nillable,
          itemName,
          ...(plain && { itemNullable: false as const }),
          ...(t.item.form === 'unqualified' && { itemForm: 'unqualified' as const }),
          // [XmlArrayItem(DataType = …)]: the items' DataType is the array's.
          ...(item.dataType !== undefined && { dataType: item.dataType }),
        };
      }
    }
  }

  /**
   * Items that are arrays of `DataType` items (`[XmlArrayItem(DataType = …, NestingLevel = 1)]` on an array of
   * arrays): a spec gives a dataType to a value or to a one-dimensional array's items only.
   */
  private refuseNestedDataType(item: RawParticle, ref: SpecRef): void {
    if (item.type.kind === 'array' && ref.dataType !== undefined) {
      throw this.doc.failAt(
        item.node,
        'type',
        `the array items "${item.name}" are arrays of ${ref.dataType} items (a DataType on an array of arrays): ` +
          "a spec gives a dataType to a one-dimensional array's items only",
      );
    }
  }

  /**
   * A choice's elements, and the type the member or parameter holding it is declared with, which the WSDL does not
   * show: the nearest class all its elements' classes derive from (or are), else `anyType` (`object`).
   */
  choiceSite(p: RawParticle): { type: string; choice: ChoiceElementDeclaration[] } {
    const elements = p.choice!;
    const choice = elements.map((e) => ({ name: e.name, type: this.ref(e.type, e.nillable, e.name).text }));
    const chains = elements.map((e) => {
      const chain: string[] = [];
      for (let t = e.type.kind === 'declared' ? this.byXmlName.get(e.type.xmlName) : undefined; t?.kind === 'class';) {
        chain.push(t.xmlName);
        t = t.base === undefined ? undefined : this.byXmlName.get(t.base);
      }
      return chain;
    });
    const common = chains[0]!.find((x) => chains.every((c) => c.includes(x)));
    return { type: common === undefined ? 'anyType' : this.nameOf(common), choice };
  }

  /** The name an array item has when nothing renames it: its type's XSD name, or its array type's name. */
  private defaultItemName(t: RawType, elementName: string): string {
    if (t.kind === 'builtin') {
      const name = t.name === 'xmlNode' && elementName === 'XmlDocument' ? 'xmlDocument' : t.name;
      return t.dataType ?? BUILTIN_TYPES[name].xsdName;
    }
    return t.xmlName;
  }

  /** The spec's `types:`, in the order the schema declares them. */
  typeDeclarations(includes: ReadonlyMap<string, readonly string[]>): TypeDeclaration[] {
    return this.declarations.map((d) =>
      d.kind === 'enum' ? this.enumDeclaration(d) : this.classDeclaration(d, includes.get(d.xmlName) ?? []),
    );
  }

  private common(d: RawDeclaration): {
    name: string;
    xmlName?: string;
    elementName?: string;
    namespace?: string;
    rootNamespace?: string;
  } {
    const name = this.nameOf(d.xmlName);
    const element = this.elementNames.get(d.xmlName);
    // A second type of the same XSD name in another namespace is named apart (`Receipt1`): its XSD name stays.
    const wire = d.wireName ?? d.xmlName;
    const rootNamespace = this.rootNamespaces.get(d.xmlName);
    return {
      name,
      ...(name !== wire && { xmlName: wire }),
      ...(element !== undefined && (element !== wire || this.roots.has(d.xmlName)) && { elementName: element }),
      ...(d.namespace !== undefined && { namespace: d.namespace }),
      ...(rootNamespace !== undefined && { rootNamespace }),
    };
  }

  private enumDeclaration(d: RawEnum): EnumDeclaration {
    const taken = new Set<string>();
    // A member named None is the empty set, 0, as C# declares it by convention; the others take the bits in order.
    let bit = 0;
    const values = d.values.map((xmlName): EnumValueDeclaration => {
      const name = uniqueName(identifierFrom(xmlName, true), taken);
      return {
        name,
        ...(name !== xmlName && { xmlName }),
        ...(d.flags && { value: xmlName === 'None' ? 0 : 2 ** bit++ }),
      };
    });
    if (d.flags && bit > 53) {
      throw this.doc.fail(
        d.node,
        `the [Flags] enum "${d.xmlName}" has ${bit} members besides None: the WSDL does not carry their numbers, ` +
          'and asmxgen numbers them 1, 2, 4, … which runs out of exact numbers after 53',
      );
    }
    return { kind: 'enum', ...this.common(d), ...(d.flags && { flags: true }), values };
  }

  private classDeclaration(d: RawClass, include: readonly string[]): ClassDeclaration {
    const header = this.headers.has(d.xmlName);
    if (header && !d.anyAttribute) {
      throw this.doc.fail(
        d.node,
        `the header class "${d.xmlName}" ends without <s:anyAttribute />: the ASMX runtime writes one for every ` +
          'SoapHeader class',
      );
    }
    const taken = new Set<string>();
    const member = (xml: string) => {
      const name = uniqueName(identifierFrom(xml, false), taken);
      return { name, ...(name !== xml && { xmlName: xml }) };
    };
    const members: MemberDeclaration[] = [];
    for (const a of d.attributes) {
      // A value-type attribute without use="required": a default ([DefaultValue]), or else its {Name}Specified field
      // makes it optional.
      // An attribute of another namespace (a `ref=`) never says use="required", whether its member has a
      // {Name}Specified field or not: it is read as wsdl.exe reads it, optional.
      const optional = !a.required && a.default === undefined && this.isValueType(a.type);
      const ref = this.ref(a.type, false);
      members.push({
        ...member(a.name),
        type: ref.text,
        ...(ref.dataType !== undefined && { dataType: ref.dataType }),
        attribute: true,
        ...(a.form !== undefined && { form: a.form }),
        ...(a.namespace !== undefined && { namespace: a.namespace }),
        ...(optional && { optional: true }),
        ...(a.default !== undefined && { default: a.default }),
      });
    }
    if (d.text) {
      // [XmlText(DataType = "normalizedString")]: the extension's base is the DataType's XSD type.
      const ref = this.ref(d.text, false);
      members.push({
        ...member('Value'),
        type: ref.text,
        ...(ref.dataType !== undefined && { dataType: ref.dataType }),
        text: true,
      });
    }
    let anyCount = 0;
    for (const p of d.particles) {
      if (p.choice) {
        const site = this.choiceSite(p);
        members.push({
          name: member(p.name).name,
          type: p.maxOccurs === '1' ? site.type : `${site.type}[]`,
          ...(p.maxOccurs !== '1' && { unwrapped: true }),
          choice: site.choice,
        });
        continue;
      }
      if (p.any) {
        anyCount++;
        const { name } = member(anyCount === 1 ? 'Any' : `Any${anyCount}`);
        members.push({ name, type: p.maxOccurs === '1' ? 'xmlElement' : 'xmlElement[]', any: true });
        continue;
      }
      // `ref=` to an element of another namespace, or an element of none.
      const where = {
        ...(p.namespace !== undefined && { namespace: p.namespace }),
        ...(p.form !== undefined && { form: p.form }),
      };
      if (p.maxOccurs !== '1') {
        const item = this.ref(p.type, p.nillable, p.name);
        this.refuseNestedDataType(p, item);
        // [XmlElement(IsNullable = true)] on an array of a reference type: its items are nillable="true".
        members.push({
          ...member(p.name),
          type: `${item.text}[]`,
          unwrapped: true,
          ...(item.nillable && { nillable: true }),
          // [XmlElement(DataType = …)] on the array: each item's DataType.
          ...(item.dataType !== undefined && { dataType: item.dataType }),
          ...where,
        });
        continue;
      }
      const ref = this.ref(p.type, p.nillable, p.name);
      if (ref.choice) {
        members.push({ ...member(p.name), type: ref.text, choice: ref.choice });
        continue;
      }
      // A value-type or nillable element written minOccurs="0" without a default: its {Name}Specified field makes
      // it optional (a nillable one is otherwise minOccurs="1").
      const optional = p.minOccurs === '0' && p.default === undefined && (this.isValueType(p.type) || ref.nillable);
      members.push({
        ...member(p.name),
        type: ref.text,
        ...where,
        ...(ref.itemName !== undefined && { itemName: ref.itemName }),
        ...(ref.itemNullable === false && { itemNullable: false }),
        ...(ref.itemForm !== undefined && { itemForm: ref.itemForm }),
        ...(ref.nillable && { nillable: true }),
        ...(ref.dataType !== undefined && { dataType: ref.dataType }),
        ...(optional && { optional: true }),
        ...(p.default !== undefined && { default: p.default }),
      });
    }
    return {
      kind: 'class',
      ...this.common(d),
      ...(this.isStruct(d.xmlName) && { struct: true }),
      ...(d.abstract && { abstract: true }),
      ...(header && { header: true }),
      ...(d.base !== undefined && { base: this.nameOf(d.base) }),
      ...(include.length > 0 && { include: include.map((x) => this.nameOf(x)) }),
      members,
      ...(d.anyAttribute && !header && { anyAttribute: true }),
      ...(d.anonymous && { anonymous: true }),
    };
  }
}

/**
 * An identifier made from an XML name: the name itself when it is one; else its parts (split at characters an
 * identifier cannot hold) joined with their first letters upper-cased (`north-east` → `NorthEast`, `my.field` →
 * `MyField`), `_` first when it would start with a digit.
 */
export function identifierFrom(xmlName: string, pascal: boolean): string {
  if (isXmlName(xmlName) && isTsIdentifier(xmlName) && !RESERVED_NAMES.has(xmlName)) return xmlName;
  const parts = xmlName.split(/[^A-Za-z0-9_]+/).filter((p) => p !== '');
  let name = parts.map((p, i) => (i === 0 && !pascal ? p : p.charAt(0).toUpperCase() + p.slice(1))).join('');
  if (name === '') name = 'Value';
  if (/^[0-9]/.test(name)) name = `_${name}`;
  if (RESERVED_NAMES.has(name)) name = `${name}_`;
  return name;
}

/** `base`, or `base1`, `base2`, … the first not taken; marks it taken. */
export function uniqueName(
  base: string,
  taken: Set<string>,
  forbidden: (name: string) => boolean = () => false,
): string {
  let name = base;
  for (let n = 1; taken.has(name) || forbidden(name); n++) name = `${base}${n}`;
  taken.add(name);
  return name;
}

import { ArrayTypes, type NamedTypeFacts } from './array-types.js';
import { BUILTIN_TYPES, isBuiltinName } from './builtin-types.js';
import { isDataTypeName } from './data-types.js';
import type {
  ChoiceElementDeclaration,
  ClassDeclaration,
  MemberDeclaration,
  TypeDeclaration,
} from './type-declarations.js';
import type {
  ArrayTypeModel,
  ChoiceElementModel,
  ChoiceModel,
  ClassTypeModel,
  EnumTypeModel,
  MemberModel,
  TypeModel,
} from './type-model.js';
import { parseDictionaryText, parseTypeText, type TypeRef } from './type-refs.js';

/** What resolving produced: every declared type, every array type, and the order classes were registered. */
export interface ResolvedTypes {
  /** In declaration order. */
  readonly types: readonly TypeModel[];
  /** In reflection order. */
  readonly arrayTypes: readonly ArrayTypeModel[];
  /**
   * When each class joined its base's list of derived types (or the list of classes without a base): the runtime
   * writes derived types, and the classes an `object` makes it write, newest first.
   */
  readonly attached: ReadonlyMap<string, number>;
  /**
   * The runtime's type scope, in order, as far as the `object` rule reads it: the root of the classes without a
   * base (once there is one) and the array types, each with the moment it joined (same clock as `attached`).
   */
  readonly scope: readonly ScopeEntry[];
}

export type ScopeEntry =
  | { readonly kind: 'root'; readonly at: number }
  | { readonly kind: 'array'; readonly name: string; readonly at: number };

/**
 * Resolves type references and declared classes in the runtime's reflection order: a class's base first, then
 * its members' types in order, then its `[XmlInclude]` types. Array types are named as they are first reached, so
 * callers resolve operations in order (service includes, then per operation the parameters, the result, the
 * `out` parameters and the headers). Every reference must have passed the spec validator.
 */
export class TypeResolver {
  private readonly declarations: ReadonlyMap<string, TypeDeclaration>;
  private readonly classes = new Map<string, ClassTypeModel>();
  private readonly reached = new Set<string>();
  private readonly attachOrder = new Map<string, number>();
  private readonly scope: ScopeEntry[] = [];
  private readonly arrays: ArrayTypes;
  /** The reflection clock: one tick per class registered and per array type created. */
  private clock = 0;

  constructor(declarations: readonly TypeDeclaration[]) {
    this.declarations = new Map(declarations.map((d) => [d.name, d]));
    const declaredNames = new Set(
      declarations.filter((d) => d.namespace === undefined).map((d) => d.xmlName ?? d.name),
    );
    this.arrays = new ArrayTypes(
      (name) => this.facts(name),
      (array) => this.scope.push({ kind: 'array', name: array.name, at: this.clock++ }),
      (xmlName) => declaredNames.has(xmlName),
    );
  }

  /** The reflection clock now: what was registered before it has been reached. */
  get registered(): number {
    return this.clock;
  }

  /** The root of the classes without a base joins the scope with the first such class, or the first `object`. */
  private root(): void {
    if (!this.scope.some((e) => e.kind === 'root')) this.scope.push({ kind: 'root', at: this.clock++ });
  }

  private attach(name: string): void {
    this.attachOrder.set(name, this.clock++);
  }

  /**
   * A type reference; `itemName` renames the outermost array's items, `unwrapped` makes it no array type,
   * `dataType` is the site's `DataType` (on a `string`, `dateTime` or `base64Binary`, checked by the spec),
   * `itemNullable: false` writes the outermost array's items without `nillable` (`[XmlArrayItem(IsNullable = false)]`),
   * `itemForm` in no namespace (`[XmlArrayItem(Form = XmlSchemaForm.Unqualified)]`).
   */
  ref(
    text: string,
    itemName?: string,
    unwrapped = false,
    dataType?: string,
    itemNullable?: boolean,
    itemForm?: 'unqualified',
  ): TypeRef {
    if (parseDictionaryText(text)) return this.jsonRef(text);
    const parsed = parseTypeText(text);
    if (!parsed) throw new Error(`invalid type reference "${text}"`);
    const base = parsed.name;
    let ref: TypeRef;
    if (isBuiltinName(base)) {
      if (base === 'anyType') this.root();
      ref =
        dataType !== undefined && isDataTypeName(dataType)
          ? { kind: 'builtin', spec: base, name: base, dataType }
          : { kind: 'builtin', spec: base, name: base };
    } else {
      const decl = this.declarations.get(base);
      if (!decl) throw new Error(`unknown type "${base}"`);
      if (decl.kind === 'class') this.reflect(base);
      ref = { kind: decl.kind, spec: base, name: base };
    }
    if (parsed.nullable) {
      if (ref.kind === 'array' || ref.kind === 'nullable' || ref.kind === 'dictionary')
        throw new Error(`"${text}" cannot be nullable`);
      ref = { kind: 'nullable', spec: `${base}?`, of: ref };
    }
    for (let level = 1; level <= parsed.rank; level++) {
      const outermost = level === parsed.rank;
      const name = outermost ? itemName : undefined;
      const array =
        outermost && unwrapped
          ? undefined
          : this.arrays.get(ref, name, outermost ? itemNullable : undefined, outermost ? itemForm : undefined);
      ref = {
        kind: 'array',
        spec: `${ref.spec}[]`,
        item: ref,
        arrayType: array?.name,
        itemName: array?.itemName ?? name ?? this.arrays.defaultItemName(ref),
      };
    }
    return ref;
  }

  /**
   * A `dictionary<T>` (or an array of one), and the types inside it: JSON's only, which XmlSerializer never reflects,
   * so no array type is named for them (the declared classes they reach are still registered, as the types of the
   * service).
   */
  private jsonRef(text: string): TypeRef {
    const dictionary = parseDictionaryText(text);
    let ref: TypeRef;
    let rank: number;
    if (dictionary) {
      const value = this.jsonRef(dictionary.value);
      ref = {
        kind: 'dictionary',
        spec: `dictionary<${value.spec}>`,
        value,
        valueNillable: this.arrays.itemNillable(value),
      };
      rank = dictionary.rank;
    } else {
      const parsed = parseTypeText(text);
      if (!parsed) throw new Error(`invalid type reference "${text}"`);
      ref = this.ref(parsed.nullable ? `${parsed.name}?` : parsed.name);
      rank = parsed.rank;
    }
    for (let level = 1; level <= rank; level++) {
      const itemName = ref.kind === 'array' || ref.kind === 'dictionary' ? 'item' : this.arrays.defaultItemName(ref);
      ref = {
        kind: 'array',
        spec: `${ref.spec}[]`,
        item: ref,
        arrayType: undefined,
        itemName,
        nillableItems: ref.kind !== 'nullable' && this.arrays.itemNillable(ref),
      };
    }
    return ref;
  }

  /**
   * A member or parameter of several `[XmlElement(Name, typeof(T))]`s (`choice`): the element types are reflected
   * in order, the declared type (`anyType` or a class, or an array of one) is not. `inPlace` is false for a
   * wrapped array, whose items are the choice (`ArrayOfChoiceN`, returned as the type's `arrayType`).
   */
  choiceRef(
    text: string,
    elements: readonly ChoiceElementDeclaration[],
    unwrapped: boolean,
  ): { readonly type: TypeRef; readonly choice: ChoiceModel | undefined } {
    const parsed = parseTypeText(text);
    if (!parsed || parsed.nullable || parsed.rank > 1) throw new Error(`invalid choice type "${text}"`);
    const base = parsed.name;
    let declared: TypeRef;
    if (isBuiltinName(base)) declared = { kind: 'builtin', spec: base, name: base };
    else {
      const decl = this.declarations.get(base);
      if (!decl) throw new Error(`unknown type "${base}"`);
      declared = { kind: decl.kind, spec: base, name: base };
    }
    const wrapped = parsed.rank === 1 && !unwrapped;
    const resolved: ChoiceElementModel[] = elements.map((e) => {
      const type = this.ref(e.type);
      const value = this.isValueType(type) || type.kind === 'nullable';
      return wrapped
        ? { name: e.name, type, minOccurs: '1', nillable: this.arrays.itemNillable(type) }
        : { name: e.name, type, minOccurs: value ? '1' : '0', nillable: type.kind === 'nullable' };
    });
    if (parsed.rank === 0) {
      return { type: declared, choice: { minOccurs: '1', maxOccurs: '1', elements: resolved } };
    }
    if (!wrapped) {
      return {
        type: { kind: 'array', spec: `${base}[]`, item: declared, arrayType: undefined, itemName: resolved[0]!.name },
        choice: { minOccurs: '0', maxOccurs: 'unbounded', elements: resolved },
      };
    }
    const array = this.arrays.choice(declared, resolved);
    return {
      type: { kind: 'array', spec: `${base}[]`, item: declared, arrayType: array.name, itemName: array.itemName },
      choice: undefined,
    };
  }

  /** The array type an HTTP reply names for an array result: the one with the default item name. */
  defaultArrayType(item: TypeRef): ArrayTypeModel {
    return this.arrays.get(item, undefined);
  }

  /** A service's `[XmlInclude]`: a class, or an array of one (`T[]`, whose array type joins the scope). */
  include(text: string): TypeRef | undefined {
    if (text.endsWith('[]')) return this.ref(text);
    this.reflect(text);
    return undefined;
  }

  /** Registers a class (and what it reaches), as the runtime's reflection does. */
  reflect(name: string): void {
    if (this.reached.has(name)) return;
    this.reached.add(name);
    const decl = this.declarations.get(name);
    if (decl?.kind !== 'class') throw new Error(`"${name}" is not a class`);
    if (decl.base) {
      this.reflect(decl.base);
      this.attach(name);
    }
    const members = decl.members.map((m) => this.member(m));
    if (!decl.base) {
      this.root();
      this.attach(name);
    }
    this.classes.set(name, classModel(decl, members));
    for (const included of decl.include ?? []) this.reflect(included);
  }

  /** Every declared type (those nothing reached resolved last), and the array types. */
  finish(): ResolvedTypes {
    const types: TypeModel[] = [];
    for (const decl of this.declarations.values()) {
      if (decl.kind === 'class') {
        this.reflect(decl.name);
        types.push(this.classes.get(decl.name)!);
      } else {
        types.push(enumModel(decl));
      }
    }
    return { types, arrayTypes: this.arrays.all(), attached: new Map(this.attachOrder), scope: [...this.scope] };
  }

  private member(m: MemberDeclaration): MemberModel {
    if (m.choice) {
      const { type, choice } = this.choiceRef(m.type, m.choice, m.unwrapped === true);
      return {
        name: m.name,
        xmlName: m.xmlName ?? m.name,
        type,
        form: 'element',
        namespace: undefined,
        xmlForm: undefined,
        unwrapped: m.unwrapped === true,
        minOccurs: '0',
        maxOccurs: choice ? choice.maxOccurs : '1',
        nillable: false,
        default: undefined,
        required: false,
        optional: false,
        choice,
        choiceIdentifier: m.choiceIdentifier,
      };
    }
    // `[XmlAnyElement]` arrays and unwrapped arrays are repeated elements: no array type.
    const plain = this.ref(
      m.type,
      m.itemName,
      m.unwrapped === true || m.any === true,
      m.dataType,
      m.itemNullable,
      m.itemForm,
    );
    // [XmlElement(IsNullable = true)] on an unwrapped array: its items are nillable.
    const type =
      m.unwrapped === true && m.nillable === true && plain.kind === 'array' ? { ...plain, nillableItems: true } : plain;
    const valueType = this.isValueType(type);
    const nullable = type.kind === 'nullable';
    const isArray = type.kind === 'array';
    const form = m.any ? 'any' : m.attribute ? 'attribute' : m.text ? 'text' : 'element';
    const nillable = nullable || m.nillable === true;
    const required = m.default === undefined && m.optional !== true && (valueType || nillable);
    return {
      name: m.name,
      xmlName: m.xmlName ?? m.name,
      type,
      form,
      namespace: m.namespace,
      xmlForm: m.form,
      unwrapped: m.unwrapped === true,
      minOccurs: m.unwrapped || form === 'any' || !required ? '0' : '1',
      maxOccurs: m.unwrapped || (form === 'any' && isArray) ? 'unbounded' : '1',
      nillable,
      default: m.default,
      // `[DefaultValue]` makes an attribute optional too: no `use="required"`.
      required: form === 'attribute' && valueType && m.optional !== true && m.default === undefined,
      // `{Name}Specified` beside a value type or a nillable element: `undefined` leaves it out, `null` is `xsi:nil`.
      optional: (valueType || nillable) && m.optional === true,
      choice: undefined,
      choiceIdentifier: undefined,
    };
  }

  /** A .NET value type (built-in value type, enum, struct); `T?` is not. */
  isValueType(ref: TypeRef): boolean {
    switch (ref.kind) {
      case 'builtin':
        return BUILTIN_TYPES[ref.name].valueType;
      case 'class':
      case 'enum':
        return this.facts(ref.name).valueType;
      default:
        return false;
    }
  }

  private facts(name: string): NamedTypeFacts {
    const decl = this.declarations.get(name)!;
    return {
      xmlName: decl.xmlName ?? decl.name,
      valueType: decl.kind === 'enum' || decl.struct === true,
    };
  }
}

function classModel(decl: ClassDeclaration, members: MemberModel[]): ClassTypeModel {
  const xmlName = decl.xmlName ?? decl.name;
  return {
    kind: 'class',
    name: decl.name,
    xmlName,
    elementName: decl.elementName ?? xmlName,
    root: decl.elementName !== undefined,
    namespace: decl.namespace,
    rootNamespace: decl.rootNamespace,
    struct: decl.struct === true,
    abstract: decl.abstract === true,
    header: decl.header === true,
    base: decl.base,
    include: decl.include ?? [],
    members,
    anyAttribute: decl.anyAttribute === true || decl.header === true,
    anonymous: decl.anonymous === true,
  };
}

function enumModel(decl: Extract<TypeDeclaration, { kind: 'enum' }>): EnumTypeModel {
  const xmlName = decl.xmlName ?? decl.name;
  return {
    kind: 'enum',
    name: decl.name,
    xmlName,
    elementName: decl.elementName ?? xmlName,
    namespace: decl.namespace,
    flags: decl.flags === true,
    values: decl.values.map((v) => ({ name: v.name, xmlName: v.xmlName ?? v.name, value: v.value })),
  };
}

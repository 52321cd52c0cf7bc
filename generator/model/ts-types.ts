import type { BuiltinName } from './builtin-types.js';
import { tsPropertyName } from './naming.js';
import type { ArrayTypeModel, ChoiceModel, ClassTypeModel, MemberModel, TypeModel } from './type-model.js';
import type { TypeRef } from './type-refs.js';
import type { TsNameAllocator } from './ts-names.js';

/** The runtime's value classes and types a service's TypeScript types may name. */
export type RuntimeValueName = 'XsdDateTime' | 'XmlFragment' | 'AnyValue';

/** The TypeScript of each built-in (docs/types.md). */
const BUILTIN_TS: Readonly<Record<BuiltinName, string>> = {
  string: 'string',
  boolean: 'boolean',
  byte: 'number',
  unsignedByte: 'number',
  short: 'number',
  unsignedShort: 'number',
  int: 'number',
  unsignedInt: 'number',
  long: 'bigint',
  unsignedLong: 'bigint',
  float: 'number',
  double: 'number',
  decimal: 'string',
  dateTime: 'XsdDateTime',
  base64Binary: 'Uint8Array',
  guid: 'string',
  char: 'string',
  // XmlSerializer writes a TimeSpan as an empty element: an empty object, not `{}` (which takes any non-null).
  timeSpan: 'Record<string, never>',
  QName: 'string',
  anyType: 'AnyValue',
  xmlElement: 'XmlFragment',
  xmlNode: 'XmlFragment',
  xmlDocument: 'XmlFragment',
  dataSet: 'XmlFragment',
  dataTable: 'XmlFragment',
};

const RUNTIME_VALUES: ReadonlySet<string> = new Set<RuntimeValueName>(['XsdDateTime', 'XmlFragment', 'AnyValue']);

/** A declared type as `types.ts` declares it. */
export type TsDeclaration = TsClassDeclaration | TsEnumDeclaration;

export interface TsClassDeclaration {
  readonly kind: 'class';
  /** The declared (C#) name. */
  readonly name: string;
  /** The interface's name: the declared name, unless a generated name holds it (`ts-names.ts`). */
  readonly tsName: string;
  readonly xmlName: string;
  readonly struct: boolean;
  readonly abstract: boolean;
  /** The base class's interface: this one extends `Omit<Base, '$type'>`. */
  readonly base: string | undefined;
  /**
   * `$type`, the XML type name, on classes of a hierarchy: `optional` on a class without a base (a value of the
   * site's own class may leave it out), `required` on a derived class; `none` outside a hierarchy.
   */
  readonly discriminator: 'none' | 'optional' | 'required';
  /** Own members only (inherited ones come with the base), in declaration order. */
  readonly members: readonly TsMember[];
  /** `{Name}Value`: what a site of this class holds, when classes derive from it. */
  readonly valueUnion: { readonly name: string; readonly members: readonly string[] } | undefined;
}

export interface TsMember {
  /** The property name (the C# member name, quoted when it must be). */
  readonly name: string;
  readonly tsType: string;
  /** The element or attribute may be absent: `?`. */
  readonly optional: boolean;
  readonly xmlName: string;
  readonly form: MemberModel['form'];
  /** Items repeated in the member's place (`[XmlElement]` on an array). */
  readonly unwrapped: boolean;
  /** A choice in the member's place: its element names, in order (`undefined` otherwise). */
  readonly choice?: readonly string[];
}

export interface TsEnumDeclaration {
  readonly kind: 'enum';
  readonly name: string;
  readonly tsName: string;
  readonly xmlName: string;
  /** `[Flags]`: the type is an array of the names. */
  readonly flags: boolean;
  /** The XML names, in declaration order. */
  readonly values: readonly string[];
}

/** How a site may hold its value beyond its type. */
export interface SiteFacts {
  /** `nillable="true"` on a reference type (`T?` is nillable by its reference already). */
  readonly nillable?: boolean;
  /** `[XmlAnyElement]`: the unclaimed children, one `XmlFragment`. */
  readonly any?: boolean;
  /** A choice of elements in the site's place: a union of `{ $element, value }`. */
  readonly choice?: ChoiceModel | undefined;
}

/**
 * The TypeScript types of a service: names of declared types and their `{Base}Value` unions, allocated once, and
 * the type of every site. It records the runtime value types the types it gives name.
 */
export class TsTypes {
  readonly declarations: readonly TsDeclaration[];
  /** Declared name → interface or alias name. */
  private readonly tsNames: ReadonlyMap<string, string>;
  /** Class name → `{Name}Value`, for classes with derived ones. */
  private readonly unions: ReadonlyMap<string, string>;
  private readonly arrays: ReadonlyMap<string, ArrayTypeModel>;
  private readonly used = new Set<RuntimeValueName>();

  constructor(types: readonly TypeModel[], arrayTypes: readonly ArrayTypeModel[], names: TsNameAllocator) {
    this.arrays = new Map(arrayTypes.map((a) => [a.name, a]));
    const classes = new Map(types.filter((t): t is ClassTypeModel => t.kind === 'class').map((t) => [t.name, t]));
    const tsNames = new Map(types.map((t) => [t.name, names.allocate(t.name)]));
    const derived = derivedClasses(classes);
    const unions = new Map<string, string>();
    this.tsNames = tsNames;
    this.unions = unions;
    for (const t of types) {
      if (t.kind === 'class' && valueUnionMembers(t, derived, classes).length > 0) {
        unions.set(t.name, names.allocate(`${tsNames.get(t.name)!}Value`));
      }
    }
    this.declarations = types.map((t): TsDeclaration => {
      const tsName = tsNames.get(t.name)!;
      if (t.kind === 'enum') {
        return {
          kind: 'enum',
          name: t.name,
          tsName,
          xmlName: t.xmlName,
          flags: t.flags,
          values: t.values.map((v) => v.xmlName),
        };
      }
      const inHierarchy = t.base !== undefined || (derived.get(t.name) ?? []).length > 0;
      const unionName = unions.get(t.name);
      return {
        kind: 'class',
        name: t.name,
        tsName,
        xmlName: t.xmlName,
        struct: t.struct,
        abstract: t.abstract,
        base: t.base === undefined ? undefined : tsNames.get(t.base),
        discriminator: !inHierarchy ? 'none' : t.base === undefined ? 'optional' : 'required',
        members: t.members.map((m) => ({
          name: tsPropertyName(m.name),
          // An unwrapped array is never nil itself: its nillable items are (`(T | null)[]`).
          tsType: this.site(m.type, { nillable: m.nillable && !m.unwrapped, any: m.form === 'any', choice: m.choice }),
          optional: isOptionalMember(m),
          xmlName: m.xmlName,
          form: m.form,
          unwrapped: m.unwrapped,
          ...(m.choice ? { choice: m.choice.elements.map((e) => e.name) } : {}),
        })),
        valueUnion:
          unionName === undefined
            ? undefined
            : {
                name: unionName,
                members: valueUnionMembers(t, derived, classes).map((c) => tsNames.get(c)!),
              },
      };
    });
  }

  /** The TypeScript type of a value at a site of type `ref`: `| null` where it may be nil. */
  site(ref: TypeRef, facts: SiteFacts = {}): string {
    if (facts.any) return this.use('XmlFragment');
    const choice =
      facts.choice ?? (ref.kind === 'array' && ref.arrayType ? this.arrays.get(ref.arrayType)!.choice : undefined);
    if (choice) {
      // One of the elements, named: `{ $element: 'Name'; value: T }`, so that a value writes back as the element it was.
      const union = choice.elements
        .map((e) => `{ $element: '${e.name}'; value: ${this.site(e.type, { nillable: e.nillable })} }`)
        .join(' | ');
      return ref.kind === 'array' ? `(${union})[]` : union;
    }
    const type = this.of(ref);
    return facts.nillable && ref.kind !== 'nullable' ? `${type} | null` : type;
  }

  /** The TypeScript type of a declared type's value (for headers): its interface, or its `{Name}Value` union. */
  declared(name: string): string {
    return this.unions.get(name) ?? this.tsNames.get(name)!;
  }

  /** The runtime value types the types given so far name, in a fixed order. */
  runtimeValues(): RuntimeValueName[] {
    return (['XsdDateTime', 'XmlFragment', 'AnyValue'] as const).filter((n) => this.used.has(n));
  }

  private of(ref: TypeRef): string {
    switch (ref.kind) {
      case 'builtin': {
        const ts = BUILTIN_TS[ref.name];
        return RUNTIME_VALUES.has(ts) ? this.use(ts as RuntimeValueName) : ts;
      }
      case 'class':
      case 'enum':
        return this.declared(ref.name);
      case 'nullable':
        return `${this.of(ref.of)} | null`;
      case 'array': {
        const item = this.of(ref.item);
        const nillable =
          ref.arrayType === undefined
            ? ref.item.kind === 'nullable' || ref.nillableItems === true
            : this.arrays.get(ref.arrayType)!.itemNillable;
        if (nillable) return ref.item.kind === 'nullable' ? `(${item})[]` : `(${item} | null)[]`;
        return item.includes(' | ') ? `(${item})[]` : `${item}[]`;
      }
      case 'dictionary': {
        // A JSON object's members in the order sent: handlers receive a Map and return one.
        const value = this.of(ref.value);
        const nillable = ref.value.kind !== 'nullable' && ref.valueNillable;
        return `ReadonlyMap<string, ${value}${nillable ? ' | null' : ''}>`;
      }
    }
  }

  private use(name: RuntimeValueName): string {
    this.used.add(name);
    return name;
  }
}

/**
 * A member that may be absent (`?`): an element of minOccurs 0 (reference types, optional value types, defaults),
 * an attribute that is not `use="required"`, an `[XmlAnyElement]` member.
 */
export function isOptionalMember(m: MemberModel): boolean {
  if (m.form === 'any') return true;
  if (m.form === 'attribute') return !m.required;
  return m.minOccurs === '0';
}

/** Per class, the classes derived from it at any depth, in declaration order. */
export function derivedClasses(classes: ReadonlyMap<string, ClassTypeModel>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const c of classes.values()) {
    for (let base = c.base; base !== undefined; base = classes.get(base)?.base) {
      const list = out.get(base) ?? [];
      list.push(c.name);
      out.set(base, list);
    }
  }
  return out;
}

/** What a site of `c` holds when classes derive from it: `c` unless abstract, then its non-abstract derived ones. */
function valueUnionMembers(
  c: ClassTypeModel,
  derived: ReadonlyMap<string, readonly string[]>,
  classes: ReadonlyMap<string, ClassTypeModel>,
): string[] {
  const below = (derived.get(c.name) ?? []).filter((d) => !classes.get(d)!.abstract);
  if (below.length === 0) return [];
  return [...(c.abstract ? [] : [c.name]), ...below];
}

/** Whether `name` is the TypeScript of a built-in that is a runtime value type. */
export function isRuntimeValueName(name: string): name is RuntimeValueName {
  return RUNTIME_VALUES.has(name);
}

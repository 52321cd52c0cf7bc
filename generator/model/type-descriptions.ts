import type {
  ChoiceElementDescription,
  ClassDescription,
  EnumDescription,
  MemberDescription,
  TypeDescription,
  ValueType,
} from '@asmxgen/runtime';
import type {
  ArrayTypeModel,
  ChoiceModel,
  ClassTypeModel,
  EnumTypeModel,
  MemberModel,
  TypeModel,
} from './type-model.js';
import type { TypeRef } from './type-refs.js';
import { derivedClasses } from './ts-types.js';

/**
 * The runtime's view of a type reference (`runtime/src/xsd/type-description.ts`): a built-in by name, a declared type,
 * or an array with its items' element name and nillability. `T?` is its `T`: the site says it is nillable.
 * `itemNamespace` is the namespace of arrays' items when not the service's (an array member of a class in another
 * namespace, whose `ArrayOfX` is in that namespace).
 */
export function valueTypeOf(
  ref: TypeRef,
  arrays: ReadonlyMap<string, ArrayTypeModel>,
  itemNamespace?: string,
): ValueType {
  switch (ref.kind) {
    case 'builtin':
      return ref.dataType ?? ref.name;
    case 'class':
      return { class: ref.name };
    case 'enum':
      return { enum: ref.name };
    case 'nullable':
      return valueTypeOf(ref.of, arrays);
    case 'array': {
      const choice = ref.arrayType === undefined ? undefined : arrays.get(ref.arrayType)!.choice;
      return {
        array: valueTypeOf(ref.item, arrays, itemNamespace),
        item: ref.itemName,
        nillable:
          ref.arrayType === undefined
            ? ref.item.kind === 'nullable' || ref.nillableItems === true
            : arrays.get(ref.arrayType)!.itemNillable,
        ...(ref.arrayType !== undefined && arrays.get(ref.arrayType)!.itemForm === 'unqualified'
          ? { unqualified: true }
          : {}),
        ...(choice ? { choice: describeChoice(choice, arrays) } : {}),
        ...(itemNamespace !== undefined && ref.arrayType !== undefined && !choice ? { namespace: itemNamespace } : {}),
      };
    }
    case 'dictionary':
      return { dictionary: valueTypeOf(ref.value, arrays), nillable: ref.valueNillable };
  }
}

/** A choice's elements as the runtime reads and writes them (`{ $element, value }` values). */
export function describeChoice(
  choice: ChoiceModel,
  arrays: ReadonlyMap<string, ArrayTypeModel>,
): ChoiceElementDescription[] {
  return choice.elements.map((e) => ({
    element: e.name,
    type: valueTypeOf(e.type, arrays),
    ...(e.nillable || e.type.kind === 'nullable' ? { nillable: true } : {}),
  }));
}

/**
 * The runtime's view of every declared type, by declared name, in declaration order. `namespace` is the service
 * namespace: where elements are unless a type or member says otherwise.
 */
export function describeTypes(
  types: readonly TypeModel[],
  arrays: ReadonlyMap<string, ArrayTypeModel>,
  namespace: string,
): Record<string, TypeDescription> {
  const classes = new Map(types.filter((t): t is ClassTypeModel => t.kind === 'class').map((t) => [t.name, t]));
  const derived = derivedClasses(classes);
  return Object.fromEntries(
    types.map((t) => [
      t.name,
      t.kind === 'enum'
        ? describeEnum(t, namespace)
        : describeClass(t, classes, derived.get(t.name) ?? [], arrays, namespace),
    ]),
  );
}

function describeClass(
  c: ClassTypeModel,
  classes: ReadonlyMap<string, ClassTypeModel>,
  derived: readonly string[],
  arrays: ReadonlyMap<string, ArrayTypeModel>,
  namespace: string,
): ClassDescription {
  const chain: ClassTypeModel[] = [];
  for (let at: ClassTypeModel | undefined = c; at; at = at.base === undefined ? undefined : classes.get(at.base)) {
    chain.unshift(at);
  }
  return {
    kind: 'class',
    xmlName: c.xmlName,
    elementName: c.elementName,
    ...(c.namespace === undefined || c.namespace === namespace ? {} : { namespace: c.namespace }),
    ...(c.abstract ? { abstract: true } : {}),
    ...(c.struct ? { struct: true } : {}),
    ...(c.base === undefined ? {} : { base: c.base }),
    ...(derived.length > 0 ? { derived: [...derived] } : {}),
    members: chain.flatMap((level) =>
      level.members.map((m) => describeMember(m, arrays, namespace, level.namespace ?? namespace)),
    ),
  };
}

/**
 * The namespace a member is in on the wire, when it differs from where the reader and writer look by default (the
 * service namespace for elements, none for attributes): an element of its class's namespace, of its own
 * (`[XmlElement(Namespace)]`) or of none (unqualified); a qualified attribute, its class's.
 */
function memberNamespace(m: MemberModel, service: string, owner: string): string | undefined {
  // [XmlAttribute(Namespace)] of its class's own namespace is written unqualified, as the runtime writes it.
  if (m.form === 'attribute' && m.namespace !== undefined) return m.namespace === owner ? undefined : m.namespace;
  if (m.form === 'attribute') return m.xmlForm === 'qualified' ? owner : undefined;
  if (m.form !== 'element') return undefined;
  const ns = m.namespace ?? (m.xmlForm === 'unqualified' ? '' : owner);
  return ns === service ? undefined : ns;
}

function describeMember(
  m: MemberModel,
  arrays: ReadonlyMap<string, ArrayTypeModel>,
  service: string,
  owner: string,
): MemberDescription {
  const namespace = memberNamespace(m, service, owner);
  let type: ValueType;
  if (m.form === 'any') type = 'xmlElement';
  else {
    // A wrapped array's `ArrayOfX` is in the namespace of the class it is a member of (its items too).
    const items = owner !== service && m.namespace === undefined ? owner : undefined;
    type = valueTypeOf(m.type, arrays, items);
    // Unwrapped items are repeated elements named as the member.
    if (m.unwrapped && typeof type === 'object' && 'array' in type) type = { ...type, item: m.xmlName };
  }
  return {
    name: m.name,
    xmlName: m.xmlName,
    form: m.form,
    ...(namespace === undefined ? {} : { namespace }),
    type,
    ...(m.nillable ? { nillable: true } : {}),
    ...(m.unwrapped ? { unwrapped: true } : {}),
    ...(m.optional ? { optional: true } : {}),
    ...(m.default === undefined ? {} : { default: m.default }),
    ...(m.choice ? { choice: describeChoice(m.choice, arrays) } : {}),
  };
}

/** Values numbered as C# numbers them: as given, else one more than the value before (the first, 0). */
function describeEnum(e: EnumTypeModel, namespace: string): EnumDescription {
  let next = 0;
  return {
    kind: 'enum',
    xmlName: e.xmlName,
    elementName: e.elementName,
    ...(e.namespace === undefined || e.namespace === namespace ? {} : { namespace: e.namespace }),
    ...(e.flags ? { flags: true } : {}),
    values: e.values.map((v) => {
      const value = v.value ?? next;
      next = value + 1;
      return { xmlName: v.xmlName, ...(v.name !== v.xmlName ? { name: v.name } : {}), value };
    }),
  };
}

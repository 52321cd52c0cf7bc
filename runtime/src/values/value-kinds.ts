/**
 * Questions about a site's `ValueType` the reader and the writer both ask, answered once from the service's
 * type descriptions.
 */
import type {
  ChoiceElementDescription,
  ClassDescription,
  EnumDescription,
  MemberDescription,
  TypeDescription,
  ValueType,
} from '../xsd/type-description.js';
import { DATA_TYPE_BASES } from '../xsd/type-description.js';
import { isDataType } from './data-type-values.js';

export type TypeTable = Readonly<Record<string, TypeDescription>>;

/** The types a reader or writer of one service works with, and its namespace. */
export interface ValueContext {
  readonly types: TypeTable;
  /** The service namespace: every element of a value is in it. */
  readonly namespace: string;
  /** The arrays an `object` may hold, by XSD name (`ServiceDescription.anyArrays`). */
  readonly anyArrays?: Readonly<Record<string, ValueType>>;
}

const REFERENCE_BUILTINS: ReadonlySet<string> = new Set([
  'string',
  'base64Binary',
  'anyType',
  'QName',
  'xmlElement',
  'xmlNode',
  'xmlDocument',
  'dataSet',
  'dataTable',
]);

/** Raw-XML kinds, read and written as `XmlFragment`. */
export const XML_KINDS: ReadonlySet<string> = new Set(['xmlElement', 'xmlNode', 'xmlDocument', 'dataSet', 'dataTable']);

/** A .NET value type: never absent (an absent one reads as its default) and never nil unless `T?`. */
export function isValueType(types: TypeTable, type: ValueType): boolean {
  if (isDataType(type)) return DATA_TYPE_BASES[type] === 'dateTime';
  if (typeof type === 'string') return !REFERENCE_BUILTINS.has(type);
  if ('enum' in type) return true;
  if ('class' in type)
    return types[type.class]?.kind === 'class' && (types[type.class] as ClassDescription).struct === true;
  return false;
}

export function classNamed(types: TypeTable, name: string): ClassDescription {
  const found = types[name];
  if (found?.kind !== 'class') throw new TypeError(`The service describes no class ${name}.`);
  return found;
}

export function enumNamed(types: TypeTable, name: string): EnumDescription {
  const found = types[name];
  if (found?.kind !== 'enum') throw new TypeError(`The service describes no enum ${name}.`);
  return found;
}

/** The declared name of the type whose XML type name is `xmlName`, among `names`. */
export function declaredNameOf(types: TypeTable, names: readonly string[], xmlName: string): string | undefined {
  return names.find((name) => types[name]?.xmlName === xmlName);
}

/** The declared names `xsi:type` may name at a site of class `name`: itself and the classes derived from it. */
export function classFamily(types: TypeTable, name: string): readonly string[] {
  const description = classNamed(types, name);
  return [name, ...(description.derived ?? [])];
}

interface MemberIndex {
  readonly attributes: readonly MemberDescription[];
  /** By `elementKey` of the element's namespace (`undefined` for the service's) and name. */
  readonly elements: ReadonlyMap<string, MemberDescription>;
  readonly any: MemberDescription | undefined;
  /** The `[XmlText]` member. */
  readonly text: MemberDescription | undefined;
}

/** The key of an element member in {@link MemberIndex.elements}: its namespace (unless the service's) and name. */
export function elementKey(namespace: string | undefined, localName: string): string {
  return namespace === undefined ? localName : `{${namespace}}${localName}`;
}

const memberIndexes = new WeakMap<ClassDescription, MemberIndex>();

/** The element of a choice named `name`; `undefined` when the choice has none of that name. */
export function choiceElement(
  choice: readonly ChoiceElementDescription[],
  name: string,
): ChoiceElementDescription | undefined {
  return choice.find((c) => c.element === name);
}

/** A class's members by form, element members by XML name (the first of a name wins; a choice by each of its). */
export function memberIndex(description: ClassDescription): MemberIndex {
  let index = memberIndexes.get(description);
  if (index === undefined) {
    const elements = new Map<string, MemberDescription>();
    for (const member of description.members) {
      if (member.form !== 'element') continue;
      // A choice member is any of its elements; its own name is not on the wire.
      for (const name of member.choice ? member.choice.map((c) => c.element) : [member.xmlName]) {
        const key = elementKey(member.namespace, name);
        if (!elements.has(key)) elements.set(key, member);
      }
    }
    index = {
      attributes: description.members.filter((m) => m.form === 'attribute'),
      elements,
      any: description.members.find((m) => m.form === 'any'),
      text: description.members.find((m) => m.form === 'text'),
    };
    memberIndexes.set(description, index);
  }
  return index;
}

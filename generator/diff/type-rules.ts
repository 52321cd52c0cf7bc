import type { ClassTypeModel, EnumTypeModel, MemberModel, TypeModel } from '../model/type-model.js';
import { BUILTIN_TYPES } from '../model/builtin-types.js';
import type { TypeRef } from '../model/type-refs.js';
import type { ServiceModel } from '../model/types.js';
import { changeOf, type Change, type DiffRule } from './change.js';
import { sameTypeSpec, type DiffContext } from './diff-context.js';
import { nameList } from './describe-values.js';
import { directionText, mergeReach, reachesText, type TypeReach } from './type-reach.js';
import { enumValueWhere, membersWhere, memberWhere, typeWhere } from './where.js';
import { dataTypeChanges } from './data-type-rules.js';
import { itemFormChanges } from './item-form-rules.js';

const XML_SERIALIZER = 'XmlSerializer proxies (wsdl.exe, Mono)';

export const TYPE_ADDED: DiffRule = {
  id: 'type-added',
  level: 'non-breaking',
  meaning: 'A declared type is new, and an operation reaches it.',
  why:
    'Only callers of the new contract send or receive it; where an existing parameter, result or member now ' +
    'names it, that change is reported there.',
};

export const TYPE_REMOVED: DiffRule = {
  id: 'type-removed',
  level: 'breaking',
  meaning: 'A declared type that an operation reached is gone.',
  why:
    'Whatever carried it (a parameter, result, member or header) changed or is gone: callers of the old contract ' +
    'send or expect values of a type the service no longer has.',
};

export const UNUSED_TYPE_ADDED: DiffRule = {
  id: 'unused-type-added',
  level: 'info',
  meaning: 'A declared type is new, and no operation reaches it.',
  why: 'The WSDL describes it, but no message carries it.',
};

export const UNUSED_TYPE_REMOVED: DiffRule = {
  id: 'unused-type-removed',
  level: 'info',
  meaning: 'A declared type that no operation reached is gone.',
  why: 'No message carried it.',
};

export const UNUSED_TYPE_CHANGED: DiffRule = {
  id: 'unused-type-changed',
  level: 'info',
  meaning: 'A declared type that no operation reaches, in either version, changed.',
  why: 'No message carries it; the changes inside it are not reported one by one.',
};

export const TYPE_RENAMED: DiffRule = {
  id: 'type-renamed',
  level: 'breaking',
  meaning:
    "A type's XSD name changed: its `xmlName`, or the type was removed and one with the same members (or values) " +
    'added, reached by the same operations in the same directions (reported once, not at every use).',
  why:
    'The name is on the wire where an array names its items after it (`<Book>` in `ArrayOfBook`), in `xsi:type` ' +
    'on derived types, and in the element of a header or HTTP result; and proxies generated from the WSDL name ' +
    "their class after it (wsdl.exe's classes, zeep's `client.get_type('ns0:Book')`): code that names it stops " +
    'compiling or finding it.',
};

export const TYPE_KIND_CHANGED: DiffRule = {
  id: 'type-kind-changed',
  level: 'breaking',
  meaning: 'A type changed between class, struct and enum.',
  why:
    'Its XSD content changes (complex type or string restriction), and between class and struct whether its ' +
    'elements are required or nillable (`minOccurs`): old callers read or write the other shape.',
};

export const BASE_CHANGED: DiffRule = {
  id: 'base-changed',
  level: 'breaking',
  meaning: "A class's base class changed, was added or removed.",
  why:
    "A derived type's elements are its base's followed by its own: the inherited members change, and so does " +
    'where the type may stand in for another (`xsi:type`).',
};

export const ABSTRACT_CHANGED: DiffRule = {
  id: 'abstract-changed',
  level: 'breaking',
  meaning:
    'A class became abstract while it travels in requests, or stopped being abstract while it travels in ' +
    'responses.',
  why:
    `An abstract class cannot be created: the service's XmlSerializer rejects an instance of the class itself that ` +
    `old callers send ("The specified type is abstract"), and ${XML_SERIALIZER} cannot read one the service now ` +
    'sends.',
};

export const ABSTRACT_CHANGED_COMPATIBLE: DiffRule = {
  id: 'abstract-changed-compatible',
  level: 'non-breaking',
  meaning:
    'A class became abstract while it travels only in responses, or stopped being abstract while it travels only ' +
    'in requests.',
  why:
    'The side that reads it still can: a response never carries the abstract class itself, and the service can ' +
    'now also read the class itself, which old callers could not send.',
};

export const ANONYMOUS_CHANGED: DiffRule = {
  id: 'anonymous-changed',
  level: 'non-breaking',
  meaning: 'A class is now written inline where its elements are (anonymous), or by name, or the other way round.',
  why:
    'Only the schema changes: the XML of its values is the same. Proxies made again from the new WSDL may name ' +
    'the class otherwise (wsdl.exe names an anonymous type after an element of it).',
};

export const DERIVED_TYPE_ADDED: DiffRule = {
  id: 'derived-type-added',
  level: 'breaking',
  meaning: 'A class derived from a type that travels in responses is new.',
  why:
    'The service may now answer with it in place of its base, marked `xsi:type="New"`: ' +
    `${XML_SERIALIZER} throw on a type they do not know ("The specified type was not recognized").`,
};

export const DERIVED_TYPE_ADDED_TO_REQUEST: DiffRule = {
  id: 'derived-type-added-to-request',
  level: 'non-breaking',
  meaning: 'A class derived from a type that travels only in requests is new.',
  why: 'Only callers of the new contract send it; the service still reads the base and the other derived types.',
};

export const DERIVED_TYPE_REMOVED: DiffRule = {
  id: 'derived-type-removed',
  level: 'breaking',
  meaning: 'A class derived from a type that travels in requests is gone.',
  why:
    'Old callers may still send it (`xsi:type`): the service no longer knows the type and answers with a fault ' +
    '("The specified type was not recognized").',
};

export const DERIVED_TYPE_REMOVED_FROM_RESPONSE: DiffRule = {
  id: 'derived-type-removed-from-response',
  level: 'non-breaking',
  meaning: 'A class derived from a type that travels only in responses is gone.',
  why: 'Old callers know a type the service no longer sends; what it sends they can still read.',
};

export const MEMBER_ADDED_REQUIRED: DiffRule = {
  id: 'member-added-required',
  level: 'breaking',
  meaning:
    'A required member (a value type: `minOccurs="1"`, or a value-type attribute, `use="required"`) was added to ' +
    'a type that travels in requests.',
  why:
    "Callers of the old contract do not send it: the schema says it is required, and the service's XmlSerializer, " +
    "which does not check `minOccurs`, hands the operation the type's default (0, false) as if the caller had sent it.",
};

export const MEMBER_ADDED_OPTIONAL: DiffRule = {
  id: 'member-added-optional',
  level: 'non-breaking',
  meaning: 'An optional member (a reference type, `minOccurs="0"`) was added to a type that travels in requests.',
  why:
    'Callers of the old contract leave it out, which the schema allows: the service reads null. In responses, ' +
    `${XML_SERIALIZER} and node-soap skip the element they do not know; zeep does too with ` +
    '`Settings(strict=False)`, while its default strict mode raises `XMLParseError: Unexpected element`.',
};

export const MEMBER_ADDED_TO_RESPONSE: DiffRule = {
  id: 'member-added-to-response',
  level: 'non-breaking',
  meaning: 'A member, required or optional, was added to a type that travels only in responses.',
  why:
    `Old callers never send the type. Reading it, ${XML_SERIALIZER} pass an element they do not know to ` +
    '`UnknownElement`, which ignores it by default, and node-soap keeps it as one more property; zeep reads it ' +
    'with `Settings(strict=False)`, while its default strict mode raises `XMLParseError: Unexpected element`.',
};

export const MEMBER_REMOVED: DiffRule = {
  id: 'member-removed',
  level: 'breaking',
  meaning: 'A member of a class was removed.',
  why:
    'In a response, old callers no longer get it: XmlSerializer proxies leave the field at null or its default ' +
    'without an error, so its meaning silently changes. In a request, what old callers send is skipped by the ' +
    "service's XmlSerializer without a word.",
};

export const MEMBER_TYPE_CHANGED: DiffRule = {
  id: 'member-type-changed',
  level: 'breaking',
  meaning: "A member's type changed (an array's item type is `array-item-type-changed`).",
  why: 'Values of the old type may not convert (an error reading the message), or convert with another meaning.',
};

export const ARRAY_ITEM_TYPE_CHANGED: DiffRule = {
  id: 'array-item-type-changed',
  level: 'breaking',
  meaning: 'The item type of an array member changed (`Person[]` to `Author[]`).',
  why:
    'The items are read as the old type: they may not convert, and with the default item name the items are ' +
    'named after their type, so old readers skip them all.',
};

export const ARRAY_WRAPPING_CHANGED: DiffRule = {
  id: 'array-wrapping-changed',
  level: 'breaking',
  meaning:
    'An array member, parameter or result changed between wrapped (`<Tags><string/></Tags>`) and unwrapped ' +
    '(`<Tag/><Tag/>`: `[XmlElement]`, `unwrapped`, `resultUnwrapped`).',
  why:
    'The items are other elements: XmlSerializer on either side skips what it does not expect and reads an empty ' +
    'or missing array, without an error.',
};

export const ARRAY_ITEM_NAME_CHANGED: DiffRule = {
  id: 'array-item-name-changed',
  level: 'breaking',
  meaning:
    'The element name of the items of an array changed (`[XmlArrayItem]`, `itemName`, `resultItemName`; the ' +
    "default item name is the item type's).",
  why: 'Readers of the old contract find no item they know: XmlSerializer skips them and reads an empty array.',
};

export const ARRAY_ITEM_NILLABLE_CHANGED: DiffRule = {
  id: 'items-nillable-changed',
  level: 'breaking',
  meaning:
    'The items of an array became nillable while it travels in responses, or stopped being nillable while it ' +
    'travels in requests (`[XmlArrayItem(IsNullable = false)]`, `itemNullable`, `resultItemNullable`).',
  why:
    'Whoever reads it by the old contract meets `xsi:nil="true"` items where it expects none: XmlSerializer reads ' +
    'such an item as an empty object or string, not null, so the meaning silently changes.',
};

export const ARRAY_ITEM_NILLABLE_CHANGED_COMPATIBLE: DiffRule = {
  id: 'items-nillable-changed-compatible',
  level: 'non-breaking',
  meaning:
    'The items of an array became nillable while it travels only in requests, or stopped being nillable while it ' +
    'travels only in responses.',
  why:
    'Only the reader that now accepts `xsi:nil` items can see it: the writer of the old contract leaves null items ' +
    'out, and nil items are read as null either way.',
};

export const MEMBER_FORM_CHANGED: DiffRule = {
  id: 'member-form-changed',
  level: 'breaking',
  meaning: 'A member changed between element, attribute and `[XmlAnyElement]`.',
  why:
    'XmlSerializer reads an attribute member only from an attribute and an element member only from an element: ' +
    'the value old callers send, or the one they expect, is skipped and left at null or its default.',
};

export const MEMBER_XML_NAME_CHANGED: DiffRule = {
  id: 'member-xml-name-changed',
  level: 'breaking',
  meaning: 'A member\'s XML name (`xmlName`: `[XmlElement("X")]`, `[XmlAttribute("x")]`) changed.',
  why:
    'On the wire it is one member removed and another added: each side skips the name it does not know and ' +
    'leaves the value at null or its default, without an error.',
};

export const TYPE_NAMESPACE_CHANGED: DiffRule = {
  id: 'type-namespace-changed',
  level: 'breaking',
  meaning: "A class's namespace (`namespace`, `[XmlType(Namespace)]`) changed.",
  why:
    "The class's member elements are in its namespace: XmlSerializer on the other side skips the elements of a " +
    'namespace it does not expect and leaves the members at null or their defaults, without an error.',
};

export const ENUM_NAMESPACE_CHANGED: DiffRule = {
  id: 'enum-namespace-changed',
  level: 'non-breaking',
  meaning: "An enum's namespace (`namespace`, `[XmlType(Namespace)]`) changed.",
  why: "An enum's values are text, the same in either namespace; only the WSDL and `xsi:type` name it elsewhere.",
};

export const MEMBER_NAMESPACE_CHANGED: DiffRule = {
  id: 'member-namespace-changed',
  level: 'breaking',
  meaning:
    "A member's namespace changed: its own namespace (`namespace`, `[XmlElement(Namespace)]`, " +
    '`[XmlAttribute(Namespace)]`) or its form (`form`: an unqualified element, a qualified attribute).',
  why:
    'On the wire it is one member removed and another added: each side skips the element or attribute of the ' +
    'namespace it does not know and leaves the value at null or its default, without an error.',
};

export const MEMBER_NILLABLE_CHANGED: DiffRule = {
  id: 'member-nillable-changed',
  level: 'breaking',
  meaning:
    'A member became nillable while its type travels in responses, or stopped being nillable while it travels in ' +
    'requests.',
  why:
    'Whoever reads it by the old contract meets `xsi:nil="true"` where it expects no element: XmlSerializer reads ' +
    'a non-nillable element that is nil as an empty string or an empty object, not null, so the meaning silently ' +
    'changes.',
};

export const MEMBER_NILLABLE_CHANGED_COMPATIBLE: DiffRule = {
  id: 'member-nillable-changed-compatible',
  level: 'non-breaking',
  meaning:
    'A member became nillable while its type travels only in requests, or stopped being nillable while it ' +
    'travels only in responses.',
  why:
    'Only the reader that now accepts `xsi:nil` can see it: null is left out by the writer of the old contract ' +
    'and read as null either way.',
};

export const MEMBER_OPTIONAL_CHANGED: DiffRule = {
  id: 'member-optional-changed',
  level: 'breaking',
  meaning:
    'A member became optional (`{Name}Specified`: `minOccurs="0"`) while its type travels in responses, or became ' +
    'required while it travels in requests.',
  why:
    'The writer of the new contract leaves the element out where the reader of the old one expects it: ' +
    'XmlSerializer reads an absent value type as its default (0, false) and an absent nillable member as null, ' +
    'and a typed client reads `undefined` where its type says the member is always there.',
};

export const MEMBER_OPTIONAL_CHANGED_COMPATIBLE: DiffRule = {
  id: 'member-optional-changed-compatible',
  level: 'non-breaking',
  meaning:
    'A member became optional while its type travels only in requests, or became required while it travels only ' +
    'in responses.',
  why: 'The element is still written wherever the old contract writes it, and the reader now accepts it absent.',
};

export const MEMBERS_REORDERED: DiffRule = {
  id: 'members-reordered',
  level: 'breaking',
  meaning: 'Elements both versions of a class have are in another order, and the class travels in responses.',
  why:
    'The class is an `s:sequence`. XmlSerializer (.NET and Mono) reads the elements of a class without ' +
    '`[XmlElement(Order)]` by name, in any order, but zeep reads a sequence in order: an element out of place is ' +
    'taken for missing, then `XMLParseError: Unexpected element` (default strict mode), and schema-validating ' +
    'clients reject the response.',
};

export const MEMBERS_REORDERED_IN_REQUEST: DiffRule = {
  id: 'members-reordered-in-request',
  level: 'non-breaking',
  meaning: 'Elements both versions of a class have are in another order, and the class travels only in requests.',
  why:
    'Only the service reads it, and its XmlSerializer reads the elements of a class without `[XmlElement(Order)]` by ' +
    'name, in any order: old callers keep working.',
};

export const ENUM_VALUE_ADDED: DiffRule = {
  id: 'enum-value-added',
  level: 'breaking',
  meaning: 'An enum (or flags) value was added, and the enum travels in responses.',
  why:
    `The service may now answer with it: ${XML_SERIALIZER} throw reading a value they do not know ` +
    `("Instance validation error: 'X' is not a valid value for Genre"), and so fail the whole call.`,
};

export const ENUM_VALUE_ADDED_TO_REQUEST: DiffRule = {
  id: 'enum-value-added-to-request',
  level: 'non-breaking',
  meaning: 'An enum (or flags) value was added, and the enum travels only in requests.',
  why: 'Only callers of the new contract send it; the service still reads every old value.',
};

export const ENUM_VALUE_REMOVED: DiffRule = {
  id: 'enum-value-removed',
  level: 'breaking',
  meaning: 'An enum (or flags) value was removed, and the enum travels in requests.',
  why:
    "Old callers may still send it: the service's XmlSerializer throws on a value it does not know, and the call " +
    'ends in a fault ("There is an error in XML document").',
};

export const ENUM_VALUE_REMOVED_FROM_RESPONSE: DiffRule = {
  id: 'enum-value-removed-from-response',
  level: 'non-breaking',
  meaning: 'An enum (or flags) value was removed, and the enum travels only in responses.',
  why: 'Old callers know a value the service no longer sends; every value it sends they can still read.',
};

export const ENUM_VALUE_XML_NAME_CHANGED: DiffRule = {
  id: 'enum-value-xml-name-changed',
  level: 'breaking',
  meaning: "An enum value's XML name (`[XmlEnum]`, `xmlName`) changed.",
  why: `The text on the wire changes: whoever reads it by the old contract throws on a value it does not know (${XML_SERIALIZER} and the service alike).`,
};

export const ENUM_FLAGS_CHANGED: DiffRule = {
  id: 'enum-flags-changed',
  level: 'breaking',
  meaning: 'An enum became a `[Flags]` enum or stopped being one.',
  why:
    'The XSD type changes between one value and a space-separated list of values: a combination is unreadable ' +
    'to a reader of a plain enum, and its typed proxies change from one value to a set.',
};

export const TYPE_RULES: readonly DiffRule[] = [
  TYPE_ADDED,
  TYPE_REMOVED,
  UNUSED_TYPE_ADDED,
  UNUSED_TYPE_REMOVED,
  UNUSED_TYPE_CHANGED,
  TYPE_RENAMED,
  TYPE_KIND_CHANGED,
  BASE_CHANGED,
  ABSTRACT_CHANGED,
  ABSTRACT_CHANGED_COMPATIBLE,
  ANONYMOUS_CHANGED,
  DERIVED_TYPE_ADDED,
  DERIVED_TYPE_ADDED_TO_REQUEST,
  DERIVED_TYPE_REMOVED,
  DERIVED_TYPE_REMOVED_FROM_RESPONSE,
  MEMBER_ADDED_REQUIRED,
  MEMBER_ADDED_OPTIONAL,
  MEMBER_ADDED_TO_RESPONSE,
  MEMBER_REMOVED,
  MEMBER_TYPE_CHANGED,
  ARRAY_ITEM_TYPE_CHANGED,
  ARRAY_WRAPPING_CHANGED,
  ARRAY_ITEM_NAME_CHANGED,
  ARRAY_ITEM_NILLABLE_CHANGED,
  ARRAY_ITEM_NILLABLE_CHANGED_COMPATIBLE,
  MEMBER_FORM_CHANGED,
  MEMBER_XML_NAME_CHANGED,
  TYPE_NAMESPACE_CHANGED,
  ENUM_NAMESPACE_CHANGED,
  MEMBER_NAMESPACE_CHANGED,
  MEMBER_NILLABLE_CHANGED,
  MEMBER_NILLABLE_CHANGED_COMPATIBLE,
  MEMBER_OPTIONAL_CHANGED,
  MEMBER_OPTIONAL_CHANGED_COMPATIBLE,
  MEMBERS_REORDERED,
  MEMBERS_REORDERED_IN_REQUEST,
  ENUM_VALUE_ADDED,
  ENUM_VALUE_ADDED_TO_REQUEST,
  ENUM_VALUE_REMOVED,
  ENUM_VALUE_REMOVED_FROM_RESPONSE,
  ENUM_VALUE_XML_NAME_CHANGED,
  ENUM_FLAGS_CHANGED,
];

/**
 * Changes of the declared types: types added, removed and renamed, and inside each type both versions have, its
 * members or values. A type's level follows where it travels in either version ({@link TypeReach}): in requests
 * (callers write it, the service reads it), in responses (the service writes it, callers read it), or both; a
 * type no operation reaches in either version changes at `info`. Each message ends with the operations the type
 * reaches.
 */
export function typeChanges(ctx: DiffContext): Change[] {
  const { types } = ctx;
  const changes: Change[] = [];
  for (const t of types.removed) {
    const reach = types.oldReach.get(t.name);
    changes.push(
      reach
        ? changeOf(TYPE_REMOVED, typeWhere(t.name), `removed ${reachesText(reach)}`, { old: t.name })
        : changeOf(UNUSED_TYPE_REMOVED, typeWhere(t.name), 'removed (no operation reached it)', { old: t.name }),
    );
  }
  for (const t of types.added) {
    const reach = types.newReach.get(t.name);
    changes.push(
      reach
        ? changeOf(TYPE_ADDED, typeWhere(t.name), `added ${reachesText(reach)}`, { new: t.name })
        : changeOf(UNUSED_TYPE_ADDED, typeWhere(t.name), 'added (no operation reaches it)', { new: t.name }),
    );
  }
  for (const pair of types.pairs) changes.push(...pairChanges(ctx, pair.old, pair.new, pair.renamed));
  return changes;
}

function pairChanges(ctx: DiffContext, a: TypeModel, b: TypeModel, renamed: boolean): Change[] {
  const reach = mergeReach(ctx.types.oldReach.get(a.name), ctx.types.newReach.get(b.name));
  const where = typeWhere(a.name);
  const changes: Change[] = [];
  const suffix = reach ? ` ${reachesText(reach)}` : '';
  if (renamed || a.xmlName !== b.xmlName) {
    const what = renamed ? `renamed from ${a.name} to ${b.name}` : `XSD name changed from ${a.xmlName} to ${b.xmlName}`;
    changes.push(changeOf(TYPE_RENAMED, where, what + suffix, { old: a.xmlName, new: b.xmlName }));
  }
  const kind = (t: TypeModel) => (t.kind === 'enum' ? 'enum' : t.struct ? 'struct' : 'class');
  if (kind(a) !== kind(b)) {
    const message = `changed from ${kind(a)} to ${kind(b)}${suffix}`;
    return [...changes, changeOf(TYPE_KIND_CHANGED, where, message, { old: kind(a), new: kind(b) })];
  }
  if (a.namespace !== b.namespace) {
    const [old, now] = [a.namespace ?? ctx.old.namespace, b.namespace ?? ctx.new.namespace];
    const rule = a.kind === 'enum' ? ENUM_NAMESPACE_CHANGED : TYPE_NAMESPACE_CHANGED;
    changes.push(changeOf(rule, where, `namespace changed from ${old} to ${now}${suffix}`, { old, new: now }));
  }
  const inside =
    a.kind === 'class' && b.kind === 'class'
      ? classChanges(ctx, a, b, reach)
      : enumChanges(a as EnumTypeModel, b as EnumTypeModel, reach);
  if (!reach) {
    if (inside.length === 0) return changes;
    const what = nameList([...new Set(inside.map((c) => c.rule))].sort());
    return [...changes, changeOf(UNUSED_TYPE_CHANGED, where, `changed (${what}), but no operation reaches it`)];
  }
  return [...changes, ...inside];
}

/** A reach for rules that need one: an unused type's changes are folded into `unused-type-changed`. */
const NOWHERE: TypeReach = { operations: new Set(), request: false, response: false };

function classChanges(ctx: DiffContext, a: ClassTypeModel, b: ClassTypeModel, reach: TypeReach | undefined): Change[] {
  const r = reach ?? NOWHERE;
  const suffix = reach ? ` ${reachesText(reach)}` : '';
  // Where values of the class itself travel (not only its members, as a base of another class): where a derived
  // class may stand in for it, and where it may no longer be sent once abstract.
  const values = mergeReach(ctx.types.oldValues.get(a.name), ctx.types.newValues.get(b.name));
  const v = values ?? r;
  const valueSuffix = values ? ` ${reachesText(values)}` : suffix;
  const where = typeWhere(a.name);
  const changes: Change[] = [];
  const names = ctx.types.names;
  const oldBase = a.base === undefined ? undefined : (names.get(a.base) ?? a.base);
  if (oldBase !== b.base) {
    const message = `base changed from ${a.base ?? '(none)'} to ${b.base ?? '(none)'}${suffix}`;
    changes.push(changeOf(BASE_CHANGED, where, message, { old: a.base ?? '(none)', new: b.base ?? '(none)' }));
  }
  if (a.abstract !== b.abstract) {
    const breaking = b.abstract ? v.request : v.response;
    const message = `${b.abstract ? 'became abstract' : 'no longer abstract'}, ${directionText(v)}${valueSuffix}`;
    changes.push(changeOf(breaking ? ABSTRACT_CHANGED : ABSTRACT_CHANGED_COMPATIBLE, where, message));
  }
  if (a.anonymous !== b.anonymous) {
    const message = `${b.anonymous ? 'now written inline (anonymous)' : 'now written by name (no longer anonymous)'}${suffix}`;
    changes.push(changeOf(ANONYMOUS_CHANGED, where, message));
  }
  const derivedOf = (model: DiffContext['old'], name: string) =>
    model.types.filter((t) => t.kind === 'class' && t.base === name).map((t) => t.name);
  const oldDerived = derivedOf(ctx.old, a.name).map((n) => names.get(n) ?? n);
  const newDerived = derivedOf(ctx.new, b.name);
  for (const d of newDerived.filter((n) => !oldDerived.includes(n))) {
    const rule = v.response ? DERIVED_TYPE_ADDED : DERIVED_TYPE_ADDED_TO_REQUEST;
    changes.push(changeOf(rule, where, `derived type ${d} added, ${directionText(v)}${valueSuffix}`, { new: d }));
  }
  for (const d of oldDerived.filter((n) => !newDerived.includes(n))) {
    const rule = v.request ? DERIVED_TYPE_REMOVED : DERIVED_TYPE_REMOVED_FROM_RESPONSE;
    changes.push(changeOf(rule, where, `derived type ${d} removed, ${directionText(v)}${valueSuffix}`, { old: d }));
  }
  changes.push(...memberChanges(ctx, a, b, r, suffix));
  return changes;
}

/** Members are paired by name, then (of the rest) by XML name: the C# name is not on the wire. */
function pairMembers(a: readonly MemberModel[], b: readonly MemberModel[]): Map<MemberModel, MemberModel> {
  const pairs = new Map<MemberModel, MemberModel>();
  const taken = new Set<MemberModel>();
  for (const key of [(m: MemberModel) => m.name, (m: MemberModel) => `${m.form} ${m.xmlName}`]) {
    for (const m of a) {
      if (pairs.has(m)) continue;
      const n = b.find((x) => !taken.has(x) && key(x) === key(m));
      if (n) {
        pairs.set(m, n);
        taken.add(n);
      }
    }
  }
  return pairs;
}

function isRequired(m: MemberModel): boolean {
  return m.form === 'attribute' ? m.required : m.minOccurs === '1';
}

function memberChanges(ctx: DiffContext, a: ClassTypeModel, b: ClassTypeModel, r: TypeReach, suffix: string): Change[] {
  const changes: Change[] = [];
  const pairs = pairMembers(a.members, b.members);
  const paired = new Set(pairs.values());
  for (const m of b.members.filter((x) => !paired.has(x))) {
    const where = memberWhere(a.name, m.name);
    const required = isRequired(m);
    const what = `${m.type.spec}${m.form === 'attribute' ? ', attribute' : ''}, ${required ? 'required' : 'optional'}`;
    if (!r.request) {
      changes.push(
        changeOf(MEMBER_ADDED_TO_RESPONSE, where, `added (${what}), ${directionText(r)}${suffix}`, {
          new: m.type.spec,
        }),
      );
    } else {
      const rule = required ? MEMBER_ADDED_REQUIRED : MEMBER_ADDED_OPTIONAL;
      changes.push(changeOf(rule, where, `added (${what}), ${directionText(r)}${suffix}`, { new: m.type.spec }));
    }
  }
  for (const m of a.members) {
    const n = pairs.get(m);
    const where = memberWhere(a.name, m.name);
    if (!n) {
      changes.push(
        changeOf(MEMBER_REMOVED, where, `removed (${m.type.spec}), ${directionText(r)}${suffix}`, { old: m.type.spec }),
      );
      continue;
    }
    if (m.form !== n.form) {
      changes.push(
        changeOf(MEMBER_FORM_CHANGED, where, `changed from ${m.form} to ${n.form}${suffix}`, {
          old: m.form,
          new: n.form,
        }),
      );
      continue;
    }
    if (m.xmlName !== n.xmlName) {
      const message = `XML name changed from ${m.xmlName} to ${n.xmlName}${suffix}`;
      changes.push(changeOf(MEMBER_XML_NAME_CHANGED, where, message, { old: m.xmlName, new: n.xmlName }));
    }
    if (m.namespace !== n.namespace || m.xmlForm !== n.xmlForm) {
      const show = (x: MemberModel) =>
        x.namespace ?? x.xmlForm ?? (x.form === 'attribute' ? 'unqualified' : 'qualified');
      const message = `namespace or form changed from ${show(m)} to ${show(n)}${suffix}`;
      changes.push(changeOf(MEMBER_NAMESPACE_CHANGED, where, message, { old: show(m), new: show(n) }));
    }
    const typeChanged = !sameTypeSpec(ctx, m.type.spec, n.type.spec);
    if (typeChanged) changes.push(typeChange(ctx, a.name, m, n, suffix));
    else changes.push(...arrayShapeChanges(ctx, memberWhere(a.name, m.name), m, n, r, suffix));
    if (!typeChanged) changes.push(...dataTypeChanges(where, m.type, n.type, suffix));
    if (!typeChanged && m.nillable !== n.nillable) {
      const breaking = n.nillable ? r.response : r.request;
      const message = `${n.nillable ? 'became nillable' : 'no longer nillable'}, ${directionText(r)}${suffix}`;
      changes.push(changeOf(breaking ? MEMBER_NILLABLE_CHANGED : MEMBER_NILLABLE_CHANGED_COMPATIBLE, where, message));
    }
    // A `{Name}Specified` flag added or removed: the element may now be absent, or must now be there.
    if (!typeChanged && m.nillable === n.nillable && m.default === n.default && isRequired(m) !== isRequired(n)) {
      const optional = !isRequired(n);
      const breaking = optional ? r.response : r.request;
      const message = `${optional ? 'became optional' : 'became required'}, ${directionText(r)}${suffix}`;
      changes.push(changeOf(breaking ? MEMBER_OPTIONAL_CHANGED : MEMBER_OPTIONAL_CHANGED_COMPATIBLE, where, message));
    }
  }
  // Attributes have no order; a member that became or stopped being one is `member-form-changed`.
  const isElement = (m: MemberModel) => m.form !== 'attribute';
  const oldOrder = a.members.flatMap((m) => {
    const n = pairs.get(m);
    return n && isElement(m) && isElement(n) ? [n] : [];
  });
  const inOrder = new Set(oldOrder);
  const newOrder = b.members.filter((n) => inOrder.has(n));
  if (oldOrder.some((m, i) => newOrder[i] !== m)) {
    const list = (ms: readonly MemberModel[]) => nameList(ms.map((m) => m.name));
    const message = `order changed from ${list(oldOrder)} to ${list(newOrder)}, ${directionText(r)}${suffix}`;
    const rule = r.response ? MEMBERS_REORDERED : MEMBERS_REORDERED_IN_REQUEST;
    changes.push(changeOf(rule, membersWhere(a.name), message, { old: list(oldOrder), new: list(newOrder) }));
  }
  return changes;
}

function typeChange(ctx: DiffContext, type: string, m: MemberModel, n: MemberModel, suffix: string): Change {
  const values = { old: m.type.spec, new: n.type.spec };
  if (m.type.kind === 'array' && n.type.kind === 'array') {
    const message = `item type changed from ${m.type.item.spec} to ${n.type.item.spec}${suffix}`;
    return changeOf(ARRAY_ITEM_TYPE_CHANGED, memberWhere(type, `${m.name}[]`), message, values);
  }
  const message = `type changed from ${m.type.spec} to ${n.type.spec}${suffix}`;
  return changeOf(MEMBER_TYPE_CHANGED, memberWhere(type, m.name), message, values);
}

/** Wrapping and item names of a member's arrays, the types being the same. */
function arrayShapeChanges(
  ctx: DiffContext,
  where: string,
  m: MemberModel,
  n: MemberModel,
  r: TypeReach,
  suffix: string,
): Change[] {
  if (m.type.kind !== 'array' || n.type.kind !== 'array') return [];
  if (m.unwrapped !== n.unwrapped) {
    const shape = (x: MemberModel) => (x.unwrapped ? 'unwrapped' : 'wrapped');
    return [
      changeOf(ARRAY_WRAPPING_CHANGED, where, `changed from ${shape(m)} to ${shape(n)}${suffix}`, {
        old: shape(m),
        new: shape(n),
      }),
    ];
  }
  if (m.unwrapped) return [];
  return [
    ...itemNameChanges(ctx, where, m.type, n.type, suffix),
    ...itemNillableChanges(ctx, where, m.type, n.type, directionText(r), r.response, r.request, suffix),
    ...itemFormChanges(ctx, where, m.type, n.type, directionText(r), suffix),
  ];
}

/**
 * Whether the items of two array references of the same type are nillable, outermost first: their array types say
 * it (`[XmlArrayItem(IsNullable = false)]` writes a reference type's items without `nillable`). `direction` is
 * where the array travels (`in requests`), `response` and `request` whether it does.
 */
export function itemNillableChanges(
  ctx: DiffContext,
  where: string,
  a: TypeRef,
  b: TypeRef,
  direction: string,
  response: boolean,
  request: boolean,
  suffix = '',
): Change[] {
  const changes: Change[] = [];
  let x: TypeRef = a;
  let y: TypeRef = b;
  let path = where;
  while (x.kind === 'array' && y.kind === 'array') {
    path += '[]';
    const before = itemsNillable(ctx.old, x);
    const after = itemsNillable(ctx.new, y);
    if (before !== undefined && after !== undefined && before !== after) {
      const breaking = after ? response : request;
      const message = `items ${after ? 'became nillable' : 'no longer nillable'}, ${direction}${suffix}`;
      const rule = breaking ? ARRAY_ITEM_NILLABLE_CHANGED : ARRAY_ITEM_NILLABLE_CHANGED_COMPATIBLE;
      changes.push(changeOf(rule, path, message, { old: String(before), new: String(after) }));
    }
    x = x.item;
    y = y.item;
  }
  return changes;
}

/**
 * The shape of an array parameter or result (`unwrapped`, `resultUnwrapped`) and what its items are: wrapped, their
 * names, nillability and form; unwrapped, whether they are nillable (their name is the element's, compared with it).
 */
export function siteArrayChanges(
  ctx: DiffContext,
  where: string,
  a: { readonly type: TypeRef; readonly unwrapped?: boolean },
  b: { readonly type: TypeRef; readonly unwrapped?: boolean },
  direction: string,
  response: boolean,
  request: boolean,
): Change[] {
  const shape = (x: { readonly unwrapped?: boolean }) => (x.unwrapped ? 'unwrapped' : 'wrapped');
  if (shape(a) !== shape(b)) {
    return [
      changeOf(ARRAY_WRAPPING_CHANGED, where, `changed from ${shape(a)} to ${shape(b)}, ${direction}`, {
        old: shape(a),
        new: shape(b),
      }),
    ];
  }
  if (a.unwrapped && a.type.kind === 'array' && b.type.kind === 'array') {
    const before = a.type.nillableItems === true || a.type.item.kind === 'nullable';
    const after = b.type.nillableItems === true || b.type.item.kind === 'nullable';
    if (before === after) return [];
    const rule = (after ? response : request) ? ARRAY_ITEM_NILLABLE_CHANGED : ARRAY_ITEM_NILLABLE_CHANGED_COMPATIBLE;
    const message = `items ${after ? 'became nillable' : 'no longer nillable'}, ${direction}`;
    return [changeOf(rule, `${where}[]`, message, { old: String(before), new: String(after) })];
  }
  return [
    ...itemNameChanges(ctx, where, a.type, b.type),
    ...itemNillableChanges(ctx, where, a.type, b.type, direction, response, request),
    ...itemFormChanges(ctx, where, a.type, b.type, direction),
  ];
}

/** Whether a wrapped array's items are nillable, as its array type says; `undefined` for unwrapped items. */
function itemsNillable(model: ServiceModel, ref: Extract<TypeRef, { kind: 'array' }>): boolean | undefined {
  return ref.arrayType === undefined ? undefined : model.arrayTypes.find((t) => t.name === ref.arrayType)?.itemNillable;
}

/**
 * Item names of two array references of the same type, outermost first (`Authors[]`, then `Authors[][]`). The
 * items of an unwrapped member are named by the member's XML name, compared by `member-xml-name-changed`.
 */
export function itemNameChanges(ctx: DiffContext, where: string, a: TypeRef, b: TypeRef, suffix = ''): Change[] {
  const changes: Change[] = [];
  let x: TypeRef = a;
  let y: TypeRef = b;
  let path = where;
  while (x.kind === 'array' && y.kind === 'array') {
    path += '[]';
    // Default item names follow the item type's name: a renamed type or changed item type says it.
    const defaults = x.itemName === defaultItemName(ctx.old, x.item) && y.itemName === defaultItemName(ctx.new, y.item);
    if (x.itemName !== y.itemName && !defaults) {
      const message = `item name changed from ${x.itemName} to ${y.itemName}${suffix}`;
      changes.push(changeOf(ARRAY_ITEM_NAME_CHANGED, path, message, { old: x.itemName, new: y.itemName }));
    }
    x = x.item;
    y = y.item;
  }
  return changes;
}

/** What an array's items are named when nothing renames them: the item type's XSD name, or its array type's. */
function defaultItemName(model: ServiceModel, item: TypeRef): string | undefined {
  switch (item.kind) {
    case 'builtin':
      return BUILTIN_TYPES[item.name].xsdName;
    case 'class':
    case 'enum':
      return model.types.find((t) => t.name === item.name)?.xmlName;
    case 'nullable':
      return defaultItemName(model, item.of);
    case 'array':
      return item.arrayType;
  }
}

function enumChanges(a: EnumTypeModel, b: EnumTypeModel, reach: TypeReach | undefined): Change[] {
  const r = reach ?? NOWHERE;
  const suffix = reach ? ` ${reachesText(reach)}` : '';
  const changes: Change[] = [];
  if (a.flags !== b.flags) {
    const message = `${b.flags ? 'became a flags enum' : 'no longer a flags enum'}${suffix}`;
    changes.push(changeOf(ENUM_FLAGS_CHANGED, typeWhere(a.name), message));
  }
  const taken = new Set<string>();
  const pairs = new Map<string, (typeof b.values)[number]>();
  for (const key of [
    (v: (typeof a.values)[number]) => `n ${v.name}`,
    (v: (typeof a.values)[number]) => `x ${v.xmlName}`,
  ]) {
    for (const v of a.values) {
      if (pairs.has(v.name)) continue;
      const w = b.values.find((x) => !taken.has(x.name) && key(x) === key(v));
      if (w) {
        pairs.set(v.name, w);
        taken.add(w.name);
      }
    }
  }
  for (const v of b.values.filter((x) => !taken.has(x.name))) {
    const rule = r.response ? ENUM_VALUE_ADDED : ENUM_VALUE_ADDED_TO_REQUEST;
    changes.push(
      changeOf(rule, enumValueWhere(a.name, v.name), `added (${v.xmlName}), ${directionText(r)}${suffix}`, {
        new: v.xmlName,
      }),
    );
  }
  for (const v of a.values) {
    const w = pairs.get(v.name);
    const where = enumValueWhere(a.name, v.name);
    if (!w) {
      const rule = r.request ? ENUM_VALUE_REMOVED : ENUM_VALUE_REMOVED_FROM_RESPONSE;
      changes.push(changeOf(rule, where, `removed (${v.xmlName}), ${directionText(r)}${suffix}`, { old: v.xmlName }));
    } else if (v.xmlName !== w.xmlName) {
      const message = `XML name changed from ${v.xmlName} to ${w.xmlName}${suffix}`;
      changes.push(changeOf(ENUM_VALUE_XML_NAME_CHANGED, where, message, { old: v.xmlName, new: w.xmlName }));
    }
  }
  return changes;
}

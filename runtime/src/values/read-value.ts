/**
 * The one reader of values: an element (a parameter, a result, a member, an array item, a SOAP header) into
 * its TypeScript value (docs/types.md), following only the service's type descriptions, on the server and in
 * the client alike. XmlSerializer's reading rules:
 *
 * - Members in any order; the first element of a member wins, later ones are skipped, as are unknown elements
 *   and elements of other namespaces. An unwrapped array collects its items wherever they are.
 * - Elements are in the service namespace, or where the type descriptions say (a class's namespace, a member's,
 *   none when unqualified); attributes unqualified unless qualified. An `[XmlText]` member is the element's text.
 * - Attributes are unqualified. An absent member: `undefined` for reference types and `{Name}Specified` ones,
 *   `null` for `T?`, else .NET's default (0, false, MinValue, the empty Guid, the zero enum value).
 * - `xsi:nil` is `null` at a nillable site and changes nothing elsewhere. `xsi:type` (its prefix resolved where
 *   it is written) picks a derived class, or types an `object` value.
 * - A value that does not convert is a `ValueReadError` at the runtime's position: where the reader stands
 *   after the element (`ReadElementString` has read it whole), or at the attribute's name. Element content
 *   where text belongs is a `MalformedValueError`.
 *
 * The rules are applied by readers compiled once per site type from the type descriptions, and kept per service
 * (its type table) and namespace: a class's members get slots, its element names a table of them, each member
 * its own reader and each text type its parser, so reading a value walks the element and nothing else.
 */
import type {
  ChoiceElementDescription,
  ClassDescription,
  MemberDescription,
  ValueType,
  XsdType,
} from '../xsd/type-description.js';
import { XSD_NS, XSI_NS } from '../soap/soap-constants.js';
import { isXsdType } from '../xsd/value-type.js';
import { attributeValue, textContent, type XmlElement } from '../xml/xml-reader.js';
import { defaultTextValue, isTextType, parseText, textParser } from './simple-values.js';
import { LexicalValueError, MalformedValueError, ValueReadError } from './value-errors.js';
import {
  choiceElement,
  classFamily,
  classNamed,
  declaredNameOf,
  isValueType,
  elementKey,
  memberIndex,
  XML_KINDS,
  type TypeTable,
  type ValueContext,
} from './value-kinds.js';
import { readFragment } from './read-fragment.js';

/** Whether the element says `xsi:nil="true"`. */
export function isNil(element: XmlElement): boolean {
  if (element.attributes.length === 0) return false;
  const nil = attributeValue(element, XSI_NS, 'nil')?.trim();
  return nil === 'true' || nil === '1';
}

/** The value of a present element at a site of `type`; `null` for `xsi:nil` where `nillable`. */
export function readValue(ctx: ValueContext, element: XmlElement, type: ValueType, nillable: boolean): unknown {
  return siteReader(readersOf(ctx), type, nillable)(element);
}

/** The value of an element at a choice site (one of `choice`'s elements): `{ $element, value }`. */
export function readChoice(
  ctx: ValueContext,
  element: XmlElement,
  choice: readonly ChoiceElementDescription[],
): { $element: string; value: unknown } {
  return choiceValue(readersOf(ctx), element, choice);
}

function choiceValue(
  readers: Readers,
  element: XmlElement,
  choice: readonly ChoiceElementDescription[],
): { $element: string; value: unknown } {
  const chosen = choiceElement(choice, element.localName)!;
  return { $element: chosen.element, value: siteReader(readers, chosen.type, chosen.nillable === true)(element) };
}

function readChoices(
  readers: Readers,
  items: readonly XmlElement[],
  choice: readonly ChoiceElementDescription[],
): unknown[] {
  return items.map((item) => choiceValue(readers, item, choice));
}

/** The child elements of `element` in the service namespace named as one of `choice`'s elements, in order. */
export function choiceChildren(
  ctx: ValueContext,
  element: XmlElement,
  choice: readonly ChoiceElementDescription[],
): XmlElement[] {
  const found: XmlElement[] = [];
  for (const child of element.children) {
    if (typeof child === 'string' || child.namespace !== ctx.namespace) continue;
    if (choiceElement(choice, child.localName) !== undefined) found.push(child);
  }
  return found;
}

/**
 * An unwrapped array (`[XmlElement]` on an array parameter or result): its items, each of `elements` (the site's
 * elements, in order, wherever they were) read as an item of `type`, or as one of `choice`'s elements; none is an
 * empty array, as XmlSerializer hands the method a 0-length one.
 */
export function readUnwrapped(
  ctx: ValueContext,
  elements: readonly XmlElement[],
  type: ValueType,
  choice?: readonly ChoiceElementDescription[],
): unknown[] {
  const readers = readersOf(ctx);
  if (choice) return readChoices(readers, elements, choice);
  const isArray = typeof type !== 'string' && 'array' in type;
  return elements.map(siteReader(readers, isArray ? type.array : type, isArray && type.nillable === true));
}

/**
 * The value of an absent site: `undefined` for reference types and optional ones, `null` for `T?`, .NET's
 * default for the other value types.
 */
export function absentValue(
  ctx: ValueContext,
  type: ValueType,
  site: { readonly nillable?: boolean | undefined; readonly optional?: boolean | undefined },
): unknown {
  if (site.optional || !isValueType(ctx.types, type)) return undefined;
  if (site.nillable) return null;
  if (typeof type !== 'string' && 'class' in type) {
    return readMembers(readersOf(ctx), planOf(readersOf(ctx), classNamed(ctx.types, type.class)), []);
  }
  if (type === 'timeSpan') return {};
  return defaultTextValue(ctx.types, type);
}

// --- Compiled readers ----------------------------------------------------------------------------------------------

/** Reads a present element at one site. */
type SiteReader = (element: XmlElement) => unknown;

/** The readers of one service's types in one namespace, made as sites ask for them. */
interface Readers {
  readonly ctx: ValueContext;
  /** By site type (the descriptions' own objects): the reader at a site that is not nillable, and at one that is. */
  readonly byType: WeakMap<object, [SiteReader | undefined, SiteReader | undefined]>;
  /** The same for types named by a string, and classes and enums by `class:{name}`, `enum:{name}`. */
  readonly byName: Map<string, [SiteReader | undefined, SiteReader | undefined]>;
  readonly plans: WeakMap<ClassDescription, ClassPlan>;
}

const readerSets = new WeakMap<TypeTable, Map<string, Readers>>();

function readersOf(ctx: ValueContext): Readers {
  let byNamespace = readerSets.get(ctx.types);
  if (byNamespace === undefined) {
    byNamespace = new Map();
    readerSets.set(ctx.types, byNamespace);
  }
  let readers = byNamespace.get(ctx.namespace);
  if (readers === undefined) {
    readers = {
      // One service's readers: its types table is its own, and so are its included arrays.
      ctx: {
        types: ctx.types,
        namespace: ctx.namespace,
        ...(ctx.anyArrays !== undefined && { anyArrays: ctx.anyArrays }),
      },
      byType: new WeakMap(),
      byName: new Map(),
      plans: new WeakMap(),
    };
    byNamespace.set(ctx.namespace, readers);
  }
  return readers;
}

function siteReader(readers: Readers, type: ValueType, nillable: boolean): SiteReader {
  let pair: [SiteReader | undefined, SiteReader | undefined] | undefined;
  // A class or an enum is its name (sites such as a SOAP header's make `{ class }` objects of their own).
  const name =
    typeof type === 'string'
      ? type
      : 'class' in type
        ? `class:${type.class}`
        : 'enum' in type
          ? `enum:${type.enum}`
          : undefined;
  if (name !== undefined) {
    pair = readers.byName.get(name);
    if (pair === undefined) readers.byName.set(name, (pair = [undefined, undefined]));
  } else {
    pair = readers.byType.get(type as object);
    if (pair === undefined) readers.byType.set(type as object, (pair = [undefined, undefined]));
  }
  const at = nillable ? 1 : 0;
  let reader = pair[at];
  if (reader === undefined) {
    const present = presentReader(readers, type);
    reader = nillable ? (element) => (isNil(element) ? null : present(element)) : present;
    pair[at] = reader;
  }
  return reader;
}

/** The reader of an element of `type` that is not nil. Readers of classes find their plan at their first value. */
function presentReader(readers: Readers, type: ValueType): SiteReader {
  const { ctx } = readers;
  if (isTextType(type)) {
    const parse = textParser(ctx.types, type);
    return (element) => readText(element, parse);
  }
  if (typeof type === 'string') {
    if (type === 'anyType') return (element) => readAny(readers, element);
    if (type === 'timeSpan') return () => ({});
    if (XML_KINDS.has(type)) return (element) => readXml(element, type);
    return () => {
      throw new TypeError(`No reader for ${type}.`);
    };
  }
  if ('class' in type) {
    const name = type.class;
    return (element) => readClass(readers, element, name, false);
  }
  if ('array' in type) {
    const { choice } = type;
    if (choice) return (element) => readChoices(readers, choiceChildren(ctx, element, choice), choice);
    const name = type.item;
    const namespace = type.unqualified ? '' : (type.namespace ?? ctx.namespace);
    const item = siteReader(readers, type.array, type.nillable);
    return (element) => {
      const values: unknown[] = [];
      for (const child of element.children) {
        if (typeof child !== 'string' && child.localName === name && child.namespace === namespace) {
          values.push(item(child));
        }
      }
      return values;
    };
  }
  return () => {
    throw new TypeError(`No reader for ${JSON.stringify(type)}.`);
  };
}

function readText(element: XmlElement, parse: (text: string) => unknown): unknown {
  const text = textContent(element);
  if (text === undefined) throw new MalformedValueError(`${element.localName} has element content.`);
  return parseAt(parse, text, element, undefined);
}

/** `parse(text)`; a lexical error at the position after `element`, or at its attribute `attribute`'s name. */
function parseAt(parse: (text: string) => unknown, text: string, element: XmlElement, attribute: string | undefined) {
  try {
    return parse(text);
  } catch (error) {
    if (!(error instanceof LexicalValueError)) throw error;
    const { line, column } = attribute === undefined ? element.positionAfter() : element.attributePosition(attribute);
    throw new ValueReadError(error.message, line, column);
  }
}

/** `xsi:type`'s value, resolved: `{namespace}local`, or undefined without one. */
function xsiType(element: XmlElement): { namespace: string; localName: string } | undefined {
  const raw = element.attributes.length === 0 ? undefined : attributeValue(element, XSI_NS, 'type')?.trim();
  if (raw === undefined) return undefined;
  const colon = raw.indexOf(':');
  const prefix = colon === -1 ? '' : raw.slice(0, colon);
  return { namespace: element.scope.get(prefix) ?? '', localName: raw.slice(colon + 1) };
}

function unknownType(element: XmlElement, type: { namespace: string; localName: string }): never {
  const { line, column } = element.position();
  throw new ValueReadError(
    `The specified type was not recognized: name='${type.localName}', namespace='${type.namespace}', ` +
      `at <${element.localName} xmlns='${element.namespace}'>.`,
    line,
    column,
  );
}

function readClass(readers: Readers, element: XmlElement, name: string, alwaysTyped: boolean): object {
  const { ctx } = readers;
  let actual = name;
  const named = xsiType(element);
  if (named !== undefined) {
    const found = declaredNameOf(
      ctx.types,
      classFamily(ctx.types, name).filter((n) => (ctx.types[n]!.namespace ?? ctx.namespace) === named.namespace),
      named.localName,
    );
    if (found === undefined) unknownType(element, named);
    actual = found!;
  }
  const description = classNamed(ctx.types, actual);
  // A derived class's value always names its type (its TypeScript interface requires `$type`); a root class's
  // only when the element named a type other than the site's.
  const typed = actual !== name || alwaysTyped || description.base !== undefined;
  return readMembers(
    readers,
    planOf(readers, description),
    element.children,
    element,
    typed ? description.xmlName : undefined,
  );
}

/** How a member is read: by its form, and for an element member whether it is an unwrapped array. */
const enum MemberRead {
  Element,
  Unwrapped,
  Attribute,
  Text,
  Any,
}

/** A class's reading, made once: its members in slots, each with what reads it. */
interface ClassPlan {
  readonly members: readonly MemberDescription[];
  readonly kinds: readonly MemberRead[];
  /** Element members by `elementKey` (as `memberIndex` keys them): their slot. */
  readonly slots: ReadonlyMap<string, number>;
  /** Per slot: the reader of the member's element (of an unwrapped array's items), or its text's parser. */
  readonly readers: readonly SiteReader[];
  readonly parsers: readonly ((text: string) => unknown)[];
  /** The slots of the attribute members, in declaration order. */
  readonly attributes: readonly number[];
  readonly hasAny: boolean;
}

function planOf(readers: Readers, description: ClassDescription): ClassPlan {
  let plan = readers.plans.get(description);
  if (plan !== undefined) return plan;
  const { ctx } = readers;
  const index = memberIndex(description);
  const members = description.members;
  const slotOf = new Map(members.map((member, slot) => [member, slot]));
  const slots = new Map<string, number>();
  for (const [key, member] of index.elements) slots.set(key, slotOf.get(member)!);
  const kinds: MemberRead[] = [];
  const siteReaders: SiteReader[] = [];
  const parsers: ((text: string) => unknown)[] = [];
  const unread: SiteReader = () => undefined;
  const unparsed = (text: string): unknown => text;
  for (const member of members) {
    const { type } = member;
    let kind: MemberRead;
    let reader = unread;
    let parse = unparsed;
    if (member.form === 'any') kind = MemberRead.Any;
    else if (member.form === 'text' || member.form === 'attribute') {
      kind = member.form === 'text' ? MemberRead.Text : MemberRead.Attribute;
      // A text member of a type that is not text fails when a value is read, as it always did.
      parse = (text) => parseText(ctx.types, type, text);
      if (isTextType(type)) parse = textParser(ctx.types, type);
    } else if (member.unwrapped) {
      kind = MemberRead.Unwrapped;
      const isArray = typeof type !== 'string' && 'array' in type;
      if (!member.choice) reader = siteReader(readers, isArray ? type.array : type, isArray && type.nillable === true);
    } else {
      kind = MemberRead.Element;
      if (!member.choice) reader = siteReader(readers, type, member.nillable === true);
    }
    kinds.push(kind);
    siteReaders.push(reader);
    parsers.push(parse);
  }
  plan = {
    members,
    kinds,
    slots,
    readers: siteReaders,
    parsers,
    attributes: index.attributes.map((member) => slotOf.get(member)!),
    hasAny: index.any !== undefined,
  };
  readers.plans.set(description, plan);
  return plan;
}

/** Marks a slot no element has filled. */
const UNREAD: unique symbol = Symbol('unread');

function readMembers(
  readers: Readers,
  plan: ClassPlan,
  children: readonly (XmlElement | string)[],
  element?: XmlElement,
  /** The value's `$type`, its first property, when it names one. */
  $type?: string,
): Record<string, unknown> {
  const { ctx } = readers;
  const { members, kinds } = plan;
  const count = members.length;
  const read: unknown[] = new Array<unknown>(count);
  for (let slot = 0; slot < count; slot++) read[slot] = UNREAD;
  // Made only for a class that has unwrapped arrays, or an `any` member.
  let items: XmlElement[][] | undefined;
  let unclaimed: XmlElement[] | undefined;
  if (element !== undefined && element.attributes.length > 0) {
    for (const slot of plan.attributes) {
      const member = members[slot]!;
      const namespace = member.namespace ?? '';
      const attribute = element.attributes.find((a) => a.localName === member.xmlName && a.namespace === namespace);
      if (attribute !== undefined) {
        read[slot] = parseAt(plan.parsers[slot]!, attribute.value, element, attribute.qualifiedName);
      }
    }
  }
  const namespace = ctx.namespace;
  for (const child of children) {
    if (typeof child === 'string') continue;
    const slot = plan.slots.get(
      child.namespace === namespace ? child.localName : elementKey(child.namespace, child.localName),
    );
    if (slot === undefined) {
      if (plan.hasAny) (unclaimed ??= []).push(child);
      continue;
    }
    if (kinds[slot] === MemberRead.Unwrapped) {
      items ??= [];
      (items[slot] ??= []).push(child);
    } else if (read[slot] === UNREAD) {
      const { choice } = members[slot]!;
      read[slot] = choice ? choiceValue(readers, child, choice) : plan.readers[slot]!(child);
    }
  }
  const value: Record<string, unknown> = $type === undefined ? {} : { $type };
  for (let slot = 0; slot < count; slot++) {
    const member = members[slot]!;
    const kind = kinds[slot];
    let memberValue: unknown;
    if (kind === MemberRead.Any) {
      memberValue = unclaimed === undefined ? undefined : readFragment(unclaimed);
    } else if (kind === MemberRead.Text) {
      // `[XmlText]`: the element's text (absent when the element is empty, as for any reference type).
      const text = element === undefined ? undefined : textContent(element);
      if (element !== undefined && text === undefined) {
        throw new MalformedValueError(`${element.localName} has element content.`);
      }
      memberValue =
        text === undefined || (text === '' && member.type !== 'string')
          ? absentValue(ctx, member.type, member)
          : parseAt(plan.parsers[slot]!, text, element!, undefined);
    } else if (kind === MemberRead.Unwrapped) {
      const list = items?.[slot];
      memberValue =
        list === undefined
          ? undefined
          : member.choice
            ? readChoices(readers, list, member.choice)
            : list.map(plan.readers[slot]!);
    } else if (read[slot] !== UNREAD) {
      memberValue = read[slot];
    } else if (member.default !== undefined && isTextType(member.type)) {
      memberValue = parseText(ctx.types, member.type, member.default);
    } else {
      memberValue = absentValue(ctx, member.type, member);
    }
    if (memberValue !== undefined) value[member.name] = memberValue;
  }
  return value;
}

function readXml(element: XmlElement, type: string): unknown {
  const children = element.children;
  if (type === 'xmlElement') {
    const first = children.find((child): child is XmlElement => typeof child !== 'string');
    return first === undefined ? undefined : readFragment([first]);
  }
  return children.length === 0 ? undefined : readFragment([element], true);
}

/** An `object` value: typed by `xsi:type`, `null` for `xsi:nil`, else its content as an `XmlFragment`. */
function readAny(readers: Readers, element: XmlElement): unknown {
  const { ctx } = readers;
  if (isNil(element)) return null;
  const named = xsiType(element);
  if (named === undefined) return readFragment([element], true);
  if (named.namespace === XSD_NS && isXsdType(named.localName as XsdType)) {
    const type = named.localName as XsdType;
    return { $type: type, value: siteReader(readers, type, false)(element) };
  }
  const array = named.namespace === ctx.namespace ? ctx.anyArrays?.[named.localName] : undefined;
  if (array !== undefined) return { $type: named.localName, value: siteReader(readers, array, false)(element) };
  const candidates = Object.keys(ctx.types).filter(
    (n) => (ctx.types[n]!.namespace ?? ctx.namespace) === named.namespace,
  );
  if (candidates.length > 0) {
    const name = declaredNameOf(ctx.types, candidates, named.localName);
    const description = name === undefined ? undefined : ctx.types[name];
    if (description?.kind === 'class') return readClass(readers, element, name!, true);
    if (description?.kind === 'enum') {
      return { $type: description.xmlName, value: readText(element, textParser(ctx.types, { enum: name! })) };
    }
  }
  return unknownType(element, named);
}

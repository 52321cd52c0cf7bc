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
import { defaultTextValue, isTextType, parseText } from './simple-values.js';
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
  if (nillable && isNil(element)) return null;
  if (isTextType(type)) return readText(ctx, element, type);
  if (typeof type === 'string') {
    if (type === 'anyType') return readAny(ctx, element);
    if (type === 'timeSpan') return {};
    if (XML_KINDS.has(type)) return readXml(element, type);
    throw new TypeError(`No reader for ${type}.`);
  }
  if ('class' in type) return readClass(ctx, element, type.class, false);
  if ('array' in type) {
    if (type.choice) return readChoices(ctx, choiceChildren(ctx, element, type.choice), type.choice);
    const items = childrenNamed(element, type.item, type.unqualified ? '' : (type.namespace ?? ctx.namespace));
    return readItems(ctx, items, type.array, type.nillable);
  }
  throw new TypeError(`No reader for ${JSON.stringify(type)}.`);
}

/** The value of an element at a choice site (one of `choice`'s elements): `{ $element, value }`. */
export function readChoice(
  ctx: ValueContext,
  element: XmlElement,
  choice: readonly ChoiceElementDescription[],
): { $element: string; value: unknown } {
  const chosen = choiceElement(choice, element.localName)!;
  return { $element: chosen.element, value: readValue(ctx, element, chosen.type, chosen.nillable === true) };
}

function readChoices(
  ctx: ValueContext,
  items: readonly XmlElement[],
  choice: readonly ChoiceElementDescription[],
): unknown[] {
  return items.map((item) => readChoice(ctx, item, choice));
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
  if (typeof type !== 'string' && 'class' in type) return readMembers(ctx, classNamed(ctx.types, type.class), []);
  if (type === 'timeSpan') return {};
  return defaultTextValue(ctx.types, type);
}

function readText(ctx: ValueContext, element: XmlElement, type: ValueType): unknown {
  const text = textContent(element);
  if (text === undefined) throw new MalformedValueError(`${element.localName} has element content.`);
  return parseAt(ctx, type, text, () => element.positionAfter());
}

function parseAt(
  ctx: ValueContext,
  type: ValueType,
  text: string,
  at: () => { readonly line: number; readonly column: number },
): unknown {
  try {
    return parseText(ctx.types, type, text);
  } catch (error) {
    if (!(error instanceof LexicalValueError)) throw error;
    const { line, column } = at();
    throw new ValueReadError(error.message, line, column);
  }
}

/** The child elements of `element` in `namespace` named `name`. */
function childrenNamed(element: XmlElement, name: string, namespace: string): XmlElement[] {
  const found: XmlElement[] = [];
  for (const child of element.children) {
    if (typeof child !== 'string' && child.localName === name && child.namespace === namespace) found.push(child);
  }
  return found;
}

function readItems(ctx: ValueContext, items: readonly XmlElement[], type: ValueType, nillable: boolean): unknown[] {
  return items.map((item) => readValue(ctx, item, type, nillable));
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

function readClass(ctx: ValueContext, element: XmlElement, name: string, alwaysTyped: boolean): object {
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
  const value = readMembers(ctx, description, element.children, element);
  // A derived class's value always names its type (its TypeScript interface requires `$type`); a root class's
  // only when the element named a type other than the site's.
  if (actual === name && !alwaysTyped && description.base === undefined) return value;
  return { $type: description.xmlName, ...value };
}

function readMembers(
  ctx: ValueContext,
  description: ClassDescription,
  children: readonly (XmlElement | string)[],
  element?: XmlElement,
): Record<string, unknown> {
  const index = memberIndex(description);
  const read = new Map<MemberDescription, unknown>();
  // Made only for a class that has unwrapped arrays, or an `any` member.
  let items: Map<MemberDescription, XmlElement[]> | undefined;
  let unclaimed: XmlElement[] | undefined;
  for (const member of index.attributes) {
    const namespace = member.namespace ?? '';
    const attribute = element?.attributes.find((a) => a.localName === member.xmlName && a.namespace === namespace);
    if (attribute !== undefined) {
      read.set(
        member,
        parseAt(ctx, member.type, attribute.value, () => element!.attributePosition(attribute.qualifiedName)),
      );
    }
  }
  for (const child of children) {
    if (typeof child === 'string') continue;
    const member = index.elements.get(
      elementKey(child.namespace === ctx.namespace ? undefined : child.namespace, child.localName),
    );
    if (member === undefined) {
      if (index.any !== undefined) (unclaimed ??= []).push(child);
      continue;
    }
    if (member.unwrapped) {
      items ??= new Map();
      const list = items.get(member) ?? [];
      items.set(member, list);
      list.push(child);
    } else if (!read.has(member)) {
      read.set(
        member,
        member.choice
          ? readChoice(ctx, child, member.choice)
          : readValue(ctx, child, member.type, member.nillable === true),
      );
    }
  }
  const value: Record<string, unknown> = {};
  for (const member of description.members) {
    let memberValue: unknown;
    if (member.form === 'any') {
      memberValue = unclaimed === undefined ? undefined : readFragment(unclaimed);
    } else if (member.form === 'text') {
      // `[XmlText]`: the element's text (absent when the element is empty, as for any reference type).
      const text = element === undefined ? undefined : textContent(element);
      if (element !== undefined && text === undefined) {
        throw new MalformedValueError(`${element.localName} has element content.`);
      }
      memberValue =
        text === undefined || (text === '' && member.type !== 'string')
          ? absentValue(ctx, member.type, member)
          : parseAt(ctx, member.type, text, () => element!.positionAfter());
    } else if (member.unwrapped) {
      const list = items?.get(member);
      const type = member.type;
      const itemType = typeof type !== 'string' && 'array' in type ? type.array : type;
      const nillable = typeof type !== 'string' && 'array' in type && type.nillable;
      memberValue =
        list === undefined
          ? undefined
          : member.choice
            ? readChoices(ctx, list, member.choice)
            : readItems(ctx, list, itemType, nillable);
    } else if (read.has(member)) {
      memberValue = read.get(member);
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
function readAny(ctx: ValueContext, element: XmlElement): unknown {
  if (isNil(element)) return null;
  const named = xsiType(element);
  if (named === undefined) return readFragment([element], true);
  if (named.namespace === XSD_NS && isXsdType(named.localName as XsdType)) {
    return { $type: named.localName, value: readText(ctx, element, named.localName as XsdType) };
  }
  const candidates = Object.keys(ctx.types).filter(
    (n) => (ctx.types[n]!.namespace ?? ctx.namespace) === named.namespace,
  );
  if (candidates.length > 0) {
    const name = declaredNameOf(ctx.types, candidates, named.localName);
    const description = name === undefined ? undefined : ctx.types[name];
    if (description?.kind === 'class') return readClass(ctx, element, name!, true);
    if (description?.kind === 'enum') {
      return { $type: description.xmlName, value: readText(ctx, element, { enum: name! }) };
    }
  }
  return unknownType(element, named);
}

/**
 * The one writer of values: a TypeScript value (docs/types.md) as the element ASMX writes for it, following
 * only the service's type descriptions, for the server's replies and the client's requests alike.
 * XmlSerializer's writing rules:
 *
 * - Members inherited first, in declaration order; attributes after `xsi:type`; `<e />` for an empty element.
 * - `null` at a nillable site is `<e xsi:nil="true" />`; an absent reference (or `{Name}Specified`) member is
 *   left out; a value type left undefined is the caller's bug (`TypeError`). `[DefaultValue]` values are left
 *   out.
 * - A derived class value (`$type`) carries `xsi:type`; an `object` value always names its type
 *   (`xsi:type="xsd:int"`, `xsi:type="Author"`) unless it is raw content.
 * - Arrays: wrapped, one item element each (`xsi:nil` items where nillable), in the array type's namespace (the
 *   service's, or that of the class whose member the array is); unwrapped, the items in the member's place, null
 *   items `xsi:nil` where nillable (`[XmlElement(IsNullable = true)]`), else left out.
 * - Raw XML as it is, its top default-namespace declaration left out where it is the service's.
 * - Elements are in the service namespace, declared by the caller at the top; a member in another namespace (its
 *   class's `[XmlType(Namespace)]`, `[XmlElement(Namespace)]`, or none when unqualified) declares it as the
 *   default namespace on its element, for its content too. A qualified attribute, and an element of a namespace
 *   such an attribute bound a prefix to, are written with XmlTextWriter's prefixes (`namespace-prefixes.ts`).
 *   An `[XmlText]` member is the element's text, after the attributes.
 * - `xsi` and `xsd` are declared at the top (the SOAP envelope, a document's `lead`), or, in an HTTP GET/POST
 *   document, where XmlSerializer declares them (`DocumentDeclarations`, `namespace-prefixes.ts`): not on the
 *   root when it holds an `object`'s array, enum or simple value, whose `xsi:type` then takes `d1p1`.
 *
 * With `pretty`, elements with element content are indented by two spaces (the HTTP GET/POST documents).
 *
 * The server's SOAP reply sites are written by writers compiled once from the type descriptions
 * (`compiled-writer.ts`), which give what this writer gives (a test compares both) and leave to it what they do not
 * cover and every error.
 */
import type {
  ChoiceElementDescription,
  ClassDescription,
  MemberDescription,
  ValueType,
} from '../xsd/type-description.js';
import { isXsdType } from '../xsd/value-type.js';
import { escapeXmlAttr, escapeXmlText } from '../xml/xml-escape.js';
import { XSD_NS, XSI_NS } from '../soap/soap-constants.js';
import { hasForbiddenCharacter } from '../xml/xml-lexical.js';
import { httpTypeOf } from './data-type-values.js';
import {
  DocumentDeclarations,
  ElementPrefixes,
  NO_PREFIXES,
  prefixOf,
  type PrefixScope,
} from './namespace-prefixes.js';
import { formatText, isTextType } from './simple-values.js';
import {
  choiceElement,
  classFamily,
  classNamed,
  declaredNameOf,
  isValueType,
  XML_KINDS,
  type ValueContext,
} from './value-kinds.js';
import { article, shapeError, withPlace } from './shape-error.js';
import { XmlFragment } from './xml-fragment.js';

export interface WriteSite {
  readonly nillable?: boolean | undefined;
  readonly optional?: boolean | undefined;
  readonly default?: string | undefined;
}

export interface WriteOptions {
  /** Attributes (with their leading space) written first: namespace declarations of a document's root. */
  readonly lead?: string;
  /** Attributes written last: `xmlns="…"` of a root or a SOAP header. */
  readonly tail?: string;
  /** Indent by two spaces per level. */
  readonly pretty?: boolean;
  /** The element's depth, for `pretty`. */
  readonly depth?: number;
  /** The element's namespace; the service namespace when omitted. */
  readonly namespace?: string | undefined;
  /** The default namespace in scope where the element is written; the service namespace when omitted. */
  readonly scope?: string | undefined;
  /** The element's depth in its document (XmlTextWriter's: the SOAP envelope 1, an HTTP root 1); 1 when omitted. */
  readonly level?: number | undefined;
  /** The namespace prefixes in scope where the element is written; none when omitted. */
  readonly prefixes?: PrefixScope | undefined;
  /**
   * An HTTP GET/POST document's `xsd` and `xsi` declarations, written where XmlSerializer writes them
   * (`DocumentDeclarations`); when omitted they are in scope as `xsd:` and `xsi:` (declared on the SOAP envelope, or
   * by `lead`).
   */
  readonly declarations?: DocumentDeclarations | undefined;
}

const NO_OPTIONS: WriteOptions = {};

/**
 * `options` with another tail or namespace, as an object of one fixed shape (`writeOptions`). Spreading the
 * caller's options (`{ ...options, tail }`) made objects of many shapes, which V8 copies on its slow path into
 * dictionary-mode objects, slow to read: about four fifths of the time of writing a class value went there.
 */
function withTail(options: WriteOptions, tail: string): WriteOptions {
  return writeOptions(
    options.lead,
    tail,
    options.pretty,
    options.depth,
    options.namespace,
    options.scope,
    options.level,
    options.prefixes,
    options.declarations,
  );
}

function inNamespace(options: WriteOptions, namespace: string | undefined): WriteOptions {
  return writeOptions(
    options.lead,
    options.tail,
    options.pretty,
    options.depth,
    namespace,
    options.scope,
    options.level,
    options.prefixes,
    options.declarations,
  );
}

function writeOptions(
  lead: string | undefined,
  tail: string | undefined,
  pretty: boolean | undefined,
  depth: number | undefined,
  namespace: string | undefined,
  scope: string | undefined,
  level: number | undefined,
  prefixes: PrefixScope | undefined,
  declarations: DocumentDeclarations | undefined,
): WriteOptions {
  return { lead, tail, pretty, depth, namespace, scope, level, prefixes, declarations };
}

/** The element for `value` at a site of `type` named `name`; `''` when it is left out. */
export function writeValue(
  ctx: ValueContext,
  name: string,
  type: ValueType,
  value: unknown,
  site: WriteSite,
  options: WriteOptions = NO_OPTIONS,
): string {
  const lead = options.lead ?? '';
  const start = elementStart(ctx, name, options);
  name = start.name;
  const tail = (options.tail ?? '') + start.declaration;
  if (value === null || value === undefined) {
    // An `object` value of null is `xsi:nil` (AnyValue), wherever it is.
    const nil = site.nillable || (type === 'anyType' && value === null);
    if (nil && !(site.optional && value === undefined)) {
      const opened = open(options);
      return `<${name}${lead}${opened.text} ${xsiPrefix(opened.scope)}:nil="true"${tail} />`;
    }
    if (!site.optional && isValueType(ctx.types, type)) throw shapeError(expectedOf(type), value);
    return '';
  }
  if (isTextType(type)) {
    const lexical = textOf(ctx, type, value);
    if (site.default !== undefined && lexical === site.default) return '';
    // XmlSerializer writes empty hexBinary with an end tag (WriteBinHex opens content), as the real runtime does.
    if (lexical === '' && type === 'hexBinary') return `<${name}${lead}${tail}></${name}>`;
    return textElement(name, lead, tail, lexical);
  }
  if (typeof type === 'string') {
    if (type === 'anyType') return writeAny(ctx, name, value, withTail(options, tail), start.content);
    if (type === 'timeSpan') return `<${name}${lead}${open(options).text}${tail} />`;
    if (XML_KINDS.has(type)) return rawElement(ctx, name, lead + open(options).text, tail, value);
    throw new TypeError(`No writer for ${type}.`);
  }
  if ('class' in type) return writeClass(ctx, name, type.class, value, false, withTail(options, tail), start.content);
  if ('array' in type) {
    if (!Array.isArray(value)) throw shapeError('an array', value);
    // Array items are in their array type's namespace: the service's, or that of the class the array is a member of;
    // in none when unqualified (`[XmlArrayItem(Form = XmlSchemaForm.Unqualified)]`).
    const namespace = type.unqualified ? '' : type.namespace;
    const opened = open(options);
    const inner = inNamespace(childOptions(options, start.content, opened.scope), namespace);
    const choice = type.choice;
    const items = value.map((item, index) => {
      try {
        return choice
          ? writeChoice(ctx, choice, item, inner)
          : writeValue(ctx, type.item, type.array, item, { nillable: type.nillable }, inner);
      } catch (error) {
        throw withPlace(error, `[${index}]`);
      }
    });
    return container(name, lead + opened.text + tail, items, options);
  }
  throw new TypeError(`No writer for ${JSON.stringify(type)}.`);
}

/**
 * What an element XmlSerializer opens itself declares first (`DocumentDeclarations`), and the prefixes in scope for
 * its attributes and content.
 */
function open(options: WriteOptions): { readonly text: string; readonly scope: PrefixScope | undefined } {
  const declarations = options.declarations;
  if (declarations !== undefined) return declarations.open(options.prefixes ?? NO_PREFIXES);
  return options.prefixes === undefined ? NOTHING_OPENED : { text: '', scope: options.prefixes };
}

const NOTHING_OPENED = { text: '', scope: undefined };

/** The prefix of an `xsi:` attribute: the one in scope bound to xsi, else `xsi`, declared at the top. */
function xsiPrefix(scope: PrefixScope | undefined): string {
  return (scope === undefined ? undefined : prefixOf(scope, XSI_NS)) ?? 'xsi';
}

interface ElementStart {
  /** The element's name, with the prefix in scope bound to its namespace, if any. */
  readonly name: string;
  /** ` xmlns="…"` where the element's namespace is neither prefixed nor the default one in scope. */
  readonly declaration: string;
  /** The default namespace in scope for the element's content. */
  readonly content: string;
}

function elementStart(ctx: ValueContext, name: string, options: WriteOptions): ElementStart {
  const namespace = options.namespace ?? ctx.namespace;
  const inScope = options.scope ?? ctx.namespace;
  const prefix = options.prefixes === undefined ? undefined : prefixOf(options.prefixes, namespace);
  if (prefix !== undefined) return { name: `${prefix}:${name}`, declaration: '', content: inScope };
  const declaration = namespace === inScope ? '' : ` xmlns="${escapeXmlAttr(namespace)}"`;
  return { name, declaration, content: namespace };
}

/** The options of a child element written inside the element `options` describe. */
function childOptions(options: WriteOptions, scope: string, prefixes: PrefixScope | undefined): WriteOptions {
  const inner = prefixes?.length === 0 ? undefined : prefixes;
  return writeOptions(
    undefined,
    undefined,
    options.pretty,
    (options.depth ?? 0) + 1,
    undefined,
    scope,
    (options.level ?? 1) + 1,
    inner,
    options.declarations,
  );
}

/**
 * A value at a choice site, `{ $element, value }`: the element it names, of that element's type. A `null` or
 * `undefined` item or value is nothing in the site's place, as XmlSerializer writes a null at a choice (it picks the
 * element by the value's type, and null has none), also where the element is nillable.
 */
export function writeChoice(
  ctx: ValueContext,
  choice: readonly ChoiceElementDescription[],
  value: unknown,
  options: WriteOptions = NO_OPTIONS,
): string {
  if (value === null || value === undefined) return '';
  const named =
    typeof value === 'object' && '$element' in value ? (value as { $element: unknown }).$element : undefined;
  const chosen = typeof named === 'string' ? choiceElement(choice, named) : undefined;
  if (chosen === undefined) {
    const names = choice.map((c) => `'${c.element}'`).join(', ');
    throw new TypeError(`A choice value is { $element, value }, $element one of ${names}.`);
  }
  const inner = (value as { value?: unknown }).value;
  if (inner === null || inner === undefined) return '';
  return writeValue(ctx, chosen.element, chosen.type, inner, { nillable: chosen.nillable }, options);
}

/** `an xsd:int`, `a CartItem`, `a Color value`, `an array`: what a site of `type` takes. */
function expectedOf(type: ValueType): string {
  if (typeof type === 'string') return isXsdType(type) ? `an xsd:${type}` : `${article(type)} ${type}`;
  if ('class' in type) return `${article(type.class)} ${type.class}`;
  if ('enum' in type) return `${article(type.enum)} ${type.enum} value`;
  return 'an array';
}

function textOf(ctx: ValueContext, type: ValueType, value: unknown): string {
  const lexical = formatText(ctx.types, type, value);
  if ((type === 'string' || httpTypeOf(type) === 'string') && hasForbiddenCharacter(lexical))
    throw new TypeError('A string XML 1.0 cannot carry.');
  return lexical;
}

function textElement(name: string, lead: string, tail: string, lexical: string): string {
  return lexical === '' ? `<${name}${lead}${tail} />` : `<${name}${lead}${tail}>${escapeXmlText(lexical)}</${name}>`;
}

/** An element of child elements (each already written), indented when `pretty`. */
function container(name: string, attributes: string, children: readonly string[], options: WriteOptions): string {
  if (!options.pretty) {
    // Appended, not joined: the reply is flattened once when it is encoded, where each level's join copied all of
    // its content again.
    let text = '';
    for (const child of children) text += child;
    return text === '' ? `<${name}${attributes} />` : `<${name}${attributes}>${text}</${name}>`;
  }
  const content = children.filter((child) => child !== '');
  if (content.length === 0) return `<${name}${attributes} />`;
  const depth = options.depth ?? 0;
  const inner = `\n${'  '.repeat(depth + 1)}`;
  return `<${name}${attributes}>${inner}${content.join(inner)}\n${'  '.repeat(depth)}</${name}>`;
}

function writeClass(
  ctx: ValueContext,
  name: string,
  declared: string,
  value: unknown,
  alwaysTyped: boolean,
  options: WriteOptions,
  content: string,
): string {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof XmlFragment) {
    throw shapeError(`${article(declared)} ${declared}`, value);
  }
  const object = value as Record<string, unknown>;
  const declaredDescription = classNamed(ctx.types, declared);
  let actual = declared;
  const $type = object.$type;
  if ($type !== undefined && $type !== declaredDescription.xmlName) {
    const found = declaredNameOf(ctx.types, classFamily(ctx.types, declared), String($type));
    if (found === undefined) throw new TypeError(`${String($type)} is not ${declared} nor a class derived from it.`);
    actual = found;
  }
  const description = classNamed(ctx.types, actual);
  if (description.abstract) throw new TypeError(`${actual} is abstract: a value must name a derived class.`);
  const opened = open(options);
  let attributes = (options.lead ?? '') + opened.text;
  let scope = opened.scope ?? NO_PREFIXES;
  if (actual !== declared || alwaysTyped) {
    const typed = typeAttribute(ctx, description, scope, content, options.declarations);
    attributes += typed.text;
    if (typed.declared) scope = [...scope, typed.declared];
  }
  const prefixes = new ElementPrefixes(scope, options.level ?? 1);
  attributes += memberAttributes(ctx, description, object, prefixes);
  attributes += prefixes.declarations() + (options.tail ?? '');
  const inner = childOptions(options, content, prefixes.inner());
  const children: string[] = [];
  for (const member of description.members) {
    if (member.form === 'attribute') continue;
    if (member.form === 'text') {
      const text = object[member.name];
      if (text === null || text === undefined) continue;
      const lexical = textOf(ctx, member.type, text);
      return textElement(name, attributes, '', lexical);
    }
    try {
      writeMember(ctx, member, object[member.name], inner, children);
    } catch (error) {
      throw withPlace(error, `.${member.name}`);
    }
  }
  return container(name, attributes, children, options);
}

/**
 * `xsi:type` naming a class: with the prefix in scope bound to its namespace, else unprefixed in the element's
 * default namespace, else with `q1` (the document's next `q{n}` where it counts them) declared before it (in scope
 * for the content).
 */
function typeAttribute(
  ctx: ValueContext,
  description: ClassDescription,
  scope: PrefixScope,
  content: string,
  declarations: DocumentDeclarations | undefined,
): { readonly text: string; readonly declared?: { prefix: string; namespace: string } } {
  const namespace = description.namespace ?? ctx.namespace;
  const xmlName = escapeXmlAttr(description.xmlName);
  const xsi = xsiPrefix(scope);
  const prefix = prefixOf(scope, namespace);
  if (prefix !== undefined) return { text: ` ${xsi}:type="${prefix}:${xmlName}"` };
  if (namespace === content) return { text: ` ${xsi}:type="${xmlName}"` };
  const made = declarations?.qualifier(scope, namespace) ?? {
    prefix: 'q1',
    declaration: ` xmlns:q1="${escapeXmlAttr(namespace)}"`,
  };
  return {
    text: `${made.declaration} ${xsi}:type="${made.prefix}:${xmlName}"`,
    declared: { prefix: made.prefix, namespace },
  };
}

function memberAttributes(
  ctx: ValueContext,
  description: ClassDescription,
  object: Record<string, unknown>,
  prefixes: ElementPrefixes,
): string {
  let attributes = '';
  for (const member of description.members) {
    if (member.form !== 'attribute') continue;
    const value = object[member.name];
    if (value === null || value === undefined) {
      // An attribute with a default ([DefaultValue]) is left out when it holds the default, so absent means it.
      if (!member.optional && member.default === undefined && isValueType(ctx.types, member.type)) {
        throw shapeError(expectedOf(member.type), value).at(`.${member.name}`);
      }
      continue;
    }
    let lexical: string;
    try {
      lexical = textOf(ctx, member.type, value);
    } catch (error) {
      throw withPlace(error, `.${member.name}`);
    }
    if (member.default !== undefined && lexical === member.default) continue;
    if (member.namespace === undefined) {
      attributes += ` ${member.xmlName}="${escapeXmlAttr(lexical)}"`;
    } else {
      // A qualified attribute: its namespace needs a prefix (declared at the end of the start tag when made).
      const prefix = prefixes.attributePrefix(member.namespace);
      attributes += ` ${prefix}:${member.xmlName}="${escapeXmlAttr(lexical)}"`;
    }
  }
  return attributes;
}

function writeMember(
  ctx: ValueContext,
  member: MemberDescription,
  value: unknown,
  options: WriteOptions,
  out: string[],
): void {
  if (member.form === 'any') {
    if (value !== undefined && value !== null) out.push(fragmentText(ctx, value));
    return;
  }
  const type = member.type;
  if (member.unwrapped) {
    writeUnwrapped(ctx, member.xmlName, type, member.choice, value, options, member.namespace, out);
    return;
  }
  if (member.choice) {
    out.push(writeChoice(ctx, member.choice, value, options));
    return;
  }
  out.push(writeValue(ctx, member.xmlName, type, value, member, inNamespace(options, member.namespace)));
}

/**
 * An unwrapped array (`[XmlElement]` on an array member, parameter or result): each item, in order, as an element
 * named `name` (of `namespace`; the service's when `undefined`) appended to `out`, with no element around them.
 * `null` or `undefined` is no element at all; a `null` item is `xsi:nil` where the items are nillable
 * (`[XmlElement(IsNullable = true)]`), else left out, as an `undefined` one is. A choice's items are the elements
 * they name.
 *
 * @param options where the items are written (their depth, level and the namespace in scope)
 */
export function writeUnwrapped(
  ctx: ValueContext,
  name: string,
  type: ValueType,
  choice: readonly ChoiceElementDescription[] | undefined,
  value: unknown,
  options: WriteOptions,
  namespace: string | undefined,
  out: string[],
): void {
  if (value === null || value === undefined) return;
  if (!Array.isArray(value)) throw shapeError('an array', value);
  const itemType = typeof type !== 'string' && 'array' in type ? type.array : type;
  const at = inNamespace(options, namespace);
  const nillable = typeof type !== 'string' && 'array' in type && type.nillable;
  for (let index = 0; index < value.length; index++) {
    const item: unknown = value[index];
    // A null item: xsi:nil where the items are nillable, else left out (as undefined ones are).
    const site = item === null && nillable && !choice ? { nillable } : undefined;
    if ((item === null || item === undefined) && !site) continue;
    try {
      out.push(
        choice ? writeChoice(ctx, choice, item, options) : writeValue(ctx, name, itemType, item, site ?? {}, at),
      );
    } catch (error) {
      throw withPlace(error, `[${index}]`);
    }
  }
}

function fragmentText(ctx: ValueContext, value: unknown): string {
  if (!(value instanceof XmlFragment)) throw new TypeError('Raw XML is an XmlFragment.');
  const text = value.toString();
  // The service's default namespace is in scope where a fragment is written: .NET writes no redundant declaration.
  const redundant = ` xmlns="${escapeXmlAttr(ctx.namespace)}"`;
  const start = /^<[^\s/>!?]+/.exec(text)?.[0];
  return start !== undefined && text.startsWith(redundant, start.length)
    ? start + text.slice(start.length + redundant.length)
    : text;
}

function rawElement(ctx: ValueContext, name: string, lead: string, tail: string, value: unknown): string {
  const text = fragmentText(ctx, value);
  return text === '' ? `<${name}${lead}${tail} />` : `<${name}${lead}${tail}>${text}</${name}>`;
}

/** An `object` value: `xsi:type` names its type, unless it is raw content. */
function writeAny(ctx: ValueContext, name: string, value: unknown, options: WriteOptions, content: string): string {
  const lead = options.lead ?? '';
  const tail = options.tail ?? '';
  if (value instanceof XmlFragment) return rawElement(ctx, name, lead + open(options).text, tail, value);
  if (typeof value !== 'object' || value === null || !('$type' in value)) {
    throw new TypeError(`${name} is an object value: { $type, value }, a class value with $type, or an XmlFragment.`);
  }
  const { $type, value: simple } = value as { readonly $type: unknown; readonly value?: unknown };
  if (typeof $type === 'string' && isXsdType($type as ValueType)) {
    const lexical = textOf(ctx, $type as ValueType, simple);
    return textElement(name, lead + directType(options, $type, true).text, tail, lexical);
  }
  const array = typeof $type === 'string' ? ctx.anyArrays?.[$type] : undefined;
  if (array !== undefined && typeof array === 'object' && 'array' in array) {
    // An included array (`[XmlInclude(typeof(T[]))]`): its ArrayOfT's items, the element naming that type.
    if (!Array.isArray(simple)) throw shapeError(`{ $type: '${$type as string}', value: [...] }`, value);
    const typed = directType(options, escapeXmlAttr($type as string), false);
    const inner = inNamespace(childOptions(options, content, typed.scope), array.namespace);
    const items = simple.map((item: unknown, index: number) => {
      try {
        return writeValue(ctx, array.item, array.array, item, { nillable: array.nillable }, inner);
      } catch (error) {
        throw withPlace(error, `[${index}]`);
      }
    });
    return container(name, lead + typed.text + tail, items, options);
  }
  const declared = declaredNameOf(ctx.types, Object.keys(ctx.types), String($type));
  const description = declared === undefined ? undefined : ctx.types[declared];
  if (description?.kind === 'class') return writeClass(ctx, name, declared!, value, true, options, content);
  if (description?.kind === 'enum') {
    const lexical = textOf(ctx, { enum: declared! }, simple);
    return textElement(name, lead + directType(options, escapeXmlAttr(description.xmlName), false).text, tail, lexical);
  }
  throw new TypeError(`${String($type)} is no type of this service.`);
}

/**
 * `xsi:type` on an element whose start tag XmlSerializer has XmlTextWriter write directly (an `object`'s simple, enum
 * or array value), `typeName` escaped, an XSD type's when `xsd`; and the prefixes in scope for its content. Where
 * the document counts its declarations (`DocumentDeclarations`), xsi takes the prefix in scope bound to it, else
 * one XmlTextWriter makes on the element (declared after it), and an XSD type the prefix bound to xsd, else the
 * document's next `q{n}`, declared before it.
 */
function directType(
  options: WriteOptions,
  typeName: string,
  xsd: boolean,
): { readonly text: string; readonly scope: PrefixScope | undefined } {
  const declarations = options.declarations;
  if (declarations === undefined) {
    return { text: ` ${xsiPrefix(options.prefixes)}:type="${xsd ? 'xsd:' : ''}${typeName}"`, scope: options.prefixes };
  }
  const scope = options.prefixes ?? NO_PREFIXES;
  const qualifier = xsd ? declarations.qualifier(scope, XSD_NS) : undefined;
  const prefixes = new ElementPrefixes(scope, options.level ?? 1);
  const xsi = prefixes.attributePrefix(XSI_NS);
  const qualified = qualifier === undefined ? typeName : `${qualifier.prefix}:${typeName}`;
  return {
    text: `${qualifier?.declaration ?? ''} ${xsi}:type="${qualified}"${prefixes.declarations()}`,
    scope: prefixes.inner(),
  };
}

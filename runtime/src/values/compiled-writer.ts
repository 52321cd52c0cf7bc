/**
 * Writers compiled once from the type descriptions: for a site (an element name, a type, its nil and default
 * rules, the namespace it is written in), a tree of closures made at its first use that writes a value as the
 * one value writer (`write-value.ts`) does, with every per-site fact worked out beforehand: the start and end
 * tags, the `xsi:nil` element, the `xmlns` declaration, each class's members in wire order with their own
 * writers, each text type's formatter, the classes `$type` may name. No type is looked up, no option object
 * made and no child array built per value; nothing is generated as source (no `new Function`).
 *
 * What the tree covers is the common case: elements with no namespace prefix in scope, not indented, classes
 * whose members are elements, unqualified attributes and unwrapped arrays. A site of anything else (an `object`
 * value, raw XML, a choice, a qualified attribute, `[XmlText]`, `[XmlAnyElement]`, an `xsi:type` that needs a
 * prefix declared) is written by `writeValue` itself, with the options it would have had there. A value the tree
 * does not take (not of its type, a value type missing, an abstract class) is written again by `writeValue`
 * from the site's root, which gives the same error, with its place, as it always did: the tree only ever writes
 * what `writeValue` writes, and never says why it could not.
 */
import type { ClassDescription, MemberDescription, ValueType, XsdType } from '../xsd/type-description.js';
import { isXsdType } from '../xsd/value-type.js';
import { escapeXmlAttr, escapeXmlText } from '../xml/xml-escape.js';
import { hasForbiddenCharacter } from '../xml/xml-lexical.js';
import { formatXsdValue, type XsdValue } from '../xsd/xsd-values.js';
import { httpTypeOf } from './data-type-values.js';
import { flagNames, formatText, isTextType } from './simple-values.js';
import { isValueType, XML_KINDS, type ValueContext } from './value-kinds.js';
import { writeValue, type WriteOptions, type WriteSite } from './write-value.js';
import { XmlFragment } from './xml-fragment.js';

/** Writes the site's element for `value` at `level` (XmlTextWriter's depth, as `WriteOptions.level`). */
export type SiteWriter = (value: unknown, level: number) => string;

/** Where a compiled site is written: `WriteOptions` without the indentation and the prefixes (none in scope). */
export interface CompiledPlace {
  readonly lead?: string | undefined;
  readonly tail?: string | undefined;
  readonly namespace?: string | undefined;
  readonly scope?: string | undefined;
}

/** Thrown inside a tree for a value it does not take: the site is written again by `writeValue`. */
const NOT_TAKEN: unknown = Object.freeze({ notTaken: true });

/**
 * The writer of a site, compiled once: `writeValue(ctx, name, type, value, site, { ...place, level })`, the
 * same bytes and the same errors.
 */
export function compileSiteWriter(
  ctx: ValueContext,
  name: string,
  type: ValueType,
  site: WriteSite,
  place: CompiledPlace = {},
): SiteWriter {
  const compiler = compilerOf(ctx);
  const lead = place.lead ?? '';
  const tail = place.tail ?? '';
  const node = compiler.site(name, type, site, lead, tail, place.namespace, place.scope);
  return (value, level) => {
    try {
      return node(value, level);
    } catch {
      return writeValue(ctx, name, type, value, site, genericOptions(lead, tail, place.namespace, place.scope, level));
    }
  };
}

function genericOptions(
  lead: string,
  tail: string,
  namespace: string | undefined,
  scope: string | undefined,
  level: number,
): WriteOptions {
  return { lead, tail, pretty: false, depth: 0, namespace, scope, level, prefixes: undefined, declarations: undefined };
}

const compilers = new WeakMap<ValueContext, Compiler>();

function compilerOf(ctx: ValueContext): Compiler {
  let compiler = compilers.get(ctx);
  if (compiler === undefined) {
    compiler = new Compiler(ctx);
    compilers.set(ctx, compiler);
  }
  return compiler;
}

/** A class's attributes and elements, written into an element whose name and outer attributes its site gives. */
type ClassBody = (
  name: string,
  attributes: string,
  tail: string,
  object: Record<string, unknown>,
  level: number,
) => string;

interface AttributeWriter {
  readonly key: string;
  /** ` name="` */
  readonly open: string;
  readonly format: (value: unknown) => string;
  readonly default: string | undefined;
  /** A value type with no default and not optional: absent is the caller's bug. */
  readonly required: boolean;
}

interface MemberWriter {
  readonly key: string;
  readonly write: SiteWriter;
}

class Compiler {
  /** Class bodies by declared name and the default namespace of their content; made at their first use. */
  private readonly bodies = new Map<string, ClassBody>();

  constructor(private readonly ctx: ValueContext) {}

  /** The tree for a site: its element named `name`, `lead` and `tail` the attributes its place adds. */
  site(
    name: string,
    type: ValueType,
    site: WriteSite,
    lead: string,
    tail: string,
    namespace: string | undefined,
    scope: string | undefined,
  ): SiteWriter {
    const { ctx } = this;
    const elementNamespace = namespace ?? ctx.namespace;
    const inScope = scope ?? ctx.namespace;
    const fullTail = tail + (elementNamespace === inScope ? '' : ` xmlns="${escapeXmlAttr(elementNamespace)}"`);
    const content = elementNamespace;
    const generic: SiteWriter = (value, level) =>
      writeValue(ctx, name, type, value, site, genericOptions(lead, tail, namespace, scope, level));
    const absent = absentWriter(site, isValueType(ctx.types, type), `<${name}${lead} xsi:nil="true"${fullTail} />`);
    if (type === 'anyType' || (typeof type === 'string' && XML_KINDS.has(type))) return generic;
    if (isTextType(type)) return this.text(name, type, site, `<${name}${lead}${fullTail}`, absent);
    if (typeof type === 'string') {
      if (type !== 'timeSpan') return generic;
      const empty = `<${name}${lead}${fullTail} />`;
      return (value) => (value === null || value === undefined ? absent(value) : empty);
    }
    if ('class' in type) return this.classSite(name, type.class, lead, fullTail, content, absent) ?? generic;
    if ('array' in type) {
      if (type.choice) return generic;
      const items = this.site(
        type.item,
        type.array,
        { nillable: type.nillable },
        '',
        '',
        type.unqualified ? '' : type.namespace,
        content,
      );
      const open = `<${name}${lead}${fullTail}`;
      const empty = `${open} />`;
      const close = `</${name}>`;
      return (value, level) => {
        if (value === null || value === undefined) return absent(value);
        if (!Array.isArray(value)) throw NOT_TAKEN;
        let text = '';
        for (let i = 0; i < value.length; i++) text += items(value[i], level + 1);
        return text === '' ? empty : `${open}>${text}${close}`;
      };
    }
    return generic;
  }

  private text(
    name: string,
    type: ValueType,
    site: WriteSite,
    open: string,
    absent: (value: unknown) => string,
  ): SiteWriter {
    const format = this.formatter(type);
    const fallback = site.default;
    const empty = type === 'hexBinary' ? `${open}></${name}>` : `${open} />`;
    const close = `</${name}>`;
    if (typeof type === 'string' && PLAIN_LEXICAL.has(type)) {
      return (value) => {
        if (value === null || value === undefined) return absent(value);
        const lexical = format(value);
        if (fallback !== undefined && lexical === fallback) return '';
        return lexical === '' ? empty : `${open}>${lexical}${close}`;
      };
    }
    return (value) => {
      if (value === null || value === undefined) return absent(value);
      const lexical = format(value);
      if (fallback !== undefined && lexical === fallback) return '';
      return lexical === '' ? empty : `${open}>${escapeXmlText(lexical)}${close}`;
    };
  }

  /** A text type's lexical form of a value, refused where XML 1.0 cannot carry it (as `textOf` does). */
  private formatter(type: ValueType): (value: unknown) => string {
    const { types } = this.ctx;
    const checked = type === 'string' || httpTypeOf(type) === 'string';
    if (type === 'string') {
      return (value) => {
        if (typeof value !== 'string' || hasForbiddenCharacter(value)) throw NOT_TAKEN;
        return value;
      };
    }
    if (typeof type !== 'string' && 'enum' in type) {
      const description = types[type.enum];
      if (description?.kind === 'enum' && !description.flags) {
        const names = new Set(description.values.map((v) => v.xmlName));
        return (value) => {
          if (typeof value !== 'string' || !names.has(value)) throw NOT_TAKEN;
          return value;
        };
      }
      if (description?.kind === 'enum') {
        // Flags: each name's bits (the first value of a name), the names of the bits set in declaration order.
        const bitsOf = new Map<unknown, number>();
        for (const { xmlName, value } of description.values) if (!bitsOf.has(xmlName)) bitsOf.set(xmlName, value);
        const none = description.values.find((v) => v.value === 0)?.xmlName ?? '';
        return (value) => {
          if (!Array.isArray(value)) throw NOT_TAKEN;
          let bits = 0;
          for (let i = 0; i < value.length; i++) {
            const found = bitsOf.get(value[i]);
            if (found === undefined) throw NOT_TAKEN;
            bits |= found;
          }
          const names = flagNames(description, bits);
          return names.length === 0 ? none : names.join(' ');
        };
      }
    }
    const format = isXsdType(type)
      ? (value: unknown) => formatXsdValue(type as XsdType, value as XsdValue)
      : (value: unknown) => formatText(types, type, value);
    if (!checked) return format;
    return (value) => {
      const lexical = format(value);
      if (hasForbiddenCharacter(lexical)) throw NOT_TAKEN;
      return lexical;
    };
  }

  /**
   * A class site: the declared class, or the derived class its value's `$type` names (with `xsi:type`);
   * `undefined` when one of them is not the tree's to write.
   */
  private classSite(
    name: string,
    declared: string,
    lead: string,
    tail: string,
    content: string,
    absent: (value: unknown) => string,
  ): SiteWriter | undefined {
    const { types } = this.ctx;
    const description = types[declared];
    if (description?.kind !== 'class' || !compilable(description)) return undefined;
    const derived = new Map<string, { readonly declared: string; readonly typed: string }>();
    for (const other of description.derived ?? []) {
      const found = types[other];
      if (found?.kind !== 'class' || !compilable(found)) return undefined;
      // `xsi:type` unprefixed, in the element's default namespace; one that needs `q1` declared is writeValue's.
      if ((found.namespace ?? this.ctx.namespace) !== content) return undefined;
      // The first class of the family with that XML name wins, as `declaredNameOf` finds it.
      if (found.xmlName !== description.xmlName && !derived.has(found.xmlName)) {
        derived.set(found.xmlName, { declared: other, typed: ` xsi:type="${escapeXmlAttr(found.xmlName)}"` });
      }
    }
    const declaredXmlName = description.xmlName;
    const abstract = description.abstract === true;
    return (value, level) => {
      if (value === null || value === undefined) return absent(value);
      if (typeof value !== 'object' || Array.isArray(value) || value instanceof XmlFragment) throw NOT_TAKEN;
      const object = value as Record<string, unknown>;
      const $type = object.$type;
      if ($type === undefined || $type === declaredXmlName) {
        if (abstract) throw NOT_TAKEN;
        return this.body(declared, content)(name, lead, tail, object, level);
      }
      const actual = derived.get(String($type));
      if (actual === undefined || (types[actual.declared] as ClassDescription).abstract) throw NOT_TAKEN;
      return this.body(actual.declared, content)(name, lead + actual.typed, tail, object, level);
    };
  }

  private body(declared: string, content: string): ClassBody {
    const key = `${declared}\u0000${content}`;
    let body = this.bodies.get(key);
    if (body === undefined) {
      body = this.compileBody(this.ctx.types[declared] as ClassDescription, content);
      this.bodies.set(key, body);
    }
    return body;
  }

  private compileBody(description: ClassDescription, content: string): ClassBody {
    const { types } = this.ctx;
    const attributes: AttributeWriter[] = [];
    const elements: MemberWriter[] = [];
    for (const member of description.members) {
      if (member.form === 'attribute') {
        attributes.push({
          key: member.name,
          open: ` ${member.xmlName}="`,
          format: this.formatter(member.type),
          default: member.default,
          required: !member.optional && member.default === undefined && isValueType(types, member.type),
        });
      } else if (member.unwrapped) {
        elements.push({ key: member.name, write: this.unwrapped(member, content) });
      } else {
        elements.push({
          key: member.name,
          write: this.site(member.xmlName, member.type, member, '', '', member.namespace, content),
        });
      }
    }
    return (name, lead, tail, object, level) => {
      let start = lead;
      for (let i = 0; i < attributes.length; i++) {
        const attribute = attributes[i]!;
        const value = object[attribute.key];
        if (value === null || value === undefined) {
          if (attribute.required) throw NOT_TAKEN;
          continue;
        }
        const lexical = attribute.format(value);
        if (attribute.default !== undefined && lexical === attribute.default) continue;
        start += `${attribute.open}${escapeXmlAttr(lexical)}"`;
      }
      start += tail;
      let text = '';
      for (let i = 0; i < elements.length; i++) {
        const element = elements[i]!;
        text += element.write(object[element.key], level + 1);
      }
      return text === '' ? `<${name}${start} />` : `<${name}${start}>${text}</${name}>`;
    };
  }

  /** An unwrapped array member: its items in its place, a null item `xsi:nil` where nillable, else left out. */
  private unwrapped(member: MemberDescription, content: string): SiteWriter {
    const type = member.type;
    const array = typeof type !== 'string' && 'array' in type ? type : undefined;
    const itemType = array ? array.array : type;
    const items = this.site(member.xmlName, itemType, {}, '', '', member.namespace, content);
    const nil = array?.nillable
      ? this.site(member.xmlName, itemType, { nillable: true }, '', '', member.namespace, content)
      : undefined;
    return (value, level) => {
      if (value === null || value === undefined) return '';
      if (!Array.isArray(value)) throw NOT_TAKEN;
      let text = '';
      for (let i = 0; i < value.length; i++) {
        const item: unknown = value[i];
        if (item === null) {
          if (nil !== undefined) text += nil(item, level);
        } else if (item !== undefined) text += items(item, level);
      }
      return text;
    };
  }
}

/**
 * Text types whose lexical forms are digits, signs, letters and the punctuation of numbers, dates, Guids and
 * Base64: never a character to escape, so written as they are.
 */
const PLAIN_LEXICAL: ReadonlySet<string> = new Set([
  'boolean',
  'byte',
  'unsignedByte',
  'short',
  'unsignedShort',
  'int',
  'unsignedInt',
  'long',
  'unsignedLong',
  'float',
  'double',
  'decimal',
  'dateTime',
  'base64Binary',
  'guid',
  'char',
  'date',
  'time',
  'hexBinary',
]);

/** A class whose members the tree writes: elements (no choice), unqualified attributes. */
function compilable(description: ClassDescription): boolean {
  return description.members.every((member) =>
    member.form === 'attribute'
      ? member.namespace === undefined
      : member.form === 'element' && member.choice === undefined,
  );
}

/** A site's absent value: `xsi:nil` where nillable, nothing where it may be left out; else not taken. */
function absentWriter(site: WriteSite, valueType: boolean, nil: string): (value: unknown) => string {
  const nillable = site.nillable === true;
  const optional = site.optional === true;
  return (value) => {
    if (nillable && !(optional && value === undefined)) return nil;
    if (!optional && valueType) throw NOT_TAKEN;
    return '';
  };
}

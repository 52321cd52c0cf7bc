import type { Node } from 'yaml';
import { isMap, isScalar } from 'yaml';
import { isBuiltinName } from '../model/builtin-types.js';
import { XML_NS } from '@asmxgen/runtime/xml';
import type {
  ChoiceElementDeclaration,
  ClassDeclaration,
  EnumValueDeclaration,
  MemberDeclaration,
  TypeDeclaration,
} from '../model/type-declarations.js';
import type { TypeRefUse } from './check-type-refs.js';
import type { Entry, Fields, YamlChecker } from './yaml-checker.js';
import { parseDataType } from './site-fields.js';

/** The declared types, and where each was declared (for problems found later). */
export interface ParsedTypes {
  /** Every type declared, those with problems too (as far as they could be read), for checking references. */
  readonly declarations: TypeDeclaration[];
  /** No problem in any declaration. */
  readonly ok: boolean;
  readonly entries: Map<string, { readonly entry: Entry; readonly fields: Fields }>;
}

const CLASS_FIELDS = [
  'members',
  'base',
  'abstract',
  'struct',
  'header',
  'include',
  'xmlName',
  'elementName',
  'anyAttribute',
  'namespace',
  'rootNamespace',
  'anonymous',
] as const;
const ENUM_FIELDS = ['enum', 'flags', 'xmlName', 'elementName', 'namespace'] as const;
const MEMBER_FIELDS = [
  'name',
  'type',
  'attribute',
  'any',
  'xmlName',
  'unwrapped',
  'itemName',
  'itemNullable',
  'itemForm',
  'nillable',
  'dataType',
  'optional',
  'default',
  'choice',
  'choiceIdentifier',
  'text',
  'namespace',
  'form',
];

/**
 * Parses `types:`, a mapping from type name to a class (`members`), an enum (`enum`) or a flags enum (`flags`), in
 * declaration order. Type references are pushed to `refs`, to be checked once every type is known.
 */
export function parseTypes(c: YamlChecker, entry: Entry, refs: TypeRefUse[]): ParsedTypes | undefined {
  const map = c.mapping(entry);
  if (!map) return undefined;
  const declarations: TypeDeclaration[] = [];
  const entries = new Map<string, { entry: Entry; fields: Fields }>();
  let ok = true;
  for (const pair of map.items) {
    const key = pair.key as Node | null;
    const name = isScalar(key) && typeof key.value === 'string' ? key.value : undefined;
    const e: Entry = {
      key: key ?? map,
      value: c.deref(pair.value as Node | null),
      path: `${entry.path}.${name ?? '?'}`,
    };
    const keyEntry: Entry = { key: key ?? map, value: key, path: e.path };
    if (name === undefined || c.name(keyEntry, 'type name', false) === undefined) {
      if (name === undefined) c.problem(keyEntry, 'type names must be plain strings');
      ok = false;
      continue;
    }
    if (isBuiltinName(name)) {
      c.problem(keyEntry, `type name "${name}" is a built-in type`);
      ok = false;
      continue;
    }
    const before = c.problems.length;
    const decl = typeDeclaration(c, name, e, refs, entries);
    if (decl) declarations.push(decl);
    if (!decl || c.problems.length > before) ok = false;
  }
  return { declarations, entries, ok };
}

function typeDeclaration(
  c: YamlChecker,
  name: string,
  entry: Entry,
  refs: TypeRefUse[],
  entries: Map<string, { entry: Entry; fields: Fields }>,
): TypeDeclaration | undefined {
  const map = c.mapping(entry);
  if (!map) return undefined;
  const isEnum =
    isMap(map) && map.items.some((p) => isScalar(p.key) && (p.key.value === 'enum' || p.key.value === 'flags'));
  const f = c.fields(map, entry.path, isEnum ? ENUM_FIELDS : CLASS_FIELDS);
  entries.set(name, { entry, fields: f });
  const xmlName = f.xmlName && c.name(f.xmlName, 'XML type name', true);
  const elementName = f.elementName && c.name(f.elementName, 'element name', true);
  const namespace = f.namespace && c.string(f.namespace, true);
  const common = {
    name,
    ...(xmlName !== undefined && { xmlName }),
    ...(elementName !== undefined && { elementName }),
    ...(namespace !== undefined && { namespace }),
  };
  if (isEnum) {
    if (f.enum && f.flags) {
      c.problem(f.flags, 'a type is either an enum or a flags enum: give "enum" or "flags", not both');
      return undefined;
    }
    const flags = f.flags !== undefined;
    const values = enumValues(c, (f.flags ?? f.enum)!, flags);
    if (!values) return undefined;
    return { kind: 'enum', ...common, ...(flags && { flags }), values };
  }
  const flag = (key: 'abstract' | 'struct' | 'header' | 'anyAttribute' | 'anonymous') => f[key] && c.boolean(f[key]);
  const struct = flag('struct');
  const abstract = flag('abstract');
  const header = flag('header');
  const anyAttribute = flag('anyAttribute');
  const rootNamespace = f.rootNamespace && c.string(f.rootNamespace, true);
  let base: string | undefined;
  if (f.base) {
    base = c.string(f.base, true);
    if (base !== undefined) refs.push({ text: base, entry: f.base, use: 'base', owner: name });
  }
  if (struct && f.base) c.problem(f.base, 'a struct cannot derive from a class');
  if (struct && abstract) c.problem(f.abstract!, 'a struct cannot be abstract');
  // On a header class, `[XmlRoot(Namespace)]` puts its header element in that namespace's schema.
  if (rootNamespace !== undefined && struct) {
    c.problem(f.rootNamespace!, 'rootNamespace ([XmlRoot(Namespace)]) is not supported on a struct');
  }
  const anonymous = flag('anonymous');
  if (anonymous) {
    const clash = (['base', 'abstract', 'header', 'namespace'] as const).find((k) => f[k] !== undefined);
    if (clash !== undefined) {
      c.problem(
        f.anonymous!,
        `an anonymous class (the schema writes it inline, where its elements are) cannot have "${clash}"`,
      );
    }
  }
  let include: string[] | undefined;
  if (f.include) {
    const items = c.items(f.include);
    include = [];
    for (const item of items ?? []) {
      const inc = c.string(item, true);
      if (inc === undefined) continue;
      refs.push({ text: inc, entry: item, use: 'include', owner: name });
      include.push(inc);
    }
  }
  const members = f.members ? classMembers(c, f.members, refs, name) : [];
  if (!members) return undefined;
  const text = members.find((m) => m.text);
  if (text && f.base) c.problem(f.base, 'a class with a text member cannot derive from a class');
  if (text && anonymous) c.problem(f.anonymous!, 'an anonymous class has elements and attributes, no text member');
  if (text && members.some((m) => m !== text && !m.attribute)) {
    c.problem(f.members!, 'a class with a text member has attributes besides it only (simple content)');
  }
  const decl: ClassDeclaration = {
    kind: 'class',
    ...common,
    ...(struct && { struct }),
    ...(abstract && { abstract }),
    ...(header && { header }),
    ...(anyAttribute && { anyAttribute }),
    ...(rootNamespace !== undefined && { rootNamespace }),
    ...(anonymous && { anonymous }),
    ...(base !== undefined && { base }),
    ...(include && include.length > 0 && { include }),
    members,
  };
  return decl;
}

function enumValues(c: YamlChecker, entry: Entry, flags: boolean): EnumValueDeclaration[] | undefined {
  const items = c.items(entry);
  if (!items) return undefined;
  if (items.length === 0) {
    c.problem(entry, flags ? 'a flags enum needs values' : 'an enum needs values');
    return undefined;
  }
  const names = new Map<string, number>();
  const xmlNames = new Map<string, number>();
  const out: EnumValueDeclaration[] = [];
  for (const item of items) {
    let value: EnumValueDeclaration | undefined;
    if (isScalar(item.value)) {
      const name = c.name(item, 'enum value', false);
      if (name !== undefined) value = { name };
    } else {
      const map = c.mapping(item);
      if (!map) continue;
      const f = c.fields(map, item.path, ['name', 'xmlName', 'value']);
      if (!c.need(map, f, item.path, 'name')) continue;
      const name = c.name(f.name!, 'enum value', false);
      const xmlName = f.xmlName && c.string(f.xmlName, true);
      let num: number | undefined;
      if (f.value) {
        const v = f.value.value;
        if (isScalar(v) && typeof v.value === 'number' && Number.isSafeInteger(v.value)) num = v.value;
        else c.problem(f.value, 'expected an integer');
      }
      if (name !== undefined)
        value = { name, ...(xmlName !== undefined && { xmlName }), ...(num !== undefined && { value: num }) };
    }
    if (!value) continue;
    if (flags && value.value === undefined) {
      c.problem(item, `flags value "${value.name}" needs a number ("value:"), a power of two or a combination`);
    }
    if (c.unique(item, value.name, 'enum value', names) === undefined) continue;
    if (c.unique(item, value.xmlName ?? value.name, 'enum XML name', xmlNames) === undefined) continue;
    out.push(value);
  }
  return out;
}

function classMembers(
  c: YamlChecker,
  entry: Entry,
  refs: TypeRefUse[],
  owner: string,
): MemberDeclaration[] | undefined {
  const items = c.items(entry);
  if (!items) return undefined;
  const names = new Map<string, number>();
  const elementNames = new Map<string, number>();
  const attributeNames = new Map<string, number>();
  const out: MemberDeclaration[] = [];
  for (const item of items) {
    const map = c.mapping(item);
    if (!map) continue;
    const f = c.fields(map, item.path, MEMBER_FIELDS);
    if (!c.need(map, f, item.path, 'name')) continue;
    const name = c.name(f.name!, 'member name', false);
    const flag = (key: string) => f[key] && c.boolean(f[key]);
    const attribute = flag('attribute');
    const any = flag('any');
    const text = flag('text');
    const namespace = f.namespace && c.string(f.namespace, true);
    const form = f.form && c.oneOf(f.form, ['qualified', 'unqualified'] as const);
    const unwrapped = flag('unwrapped');
    const nillable = flag('nillable');
    const itemNullable = flag('itemNullable');
    const itemForm = f.itemForm && c.oneOf(f.itemForm, ['unqualified'] as const);
    const optional = flag('optional');
    const choice = f.choice && parseChoice(c, f.choice, refs, owner);
    const choiceIdentifier = f.choiceIdentifier && c.name(f.choiceIdentifier, 'choice identifier', false);
    const type = f.type ? c.string(f.type, true) : f.choice ? 'anyType' : 'string';
    const xmlName = f.xmlName && c.name(f.xmlName, 'XML name', true);
    const itemName = f.itemName && c.name(f.itemName, 'item name', true);
    const dflt = f.default && scalarText(c, f.default);
    const isArray = type?.endsWith('[]') === true;
    const dataType = f.dataType && !f.choice ? parseDataType(c, f.dataType, type) : undefined;
    if (f.choice) {
      for (const [key, what] of [
        ['attribute', 'an attribute'],
        ['any', 'an any member'],
        ['itemName', 'item names (the choice names its elements)'],
        ['itemNullable', 'itemNullable (the choice names its elements)'],
        ['itemForm', 'itemForm (the choice names its elements)'],
        ['nillable', 'nillable'],
        ['dataType', 'a dataType'],
        ['optional', 'optional'],
        ['default', 'a default'],
      ] as const) {
        if (f[key]) c.problem(f[key], `a choice member cannot have ${what}`);
      }
      if (f.xmlName && (!isArray || unwrapped)) {
        c.problem(f.xmlName, "a choice in the member's place names its elements: no xmlName");
      }
    } else if (f.choiceIdentifier) {
      c.problem(f.choiceIdentifier, 'choiceIdentifier applies to a member with a choice only');
    }
    if (type !== undefined && f.choice) {
      refs.push({ text: type, entry: f.type ?? f.name!, use: 'choiceSite', owner });
    } else if (type !== undefined) {
      const use = any ? 'anyMember' : attribute ? 'attribute' : text ? 'text' : 'member';
      refs.push({ text: type, entry: f.type ?? f.name!, use, owner });
      // {Name}Specified changes a value type's member only, or a nillable one's.
      if (optional && !nillable) refs.push({ text: type, entry: f.optional!, use: 'optional', owner });
    }
    if (attribute && any) c.problem(f.any!, 'a member is an attribute or any element, not both');
    if (text && (attribute || any || unwrapped || nillable || f.choice || f.xmlName || f.default)) {
      c.problem(
        f.text!,
        "a text member is its element's text: no attribute, any, unwrapped, nillable, choice, xmlName or default",
      );
    }
    if (namespace !== undefined && (any || text || f.choice)) {
      c.problem(
        f.namespace!,
        'namespace applies to an element or attribute member (not an any, text or choice member)',
      );
    }
    if (namespace === XML_NS && (!attribute || type !== 'string' || f.default)) {
      c.problem(
        f.namespace!,
        'a member of the XML namespace (xml:lang, xml:space) is a string attribute without a default: the runtime ' +
          'writes no other',
      );
    }
    if (namespace !== undefined && attribute && form === 'qualified') {
      c.problem(f.form!, "a qualified attribute is in its class's namespace: give form or namespace, not both");
    }
    if (form === 'qualified' && !attribute) {
      c.problem(f.form!, 'an element is qualified by default: form applies to elements as "unqualified" only');
    }
    if (form === 'unqualified' && (!attribute ? any || text || f.choice : true)) {
      c.problem(
        f.form!,
        attribute
          ? 'an attribute is unqualified by default: form applies to attributes as "qualified" only'
          : 'form applies to element members and attributes',
      );
    }
    if (form === 'unqualified' && namespace !== undefined) {
      c.problem(f.form!, 'an unqualified element has no namespace: give form or namespace, not both');
    }
    if (unwrapped && !isArray) c.problem(f.unwrapped!, 'unwrapped applies to an array member only');
    if (unwrapped && attribute) c.problem(f.unwrapped!, 'an attribute cannot be unwrapped');
    if (itemName !== undefined && (!isArray || unwrapped)) {
      c.problem(f.itemName!, 'itemName applies to a wrapped array member only');
    }
    if (f.itemNullable && !f.choice && (!isArray || unwrapped || attribute)) {
      c.problem(f.itemNullable, 'itemNullable applies to a wrapped array member only');
    }
    if (f.itemForm && !f.choice && (!isArray || unwrapped || attribute)) {
      c.problem(f.itemForm, 'itemForm applies to a wrapped array member only');
    }
    if (name === undefined || type === undefined) continue;
    if (c.unique(f.name!, name, 'member', names) === undefined) continue;
    if (f.choice && choice === undefined) continue;
    if (choice && (!isArray || unwrapped)) {
      let clash = false;
      for (const e of choice) {
        if (c.unique(f.choice!, e.name, 'element name', elementNames) === undefined) clash = true;
      }
      if (clash) continue;
    } else if (!any) {
      const wire = xmlName ?? name;
      const seen = attribute ? attributeNames : elementNames;
      if (c.unique(f.xmlName ?? f.name!, wire, attribute ? 'attribute name' : 'element name', seen) === undefined)
        continue;
    }
    out.push({
      name,
      type,
      ...(attribute && { attribute }),
      ...(any && { any }),
      ...(text && { text }),
      ...(namespace !== undefined && { namespace }),
      ...(form !== undefined && { form }),
      ...(xmlName !== undefined && { xmlName }),
      ...(unwrapped && { unwrapped }),
      ...(itemName !== undefined && { itemName }),
      ...(itemNullable !== undefined && { itemNullable }),
      ...(itemForm !== undefined && { itemForm }),
      ...(nillable && { nillable }),
      ...(dataType !== undefined && { dataType }),
      ...(optional && { optional }),
      ...(dflt !== undefined && { default: dflt }),
      ...(choice && { choice }),
      ...(choiceIdentifier !== undefined && { choiceIdentifier }),
    });
  }
  return out;
}

/**
 * `choice:` of a member or parameter: a list of `{ name, type }`, the elements of several
 * `[XmlElement(Name, typeof(T))]`s, at least two, with distinct names.
 */
export function parseChoice(
  c: YamlChecker,
  entry: Entry,
  refs: TypeRefUse[],
  owner: string | undefined,
): ChoiceElementDeclaration[] | undefined {
  const items = c.items(entry);
  if (!items) return undefined;
  if (items.length < 2) {
    c.problem(entry, 'a choice needs at least two elements (one element is an ordinary member or parameter)');
    return undefined;
  }
  const names = new Map<string, number>();
  const out: ChoiceElementDeclaration[] = [];
  for (const item of items) {
    const map = c.mapping(item);
    if (!map) continue;
    const f = c.fields(map, item.path, ['name', 'type']);
    if (!c.need(map, f, item.path, 'name')) continue;
    const name = c.name(f.name!, 'element name', true);
    const type = f.type ? c.string(f.type, true) : 'string';
    if (type !== undefined) refs.push({ text: type, entry: f.type ?? f.name!, use: 'choiceElement', owner });
    if (name === undefined || type === undefined) continue;
    if (c.unique(f.name!, name, 'choice element', names) === undefined) continue;
    out.push({ name, type });
  }
  return out.length === items.length ? out : undefined;
}

/** A scalar's text as written (`[DefaultValue]`: `EUR`, `0`, `true`). */
function scalarText(c: YamlChecker, entry: Entry): string | undefined {
  const v = entry.value;
  if (isScalar(v) && v.value !== null && typeof v.value !== 'object') return String(v.value);
  c.problem(entry, 'expected a string, number or boolean');
  return undefined;
}

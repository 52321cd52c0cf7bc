import type { BuiltinName } from '../model/builtin-types.js';
import type { DataTypeName } from '../model/data-types.js';
import { isOptionalMember } from '../model/ts-types.js';
import type {
  ChoiceElementModel,
  ChoiceModel,
  ClassTypeModel,
  EnumTypeModel,
  MemberModel,
  TypeModel,
} from '../model/type-model.js';
import type { TypeRef } from '../model/type-refs.js';
import type { OperationModel, ServiceModel } from '../model/types.js';
import { jsonSampleExpr } from './json-samples.js';
import {
  array,
  call,
  callWithObject,
  flat,
  object,
  raw,
  string,
  stringLiteral,
  type Expr,
} from '../printer/ts-syntax.js';

/**
 * The values the generated test suite sends and returns, as TypeScript
 * expressions: per site a plain value and a hostile one. The generated client
 * and server carry each exactly over every transport that carries the
 * operation (which `test/emit/tests-module.test.ts` runs for services of every
 * type), so the suite can demand the very value back:
 *
 * - strings: `HOSTILE_STRING`;
 * - integers at a bound of their type (parameters and results: signed the
 *   minimum, unsigned the maximum; members of classes: the maximum), `long`
 *   and `unsignedLong` as bigints beyond 2^53;
 * - `float` and `double` at their largest magnitude, which .NET's round-trip
 *   format writes with 9 and 17 digits and an exponent (a `float` as the shortest
 *   decimal of that single, as it is read back);
 * - `decimal` at its bounds, 29 digits (a string, passed on as written);
 * - `dateTime` of each kind: unspecified with 7 fraction digits, UTC, with an offset;
 * - `base64Binary`: every byte value; `Guid`, `char` (`+`, a space in a form: over HTTP GET/POST a char travels
 *   as itself, so it cannot be a lone surrogate), `QName`;
 * - raw XML with prefixes, comments and CDATA; `object` as typed simple values, class values and XML;
 * - classes with every member (a derived class at a base's site, with `$type`), nil where nillable, enums by
 *   their last XML name, flags as a set of several names, arrays with a nil item where items are nillable.
 *
 * Plain values differ per parameter (by name or position), so parameters
 * swapped on the way show.
 */
export type SampleKind = 'plain' | 'hostile';

/** A string that breaks naive XML, form or URL handling, and any trimming or line-end normalization. */
export const HOSTILE_STRING = ' <a b="1" c=\'2\'>&amp; &#xD; &lt;</a> ]]> + %20 = & ? # 😀𝄞 CR\rLF\nCRLF\r\n\tend ';

/** A constant the suite declares once, which samples name. */
export interface SampleConstant {
  readonly name: string;
  /** Its JSDoc, one line. */
  readonly doc: string;
  readonly value: Expr;
}

export const SAMPLE_CONSTANTS: readonly SampleConstant[] = [
  {
    name: 'HOSTILE_STRING',
    doc: 'XML, form and URL specials, entity-like text, `]]>`, non-BMP characters, CR, LF, CRLF, TAB, edge spaces.',
    value: sampleString(HOSTILE_STRING),
  },
  {
    name: 'ALL_BYTES',
    doc: 'Every byte value, 0 to 255.',
    value: raw('Uint8Array.from({ length: 256 }, (_, i) => i)'),
  },
];

/** The file's bytes in `uploadSample`. */
const UPLOAD_DATA = raw('ALL_BYTES');

const dateTime = (text: string) => call('XsdDateTime.parse', [sampleString(text)]);
const fragment = (text: string) => call('XmlFragment.parse', [sampleString(text)]);

/** Raw XML a runtime must keep byte for byte: prefixes and their declarations, a comment, CDATA, an empty element. */
const HOSTILE_XML =
  '<p:Doc xmlns:p="urn:sample:p" p:a="1 &amp; 2"><!-- a comment --><![CDATA[<not-xml> & ]]>' +
  '<p:Empty /><Plain xmlns="urn:sample">text &lt; &gt;</Plain></p:Doc>';

/** Values at the edges of parameters and results. */
const HOSTILE: Readonly<Record<BuiltinName, Expr>> = {
  string: raw('HOSTILE_STRING'),
  boolean: raw('false', 'boolean'),
  byte: raw('-128'),
  unsignedByte: raw('255', 'number'),
  short: raw('-32768'),
  unsignedShort: raw('65535', 'number'),
  int: raw('-2147483648'),
  unsignedInt: raw('4294967295', 'number'),
  long: raw('-9223372036854775808n'),
  unsignedLong: raw('18446744073709551615n'),
  // The shortest decimal of the largest single, as a float is read (`xsd-float-format.ts`).
  float: raw('-3.4028235e38'),
  double: raw('-1.7976931348623157e308'),
  decimal: sampleString('-79228162514264337593543950335'),
  dateTime: dateTime('9999-12-31T23:59:59.9999999'),
  base64Binary: raw('ALL_BYTES'),
  guid: sampleString('ffffffff-ffff-ffff-ffff-ffffffffffff'),
  char: sampleString('+'),
  timeSpan: raw('{}', 'object'),
  QName: sampleString('Local.Name-1'),
  anyType: object([
    ['$type', sampleString('long')],
    ['value', raw('-9223372036854775808n')],
  ]),
  xmlElement: fragment(HOSTILE_XML),
  xmlNode: fragment(HOSTILE_XML),
  xmlDocument: fragment(HOSTILE_XML),
  dataSet: fragment(HOSTILE_XML),
  dataTable: fragment(HOSTILE_XML),
};

/** Values at the other edges, for members of classes. */
const HOSTILE_MEMBER: Readonly<Partial<Record<BuiltinName, Expr>>> = {
  byte: raw('127', 'number'),
  short: raw('32767', 'number'),
  int: raw('2147483647', 'number'),
  long: raw('9223372036854775807n'),
  float: raw('3.4028235e38', 'number'),
  double: raw('1.7976931348623157e308', 'number'),
  decimal: sampleString('79228162514264337593543950335'),
  dateTime: dateTime('2026-05-17T10:00:00.1234567+05:30'),
  anyType: object([
    ['$type', sampleString('string')],
    ['value', raw('HOSTILE_STRING')],
  ]),
};

/** A plain value of a built-in: `label` is a string's text (a byte array's UTF-8), `position` (0, 1, ...) sets numbers. */
function plainBuiltin(type: BuiltinName, label: string, position: number): Expr {
  switch (type) {
    case 'string':
      return sampleString(label);
    case 'boolean':
      return raw('true', 'boolean');
    case 'long':
    case 'unsignedLong':
      return raw(`${position + 1}n`);
    case 'float':
      return raw(String(position + 0.25), 'number');
    case 'double':
      return raw(`${position}.1`, 'number');
    case 'decimal':
      return sampleString(`${position + 1}.25`);
    case 'dateTime':
      return dateTime(new Date(Date.UTC(2026, 1, 1, 10, position % 60, 0, 250)).toISOString());
    case 'base64Binary':
      return call('new TextEncoder().encode', [sampleString(label)]);
    case 'guid':
      return sampleString(`3f2504e0-4f89-11d3-9a0c-${String(position).padStart(12, '0')}`);
    case 'char':
      return sampleString(String.fromCharCode(65 + (position % 26)));
    case 'timeSpan':
      return raw('{}', 'object');
    case 'QName':
      return sampleString(`Name${position}`);
    case 'anyType':
      return object([
        ['$type', sampleString('int')],
        ['value', raw(String(position + 1), 'number')],
      ]);
    case 'xmlElement':
    case 'xmlNode':
    case 'xmlDocument':
    case 'dataSet':
    case 'dataTable':
      return fragment(`<Item xmlns="urn:sample">${escapeText(label)}</Item>`);
    default:
      return raw(String((position % 100) + 1), 'number');
  }
}

/**
 * A value at a `DataType` site, which SOAP writes in the DataType's lexical form: integers past 2^64 (strings, as
 * written), dates at the ends of the calendar, times with a zone (a time without one comes back with the host's,
 * `+00:00`), every byte in hexBinary, names with characters XmlConvert escapes; trimmed types without edge
 * white space (XmlSerializer trims them).
 */
function dataTypeSample(type: DataTypeName, kind: SampleKind, label: string, position: number, member: boolean): Expr {
  const hostile = kind === 'hostile';
  switch (type) {
    case 'integer':
    case 'nonNegativeInteger':
    case 'positiveInteger':
      return sampleString(hostile ? '123456789012345678901234567890' : `${9007199254740993n + BigInt(position)}`);
    case 'negativeInteger':
    case 'nonPositiveInteger':
      return sampleString(hostile ? '-123456789012345678901234567890' : `-${position + 1}`);
    case 'date':
      return dateTime(
        hostile ? (member ? '0001-01-01' : '9999-12-31') : `2026-02-${String((position % 28) + 1).padStart(2, '0')}`,
      );
    case 'time':
      if (!hostile) return dateTime(`0001-01-01T10:${String(position % 60).padStart(2, '0')}:00.25Z`);
      return dateTime(member ? '0001-01-01T00:00:00-14:00' : '0001-01-01T23:59:59.9999999+14:00');
    case 'hexBinary':
      return hostile ? raw('ALL_BYTES') : call('new TextEncoder().encode', [sampleString(label)]);
    case 'normalizedString':
    case 'Name':
    case 'NCName':
    case 'NMTOKEN':
      return hostile ? raw('HOSTILE_STRING') : sampleString(label);
    default:
      return hostile ? raw('HOSTILE_STRING.trim()') : sampleString(label);
  }
}

/** Where a value goes: what the sample may hold there. */
interface Site {
  readonly nillable?: boolean;
  readonly member?: boolean;
  readonly any?: boolean;
  /** A parameter HTTP GET/POST carry too: a form field cannot be nil, so its array has no nil item. */
  readonly form?: boolean;
  /** A choice of elements in the site's place (a member's or a parameter's). */
  readonly choice?: ChoiceModel | undefined;
}

/** Classes nested deeper than this leave their optional members out, so recursive types end. */
const MAX_DEPTH = 3;

/** Sample values of one service's sites. */
class Sampler {
  private readonly types: ReadonlyMap<string, TypeModel>;
  private readonly derived: ReadonlyMap<string, readonly string[]>;
  private readonly nillableArrays: ReadonlySet<string>;
  /** `ArrayOfChoiceN` types: their items are a choice. */
  private readonly arrayChoices: ReadonlyMap<string, ChoiceModel>;

  constructor(model: ServiceModel) {
    this.types = new Map(model.types.map((t) => [t.name, t]));
    this.arrayChoices = new Map(model.arrayTypes.flatMap((a) => (a.choice ? [[a.name, a.choice] as const] : [])));
    this.nillableArrays = new Set(model.arrayTypes.filter((a) => a.itemNillable).map((a) => a.name));
    this.derived = new Map(
      Object.entries(model.typeDescriptions).flatMap(([name, d]) =>
        d.kind === 'class' && d.derived ? [[name, d.derived] as const] : [],
      ),
    );
  }

  value(ref: TypeRef, kind: SampleKind, label: string, position: number, site: Site = {}, depth = 0): Expr {
    if (site.any) return kind === 'hostile' ? HOSTILE.xmlElement : plainBuiltin('xmlElement', label, position);
    const choice =
      site.choice ?? (ref.kind === 'array' && ref.arrayType ? this.arrayChoices.get(ref.arrayType) : undefined);
    if (choice) return this.choiceValue(ref, choice, kind, label, position, site, depth);
    if (kind === 'hostile' && (site.nillable || ref.kind === 'nullable')) return raw('null');
    switch (ref.kind) {
      case 'builtin':
        if (ref.dataType !== undefined)
          return dataTypeSample(ref.dataType, kind, label, position, site.member === true);
        if (kind === 'plain') return plainBuiltin(ref.name, label, position);
        return (site.member ? HOSTILE_MEMBER[ref.name] : undefined) ?? HOSTILE[ref.name];
      case 'nullable':
        return this.value(ref.of, kind, label, position, {}, depth);
      case 'enum':
        return this.enumValue(this.types.get(ref.name) as EnumTypeModel, kind);
      case 'class':
        return this.classValue(ref.name, kind, label, depth);
      case 'array': {
        const item = (k: SampleKind, i: number) =>
          this.value(ref.item, k, `${label} ${i}`, position + i, {}, depth + 1);
        if (kind === 'plain') return array([item('plain', 0)]);
        const nilItem = !site.form && (ref.item.kind === 'nullable' || this.itemsNillable(ref));
        return array([item('hostile', 0), ...(nilItem ? [raw('null')] : []), item('plain', 1)]);
      }
      case 'dictionary': {
        // A Map of one entry: plain, a plain key and value; hostile, a hostile key and value. (One entry keeps the
        // call hugged as prettier prints it.)
        const entry =
          kind === 'plain'
            ? array([
                sampleString(`k${position}`),
                this.value(ref.value, 'plain', `${label} 0`, position, {}, depth + 1),
              ])
            : array([raw('HOSTILE_STRING'), this.value(ref.value, 'hostile', `${label} 0`, position, {}, depth + 1)]);
        return callWithObject('new Map', array([entry]));
      }
    }
  }

  /**
   * A value at a choice site, `{ $element, value }`: plain, the first element; hostile, the last one. An array of
   * choices holds, plain, the first element; hostile, every element in turn.
   */
  private choiceValue(
    ref: TypeRef,
    choice: ChoiceModel,
    kind: SampleKind,
    label: string,
    position: number,
    site: Site,
    depth: number,
  ): Expr {
    const one = (e: ChoiceElementModel, k: SampleKind, i: number) =>
      object([
        ['$element', sampleString(e.name)],
        [
          'value',
          // Never null: a null at a choice is written as nothing (it has no element).
          this.value(
            e.type.kind === 'nullable' ? e.type.of : e.type,
            k,
            `${label} ${e.name}`,
            position + i,
            { member: site.member },
            depth + 1,
          ),
        ],
      ]);
    const first = choice.elements[0]!;
    const last = choice.elements[choice.elements.length - 1]!;
    if (ref.kind !== 'array') return kind === 'plain' ? one(first, 'plain', 0) : one(last, 'hostile', 0);
    if (kind === 'plain') return array([one(first, 'plain', 0)]);
    return array(choice.elements.map((e, i) => one(e, 'hostile', i)));
  }

  /** Items of a wrapped array may be nil as its array type says; unwrapped items where the member is nillable. */
  private itemsNillable(ref: Extract<TypeRef, { kind: 'array' }>): boolean {
    return ref.arrayType === undefined ? ref.nillableItems === true : this.nillableArrays.has(ref.arrayType);
  }

  /** Plain: the first name; hostile: the last one; flags, a set of single-bit names whose union no name has. */
  private enumValue(e: EnumTypeModel, kind: SampleKind): Expr {
    if (!e.flags) {
      const v = kind === 'plain' ? e.values[0]! : e.values[e.values.length - 1]!;
      return sampleString(v.xmlName);
    }
    const bits = e.values.filter((v) => v.value !== undefined && v.value > 0 && (v.value & (v.value - 1)) === 0);
    let chosen = kind === 'plain' ? bits.slice(0, 1) : bits.length > 1 ? [bits[0]!, bits[bits.length - 1]!] : bits;
    const union = chosen.reduce((n, v) => n | v.value!, 0);
    if (chosen.length > 1 && e.values.some((v) => v.value === union)) chosen = chosen.slice(0, 1);
    return array(chosen.map((v) => sampleString(v.xmlName)));
  }

  /** A value of the class a site of `name` holds: plain, the class (or its first derived); hostile, its last derived. */
  private classValue(name: string, kind: SampleKind, label: string, depth: number): Expr {
    const site = this.types.get(name) as ClassTypeModel;
    const below = (this.derived.get(name) ?? []).filter((d) => !(this.types.get(d) as ClassTypeModel).abstract);
    const chosenName =
      kind === 'hostile' && below.length > 0 ? below[below.length - 1]! : site.abstract ? below[0] : name;
    if (chosenName === undefined) return raw('{}', 'object');
    const chosen = this.types.get(chosenName) as ClassTypeModel;
    const chain: ClassTypeModel[] = [];
    for (
      let at: ClassTypeModel | undefined = chosen;
      at;
      at = at.base ? (this.types.get(at.base) as ClassTypeModel) : undefined
    ) {
      chain.unshift(at);
    }
    const members = chain.flatMap((c) => c.members);
    const entries: [string, Expr][] = [];
    if (chosen.base !== undefined) entries.push(['$type', sampleString(chosen.xmlName)]);
    members.forEach((m, i) => {
      const value = this.memberValue(m, kind, `${label} ${m.name}`, i, depth);
      if (value) entries.push([propertyName(m.name), value]);
    });
    return object(entries);
  }

  private memberValue(
    m: MemberModel,
    kind: SampleKind,
    label: string,
    position: number,
    depth: number,
  ): Expr | undefined {
    // A member with a default reads back as its default when absent, and element text as '': both keep a value (a
    // simple one, so the recursion still ends).
    if (depth >= MAX_DEPTH && isOptionalMember(m) && m.default === undefined && m.form !== 'text') return undefined;
    if (depth >= MAX_DEPTH && m.nillable && !m.unwrapped) return raw('null');
    return this.value(
      m.type,
      kind,
      label,
      position,
      { member: true, nillable: m.nillable && !m.unwrapped, any: m.form === 'any', choice: m.choice },
      depth + 1,
    );
  }
}

const samplers = new WeakMap<ServiceModel, Sampler>();

function samplerOf(model: ServiceModel): Sampler {
  let sampler = samplers.get(model);
  if (!sampler) samplers.set(model, (sampler = new Sampler(model)));
  return sampler;
}

/** A sample input of `op`: an object literal of every parameter, keyed as the input type is (`{}` without any). */
export function inputSampleExpr(model: ServiceModel, op: OperationModel, kind: SampleKind): Expr {
  const sampler = samplerOf(model);
  const site = { form: op.http !== undefined };
  return object(
    op.parameters.flatMap((p, i): [string, Expr][] =>
      p.direction === 'out'
        ? []
        : [
            [
              p.tsName,
              p.json
                ? jsonSampleExpr(p.json)
                : sampler.value(p.type, kind, `${op.ts.method} ${p.name}`, i, { ...site, choice: p.choice }),
            ],
          ],
    ),
  );
}

/** A sample result of `op`; `undefined` for a void operation. */
export function resultSampleExpr(model: ServiceModel, op: OperationModel, kind: SampleKind): Expr {
  const sampler = samplerOf(model);
  const returned = (): Expr =>
    op.result!.json
      ? jsonSampleExpr(op.result!.json)
      : sampler.value(op.result!.type, kind, `${op.ts.method} result`, op.parameters.length, {
          choice: op.result!.choice,
        });
  if (op.replyParameters.length === 0) return op.result ? returned() : raw('undefined');
  // An operation with out and ref parameters returns an object of its result and them; each differs from the input's.
  const entries: [string, Expr][] = op.result ? [[op.result.replyKey, returned()]] : [];
  op.parameters.forEach((p, i) => {
    if (p.direction === 'in') return;
    const position = op.parameters.length + 1 + i;
    // An out or ref parameter of several `[XmlElement(Name, typeof(T))]`s is a `{ $element, value }`, as in the input.
    const value = sampler.value(p.type, kind, `${op.ts.method} ${p.name} back`, position, { choice: p.choice });
    entries.push([p.tsName, value]);
  });
  return object(entries);
}

/**
 * The SOAP headers of a call of `op`: those the client sends (`in`) and those the handler writes back (`out`);
 * `undefined` for an operation without headers.
 */
export function headerSampleExpr(model: ServiceModel, op: OperationModel): Expr {
  if (op.headers.length === 0) return raw('undefined');
  const sampler = samplerOf(model);
  const header = (field: string, type: string, kind: SampleKind): [string, Expr] => [
    propertyName(field),
    sampler.value({ kind: 'class', spec: type, name: type }, kind, `${op.ts.method} ${field}`, 0),
  ];
  return object([
    ['in', object(op.headers.filter((h) => h.input).map((h) => header(h.field, h.type, 'hostile')))],
    ['out', object(op.headers.filter((h) => h.output).map((h) => header(h.field, h.type, 'plain')))],
  ]);
}

/** `inputSampleExpr` on one line. */
export function inputSample(model: ServiceModel, op: OperationModel, kind: SampleKind): string {
  return flat(inputSampleExpr(model, op, kind));
}

/** `resultSampleExpr` on one line. */
export function resultSample(model: ServiceModel, op: OperationModel, kind: SampleKind): string {
  return flat(resultSampleExpr(model, op, kind));
}

/** The file a call that can carry files sends: every byte value. */
export function uploadSample(): Expr {
  return object([
    ['field', sampleString('file')],
    ['filename', sampleString('sample.bin')],
    ['contentType', sampleString('application/octet-stream')],
    ['data', UPLOAD_DATA],
  ]);
}

/**
 * The constants and runtime value classes that `samples` name, so the suite declares and imports nothing it never
 * reads.
 */
export function sampleNamesOf(samples: readonly Expr[]): {
  readonly constants: readonly SampleConstant[];
  readonly values: readonly ('XsdDateTime' | 'XmlFragment')[];
} {
  return sampleNamesIn(samples.map(flat));
}

/** `sampleNamesOf`, for samples already laid out as text. */
export function sampleNamesIn(texts: readonly string[]): {
  readonly constants: readonly SampleConstant[];
  readonly values: readonly ('XsdDateTime' | 'XmlFragment')[];
} {
  // Text by text: no name spans two samples.
  const names = (list: readonly string[]) =>
    list.filter((n) => {
      const pattern = new RegExp(`\\b${n}\\b`);
      return texts.some((text) => pattern.test(text));
    });
  return {
    constants: SAMPLE_CONSTANTS.filter((c) => names([c.name]).length > 0),
    values: names(['XsdDateTime', 'XmlFragment']) as ('XsdDateTime' | 'XmlFragment')[],
  };
}

function propertyName(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : stringLiteral(name);
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function sampleString(value: string): Expr {
  return string(value, 'printable');
}

/**
 * A string literal that reads as the value: printable characters as they
 * are (non-BMP ones included); the enclosing quote, backslashes, control
 * characters, lone surrogates and the line and paragraph separators escaped.
 */
export function tsString(value: string): string {
  return stringLiteral(value, 'printable');
}

/**
 * Values of a service's types in JSON, as JavaScriptSerializer writes and reads them for a `[ScriptService]`
 * (docs/wire.md, "JSON (ScriptService)"): one place for each rule, for the server and the client alike.
 *
 * | type | JSON |
 * | --- | --- |
 * | string, Guid, char | a string |
 * | TimeSpan, QName | an object of the CLR type's properties (`json-clr-objects.ts`) |
 * | numbers | a number (`long` and `decimal` as written; `NaN`, `Infinity`, `-Infinity` bare) |
 * | `DateTime` | `"\/Date(ms)\/"` (`json-dates.ts`) |
 * | `byte[]` | an array of numbers |
 * | enum, `[Flags]` enum | its number (flags: their sum) |
 * | class | `{"__type":"Name",…members}`: the .NET Framework names the type first; members of the class itself, then its base's |
 * | array | an array |
 * | `Dictionary<string, T>` | an object of T values, in the order of the `Map` (or the plain object) |
 *
 * Reading converts as ObjectConverter does: a string of digits for a number, a number for a string, `"true"` for a
 * boolean, an enum by its number or by its names (`"Hardcover, Audio"`), `__type` naming a derived class.
 */
import type { ClassDescription, DictionaryValueType, EnumDescription, ValueType } from '../xsd/type-description.js';
import { DATA_TYPE_BASES } from '../xsd/type-description.js';
import type { HostZone } from '../values/host-zone.js';
import type { TypeTable } from '../values/value-kinds.js';
import { XsdDateTime } from '../values/xsd-date-time.js';
import { formatDouble, formatSingle } from '../xsd/xsd-float-format.js';
import { defaultXsdValue, type XsdValueTypes } from '../xsd/xsd-values.js';
import { readJsonQName, readJsonTimeSpan, writeJsonQName, writeJsonTimeSpan } from './json-clr-objects.js';
import { formatJsonDate, parseDateText, parseJsonDate } from './json-dates.js';
import { JsonValueError } from './json-errors.js';
import { isJsonObject, JsonDate, JsonNumber, quoteJsonString, type JsonObject, type JsonValue } from './json-text.js';

export { JsonValueError };

/**
 * What writing and reading a service's values in JSON needs: its types; the `__type` id of each class that carries
 * one (the service's client types, `jsonTypeIds`: an object of another class has no `__type`); the host's time zone,
 * for dates without one (`host-zone.ts`).
 */
export interface JsonContext {
  readonly types: TypeTable;
  readonly typeIds: ReadonlyMap<string, string>;
  readonly zone: HostZone;
  /** The C# namespace of the declared types (`ServiceDescription.typeNamespace`): `__type` ids carry it. */
  readonly typeNamespace?: string | undefined;
}

/** The declared name a `__type` id names: the id without the types' C# namespace. */
function nameOfTypeId(cx: JsonContext, id: string): string {
  const prefix = cx.typeNamespace === undefined ? '' : `${cx.typeNamespace}.`;
  return prefix !== '' && id.startsWith(prefix) ? id.slice(prefix.length) : id;
}

/** The member names .NET gives a JSON type name (`__type`). */
export const JSON_TYPE_KEY = '__type';

/** The base a `DataType` site's value has (`date` is a `DateTime`); the type itself otherwise. */
function baseOf(type: string): string {
  return (DATA_TYPE_BASES as Record<string, string>)[type] ?? type;
}

// --- Writing ---------------------------------------------------------------------------------------------------------

/** `value` as JavaScriptSerializer writes it for a site of `type`; `undefined` and `null` are `null`. */
export function writeJsonValue(type: ValueType, value: unknown, cx: JsonContext): string {
  if (value === undefined || value === null) return 'null';
  if (typeof type === 'string') return writeSimple(baseOf(type), value, cx);
  if ('array' in type) {
    const items = value as readonly unknown[];
    return `[${items.map((item) => writeJsonValue(type.array, item, cx)).join(',')}]`;
  }
  if ('enum' in type) return String(enumNumber(cx.types[type.enum] as EnumDescription, value));
  if ('dictionary' in type) return writeDictionary(type, value, cx);
  return writeObject(type.class, value as Record<string, unknown>, cx);
}

/**
 * A `Dictionary<string, T>`: JavaScriptSerializer's object of its entries in the dictionary's order (a `Map`'s
 * insertion order, or a plain object's keys), each value written as T; no `__type` (SerializeDictionary).
 */
function writeDictionary(type: DictionaryValueType, value: unknown, cx: JsonContext): string {
  const entries: Iterable<readonly [unknown, unknown]> =
    value instanceof Map ? (value as ReadonlyMap<unknown, unknown>) : Object.entries(value as object);
  const parts: string[] = [];
  for (const [key, item] of entries) {
    parts.push(`${quoteJsonString(String(key))}:${writeJsonValue(type.dictionary, item, cx)}`);
  }
  return `{${parts.join(',')}}`;
}

function writeSimple(type: string, value: unknown, cx: JsonContext): string {
  switch (type) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'float':
    case 'double':
      return writeFloat(value as number, type === 'float');
    case 'byte':
    case 'unsignedByte':
    case 'short':
    case 'unsignedShort':
    case 'int':
    case 'unsignedInt':
    case 'long':
    case 'unsignedLong':
      return String(value as number | bigint);
    case 'decimal':
      return String(value as string);
    case 'dateTime':
      return formatJsonDate(value as XsdDateTime, cx.zone);
    case 'base64Binary':
      return `[${Array.from(value as Uint8Array).join(',')}]`;
    case 'anyType':
      return writeAny(value, cx);
    case 'timeSpan':
      return writeJsonTimeSpan();
    case 'QName':
      return writeJsonQName(String(value as string), quoteJsonString);
    default:
      return quoteJsonString(String(value as string));
  }
}

/** `NaN`, `Infinity` and `-Infinity` bare, as JavaScriptSerializer writes them; others in the round-trip form. */
function writeFloat(value: number, single: boolean): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return 'Infinity';
  if (value === -Infinity) return '-Infinity';
  return single ? formatSingle(value) : formatDouble(value);
}

/**
 * An `object` site's value (`AnyValue`): a simple value by its XSD type, a declared value by its `$type`; a JSON
 * call's own (a `Map` for the `Dictionary<string, object>` a JSON object binds to, an array for an `object[]`) as
 * the JSON it came from.
 */
function writeAny(value: unknown, cx: JsonContext): string {
  if (value === null || value === undefined) return 'null';
  if (value instanceof Map) {
    const entries = [...(value as ReadonlyMap<unknown, unknown>)];
    return `{${entries.map(([key, item]) => `${quoteJsonString(String(key))}:${writeAny(item, cx)}`).join(',')}}`;
  }
  if (Array.isArray(value)) return `[${value.map((item: unknown) => writeAny(item, cx)).join(',')}]`;
  if (typeof value !== 'object' || !('$type' in value)) return quoteJsonString(String(value));
  const { types } = cx;
  const $type = String((value as { $type: unknown }).$type);
  if ('value' in value && Object.keys(value).length === 2 && types[$type] === undefined) {
    return writeSimple(baseOf($type), (value as { value: unknown }).value, cx);
  }
  const declared = declaredNameOfXml(types, $type);
  if (declared === undefined) return quoteJsonString(String(value));
  const description = types[declared]!;
  if (description.kind === 'enum')
    return String(enumNumber(description, (value as unknown as { value: unknown }).value));
  return writeObject(declared, value as Record<string, unknown>, cx);
}

function writeObject(declared: string, value: Record<string, unknown>, cx: JsonContext): string {
  const { types, typeIds } = cx;
  const $type = value.$type;
  const actual = typeof $type === 'string' ? (declaredNameOfXml(types, $type) ?? declared) : declared;
  const id = typeIds.get(actual);
  const parts = id === undefined ? [] : [`${quoteJsonString(JSON_TYPE_KEY)}:${quoteJsonString(id)}`];
  for (const member of jsonMembers(types, actual)) {
    parts.push(`${quoteJsonString(member.name)}:${writeJsonValue(member.type, value[member.name], cx)}`);
  }
  return `{${parts.join(',')}}`;
}

/** A class's members as JavaScriptSerializer lists them: the class's own, then its base's, and so on. */
function jsonMembers(types: TypeTable, declared: string): ClassDescription['members'] {
  const description = types[declared] as ClassDescription;
  if (description.base === undefined) return description.members;
  const inherited = (types[description.base] as ClassDescription).members.length;
  return [...description.members.slice(inherited), ...jsonMembers(types, description.base)];
}

function declaredNameOfXml(types: TypeTable, xmlName: string): string | undefined {
  if (types[xmlName]?.xmlName === xmlName) return xmlName;
  return Object.keys(types).find((name) => types[name]!.xmlName === xmlName);
}

/**
 * An enum value's number; a flags value (an array of names) is the sum of its names'. A number is itself: one no
 * name has, which a JSON call gave (a C# enum holds any number of its underlying type).
 */
function enumNumber(description: EnumDescription, value: unknown): number {
  if (typeof value === 'number') return value;
  const names = Array.isArray(value) ? (value as unknown[]) : [value];
  let sum = 0;
  for (const name of names) {
    const found = description.values.find((v) => v.xmlName === name);
    if (found === undefined) throw new TypeError(`${String(name)} is not a value of ${description.xmlName}.`);
    sum = description.flags ? sum | found.value : found.value;
  }
  return sum;
}

// --- Reading ---------------------------------------------------------------------------------------------------------

/** The value of JSON `json` for a site of type `type`, as the handler gets it. */
export function readJsonValue(type: ValueType, json: JsonValue, cx: JsonContext): unknown {
  if (json === null) return null;
  if (typeof type === 'string') return readSimple(type, json, cx);
  if ('array' in type) {
    if (!Array.isArray(json)) throw cannotConvert(json, 'an array');
    return json.map((item) => readJsonValue(type.array, item, cx));
  }
  if ('enum' in type) return readEnum(cx.types[type.enum] as EnumDescription, json);
  if ('dictionary' in type) return readDictionary(type, json, cx);
  if (!isJsonObject(json)) throw cannotConvert(json, type.class);
  return readObject(type.class, json, cx);
}

function readSimple(type: string, json: JsonValue, cx: JsonContext): unknown {
  const base = baseOf(type);
  switch (base) {
    case 'boolean':
      if (typeof json === 'boolean') return json;
      if (typeof json === 'string' && /^(true|false)$/i.test(json.trim())) return json.trim().toLowerCase() === 'true';
      throw cannotConvert(json, 'Boolean');
    case 'byte':
    case 'unsignedByte':
    case 'short':
    case 'unsignedShort':
    case 'int':
    case 'unsignedInt':
      return readInteger(base, json);
    case 'long':
    case 'unsignedLong': {
      const text = numberText(json, base);
      if (!/^-?\d+$/.test(text)) throw cannotConvert(json, base);
      return BigInt(text);
    }
    case 'float':
    case 'double': {
      const number = Number(numberText(json, base));
      if (Number.isNaN(number)) throw cannotConvert(json, base);
      return base === 'float' ? Math.fround(number) : number;
    }
    case 'decimal': {
      const text = numberText(json, base);
      if (!/^-?(\d+\.?\d*|\.\d+)$/.test(text)) throw cannotConvert(json, base);
      return text;
    }
    case 'dateTime': {
      // Only `"\/Date(ms)\/"` is a date to the reader (JsonDate); another string is DateTime.Parse's to convert,
      // which takes no `/Date(ms)/`.
      if (json instanceof JsonDate) return parseJsonDate(json.text);
      if (typeof json !== 'string') throw cannotConvert(json, 'DateTime');
      const date = parseDateText(json, cx.zone);
      if (date === undefined) throw cannotConvert(json, 'DateTime');
      return date;
    }
    case 'base64Binary':
      if (!Array.isArray(json)) throw cannotConvert(json, 'Byte[]');
      return Uint8Array.from(json.map((item) => readInteger('unsignedByte', item)));
    case 'anyType':
      return readAny(json, cx);
    case 'timeSpan':
      return readJsonTimeSpan(json);
    case 'QName':
      return readJsonQName(json);
    case 'xmlElement':
    case 'xmlNode':
    case 'xmlDocument':
    case 'dataSet':
    case 'dataTable':
      // JavaScriptSerializer binds no XML node from JSON (ObjectConverter finds no conversion from a string).
      throw cannotConvert(json, 'System.Xml.XmlNode');
    default:
      if (typeof json === 'string') return json;
      if (json instanceof JsonNumber) return json.text;
      if (json instanceof JsonDate) return json.text;
      if (typeof json === 'boolean') return json ? 'True' : 'False';
      throw cannotConvert(json, 'String');
  }
}

const INTEGER_RANGES: Record<string, readonly [number, number]> = {
  byte: [-128, 127],
  unsignedByte: [0, 255],
  short: [-32768, 32767],
  unsignedShort: [0, 65535],
  int: [-2147483648, 2147483647],
  unsignedInt: [0, 4294967295],
};

/** An integer: a number rounded to even as `Convert.ToInt32` does, or a string of one. */
function readInteger(type: string, json: JsonValue): number {
  const text = numberText(json, type);
  const number =
    json instanceof JsonNumber ? roundHalfEven(Number(text)) : /^\s*-?\d+\s*$/.test(text) ? Number(text) : NaN;
  const [min, max] = INTEGER_RANGES[type]!;
  if (Number.isNaN(number) || number < min || number > max) throw cannotConvert(json, type);
  return number;
}

function roundHalfEven(value: number): number {
  const floor = Math.floor(value);
  const diff = value - floor;
  if (diff > 0.5) return floor + 1;
  if (diff < 0.5) return floor;
  return floor % 2 === 0 ? floor : floor + 1;
}

function numberText(json: JsonValue, type: string): string {
  if (json instanceof JsonNumber) return json.text;
  if (typeof json === 'string') return json.trim();
  throw cannotConvert(json, type);
}

function readEnum(description: EnumDescription, json: JsonValue): unknown {
  if (json instanceof JsonNumber) {
    // ObjectConverter binds any number of the underlying type (Enum.ToObject): one no name (or sum of flags) has is
    // the number itself, which the JSON writer writes back as it is (XmlSerializer refuses it, as it does in .NET).
    const number = readInteger('int', json);
    if (!description.flags) {
      const found = description.values.find((v) => v.value === number);
      return found === undefined ? number : found.xmlName;
    }
    const names = description.values.filter((v) => v.value !== 0 && (number & v.value) === v.value);
    if (names.reduce((sum, v) => sum | v.value, 0) !== number) return number;
    return names.map((v) => v.xmlName);
  }
  if (typeof json !== 'string') throw cannotConvert(json, description.xmlName);
  const names = json.split(',').map((name) => name.trim());
  const values = names.map((name) => {
    const found = description.values.find((v) => (v.name ?? v.xmlName) === name);
    if (found === undefined) throw cannotConvert(json, description.xmlName);
    return found.xmlName;
  });
  if (description.flags) return values;
  if (values.length !== 1) throw cannotConvert(json, description.xmlName);
  return values[0];
}

function readObject(declared: string, json: JsonObject, cx: JsonContext): Record<string, unknown> {
  const { types } = cx;
  const id = json.get(JSON_TYPE_KEY);
  const named = typeof id === 'string' ? nameOfTypeId(cx, id) : undefined;
  const family = [declared, ...((types[declared] as ClassDescription).derived ?? [])];
  const actual = typeof named === 'string' && family.includes(named) ? named : declared;
  const description = types[actual] as ClassDescription;
  // ObjectConverter creates the class the object names (`__type`), else the declared one: never an abstract class.
  if (description.abstract === true) throw new JsonValueError(`Cannot create an abstract class.`);
  const out: Record<string, unknown> = {};
  if (actual !== declared) out.$type = description.xmlName;
  for (const member of description.members) {
    const value = json.get(member.name);
    if (value !== undefined) out[member.name] = readJsonValue(member.type, value, cx);
    else if (typeof member.type === 'string' && !member.nillable) {
      const base = baseOf(member.type);
      if (base in INTEGER_RANGES || ['boolean', 'long', 'unsignedLong', 'float', 'double', 'decimal'].includes(base)) {
        out[member.name] = defaultXsdValue(base as keyof XsdValueTypes);
      }
    }
  }
  return out;
}

/**
 * A `Dictionary<string, T>` (ObjectConverter.ConvertDictionaryToObject for a generic dictionary): a JSON object, its
 * entries in the order sent (a duplicate key: the last), each value converted to T as a T site's, a `Map`. For
 * `object` values, what JavaScriptObjectDeserializer bound (`readAny`); null only for a reference type or `T?`
 * (ConvertObjectToTypeMain: JSON_ValueTypeCannotBeNull). An object with `__type` was converted by the deserializer
 * before (a class, or an unknown id's bare InvalidOperationException), and no class converts to a dictionary.
 */
function readDictionary(type: DictionaryValueType, json: JsonValue, cx: JsonContext): Map<string, unknown> {
  if (!isJsonObject(json)) throw cannotConvert(json, DICTIONARY_TYPE);
  if (json.has(JSON_TYPE_KEY))
    throw new JsonValueError('Operation is not valid due to the current state of the object.');
  const out = new Map<string, unknown>();
  for (const [key, item] of json) {
    if (item === null && !type.nillable) throw new JsonValueError('Cannot convert null to a value type.');
    out.set(key, readJsonValue(type.dictionary, item, cx));
  }
  return out;
}

/** `Type.ToString()` of a generic dictionary, as ObjectConverter's conversion errors name it (its arguments left out). */
const DICTIONARY_TYPE = 'System.Collections.Generic.Dictionary`2';

/**
 * An `object` site: JSON's own kinds, as JavaScriptSerializer binds them (`int`, `double`, `string`, `boolean`); an
 * object naming a class of the service (`__type`) as that class, another object as a `Dictionary<string, object>`
 * (a `Map`), an array as an `object[]`.
 */
function readAny(json: JsonValue, cx: JsonContext): unknown {
  const { types } = cx;
  if (json === null) return null;
  if (Array.isArray(json)) return json.map((item) => readAny(item, cx));
  if (typeof json === 'string') return { $type: 'string', value: json };
  if (json instanceof JsonDate) return { $type: 'dateTime', value: parseJsonDate(json.text) };
  if (typeof json === 'boolean') return { $type: 'boolean', value: json };
  if (json instanceof JsonNumber) return anyNumber(json.text);
  if (isJsonObject(json)) {
    const id = json.get(JSON_TYPE_KEY);
    if (id === undefined) return new Map([...json].map(([key, item]) => [key, readAny(item, cx)]));
    const named = typeof id === 'string' ? nameOfTypeId(cx, id) : undefined;
    if (typeof named === 'string' && types[named]?.kind === 'class') {
      return { ...readObject(named, json, cx), $type: types[named].xmlName };
    }
  }
  // ObjectConverter: a `__type` the resolver does not know is a bare InvalidOperationException.
  throw new JsonValueError('Operation is not valid due to the current state of the object.');
}

/** The largest magnitude a .NET `Decimal` holds: 2^96 - 1. */
const DECIMAL_MAX = 79228162514264337593543950335n;

/**
 * A JSON number in an `object` site, bound as JavaScriptObjectDeserializer.DeserializePrimitiveObject binds it: with
 * no exponent, an integer to `Int32`, else `Int64`, else (a fraction too) a `Decimal`, its digits kept as written
 * (`1.50` is written back `1.50`); with an exponent, or past what a `Decimal` holds, a `Double`.
 */
function anyNumber(text: string): AnyNumber {
  if (!/[eE]/.test(text)) {
    if (/^-?\d+$/.test(text)) {
      const big = BigInt(text);
      if (big >= -2147483648n && big <= 2147483647n) return { $type: 'int', value: Number(big) };
      if (big >= -9223372036854775808n && big <= 9223372036854775807n) return { $type: 'long', value: big };
    }
    const digits = text.replace(/^-/, '').split('.')[0]!;
    if (BigInt(digits) <= DECIMAL_MAX) return { $type: 'decimal', value: text };
  }
  return { $type: 'double', value: Number(text) };
}

type AnyNumber =
  | { readonly $type: 'int'; readonly value: number }
  | { readonly $type: 'long'; readonly value: bigint }
  | { readonly $type: 'decimal'; readonly value: string }
  | { readonly $type: 'double'; readonly value: number };

function cannotConvert(json: JsonValue, to: string): JsonValueError {
  const from =
    json === null
      ? 'null'
      : typeof json === 'string'
        ? 'System.String'
        : typeof json === 'boolean'
          ? 'System.Boolean'
          : json instanceof JsonNumber
            ? 'System.Int32'
            : json instanceof JsonDate
              ? 'System.DateTime'
              : Array.isArray(json)
                ? 'System.Object[]'
                : 'System.Collections.Generic.Dictionary`2[System.String,System.Object]';
  return new JsonValueError(`Cannot convert object of type '${from}' to type '${to}'`);
}

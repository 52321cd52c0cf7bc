/**
 * The XSD simple types of the spec format, between their XML lexical form
 * and JavaScript values, by the rules .NET's XmlConvert applies.
 *
 * | XSD | JavaScript | notes |
 * | --- | --- | --- |
 * | string | string | exact, nothing trimmed |
 * | boolean | boolean | reads `true`/`false`/`1`/`0`; writes `true`/`false` |
 * | byte ... unsignedInt | number | range of the .NET type (`byte` is SByte, `unsignedByte` Byte) |
 * | long, unsignedLong | bigint | |
 * | float, double | number | `INF`, `-INF`, `NaN`; written as .NET's round-trip (`R`) format; a float is read as the shortest decimal that is the same single (`2.9`) |
 * | decimal | string | as .NET's Decimal holds it: `12.50` stays `12.50`, `+012.5` is `12.5`; 28 decimals at most, 96 bits |
 * | dateTime | XsdDateTime | see below |
 * | base64Binary | Uint8Array | whitespace ignored |
 *
 * dateTime: an `XsdDateTime` (values/xsd-date-time.ts), which keeps the
 * kind (unspecified, `Z`, offset) and the 100-ns ticks the wire carried and
 * writes them back as ASMX does. A `Date` is also written, as the UTC value
 * of its instant (`2026-02-01T10:00:00.5Z`, what .NET writes for a UTC
 * DateTime).
 *
 * Values other than string are trimmed of XML whitespace before reading, as
 * XmlConvert does.
 */
import { decodeBase64, encodeBase64 } from './base64.js';
import type { XsdType } from './type-description.js';
import { formatDouble, formatSingle, shortestSingle } from './xsd-float-format.js';
import { shapeError } from '../values/shape-error.js';
import { XsdDateTime } from '../values/xsd-date-time.js';

export interface XsdValueTypes {
  string: string;
  boolean: boolean;
  byte: number;
  unsignedByte: number;
  short: number;
  unsignedShort: number;
  int: number;
  unsignedInt: number;
  long: bigint;
  unsignedLong: bigint;
  float: number;
  double: number;
  decimal: string;
  dateTime: XsdDateTime;
  base64Binary: Uint8Array;
}

export type XsdValue<T extends XsdType = XsdType> = XsdValueTypes[T];

/** A lexical value that does not convert; `message` is the .NET exception's message. */
export class XsdValueError extends Error {
  override readonly name = 'XsdValueError';
  constructor(
    readonly type: XsdType,
    readonly lexical: string,
    message: string,
  ) {
    super(message);
  }
}

/** The names of the XSD simple types. */
export const XSD_TYPE_NAMES: ReadonlySet<string> = new Set<XsdType>([
  'string',
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
]);

/** The .NET type of each XSD type, as ASMX names it in conversion errors. */
export const DOTNET_TYPE_NAMES: Readonly<Record<XsdType, string>> = {
  string: 'System.String',
  boolean: 'System.Boolean',
  byte: 'System.SByte',
  unsignedByte: 'System.Byte',
  short: 'System.Int16',
  unsignedShort: 'System.UInt16',
  int: 'System.Int32',
  unsignedInt: 'System.UInt32',
  long: 'System.Int64',
  unsignedLong: 'System.UInt64',
  float: 'System.Single',
  double: 'System.Double',
  decimal: 'System.Decimal',
  dateTime: 'System.DateTime',
  base64Binary: 'System.Byte[]',
};

/** `string` and `base64Binary` may be absent (`minOccurs="0"`); the others are .NET value types. */
export function isReferenceType(type: XsdType): boolean {
  return type === 'string' || type === 'base64Binary';
}

/**
 * What a .NET service receives for an absent value-type parameter: the
 * type's default (0, false, `0001-01-01T00:00:00`); `undefined` for the
 * reference types.
 */
export function defaultXsdValue<T extends XsdType>(type: T): XsdValueTypes[T] | undefined {
  switch (type) {
    case 'string':
    case 'base64Binary':
      return undefined;
    case 'boolean':
      return false as XsdValueTypes[T];
    case 'long':
    case 'unsignedLong':
      return 0n as XsdValueTypes[T];
    case 'decimal':
      return '0' as XsdValueTypes[T];
    case 'dateTime':
      return XsdDateTime.MIN_VALUE as XsdValueTypes[T];
    default:
      return 0 as XsdValueTypes[T];
  }
}

// --- Reading ---------------------------------------------------------------------------------------------------------

const INTEGER_RANGES: Partial<Record<XsdType, readonly [bigint, bigint, string]>> = {
  byte: [-128n, 127n, 'a signed byte'],
  unsignedByte: [0n, 255n, 'an unsigned byte'],
  short: [-32768n, 32767n, 'an Int16'],
  unsignedShort: [0n, 65535n, 'a UInt16'],
  int: [-2147483648n, 2147483647n, 'an Int32'],
  unsignedInt: [0n, 4294967295n, 'a UInt32'],
  long: [-9223372036854775808n, 9223372036854775807n, 'an Int64'],
  unsignedLong: [0n, 18446744073709551615n, 'a UInt64'],
};

const BAD_FORMAT = 'Input string was not in a correct format.';
const INTEGER = /^[+-]?[0-9]+$/;
const FLOATING = /^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;
const DECIMAL = /^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$/;
const DECIMAL_MAX = 79228162514264337593543950335n;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function trimXml(text: string): string {
  // Most values have no surrounding white space: no regular expression for them.
  const last = text.length - 1;
  if (last < 0 || (text.charCodeAt(0) > 0x20 && text.charCodeAt(last) > 0x20)) return text;
  return text.replace(/^[ \t\n\r]+|[ \t\n\r]+$/g, '');
}

function fail(type: XsdType, text: string, message: string): never {
  throw new XsdValueError(type, text, message);
}

/** Reads a lexical value; throws `XsdValueError` when it does not convert. */
export function parseXsdValue<T extends XsdType>(type: T, text: string): XsdValueTypes[T] {
  return parse(type, text) as XsdValueTypes[T];
}

function parse(type: XsdType, text: string): XsdValue {
  if (type === 'string') return text;
  const value = trimXml(text);
  switch (type) {
    case 'boolean':
      if (value === 'true' || value === '1') return true;
      if (value === 'false' || value === '0') return false;
      return fail(type, text, `The string '${text}' is not a valid Boolean value.`);
    case 'float':
    case 'double': {
      const dotnet = type === 'float' ? 'a Single' : 'a Double';
      if (value === 'INF' || value === '+INF') return Infinity;
      if (value === '-INF') return -Infinity;
      if (value === 'NaN') return NaN;
      if (!FLOATING.test(value)) return fail(type, text, BAD_FORMAT);
      const number = type === 'float' ? shortestSingle(Math.fround(Number(value)), value) : Number(value);
      if (!Number.isFinite(number)) return fail(type, text, `Value was either too large or too small for ${dotnet}.`);
      return number;
    }
    case 'decimal': {
      if (!DECIMAL.test(value)) return fail(type, text, BAD_FORMAT);
      return toDecimal(value) ?? fail(type, text, 'Value was either too large or too small for a Decimal.');
    }
    case 'dateTime':
      return XsdDateTime.tryParse(value) ?? fail(type, text, `The string '${text}' is not a valid AllXsd value.`);
    case 'base64Binary': {
      const compact = value.replace(/[ \t\n\r]/g, '');
      if (!BASE64.test(compact)) {
        return fail(
          type,
          text,
          'The input is not a valid Base-64 string as it contains a non-base 64 character, more than two padding ' +
            'characters, or an illegal character among the padding characters.',
        );
      }
      return decodeBase64(compact);
    }
    default: {
      const [min, max, dotnet] = INTEGER_RANGES[type]!;
      if (!INTEGER.test(value)) return fail(type, text, BAD_FORMAT);
      const integer = BigInt(value);
      if (integer < min || integer > max)
        return fail(type, text, `Value was either too large or too small for ${dotnet}.`);
      return type === 'long' || type === 'unsignedLong' ? integer : Number(integer);
    }
  }
}

/**
 * A decimal text (`DECIMAL`) as .NET's Decimal holds and writes it: a 96-bit integer and a scale of at most 28,
 * as many digits kept as fit, the first dropped one rounding half up; no `+`, no leading zeros, no sign on zero;
 * the scale (`12.50`) kept. `undefined` when the integer part does not fit.
 */
function toDecimal(text: string): string | undefined {
  const negative = text.startsWith('-');
  const [whole = '', fraction = ''] = text.replace(/^[+-]/, '').split('.');
  if (BigInt(whole || '0') > DECIMAL_MAX) return undefined;
  let mantissa = BigInt(whole || '0');
  let scale = 0;
  for (; scale < fraction.length && scale < 28; scale++) {
    const next = mantissa * 10n + BigInt(fraction.charCodeAt(scale) - 48);
    if (next > DECIMAL_MAX) break;
    mantissa = next;
  }
  if (scale < fraction.length && fraction.charCodeAt(scale) >= 53 && mantissa < DECIMAL_MAX) mantissa += 1n;
  const digits = mantissa.toString().padStart(scale + 1, '0');
  const integer = digits.slice(0, digits.length - scale);
  const sign = negative && mantissa !== 0n ? '-' : '';
  return scale === 0 ? `${sign}${integer}` : `${sign}${integer}.${digits.slice(digits.length - scale)}`;
}

// --- Writing ---------------------------------------------------------------------------------------------------------

/**
 * Writes a value in its lexical form (not yet XML-escaped). A value that is
 * not of the type, or out of its range, is a programming error: `TypeError`.
 */
export function formatXsdValue<T extends XsdType>(type: T, value: XsdValueTypes[T]): string {
  return format(type, value);
}

function wrong(type: XsdType, value: unknown): never {
  throw shapeError(`an xsd:${type}`, value);
}

function format(type: XsdType, value: unknown): string {
  switch (type) {
    case 'string':
      return typeof value === 'string' ? value : wrong(type, value);
    case 'boolean':
      return typeof value === 'boolean' ? String(value) : wrong(type, value);
    case 'float':
      return typeof value === 'number' ? formatSingle(value) : wrong(type, value);
    case 'double':
      return typeof value === 'number' ? formatDouble(value) : wrong(type, value);
    case 'decimal': {
      let text = typeof value === 'string' ? value : typeof value === 'bigint' ? String(value) : undefined;
      if (text === undefined && typeof value === 'number' && Number.isFinite(value)) text = String(value);
      return (text !== undefined && DECIMAL.test(text) ? toDecimal(text) : undefined) ?? wrong(type, value);
    }
    case 'dateTime':
      if (value instanceof XsdDateTime) return value.toString();
      return value instanceof Date && !Number.isNaN(value.getTime()) ? formatDate(value) : wrong(type, value);
    case 'base64Binary':
      return value instanceof Uint8Array ? encodeBase64(value) : wrong(type, value);
    default: {
      const [min, max] = INTEGER_RANGES[type]!;
      const isLong = type === 'long' || type === 'unsignedLong';
      let integer: bigint | undefined;
      if (typeof value === 'bigint') integer = value;
      else if (typeof value === 'number' && Number.isInteger(value) && !isLong) integer = BigInt(value);
      else if (typeof value === 'number' && Number.isSafeInteger(value)) integer = BigInt(value);
      return integer !== undefined && integer >= min && integer <= max ? String(integer) : wrong(type, value);
    }
  }
}

function formatDate(date: Date): string {
  try {
    return XsdDateTime.fromDate(date).toString();
  } catch {
    throw shapeError('an xsd:dateTime .NET can hold', date);
  }
}

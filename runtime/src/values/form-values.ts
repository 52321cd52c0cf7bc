/**
 * Values of HTTP GET and POST parameters, as ASMX binds them (`ScalarFormatter.FromString`): not by XmlConvert's
 * XSD rules, which the SOAP body and every XML result follow, but by .NET's `Convert.ChangeType` with the
 * invariant culture, and enums by `Enum.Parse`. The server reads them so; the client writes what they read.
 *
 * | type | read | written by the client |
 * | --- | --- | --- |
 * | boolean | `true`/`false`, any case, trimmed (`1` is refused) | `true`, `false` |
 * | integers | trimmed, an optional sign | as XSD |
 * | float, double | trimmed, a sign, `,` group separators, an exponent; `Infinity`, `-Infinity`, `NaN` | `R` format, `Infinity`… |
 * | decimal | trimmed, a sign, `,` group separators, no exponent | as XSD |
 * | dateTime | the XSD forms, a date alone, a space for `T`, minutes without seconds | as XSD |
 * | char | exactly one UTF-16 code unit, itself (not its code) | the character |
 * | base64Binary | a `byte[]` is an array of bytes: one value per byte, repeated | each byte, repeated |
 * | enum | C# member names (not XML names), case-sensitive, trimmed; flags joined by `,`; or the number | C# names, flags joined by `, ` |
 *
 * A number naming no declared value (no combination of declared flags) is refused: ASMX takes it and fails
 * only if it writes it back; a TypeScript value cannot hold it.
 */
import type { EnumDescription, ValueType, XsdType } from '../xsd/type-description.js';
import { isXsdType } from '../xsd/value-type.js';
import { formatXsdValue, parseXsdValue, XsdValueError, type XsdValue } from '../xsd/xsd-values.js';
import { flagNames, formatText, parseText } from './simple-values.js';
import { LexicalValueError } from './value-errors.js';
import { enumNamed, type TypeTable } from './value-kinds.js';

const BAD_FORMAT = 'Input string was not in a correct format.';
/** `String.Trim()`'s white space, as far as a form value carries it. */
const TRIM = /^[\s\0]+|[\s\0]+$/g;
const FLOAT = /^[+-]?(?:[0-9][0-9,]*(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;
const NUMBER = /^(?:[+-]?(?:[0-9][0-9,]*(?:\.[0-9]*)?|\.[0-9]+)|(?:[0-9][0-9,]*(?:\.[0-9]*)?|\.[0-9]+)[+-]?)$/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/;

function fail(message: string): never {
  throw new LexicalValueError(message);
}

/**
 * A form value as ASMX binds it: `texts` holds the values given for the parameter's name (one, or one per
 * item of an array, and of a `byte[]`).
 */
export function parseFormValue(types: TypeTable, type: ValueType, text: string): unknown {
  if (typeof type !== 'string') {
    if ('enum' in type) return parseEnumName(type.enum, enumNamed(types, type.enum), text);
    throw new TypeError(`${JSON.stringify(type)} is not a form value.`);
  }
  if (!isXsdType(type)) {
    if (type === 'char') return text.length === 1 ? text : fail('String must be exactly one character long.');
    return parseText(types, type, text);
  }
  try {
    return parseXsd(type, text);
  } catch (error) {
    if (error instanceof XsdValueError) throw new LexicalValueError(error.message);
    throw error;
  }
}

function parseXsd(type: XsdType, text: string): unknown {
  // A string is read by the one rule for strings, on every transport.
  if (type === 'string') return parseXsdValue(type, text);
  const value = text.replace(TRIM, '');
  switch (type) {
    case 'boolean': {
      const lower = value.toLowerCase();
      if (lower === 'true' || lower === 'false') return lower === 'true';
      return fail('String was not recognized as a valid Boolean.');
    }
    case 'float':
    case 'double': {
      if (value === 'Infinity') return Infinity;
      if (value === '-Infinity') return -Infinity;
      if (value === 'NaN') return NaN;
      if (!FLOAT.test(value)) return fail(BAD_FORMAT);
      return parseXsdValue(type, value.replaceAll(',', ''));
    }
    case 'decimal': {
      if (!NUMBER.test(value)) return fail(BAD_FORMAT);
      const trailing = /[+-]$/.exec(value)?.[0] ?? '';
      return parseXsdValue(type, trailing + value.replace(/[+-]$/, '').replaceAll(',', ''));
    }
    case 'dateTime': {
      const date = DATE_TIME.exec(value);
      const xsd = DATE_ONLY.test(value)
        ? `${value}T00:00:00`
        : date
          ? `${date[1]}T${date[2]}${date[3] ?? ':00'}${date[4] ?? ''}`
          : value;
      try {
        return parseXsdValue(type, xsd);
      } catch {
        return fail('String was not recognized as a valid DateTime.');
      }
    }
    case 'base64Binary':
      throw new TypeError('A byte[] form value is an array of bytes.');
    default:
      return parseXsdValue(type, value);
  }
}

/** `Enum.Parse`: C# names (`,`-separated, each trimmed, OR-ed) or a number; see the module's notes. */
function parseEnumName(typeName: string, description: EnumDescription, text: string): unknown {
  const value = text.replace(TRIM, '');
  if (value === '') return fail('Must specify valid information for parsing in the string.');
  let bits: number | undefined;
  if (/^[+-]?[0-9]+$/.test(value)) bits = Number(value);
  if (bits === undefined) {
    bits = 0;
    for (const part of value.split(',')) {
      const name = part.trim();
      const found = description.values.find((v) => (v.name ?? v.xmlName) === name);
      if (found === undefined) return fail(`Requested value '${text}' was not found.`);
      bits |= found.value;
    }
  }
  if (!description.flags) {
    const found = description.values.find((v) => v.value === bits);
    return found?.xmlName ?? fail(`Instance validation error: '${value}' is not a valid value for ${typeName}.`);
  }
  const declared = description.values.reduce((all, v) => all | v.value, 0);
  if ((bits & ~declared) !== 0) fail(`Instance validation error: '${value}' is not a valid value for ${typeName}.`);
  return flagNames(description, bits);
}

/** The texts the client sends for a parameter's value over HTTP GET/POST: one, or one per array item or byte. */
export function formatFormValues(types: TypeTable, type: ValueType, value: unknown): string[] {
  if (typeof type !== 'string' && 'array' in type) {
    if (!Array.isArray(value)) throw new TypeError('An array parameter takes an array.');
    return value.map((item) => formatFormValue(types, type.array, item));
  }
  if (type === 'base64Binary') {
    if (!(value instanceof Uint8Array)) throw new TypeError(`A base64Binary value is a Uint8Array.`);
    return Array.from(value, String);
  }
  return [formatFormValue(types, type, value)];
}

function formatFormValue(types: TypeTable, type: ValueType, value: unknown): string {
  if (typeof type !== 'string' && 'enum' in type) return formatEnumName(types, type.enum, value);
  if (type === 'char') {
    formatText(types, type, value);
    return value as string;
  }
  if (!isXsdType(type)) return formatText(types, type, value);
  if ((type === 'double' || type === 'float') && typeof value === 'number' && !Number.isFinite(value)) {
    return Number.isNaN(value) ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity';
  }
  return formatXsdValue(type, value as XsdValue);
}

function formatEnumName(types: TypeTable, typeName: string, value: unknown): string {
  const description = enumNamed(types, typeName);
  const xml = formatText(types, { enum: typeName }, value).split(' ');
  const zero = description.values.find((v) => v.value === 0);
  const names = xml
    .filter((name) => name !== '' && (!description.flags || name !== zero?.xmlName))
    .map((name) => {
      const found = description.values.find((v) => v.xmlName === name)!;
      return found.name ?? found.xmlName;
    });
  if (names.length > 0) return names.join(', ');
  return zero === undefined ? '0' : (zero.name ?? zero.xmlName);
}

/**
 * Parameter values as HTTP GET and POST carry them (ASMX's ScalarFormatter): the text of a query or form field.
 * Everything but an enum is the text form of `simple-values.ts`. An enum is what `Enum.Parse` reads and
 * `Enum.ToString` writes, not XmlSerializer's XML names:
 *
 * - read: trimmed of .NET white space; a number when it starts with a digit or a sign (and parses as an Int32),
 *   else C# member names separated by commas (each trimmed, matched exactly), their values OR'd together. The
 *   TypeScript value is the member's XML name (flags: the names of its bits), as on every transport. A value
 *   that names no member (`7`, or `Poetry,NonFiction` of a plain enum) is refused: ASMX hands it to the method
 *   and fails when it writes it (`Instance validation error`), and a TypeScript value cannot hold it.
 * - written: the C# member name; flags as `Enum.ToString` joins them, by ascending value with `, ` (the zero
 *   value's name, else `0`, for the empty set).
 */
import type { EnumDescription, EnumValueDescription, ValueType } from '../type-description.js';
import { enumNamed, type TypeTable } from './value-kinds.js';
import { LexicalValueError } from './value-errors.js';
import { flagNames, formatText, parseText } from './simple-values.js';

/** Reads an HTTP GET/POST parameter value of `type` (an array's item type for each repeated value). */
export function parseFormText(types: TypeTable, type: ValueType, text: string): unknown {
  if (typeof type !== 'string' && 'enum' in type) return parseEnum(type.enum, enumNamed(types, type.enum), text);
  return parseText(types, type, text);
}

/** Writes an HTTP GET/POST parameter value of `type` (not yet encoded). */
export function formatFormText(types: TypeTable, type: ValueType, value: unknown): string {
  if (typeof type !== 'string' && 'enum' in type) return formatEnum(type.enum, enumNamed(types, type.enum), value);
  return formatText(types, type, value);
}

/** What `String.Trim()` removes: the characters `Char.IsWhiteSpace` accepts. */
const DOTNET_SPACE = '[\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
const TRIM = new RegExp(`^${DOTNET_SPACE}+|${DOTNET_SPACE}+$`, 'g');

function dotnetTrim(text: string): string {
  return text.replace(TRIM, '');
}

const csharpName = (v: EnumValueDescription) => v.name ?? v.xmlName;

function parseEnum(typeName: string, description: EnumDescription, text: string): unknown {
  const value = dotnetTrim(text);
  if (value === '') throw new LexicalValueError('Must specify valid information for parsing in the string.');
  let bits = 0;
  if (/^[+-]?[0-9]+$/.test(value)) {
    const number = Number(value);
    if (number < -2147483648 || number > 2147483647) {
      throw new LexicalValueError('Value was either too large or too small for an Int32.');
    }
    bits = number;
  } else {
    for (const part of value.split(',')) {
      const name = dotnetTrim(part);
      const found = description.values.find((v) => csharpName(v) === name);
      if (found === undefined) throw new LexicalValueError(`Requested value '${value}' was not found.`);
      bits |= found.value;
    }
  }
  const invalid = () =>
    new LexicalValueError(`Instance validation error: '${bits}' is not a valid value for ${typeName}.`);
  if (!description.flags) {
    const found = description.values.find((v) => v.value === bits);
    if (found === undefined) throw invalid();
    return found.xmlName;
  }
  const names = flagNames(description, bits);
  let covered = 0;
  for (const name of names) covered |= description.values.find((v) => v.xmlName === name)!.value;
  if (covered !== bits) throw invalid();
  return names;
}

function formatEnum(typeName: string, description: EnumDescription, value: unknown): string {
  const memberOf = (name: unknown) => {
    const found = description.values.find((v) => v.xmlName === name);
    if (found === undefined) throw new TypeError(`${JSON.stringify(name)} is not a value of ${typeName}.`);
    return found;
  };
  if (!description.flags) return csharpName(memberOf(value));
  if (!Array.isArray(value)) throw new TypeError(`A ${typeName} value is an array of names.`);
  let bits = 0;
  for (const name of value) bits |= memberOf(name).value;
  // Enum.ToString: from the highest value down, each member whose bits are all still set; listed ascending.
  const sorted = [...description.values].sort((a, b) => (a.value >>> 0) - (b.value >>> 0));
  if (bits === 0) {
    const zero = sorted[0]?.value === 0 ? sorted[0] : undefined;
    return zero ? csharpName(zero) : '0';
  }
  const names: string[] = [];
  let rest = bits;
  for (let i = sorted.length - 1; i >= 0; i--) {
    const member = sorted[i]!;
    if (i === 0 && member.value === 0) break;
    if ((rest & member.value) === member.value) {
      rest &= ~member.value;
      names.unshift(csharpName(member));
    }
  }
  return names.join(', ');
}

/**
 * Values written as text: the XSD simple types (`xsd-values.ts`), `DataType` sites (`data-type-values.ts`),
 * Guid, char, QName and enums, between their lexical form and TypeScript (docs/types.md). Reading throws `LexicalValueError` with the .NET message;
 * writing a value not of the type throws `TypeError`.
 *
 * - Guid: read in .NET's D, N, B and P forms; a string in D form, lower case, as .NET writes it.
 * - char: the wire carries the UTF-16 code unit as a number (XmlSerializer writes `(ushort)c`).
 * - enum: the XML names, matched exactly. Flags: names separated by whitespace, written in declaration order as
 *   XmlSerializationWriter.FromEnum does (the zero value's name for the empty set); read into the names of the
 *   value's bits, so `[]` is the empty set whatever the wire named it.
 */
import type { EnumDescription, ValueType, XsdType } from '../xsd/type-description.js';
import { formatXsdValue, parseXsdValue, XsdValueError, type XsdValue } from '../xsd/xsd-values.js';
import { isXsdType } from '../xsd/value-type.js';
import { defaultDataTypeValue, formatDataTypeValue, isDataType, parseDataTypeValue } from './data-type-values.js';
import { enumNamed, XML_KINDS, type TypeTable } from './value-kinds.js';
import { LexicalValueError } from './value-errors.js';

/** A site whose value is text: an XSD type, a Guid, a char, a QName or an enum. */
export function isTextType(type: ValueType): boolean {
  return typeof type === 'string' ? type !== 'anyType' && type !== 'timeSpan' && !isXmlKind(type) : 'enum' in type;
}

function isXmlKind(type: string): boolean {
  return XML_KINDS.has(type);
}

const GUID_D = /^([0-9a-fA-F]{8})-([0-9a-fA-F]{4})-([0-9a-fA-F]{4})-([0-9a-fA-F]{4})-([0-9a-fA-F]{12})$/;
const GUID_N = /^[0-9a-fA-F]{32}$/;
const GUID_MESSAGE = 'Guid should contain 32 digits with 4 dashes (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx).';

function normalizeGuid(text: string): string | undefined {
  let body = text;
  if ((body.startsWith('{') && body.endsWith('}')) || (body.startsWith('(') && body.endsWith(')'))) {
    body = body.slice(1, -1);
  }
  if (GUID_D.test(body)) return body.toLowerCase();
  if (GUID_N.test(text)) {
    const n = text.toLowerCase();
    return `${n.slice(0, 8)}-${n.slice(8, 12)}-${n.slice(12, 16)}-${n.slice(16, 20)}-${n.slice(20)}`;
  }
  return undefined;
}

/** Reads a text value of `type`. */
export function parseText(types: TypeTable, type: ValueType, text: string): unknown {
  if (isDataType(type)) return parseDataTypeValue(type, text);
  if (typeof type === 'string') {
    if (isXsdType(type)) {
      try {
        return parseXsdValue(type, text);
      } catch (error) {
        if (error instanceof XsdValueError) throw new LexicalValueError(error.message);
        throw error;
      }
    }
    switch (type) {
      case 'guid':
        return normalizeGuid(text.trim()) ?? fail(GUID_MESSAGE);
      case 'char':
        return String.fromCharCode(parseText(types, 'unsignedShort', text) as number);
      case 'QName':
        return text.trim();
      default:
        throw new TypeError(`${type} values are not text.`);
    }
  }
  if ('enum' in type) return parseEnum(type.enum, enumNamed(types, type.enum), text);
  throw new TypeError(`${JSON.stringify(type)} values are not text.`);
}

/**
 * The reader of text values of `type`, chosen once: what `parseText(types, type, text)` does, without asking
 * again per value which kind of type it is. An enum's description is looked up at its first value.
 */
export function textParser(types: TypeTable, type: ValueType): (text: string) => unknown {
  if (type === 'string') return (text) => text;
  if (typeof type === 'string' && !isDataType(type) && isXsdType(type)) {
    return (text) => {
      try {
        return parseXsdValue(type, text);
      } catch (error) {
        if (error instanceof XsdValueError) throw new LexicalValueError(error.message);
        throw error;
      }
    };
  }
  if (typeof type !== 'string' && 'enum' in type) {
    const name = type.enum;
    let description: EnumDescription | undefined;
    return (text) => parseEnum(name, (description ??= enumNamed(types, name)), text);
  }
  return (text) => parseText(types, type, text);
}

function fail(message: string): never {
  throw new LexicalValueError(message);
}

function unknownConstant(text: string, typeName: string): never {
  return fail(`Instance validation error: '${text}' is not a valid value for ${typeName}.`);
}

function parseEnum(typeName: string, description: EnumDescription, text: string): unknown {
  if (!description.flags) {
    return description.values.some((v) => v.xmlName === text) ? text : unknownConstant(text, typeName);
  }
  let bits = 0;
  for (const part of text.split(/[ \t\n\r]+/)) {
    if (part === '') continue;
    const found = description.values.find((v) => v.xmlName === part);
    // XmlSerializer names a flags type by its full C# name here (`global::Access`), an enum by its name.
    if (found === undefined) unknownConstant(part, `global::${typeName}`);
    bits |= found!.value;
  }
  return flagNames(description, bits);
}

/** The names of the declared non-zero values `bits` holds, in declaration order (FromEnum). */
export function flagNames(description: EnumDescription, bits: number): string[] {
  const names: string[] = [];
  let rest = bits;
  for (const { xmlName, value } of description.values) {
    if (value === 0 || rest === 0) continue;
    if ((value & bits) === value) {
      names.push(xmlName);
      rest &= ~value;
    }
  }
  return names;
}

/** Writes a text value of `type` (not yet escaped). */
export function formatText(types: TypeTable, type: ValueType, value: unknown): string {
  if (isDataType(type)) return formatDataTypeValue(type, value);
  if (typeof type === 'string') {
    if (isXsdType(type)) return formatXsdValue(type as XsdType, value as XsdValue);
    switch (type) {
      case 'guid': {
        const guid = typeof value === 'string' ? normalizeGuid(value) : undefined;
        if (guid === undefined) throw new TypeError(`${JSON.stringify(value)} is not a Guid.`);
        return guid;
      }
      case 'char':
        if (typeof value !== 'string' || value.length !== 1) {
          throw new TypeError(`${JSON.stringify(value)} is not a char (one UTF-16 code unit).`);
        }
        return String(value.charCodeAt(0));
      case 'QName':
        if (typeof value !== 'string') throw new TypeError(`${JSON.stringify(value)} is not a QName.`);
        return value;
      default:
        throw new TypeError(`${type} values are not text.`);
    }
  }
  if ('enum' in type) return formatEnum(type.enum, enumNamed(types, type.enum), value);
  throw new TypeError(`${JSON.stringify(type)} values are not text.`);
}

function formatEnum(typeName: string, description: EnumDescription, value: unknown): string {
  const valueOf = (name: unknown) => {
    const found = description.values.find((v) => v.xmlName === name);
    if (found === undefined) throw new TypeError(`${JSON.stringify(name)} is not a value of ${typeName}.`);
    return found.value;
  };
  if (!description.flags) {
    valueOf(value);
    return value as string;
  }
  if (!Array.isArray(value)) throw new TypeError(`A ${typeName} value is an array of names.`);
  let bits = 0;
  for (const name of value) bits |= valueOf(name);
  const names = flagNames(description, bits);
  if (names.length === 0) return description.values.find((v) => v.value === 0)?.xmlName ?? '';
  return names.join(' ');
}

/** What .NET holds in an absent value of a text type: 0, false, MinValue, the empty Guid, the zero enum value. */
export function defaultTextValue(types: TypeTable, type: ValueType): unknown {
  if (isDataType(type)) return defaultDataTypeValue(type);
  if (typeof type === 'string') {
    switch (type) {
      case 'guid':
        return '00000000-0000-0000-0000-000000000000';
      case 'char':
        return '\u0000';
      case 'QName':
        return undefined;
      default:
        return isXsdType(type) ? defaultOfXsd(type) : undefined;
    }
  }
  if ('enum' in type) {
    const description = enumNamed(types, type.enum);
    if (description.flags) return [];
    return (description.values.find((v) => v.value === 0) ?? description.values[0])?.xmlName;
  }
  return undefined;
}

function defaultOfXsd(type: XsdType): unknown {
  if (type === 'string' || type === 'base64Binary') return undefined;
  return parseXsdValue(type, type === 'boolean' ? 'false' : type === 'dateTime' ? '0001-01-01T00:00:00' : '0');
}

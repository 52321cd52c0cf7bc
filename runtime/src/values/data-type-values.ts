/**
 * Sites with `DataType` (`[XmlElement(DataType = "date")]`): their lexical forms on SOAP, read and written as
 * XmlSerializer does (docs/types.md). The TypeScript value is the C# type's; HTTP GET and POST bind and write the
 * C# type (`httpTypeOf`), as ASMX does.
 *
 * | DataType | C# | TypeScript | read | written |
 * | --- | --- | --- | --- | --- |
 * | `normalizedString` | string | string | as is | as is |
 * | `Name`, `NCName`, `NMTOKEN`, `NMTOKENS` | string | string | trimmed, `_xHHHH_` decoded | characters the name cannot hold escaped as `_xHHHH_` (NMTOKENS token by token) |
 * | `integer`, `token`, `anyURI`, `gYear`, … | string | string | trimmed | as is |
 * | `date` | DateTime | `XsdDateTime` | `yyyy-MM-dd`, `yyyy-MM`, `yyyy`, a zone allowed | `yyyy-MM-dd` |
 * | `time` | DateTime | `XsdDateTime` (on 0001-01-01) | `HH:mm:ss`, up to 7 fraction digits, a zone allowed | `HH:mm:ss.fffffff` and the zone: `Z`, the offset read, `+00:00` for no zone |
 * | `hexBinary` | byte[] | `Uint8Array` | whitespace ignored, an odd last digit dropped | upper-case digits |
 *
 * "Trimmed" is .NET's `String.Trim()` (Unicode white space). The integer types are strings, validated by no
 * one, as XmlSerializer keeps them: `-000123456789012345678901234567890` stays as written, past any `number`
 * and any bigint normalization. A `date` or `time` with an offset is converted by ASMX to its host's zone; an
 * `XsdDateTime` keeps the offset as read (a Node server has no legacy host's zone to mimic), so `time` writes it
 * back and `date` writes the date as read. A hexBinary digit that is no hex digit is malformed XML to ASMX
 * (400).
 */
import { DATA_TYPE_BASES, type DataTypeName, type ValueType } from '../xsd/type-description.js';
import { XsdDateTime } from './xsd-date-time.js';
import { LexicalValueError, MalformedValueError } from './value-errors.js';

export function isDataType(type: ValueType): type is DataTypeName {
  return typeof type === 'string' && Object.prototype.hasOwnProperty.call(DATA_TYPE_BASES, type);
}

/**
 * The type HTTP GET and POST bind and write for a site: the C# type of a `DataType`; an array of `DataType` items
 * (`[XmlArrayItem(DataType)]`) as an array of the C# type, its items named by it (`ArrayOfDateTime` of `dateTime`);
 * else the type itself.
 */
export function httpTypeOf(type: ValueType): ValueType {
  if (isDataType(type)) return DATA_TYPE_BASES[type];
  const items = dataTypeItems(type);
  if (items === undefined) return type;
  const base = DATA_TYPE_BASES[items];
  return { ...(type as ArrayValueType), array: base, item: base };
}

type ArrayValueType = Extract<ValueType, { readonly array: ValueType }>;

/** The `DataType` of an array's items, if any. */
function dataTypeItems(type: ValueType): DataTypeName | undefined {
  if (typeof type !== 'object' || !('array' in type)) return undefined;
  return isDataType(type.array) ? type.array : undefined;
}

/** A site HTTP GET and POST carry as another type: a `DataType`, or an array of `DataType` items. */
function hasDataType(type: ValueType): boolean {
  return isDataType(type) || dataTypeItems(type) !== undefined;
}

/** What an absent site holds: `DateTime.MinValue` for `date` and `time`, nothing for the reference types. */
export function defaultDataTypeValue(type: DataTypeName): unknown {
  return DATA_TYPE_BASES[type] === 'dateTime' ? XsdDateTime.MIN_VALUE : undefined;
}

const NOT_A_DATE_TIME = 'String was not recognized as a valid DateTime.';
const DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?(Z|[+-]\d{2}:\d{2})?$/;
const TIME = /^(\d{2}:\d{2}:\d{2}(?:\.\d{1,7})?)(Z|[+-]\d{2}:\d{2})?$/;

/** Reads the lexical form of a `DataType`; `LexicalValueError` (or `MalformedValueError` for hexBinary). */
export function parseDataTypeValue(type: DataTypeName, text: string): unknown {
  switch (type) {
    case 'normalizedString':
      return text;
    case 'Name':
    case 'NCName':
    case 'NMTOKEN':
    case 'NMTOKENS':
      return decodeName(trimDotnet(text));
    case 'date': {
      const match = DATE.exec(trimDotnet(text));
      const value =
        match && XsdDateTime.tryParse(`${match[1]}-${match[2] ?? '01'}-${match[3] ?? '01'}${match[4] ?? ''}`);
      if (!value) throw new LexicalValueError(NOT_A_DATE_TIME);
      return value;
    }
    case 'time': {
      const match = TIME.exec(trimDotnet(text));
      const value = match && XsdDateTime.tryParse(`0001-01-01T${match[1]}${match[2] ?? ''}`);
      if (!value) throw new LexicalValueError(NOT_A_DATE_TIME);
      return value;
    }
    case 'hexBinary':
      return decodeHex(text);
    default:
      return trimDotnet(text);
  }
}

/** Writes a value at a `DataType` site (not yet escaped); `TypeError` for a value not of the C# type. */
export function formatDataTypeValue(type: DataTypeName, value: unknown): string {
  switch (DATA_TYPE_BASES[type]) {
    case 'dateTime': {
      const dateTime = value instanceof Date ? fromDate(value) : value;
      if (!(dateTime instanceof XsdDateTime)) throw new TypeError(`A ${type} value is an XsdDateTime.`);
      const text = dateTime.toString();
      if (type === 'date') return text.slice(0, 10);
      const [, wall = '', fraction = '', zone = ''] = /T(\d{2}:\d{2}:\d{2})(?:\.(\d+))?(.*)$/.exec(text) ?? [];
      return `${wall}.${fraction.padEnd(7, '0')}${dateTime.kind === 'unspecified' ? '+00:00' : zone}`;
    }
    case 'base64Binary':
      if (!(value instanceof Uint8Array)) throw new TypeError(`A ${type} value is a Uint8Array.`);
      return encodeHex(value);
    default:
      if (typeof value !== 'string') throw new TypeError(`A ${type} value is a string.`);
      switch (type) {
        case 'Name':
          return encodeName(value, 'name');
        case 'NCName':
          return encodeName(value, 'ncName');
        case 'NMTOKEN':
          return encodeName(value, 'nmToken');
        case 'NMTOKENS':
          return value
            .split(' ')
            .map((token) => encodeName(token, 'nmToken'))
            .join(' ');
        default:
          return value;
      }
  }
}

function fromDate(date: Date): XsdDateTime {
  try {
    return XsdDateTime.fromDate(date);
  } catch {
    throw new TypeError('The Date is not a valid DateTime.');
  }
}

/** .NET's `Char.IsWhiteSpace`, which `String.Trim()` trims. */
const DOTNET_SPACE = '[\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
const DOTNET_TRIM = new RegExp(`^${DOTNET_SPACE}+|${DOTNET_SPACE}+$`, 'g');

function trimDotnet(text: string): string {
  return text.replace(DOTNET_TRIM, '');
}

// --- hexBinary -------------------------------------------------------------------------------------------------------

function decodeHex(text: string): Uint8Array {
  const digits = text.replace(/[ \t\n\r]/g, '');
  if (!/^[0-9A-Fa-f]*$/.test(digits)) throw new MalformedValueError(`'${text}' is not a hexBinary value.`);
  const bytes = new Uint8Array(digits.length >> 1);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(digits.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

function encodeHex(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += byte.toString(16).toUpperCase().padStart(2, '0');
  return text;
}

// --- XML names (XmlConvert.EncodeName, EncodeLocalName, EncodeNmToken, DecodeName) -----------------------------------

const ESCAPE = /_[Xx]([0-9a-fA-F]{8}|[0-9a-fA-F]{4})_/g;
/** XML 1.0 (fifth edition) NameStartChar ranges, without `:`. */
const NAME_START: readonly (readonly [number, number])[] = [
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
  [0xc0, 0xd6],
  [0xd8, 0xf6],
  [0xf8, 0x2ff],
  [0x370, 0x37d],
  [0x37f, 0x1fff],
  [0x200c, 0x200d],
  [0x2070, 0x218f],
  [0x2c00, 0x2fef],
  [0x3001, 0xd7ff],
  [0xf900, 0xfdcf],
  [0xfdf0, 0xfffd],
  [0x10000, 0xeffff],
];
/** What NameChar adds to NameStartChar. */
const NAME_REST: readonly (readonly [number, number])[] = [
  [0x2d, 0x2e],
  [0x30, 0x39],
  [0xb7, 0xb7],
  [0x300, 0x36f],
  [0x203f, 0x2040],
];

function inRanges(code: number, ranges: readonly (readonly [number, number])[]): boolean {
  return ranges.some(([low, high]) => code >= low && code <= high);
}

function decodeName(text: string): string {
  return text.replace(ESCAPE, (escape: string, hex: string) => {
    const code = parseInt(hex, 16);
    return code <= 0x10ffff ? String.fromCodePoint(code) : escape;
  });
}

function encodeName(text: string, kind: 'name' | 'ncName' | 'nmToken'): string {
  let out = '';
  let position = 0;
  for (const char of text) {
    const start = position === 0 && kind !== 'nmToken';
    const code = char.codePointAt(0)!;
    const allowed =
      (char === ':' && kind !== 'ncName') || inRanges(code, NAME_START) || (!start && inRanges(code, NAME_REST));
    if (!allowed)
      out += `_x${code
        .toString(16)
        .toUpperCase()
        .padStart(code > 0xffff ? 8 : 4, '0')}_`;
    // An underscore that would read as the start of an escape is escaped itself.
    else if (char === '_' && /^_[Xx]([0-9a-fA-F]{8}|[0-9a-fA-F]{4})_/.test(text.slice(position))) out += '_x005F_';
    else out += char;
    position += char.length;
  }
  return out;
}

// --- HTTP GET and POST -----------------------------------------------------------------------------------------------

interface OperationSites {
  readonly parameters: readonly { readonly type: ValueType }[];
  readonly result?: { readonly type: ValueType; readonly httpType?: ValueType | undefined } | undefined;
}

const httpViews = new WeakMap<object, object>();

/**
 * The operation as HTTP GET and POST carry it: every `DataType` parameter and result as its C# type, and the result
 * as `httpType` where it has one (the C# type, without `[return: XmlElement]` or `[return: XmlArrayItem]`).
 */
export function httpView<T extends OperationSites>(op: T): T {
  const result = op.result;
  const resultDiffers = result !== undefined && (result.httpType !== undefined || hasDataType(result.type));
  if (!op.parameters.some((p) => hasDataType(p.type)) && !resultDiffers) return op;
  let view = httpViews.get(op) as T | undefined;
  if (view === undefined) {
    view = {
      ...op,
      parameters: op.parameters.map((p) => (hasDataType(p.type) ? { ...p, type: httpTypeOf(p.type) } : p)),
      ...(result && { result: { ...result, type: httpTypeOf(result.httpType ?? result.type) } }),
    };
    httpViews.set(op, view);
  }
  return view;
}

import type { OperationModel } from '../model/types.js';
import type { XsdType } from '../model/xsd-types.js';

/**
 * The values the generated test suite sends and returns, as TypeScript
 * source: per XSD type a plain value and a hostile one. The generated client
 * and server carry each exactly over every transport (which
 * `test/emit/tests-module.test.ts` runs for a service of every type), so the
 * suite can demand the very value back:
 *
 * - strings: `HOSTILE_STRING`;
 * - integers at a bound of their type (signed: the minimum; unsigned: the
 *   maximum), `long` and `unsignedLong` as bigints beyond 2^53;
 * - `float` and `double` at their largest magnitude, which .NET's round-trip
 *   format writes with 9 and 17 digits and an exponent (not `0.1` as a
 *   `float`, which no float holds, nor `-0`, which XML writes as `0`);
 * - `decimal` at its bound, 29 digits (a string, passed on as written);
 * - `dateTime` at the last millisecond .NET holds, in UTC;
 * - `base64Binary`: every byte value.
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
  /** TypeScript source. */
  readonly value: string;
}

export const SAMPLE_CONSTANTS: readonly SampleConstant[] = [
  {
    name: 'HOSTILE_STRING',
    doc: 'XML, form and URL specials, entity-like text, `]]>`, non-BMP characters, CR, LF, CRLF, TAB, edge spaces.',
    value: tsString(HOSTILE_STRING),
  },
  { name: 'ALL_BYTES', doc: 'Every byte value, 0 to 255.', value: 'Uint8Array.from({ length: 256 }, (_, i) => i)' },
];

const HOSTILE: Readonly<Record<XsdType, string>> = {
  string: 'HOSTILE_STRING',
  boolean: 'false',
  byte: '-128',
  unsignedByte: '255',
  short: '-32768',
  unsignedShort: '65535',
  int: '-2147483648',
  unsignedInt: '4294967295',
  long: '-9223372036854775808n',
  unsignedLong: '18446744073709551615n',
  float: '-3.4028234663852886e38',
  double: '-1.7976931348623157e308',
  decimal: tsString('-79228162514264337593543950335'),
  dateTime: `new Date('9999-12-31T23:59:59.999Z')`,
  base64Binary: 'ALL_BYTES',
};

/** A plain value of `type`: `label` is a string's text (a byte array's UTF-8), `position` (0, 1, ...) sets numbers. */
function plainValue(type: XsdType, label: string, position: number): string {
  switch (type) {
    case 'string':
      return tsString(label);
    case 'boolean':
      return 'true';
    case 'long':
    case 'unsignedLong':
      return `${position + 1}n`;
    case 'float':
      return String(position + 0.25);
    case 'double':
      return `${position}.1`;
    case 'decimal':
      return tsString(`${position + 1}.25`);
    case 'dateTime':
      return `new Date('${new Date(Date.UTC(2026, 1, 1, 10, position % 60, 0, 250)).toISOString()}')`;
    case 'base64Binary':
      return `new TextEncoder().encode(${tsString(label)})`;
    default:
      return String((position % 100) + 1);
  }
}

/** A sample input of `op`: an object literal of every parameter, keyed as the input type is (`{}` without any). */
export function inputSample(op: OperationModel, kind: SampleKind): string {
  const values = op.parameters.map(
    (p, i) => `${p.tsName}: ${kind === 'hostile' ? HOSTILE[p.type] : plainValue(p.type, `${op.name} ${p.name}`, i)}`,
  );
  return values.length === 0 ? '{}' : `{ ${values.join(', ')} }`;
}

/** A sample result of `op`; `undefined` for a void operation. */
export function resultSample(op: OperationModel, kind: SampleKind): string {
  if (!op.result) return 'undefined';
  const { type } = op.result;
  return kind === 'hostile' ? HOSTILE[type] : plainValue(type, `${op.name} result`, op.parameters.length);
}

/** The file a call that can carry files sends: every byte value. */
export function uploadSample(): string {
  return "{ field: 'file', filename: 'sample.bin', contentType: 'application/octet-stream', data: ALL_BYTES }";
}

/**
 * A string literal that reads as the value: printable characters as they
 * are (non-BMP ones included); quotes, backslashes, control characters, lone
 * surrogates and the line and paragraph separators escaped.
 */
export function tsString(value: string): string {
  let out = "'";
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    if (ch === "'" || ch === '\\') out += `\\${ch}`;
    else if (ch === '\r') out += '\\r';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029)
      out += unicodeEscape(code);
    else if (code >= 0xd800 && code <= 0xdfff) out += unicodeEscape(code);
    else out += ch;
  }
  return `${out}'`;
}

function unicodeEscape(code: number): string {
  return `\\u${code.toString(16).padStart(4, '0')}`;
}

import type { OperationModel } from '../model/types.js';
import { xsdTypeOf } from '../model/xsd-type-of.js';
import type { XsdType } from '../model/xsd-types.js';
import { call, flat, object, raw, string, stringLiteral, type Expr } from '../printer/ts-syntax.js';

/**
 * The values the generated test suite sends and returns, as TypeScript
 * expressions: per XSD type a plain value and a hostile one. The generated client
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

const HOSTILE: Readonly<Record<XsdType, Expr>> = {
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
  float: raw('-3.4028234663852886e38'),
  double: raw('-1.7976931348623157e308'),
  decimal: sampleString('-79228162514264337593543950335'),
  dateTime: call('new Date', [sampleString('9999-12-31T23:59:59.999Z')]),
  base64Binary: raw('ALL_BYTES'),
};

/** A plain value of `type`: `label` is a string's text (a byte array's UTF-8), `position` (0, 1, ...) sets numbers. */
function plainValue(type: XsdType, label: string, position: number): Expr {
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
      return call('new Date', [sampleString(new Date(Date.UTC(2026, 1, 1, 10, position % 60, 0, 250)).toISOString())]);
    case 'base64Binary':
      return call('new TextEncoder().encode', [sampleString(label)]);
    default:
      return raw(String((position % 100) + 1), 'number');
  }
}

/** A sample input of `op`: an object literal of every parameter, keyed as the input type is (`{}` without any). */
export function inputSampleExpr(op: OperationModel, kind: SampleKind): Expr {
  return object(
    op.parameters.map((p, i) => [
      p.tsName,
      kind === 'hostile' ? HOSTILE[xsdTypeOf(p.type)] : plainValue(xsdTypeOf(p.type), `${op.name} ${p.name}`, i),
    ]),
  );
}

/** A sample result of `op`; `undefined` for a void operation. */
export function resultSampleExpr(op: OperationModel, kind: SampleKind): Expr {
  if (!op.result) return raw('undefined');
  const type = xsdTypeOf(op.result.type);
  return kind === 'hostile' ? HOSTILE[type] : plainValue(type, `${op.name} result`, op.parameters.length);
}

/** `inputSampleExpr` on one line. */
export function inputSample(op: OperationModel, kind: SampleKind): string {
  return flat(inputSampleExpr(op, kind));
}

/** `resultSampleExpr` on one line. */
export function resultSample(op: OperationModel, kind: SampleKind): string {
  return flat(resultSampleExpr(op, kind));
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
 * The constants that the samples of `operations` name, so the suite declares
 * no constant it never reads. A constant is always a whole sample: a hostile
 * value or an upload's data (plain values name none).
 */
export function sampleConstantsOf(operations: readonly OperationModel[]): readonly SampleConstant[] {
  const samples = operations.flatMap((op) => [
    ...op.parameters.map((p) => HOSTILE[xsdTypeOf(p.type)]),
    ...(op.result ? [HOSTILE[xsdTypeOf(op.result.type)]] : []),
    ...(op.takesFiles ? [UPLOAD_DATA] : []),
  ]);
  return SAMPLE_CONSTANTS.filter((constant) => samples.some((sample) => sample.doc === constant.name));
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

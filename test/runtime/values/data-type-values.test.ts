/**
 * `DataType` sites, read and written as Mono's XmlSerializer reads and writes them: each row is what the real
 * runtime wrote back for an echo of the value (DataTypes.asmx on a UTC host; `test/interop/data-types-real-asmx.test.ts`
 * checks the same against the live runtime).
 */
import { describe, expect, it } from 'vitest';
import type { DataTypeName } from '../../../runtime/src/xsd/type-description.js';
import { formatDataTypeValue, httpTypeOf, parseDataTypeValue } from '../../../runtime/src/values/data-type-values.js';
import { LexicalValueError, MalformedValueError } from '../../../runtime/src/values/value-errors.js';
import { XsdDateTime } from '../../../runtime/src/values/xsd-date-time.js';

const echo = (type: DataTypeName, text: string) => formatDataTypeValue(type, parseDataTypeValue(type, text));

describe('an echo writes back what the runtime writes back', () => {
  it.each<[DataTypeName, string, string]>([
    // Integers are strings, kept as written past any number: only trimmed.
    ['integer', ' -000123456789012345678901234567890 ', '-000123456789012345678901234567890'],
    ['integer', '12345678901234567890123', '12345678901234567890123'],
    ['positiveInteger', '9007199254740993', '9007199254740993'],
    ['nonNegativeInteger', '+5', '+5'],
    ['positiveInteger', 'abc', 'abc'],
    // Trimmed, inner white space kept.
    ['token', '  x  y\n z ', 'x  y\n z'],
    ['anyURI', ' http://x/ y ', 'http://x/ y'],
    ['integer', '\u00a0 12\u3000', '12'],
    // Kept as is.
    ['normalizedString', ' a\tb\nc ', ' a\tb\nc '],
    // Names: trimmed, `_xHHHH_` decoded; written escaped.
    ['NMTOKEN', ' a b ', 'a_x0020_b'],
    ['NMTOKENS', ' a  b:c  d.e ', 'a  b:c  d.e'],
    ['NMTOKENS', ' _x0031_ a  b ', '1 a  b'],
    ['NMTOKENS', 'a\nb', 'a_x000A_b'],
    ['Name', '1abc def', '_x0031_abc_x0020_def'],
    ['Name', '_x0031_abc', '_x0031_abc'],
    ['Name', 'a_b _x', 'a_b_x0020__x'],
    ['NCName', 'a:b', 'a_x003A_b'],
    // Dates: yyyy-MM-dd, a zone dropped (UTC host).
    ['date', '2026-05-17', '2026-05-17'],
    ['date', ' 2026-02-03 ', '2026-02-03'],
    ['date', '2026-05-17Z', '2026-05-17'],
    ['date', '0001-01-01', '0001-01-01'],
    // Times: seven fraction digits and the zone; none is the host's (+00:00).
    ['time', '10:30:15.25', '10:30:15.2500000+00:00'],
    ['time', '23:59:59.1234567Z', '23:59:59.1234567Z'],
    ['time', '10:00:00', '10:00:00.0000000+00:00'],
    // hexBinary: white space ignored, an odd last digit dropped, upper case.
    ['hexBinary', '0aFF', '0AFF'],
    ['hexBinary', '00FFab', '00FFAB'],
    ['hexBinary', 'abc', 'AB'],
    ['hexBinary', ' 0a 0b ', '0A0B'],
    ['hexBinary', '', ''],
  ])('%s %j → %j', (type, text, written) => {
    expect(echo(type, text)).toBe(written);
  });
});

describe('values', () => {
  it('are the C# type’s: strings, XsdDateTime, Uint8Array', () => {
    expect(parseDataTypeValue('integer', '18446744073709551617')).toBe('18446744073709551617');
    const day = parseDataTypeValue('date', '2026-05-17') as XsdDateTime;
    expect(day.equals(XsdDateTime.parse('2026-05-17T00:00:00'))).toBe(true);
    const at = parseDataTypeValue('time', '23:59:59.1234567Z') as XsdDateTime;
    expect(at.toString()).toBe('0001-01-01T23:59:59.1234567Z');
    expect(parseDataTypeValue('hexBinary', '00FF')).toEqual(Uint8Array.of(0, 255));
  });

  it('keep the offset of a date or time (the runtime converts it to its host zone: docs/types.md)', () => {
    expect(echo('date', '2026-05-17+02:00')).toBe('2026-05-17');
    expect(echo('time', '10:00:00+02:00')).toBe('10:00:00.0000000+02:00');
  });

  it('are written from a Date too, as its UTC instant', () => {
    expect(formatDataTypeValue('date', new Date(Date.UTC(2026, 4, 17, 23)))).toBe('2026-05-17');
    expect(formatDataTypeValue('time', new Date(Date.UTC(2026, 4, 17, 23, 5, 0, 250)))).toBe('23:05:00.2500000Z');
  });

  it('of another type are a TypeError', () => {
    expect(() => formatDataTypeValue('integer', 12n)).toThrow(TypeError);
    expect(() => formatDataTypeValue('date', '2026-05-17')).toThrow(TypeError);
    expect(() => formatDataTypeValue('hexBinary', [1, 2])).toThrow(TypeError);
  });
});

describe('refusals', () => {
  it.each<[DataTypeName, string]>([
    ['date', '2026-05-17T10:00:00'],
    ['date', '2026-02-30'],
    ['time', '25:00:00'],
    ['time', '10:00'],
    ['time', '10:00:00.12345678'],
  ])('%s %j: String was not recognized as a valid DateTime.', (type, text) => {
    expect(() => parseDataTypeValue(type, text)).toThrow(
      new LexicalValueError('String was not recognized as a valid DateTime.'),
    );
  });

  it('a hexBinary digit that is none is malformed XML to the runtime (400)', () => {
    expect(() => parseDataTypeValue('hexBinary', 'zz')).toThrow(MalformedValueError);
  });
});

describe('HTTP GET and POST', () => {
  it('bind and write the C# type', () => {
    expect(['integer', 'date', 'time', 'hexBinary', 'token'].map((t) => httpTypeOf(t as DataTypeName))).toEqual([
      'string',
      'dateTime',
      'dateTime',
      'base64Binary',
      'string',
    ]);
    expect(httpTypeOf('int')).toBe('int');
  });
});

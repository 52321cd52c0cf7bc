import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatRoundTrip } from '../../runtime/src/xsd/xsd-float-format.js';
import { defaultXsdValue, formatXsdValue, parseXsdValue, XsdValueError } from '../../runtime/src/xsd/xsd-values.js';
import type { XsdDateTime } from '../../runtime/src/values/xsd-date-time.js';

describe('string', () => {
  it('is exact both ways', () => {
    for (const value of ['', '  padded  ', '\r\n', '😀', '<&>']) {
      expect(parseXsdValue('string', value)).toBe(value);
      expect(formatXsdValue('string', value)).toBe(value);
    }
  });
});

describe('boolean', () => {
  it.each([
    ['true', true],
    ['1', true],
    ['false', false],
    ['0', false],
    [' true\n', true],
  ])('reads %j', (text, value) => {
    expect(parseXsdValue('boolean', text)).toBe(value);
  });

  it.each(['True', 'yes', '', '2'])('refuses %j with .NET’s message', (text) => {
    expect(() => parseXsdValue('boolean', text)).toThrow(`The string '${text}' is not a valid Boolean value.`);
  });

  it('writes true/false', () => {
    expect(formatXsdValue('boolean', true)).toBe('true');
    expect(formatXsdValue('boolean', false)).toBe('false');
  });
});

describe('integers', () => {
  it.each([
    ['byte', '-128', -128],
    ['byte', '127', 127],
    ['unsignedByte', '255', 255],
    ['short', '-32768', -32768],
    ['unsignedShort', '65535', 65535],
    ['int', '+2147483647', 2147483647],
    ['int', ' -2147483648 ', -2147483648],
    ['int', '007', 7],
    ['unsignedInt', '4294967295', 4294967295],
    ['unsignedInt', '-0', 0],
  ] as const)('%s reads %j', (type, text, value) => {
    expect(parseXsdValue(type, text)).toBe(value);
  });

  it('reads long and unsignedLong as bigint, to the ends of their ranges', () => {
    expect(parseXsdValue('long', '-9223372036854775808')).toBe(-9223372036854775808n);
    expect(parseXsdValue('unsignedLong', '18446744073709551615')).toBe(18446744073709551615n);
  });

  it.each([
    ['byte', '128', 'Value was either too large or too small for a signed byte.'],
    ['unsignedByte', '-1', 'Value was either too large or too small for an unsigned byte.'],
    ['short', '32768', 'Value was either too large or too small for an Int16.'],
    ['unsignedShort', '65536', 'Value was either too large or too small for a UInt16.'],
    ['int', '2147483648', 'Value was either too large or too small for an Int32.'],
    ['unsignedInt', '4294967296', 'Value was either too large or too small for a UInt32.'],
    ['long', '9223372036854775808', 'Value was either too large or too small for an Int64.'],
    ['unsignedLong', '-1', 'Value was either too large or too small for a UInt64.'],
    ['int', '1.0', 'Input string was not in a correct format.'],
    ['int', '', 'Input string was not in a correct format.'],
    ['int', '0x10', 'Input string was not in a correct format.'],
    ['int', '1e3', 'Input string was not in a correct format.'],
    ['int', '1 2', 'Input string was not in a correct format.'],
  ] as const)('%s refuses %j', (type, text, message) => {
    expect(() => parseXsdValue(type, text)).toThrow(message);
    expect(() => parseXsdValue(type, text)).toThrow(XsdValueError);
  });

  it('writes integers and refuses what does not fit', () => {
    expect(formatXsdValue('int', -5)).toBe('-5');
    expect(formatXsdValue('long', 9223372036854775807n)).toBe('9223372036854775807');
    expect(() => formatXsdValue('int', 1.5)).toThrow(TypeError);
    expect(() => formatXsdValue('int', 2 ** 31)).toThrow(TypeError);
    expect(() => formatXsdValue('byte', 200)).toThrow(TypeError);
    expect(() => formatXsdValue('unsignedLong', -1n)).toThrow(TypeError);
    expect(() => formatXsdValue('int', '5' as unknown as number)).toThrow(TypeError);
  });
});

describe('float and double', () => {
  it.each([
    ['1.5', 1.5],
    ['-0.25', -0.25],
    ['.5', 0.5],
    ['5.', 5],
    ['1e3', 1000],
    ['1.5E-7', 1.5e-7],
    ['INF', Infinity],
    ['-INF', -Infinity],
  ] as const)('double reads %j', (text, value) => {
    expect(parseXsdValue('double', text)).toBe(value);
  });

  it('reads NaN, and float as the shortest decimal of the nearest single', () => {
    expect(parseXsdValue('double', 'NaN')).toBeNaN();
    expect(parseXsdValue('float', '0.1')).toBe(0.1);
    expect(parseXsdValue('float', '2.9')).toBe(2.9);
    expect(parseXsdValue('float', '2.9000000953674316')).toBe(2.9);
    expect(parseXsdValue('float', '16777217')).toBe(16777216);
    expect(parseXsdValue('float', '0.333333343')).toBe(0.33333334);
    expect(parseXsdValue('float', '3.40282347E+38')).toBe(3.4028235e38);
    expect(parseXsdValue('float', '1.401298E-45')).toBe(1e-45);
    expect(Object.is(parseXsdValue('float', '-0'), -0)).toBe(true);
    expect(parseXsdValue('float', '-INF')).toBe(-Infinity);
  });

  it('float reads back as the fewest digits that are the same single, and writes back as it was written', () => {
    // The slow way: the first precision whose digits narrow back to the single.
    const fewest = (single: number) => {
      for (let digits = 1; digits <= 9; digits++) {
        const candidate = Number(single.toPrecision(digits));
        if (Math.fround(candidate) === single) return candidate;
      }
      throw new Error(`no digits for ${single}`);
    };
    fc.assert(
      fc.property(fc.float({ noNaN: true, noDefaultInfinity: true }), (value) => {
        const single = Math.fround(value);
        const written = formatXsdValue('float', single);
        const read = parseXsdValue('float', written) as number;
        expect(Math.fround(read) === single).toBe(true);
        if (single !== 0) expect(read).toBe(fewest(single));
        expect(formatXsdValue('float', read)).toBe(written);
      }),
      { numRuns: 20_000 },
    );
  });

  it('float read from any text of it is the fewest digits of its single (however many digits the text has)', () => {
    const fewest = (single: number) => {
      for (let digits = 1; digits <= 9; digits++) {
        const candidate = Number(single.toPrecision(digits));
        if (Math.fround(candidate) === single) return candidate;
      }
      throw new Error(`no digits for ${single}`);
    };
    const texts = fc.oneof(
      fc
        .tuple(fc.float({ noNaN: true, noDefaultInfinity: true }), fc.integer({ min: 1, max: 17 }))
        .map(([value, digits]) => value.toPrecision(digits)),
      fc.float({ noNaN: true, noDefaultInfinity: true }).map((value) => value.toExponential(3)),
      fc.stringMatching(/^[+-]?(?:0|[1-9][0-9]{0,9})\.[0-9]{1,10}$/),
      fc.stringMatching(/^[1-9]0{0,8}$/),
    );
    fc.assert(
      fc.property(texts, (text) => {
        const single = Math.fround(Number(text));
        if (single === 0 || !Number.isFinite(single)) return;
        expect(parseXsdValue('float', text)).toBe(fewest(single));
      }),
      { numRuns: 20_000 },
    );
  });

  it.each(['Infinity', 'inf', 'nan', '1,5', '', '0x1', '1e'])('refuses %j', (text) => {
    expect(() => parseXsdValue('double', text)).toThrow('Input string was not in a correct format.');
  });

  it('refuses values out of range', () => {
    expect(() => parseXsdValue('double', '1e309')).toThrow('Value was either too large or too small for a Double.');
    expect(() => parseXsdValue('float', '1e39')).toThrow('Value was either too large or too small for a Single.');
  });

  it.each([
    [0.1, '0.1'],
    [1.5, '1.5'],
    [-2, '-2'],
    [0, '0'],
    [-0, '0'],
    [100, '100'],
    [123456789012345, '123456789012345'],
    [1e15, '1E+15'],
    [1.5e-7, '1.5E-07'],
    [0.0001, '0.0001'],
    [0.00001, '1E-05'],
    [0.1 + 0.2, '0.30000000000000004'],
    [Number.MAX_VALUE, '1.7976931348623157E+308'],
    [Infinity, 'INF'],
    [-Infinity, '-INF'],
    [NaN, 'NaN'],
    [5e-324, '4.94065645841247E-324'],
    [1e21, '1E+21'],
  ])('double writes %d as .NET’s R format %j', (value, text) => {
    expect(formatXsdValue('double', value)).toBe(text);
  });

  it('the shortest-digits path writes what G15-else-G17 (double) and G7-else-G9 (float) write, for every kind of value', () => {
    const slow = {
      double: (value: number) => formatRoundTrip(value, 15, 17, (n) => n),
      float: (value: number) => formatRoundTrip(Math.fround(value), 7, 9, Math.fround),
    };
    const values = fc.oneof(
      fc.double(),
      fc.double({ min: 1e-6, max: 1e16 }),
      fc.float().map(Number),
      fc.float({ min: Math.fround(1e-5), max: Math.fround(1e8) }).map(Number),
      fc.integer().map((n) => n / 100),
    );
    fc.assert(
      fc.property(values, (value) => {
        expect(formatXsdValue('double', value)).toBe(slow.double(value));
        expect(formatXsdValue('float', value)).toBe(slow.float(value));
      }),
      { numRuns: 30_000 },
    );
  });

  it('float writes the single’s round-trip form', () => {
    expect(formatXsdValue('float', 0.1)).toBe('0.1');
    expect(formatXsdValue('float', 16777217)).toBe('16777216');
    expect(formatXsdValue('float', 1 / 3)).toBe('0.333333343');
    expect(formatXsdValue('float', 1e10)).toBe('1E+10');
  });
});

describe('decimal', () => {
  it('keeps the lexical form, trimmed', () => {
    expect(parseXsdValue('decimal', ' -12.50 ')).toBe('-12.50');
    expect(parseXsdValue('decimal', '79228162514264337593543950335')).toBe('79228162514264337593543950335');
  });

  // Each as the real runtime echoes it (test/interop/echo-parity.test.ts).
  it.each([
    ['-0012.50', '-12.50'],
    ['+1', '1'],
    ['.5', '0.5'],
    ['-.5', '-0.5'],
    ['5.', '5'],
    ['-0.00', '0.00'],
    ['0.1234567890123456789012345678901', '0.1234567890123456789012345679'],
    ['1.000000000000000000000000000000', '1.0000000000000000000000000000'],
    ['79228162514264337593543950335.4', '79228162514264337593543950335'],
    ['12345678901234567890.123456789012', '12345678901234567890.123456789'],
  ])('reads %s as .NET holds it: %s', (text, held) => {
    expect(parseXsdValue('decimal', text)).toBe(held);
    expect(formatXsdValue('decimal', text)).toBe(held);
  });

  it('refuses what .NET refuses', () => {
    expect(() => parseXsdValue('decimal', '1e3')).toThrow('Input string was not in a correct format.');
    expect(() => parseXsdValue('decimal', '79228162514264337593543950336')).toThrow(
      'Value was either too large or too small for a Decimal.',
    );
  });

  it('writes strings as given, checked', () => {
    expect(formatXsdValue('decimal', '1.50')).toBe('1.50');
    expect(() => formatXsdValue('decimal', 'abc')).toThrow(TypeError);
  });
});

describe('dateTime', () => {
  it.each([
    ['2026-02-01T10:00:00', '2026-02-01T10:00:00.000Z'],
    ['2026-02-01T10:00:00Z', '2026-02-01T10:00:00.000Z'],
    ['2026-02-01T10:00:00+02:00', '2026-02-01T08:00:00.000Z'],
    ['2026-02-01T10:00:00.1234567-05:30', '2026-02-01T15:30:00.123Z'],
    ['2026-02-01', '2026-02-01T00:00:00.000Z'],
    ['2024-02-29T00:00:00', '2024-02-29T00:00:00.000Z'],
    ['0001-01-01T00:00:00', '0001-01-01T00:00:00.000Z'],
  ])('reads %j as the instant %s (no zone: UTC)', (text, iso) => {
    expect(parseXsdValue('dateTime', text).toDate().toISOString()).toBe(iso);
  });

  it.each([
    '2026-02-30T00:00:00',
    '2025-02-29T00:00:00',
    '2026-13-01T00:00:00',
    '2026-02-01T24:00:00',
    '2026-02-01 10:00:00',
    'now',
    '0000-01-01T00:00:00',
    '2026-02-01T10:00:00+15:00',
  ])('refuses %j', (text) => {
    expect(() => parseXsdValue('dateTime', text)).toThrow(`The string '${text}' is not a valid AllXsd value.`);
  });

  it('writes a Date as UTC with Z, a fraction only when there is one', () => {
    const date = (iso: string) => new Date(iso) as unknown as XsdDateTime;
    expect(formatXsdValue('dateTime', date('2026-02-01T10:00:00Z'))).toBe('2026-02-01T10:00:00Z');
    expect(formatXsdValue('dateTime', date('2026-02-01T10:00:00.500Z'))).toBe('2026-02-01T10:00:00.5Z');
    expect(formatXsdValue('dateTime', date('2026-02-01T10:00:00.123Z'))).toBe('2026-02-01T10:00:00.123Z');
    expect(() => formatXsdValue('dateTime', date('invalid'))).toThrow(TypeError);
  });

  it('writes an XsdDateTime back as read (an unspecified kind stays unspecified)', () => {
    expect(formatXsdValue('dateTime', parseXsdValue('dateTime', '0001-01-01T00:00:00'))).toBe('0001-01-01T00:00:00');
    expect(formatXsdValue('dateTime', parseXsdValue('dateTime', '1999-12-31T23:59:59.250'))).toBe(
      '1999-12-31T23:59:59.25',
    );
  });
});

describe('base64Binary', () => {
  it('reads bytes, ignoring whitespace', () => {
    expect(Array.from(parseXsdValue('base64Binary', ' AAEC\n/w== '))).toEqual([0, 1, 2, 255]);
    expect(parseXsdValue('base64Binary', '')).toEqual(new Uint8Array(0));
  });

  it.each(['AAE', 'AA=A', 'A===', '@@@@'])('refuses %j', (text) => {
    expect(() => parseXsdValue('base64Binary', text)).toThrow(/not a valid Base-64 string/);
  });

  it('writes base64', () => {
    expect(formatXsdValue('base64Binary', new Uint8Array([0, 1, 2, 255]))).toBe('AAEC/w==');
  });
});

describe('defaultXsdValue', () => {
  it('is .NET’s default for value types, undefined for reference types', () => {
    expect(defaultXsdValue('string')).toBeUndefined();
    expect(defaultXsdValue('base64Binary')).toBeUndefined();
    expect(defaultXsdValue('int')).toBe(0);
    expect(defaultXsdValue('boolean')).toBe(false);
    expect(defaultXsdValue('long')).toBe(0n);
    expect(defaultXsdValue('decimal')).toBe('0');
    expect(defaultXsdValue('dateTime')!.toString()).toBe('0001-01-01T00:00:00');
  });
});

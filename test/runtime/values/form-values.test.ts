/**
 * HTTP GET/POST values as ASMX binds them (`Convert.ChangeType`, `Enum.Parse`), each as observed on the real
 * runtime serving test/fixtures/echo-kinds/EchoKinds.asmx (test/interop/echo-parity.test.ts holds them there),
 * and what the client sends for them.
 */
import { describe, expect, it } from 'vitest';
import type { TypeDescription } from '../../../runtime/src/xsd/type-description.js';
import { formatFormValues, parseFormValue } from '../../../runtime/src/values/form-values.js';
import { LexicalValueError } from '../../../runtime/src/values/value-errors.js';
import { XsdDateTime } from '../../../runtime/src/values/xsd-date-time.js';

const TYPES: Record<string, TypeDescription> = {
  Color: {
    kind: 'enum',
    xmlName: 'Color',
    elementName: 'Color',
    values: [
      { xmlName: 'Red', value: 0 },
      { xmlName: 'Green', value: 1 },
      { xmlName: 'dark-blue', name: 'DarkBlue', value: 2 },
    ],
  },
  Access: {
    kind: 'enum',
    xmlName: 'Access',
    elementName: 'Access',
    flags: true,
    values: [
      { xmlName: 'None', value: 0 },
      { xmlName: 'Read', value: 1 },
      { xmlName: 'Write', value: 2 },
      { xmlName: 'run', name: 'Execute', value: 4 },
    ],
  },
};
const COLOR = { enum: 'Color' };
const ACCESS = { enum: 'Access' };

function refused(type: Parameters<typeof parseFormValue>[1], text: string): string {
  try {
    parseFormValue(TYPES, type, text);
  } catch (error) {
    if (error instanceof LexicalValueError) return error.message;
    throw error;
  }
  throw new Error(`${text} was read`);
}

describe('enums by Enum.Parse', () => {
  it('reads C# names, trimmed, case-sensitive; numbers naming a value', () => {
    expect(parseFormValue(TYPES, COLOR, 'DarkBlue')).toBe('dark-blue');
    expect(parseFormValue(TYPES, COLOR, ' Green ')).toBe('Green');
    expect(parseFormValue(TYPES, COLOR, '+1')).toBe('Green');
    expect(parseFormValue(TYPES, COLOR, 'Red,Green')).toBe('Green');
    expect(refused(COLOR, 'dark-blue')).toBe("Requested value 'dark-blue' was not found.");
    expect(refused(COLOR, 'green')).toBe("Requested value 'green' was not found.");
    expect(refused(COLOR, '0x1')).toBe("Requested value '0x1' was not found.");
    expect(refused(COLOR, '7')).toBe("Instance validation error: '7' is not a valid value for Color.");
  });

  it('reads flags joined by commas, or their number', () => {
    expect(parseFormValue(TYPES, ACCESS, 'Read, Execute')).toEqual(['Read', 'run']);
    expect(parseFormValue(TYPES, ACCESS, 'Write,Read')).toEqual(['Read', 'Write']);
    expect(parseFormValue(TYPES, ACCESS, '7')).toEqual(['Read', 'Write', 'run']);
    expect(parseFormValue(TYPES, ACCESS, 'None,Read')).toEqual(['Read']);
    expect(parseFormValue(TYPES, ACCESS, '0')).toEqual([]);
    expect(refused(ACCESS, 'run')).toBe("Requested value 'run' was not found.");
    expect(refused(ACCESS, 'Read Write')).toBe("Requested value 'Read Write' was not found.");
    expect(refused(ACCESS, '')).toBe('Must specify valid information for parsing in the string.');
    expect(refused(ACCESS, '8')).toBe("Instance validation error: '8' is not a valid value for Access.");
  });

  it('the client sends C# names, flags joined by ", ", the empty set by the zero value', () => {
    expect(formatFormValues(TYPES, COLOR, 'dark-blue')).toEqual(['DarkBlue']);
    expect(formatFormValues(TYPES, ACCESS, ['Read', 'run'])).toEqual(['Read, Execute']);
    expect(formatFormValues(TYPES, ACCESS, [])).toEqual(['None']);
    expect(formatFormValues(TYPES, { array: ACCESS, item: 'Access', nillable: false }, [[], ['Write']])).toEqual([
      'None',
      'Write',
    ]);
  });
});

describe('simple values by Convert.ChangeType', () => {
  it('reads numbers as the invariant culture does', () => {
    expect(parseFormValue(TYPES, 'double', '1,000.5')).toBe(1000.5);
    expect(parseFormValue(TYPES, 'double', ' 1e3 ')).toBe(1000);
    expect(parseFormValue(TYPES, 'double', '-Infinity')).toBe(-Infinity);
    expect(parseFormValue(TYPES, 'float', 'NaN')).toBeNaN();
    expect(refused('double', 'INF')).toBe('Input string was not in a correct format.');
    expect(parseFormValue(TYPES, 'decimal', '1,000.50')).toBe('1000.50');
    expect(refused('decimal', '1e3')).toBe('Input string was not in a correct format.');
    expect(parseFormValue(TYPES, 'unsignedInt', '-0')).toBe(0);
    expect(parseFormValue(TYPES, 'long', ' 1 ')).toBe(1n);
  });

  it('reads booleans, chars and dates as .NET parses them', () => {
    expect(parseFormValue(TYPES, 'boolean', ' TRUE ')).toBe(true);
    expect(refused('boolean', '1')).toBe('String was not recognized as a valid Boolean.');
    expect(parseFormValue(TYPES, 'char', 'A')).toBe('A');
    expect(parseFormValue(TYPES, 'char', ' ')).toBe(' ');
    expect(refused('char', '233')).toBe('String must be exactly one character long.');
    expect(parseFormValue(TYPES, 'dateTime', '2026-03-01')).toEqual(XsdDateTime.parse('2026-03-01T00:00:00'));
    expect(parseFormValue(TYPES, 'dateTime', '2026-03-01 12:00')).toEqual(XsdDateTime.parse('2026-03-01T12:00:00'));
  });

  it('the client writes Infinity, a char as itself, a byte[] one value per byte', () => {
    expect(formatFormValues(TYPES, 'double', -Infinity)).toEqual(['-Infinity']);
    expect(formatFormValues(TYPES, 'float', NaN)).toEqual(['NaN']);
    expect(formatFormValues(TYPES, 'double', 1e21)).toEqual(['1E+21']);
    expect(formatFormValues(TYPES, 'char', 'é')).toEqual(['é']);
    expect(formatFormValues(TYPES, 'base64Binary', new Uint8Array([0, 137, 255]))).toEqual(['0', '137', '255']);
  });
});

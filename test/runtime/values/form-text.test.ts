/**
 * Enums as HTTP GET and POST carry them (`Enum.Parse` / `Enum.ToString`), with Library's `Genre`
 * (`NonFiction` is `non-fiction` in XML) and `[Flags] Format`, and the corpus's flags enum with a member of
 * several bits. What is accepted and refused, and the messages, are the real runtime's (Library.asmx on
 * `../shared/asmx-host`, asked `EchoGenres?genres=…` and `EchoFormat?format=…`).
 */
import { describe, expect, it } from 'vitest';
import { formatFormText, parseFormText } from '../../../runtime/src/values/form-text.js';
import { service as ENUMS } from '../../golden/corpus-enums/expected/service.js';
import { LIBRARY } from '../fixtures/library-description.js';

const TYPES = LIBRARY.types!;
const GENRE = { enum: 'Genre' } as const;
const FORMAT = { enum: 'Format' } as const;

describe('reading an enum parameter (Enum.Parse)', () => {
  it('takes C# member names, trimmed of .NET white space, into XML names', () => {
    expect(parseFormText(TYPES, GENRE, 'NonFiction')).toBe('non-fiction');
    expect(parseFormText(TYPES, GENRE, ' Poetry ')).toBe('Poetry');
    expect(parseFormText(TYPES, GENRE, '\u00a0Poetry\u0085')).toBe('Poetry');
  });

  it('joins names by commas and takes numbers, for flags and plain enums alike', () => {
    expect(parseFormText(TYPES, FORMAT, 'Hardcover, Audio')).toEqual(['Hardcover', 'Audio']);
    expect(parseFormText(TYPES, FORMAT, 'Audio,Hardcover')).toEqual(['Hardcover', 'Audio']);
    expect(parseFormText(TYPES, FORMAT, 'None, Audio')).toEqual(['Audio']);
    expect(parseFormText(TYPES, FORMAT, 'None')).toEqual([]);
    expect(parseFormText(TYPES, FORMAT, '0')).toEqual([]);
    expect(parseFormText(TYPES, FORMAT, ' 5 ')).toEqual(['Hardcover', 'Audio']);
    expect(parseFormText(TYPES, GENRE, '+1')).toBe('Poetry');
    expect(parseFormText(TYPES, GENRE, '2')).toBe('non-fiction');
    expect(parseFormText(TYPES, GENRE, 'Poetry, Fiction')).toBe('Poetry');
  });

  it('refuses XML names that are not C# names, unknown names, empty values and other numbers, as ASMX does', () => {
    expect(() => parseFormText(TYPES, GENRE, 'non-fiction')).toThrow("Requested value 'non-fiction' was not found.");
    expect(() => parseFormText(TYPES, GENRE, 'poetry')).toThrow("Requested value 'poetry' was not found.");
    expect(() => parseFormText(TYPES, FORMAT, 'Hardcover Audio')).toThrow(
      "Requested value 'Hardcover Audio' was not found.",
    );
    expect(() => parseFormText(TYPES, FORMAT, ' Hardcover, Drama ')).toThrow(
      "Requested value 'Hardcover, Drama' was not found.",
    );
    expect(() => parseFormText(TYPES, FORMAT, 'Audio,,Hardcover')).toThrow(
      "Requested value 'Audio,,Hardcover' was not found.",
    );
    for (const text of ['1x', '0x1', '1.0', '1e0', '-']) {
      expect(() => parseFormText(TYPES, FORMAT, text)).toThrow(`Requested value '${text}' was not found.`);
    }
    expect(() => parseFormText(TYPES, GENRE, ' ')).toThrow('Must specify valid information for parsing in the string.');
    expect(() => parseFormText(TYPES, GENRE, '99999999999')).toThrow(
      'Value was either too large or too small for an Int32.',
    );
  });

  it('refuses a value no member names (ASMX passes it on and fails writing it)', () => {
    expect(() => parseFormText(TYPES, GENRE, '7')).toThrow(
      "Instance validation error: '7' is not a valid value for Genre.",
    );
    expect(() => parseFormText(TYPES, GENRE, 'Poetry,NonFiction')).toThrow(
      "Instance validation error: '3' is not a valid value for Genre.",
    );
    expect(() => parseFormText(TYPES, FORMAT, '8')).toThrow(
      "Instance validation error: '8' is not a valid value for Format.",
    );
    expect(() => parseFormText(TYPES, FORMAT, '-1')).toThrow(
      "Instance validation error: '-1' is not a valid value for Format.",
    );
  });

  it('reads other types as their XML text', () => {
    expect(parseFormText(TYPES, 'int', '12')).toBe(12);
    expect(parseFormText(TYPES, 'guid', '{3F2504E0-4F89-11D3-9A0C-0305E82C3301}')).toBe(
      '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
    );
  });
});

describe('writing an enum parameter (Enum.ToString)', () => {
  it('writes C# names; flags by ascending value joined by ", ", the zero name for none', () => {
    expect(formatFormText(TYPES, GENRE, 'non-fiction')).toBe('NonFiction');
    expect(formatFormText(TYPES, GENRE, 'Poetry')).toBe('Poetry');
    expect(formatFormText(TYPES, FORMAT, ['Audio', 'Hardcover'])).toBe('Hardcover, Audio');
    expect(formatFormText(TYPES, FORMAT, [])).toBe('None');
    expect(() => formatFormText(TYPES, GENRE, 'NonFiction')).toThrow(TypeError);
  });

  it('names a value of several bits by its member, as Enum.ToString does, and reads it back', () => {
    const types = ENUMS.types!;
    const permissions = { enum: 'Permissions' };
    const all = parseFormText(types, permissions, 'All');
    expect(all).toEqual(['Read', 'Write', 'Execute']);
    expect(formatFormText(types, permissions, all)).toBe('All');
    expect(formatFormText(types, permissions, ['Execute', 'Read'])).toBe('Read, Execute');
    expect(parseFormText(types, permissions, 'Read, Execute')).toEqual(['Read', 'Execute']);
    // No zero member: Enum.ToString writes the number.
    expect(formatFormText(types, { enum: 'Days' }, [])).toBe('0');
    expect(parseFormText(types, { enum: 'Days' }, '0')).toEqual([]);
  });
});

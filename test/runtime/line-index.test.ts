/**
 * Lines and columns as the runtime's reader and the generator's WSDL reader
 * report them: CRLF, CR and LF each end one line.
 */
import { describe, expect, it } from 'vitest';
import { LineIndex } from '../../runtime/src/xml/line-index.js';

const positions = (text: string) => {
  const lines = new LineIndex(text);
  return [...Array(text.length + 1).keys()].map((offset) => {
    const { line, column } = lines.position(offset);
    return `${line}:${column}`;
  });
};

describe('LineIndex', () => {
  it('counts from 1:1', () => {
    expect(positions('ab')).toEqual(['1:1', '1:2', '1:3']);
    expect(positions('')).toEqual(['1:1']);
  });

  it('ends a line at LF, at CR, and once at CRLF', () => {
    expect(positions('a\nb')).toEqual(['1:1', '1:2', '2:1', '2:2']);
    expect(positions('a\rb')).toEqual(['1:1', '1:2', '2:1', '2:2']);
    expect(positions('a\r\nb')).toEqual(['1:1', '1:2', '1:3', '2:1', '2:2']);
    expect(positions('\n\r\r\n\n\r')).toEqual(['1:1', '2:1', '3:1', '3:2', '4:1', '5:1', '6:1']);
  });

  it('ends a line at LF, CR or CRLF, whichever a text uses: the same places', () => {
    const lf = 'one\ntwo\n\nfour';
    for (const end of ['\r\n', '\r']) {
      const text = lf.replaceAll('\n', end);
      const lines = new LineIndex(text);
      const starts = [...text.matchAll(/[^\r\n]+/g)].map((m) => lines.position(m.index));
      expect(starts).toEqual([
        { line: 1, column: 1 },
        { line: 2, column: 1 },
        { line: 4, column: 1 },
      ]);
    }
  });

  it('ends no line at NEL, LINE SEPARATOR or PARAGRAPH SEPARATOR (XML 1.0 does not)', () => {
    expect(positions('a\u0085\u2028\u2029b').at(-1)).toBe('1:6');
  });

  it('counts columns in UTF-16 code units', () => {
    expect(positions('\u{1F4E6}x\ny')).toEqual(['1:1', '1:2', '1:3', '1:4', '2:1', '2:2']);
  });
});

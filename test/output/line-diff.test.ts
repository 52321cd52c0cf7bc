import { describe, expect, it } from 'vitest';
import { lineDiff } from '../../generator/output/line-diff.js';

describe('lineDiff', () => {
  it('is empty for equal texts', () => {
    expect(lineDiff('a\nb\n', 'a\nb\n')).toEqual([]);
  });

  it('shows a replaced line with its number, on disk first', () => {
    expect(lineDiff('a\nb\nc\n', 'a\nB\nc\n')).toEqual(['- 2 | b', '+ 2 | B']);
  });

  it('numbers deletions by the old text and insertions by the new text', () => {
    expect(lineDiff('1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n', '1\n3\n4\n5\n6\n7\n8\n9\nnew\n10\n')).toEqual([
      '- 2 | 2',
      '+ 9 | new',
    ]);
  });

  it('caps the output and counts the rest', () => {
    const old = Array.from({ length: 50 }, (_, i) => `line ${i}`).join('\n');
    const now = Array.from({ length: 50 }, (_, i) => `LINE ${i}`).join('\n');
    const diff = lineDiff(old, now);
    expect(diff).toHaveLength(21);
    expect(diff[0]).toBe('-  1 | line 0');
    expect(diff[20]).toBe('… 80 more differing lines');
  });

  it('explains a difference in the final newline only', () => {
    expect(lineDiff('a\nb', 'a\nb\n')).toEqual([
      '(only the newline at the end of the file differs: the file on disk has none)',
    ]);
    expect(lineDiff('a\nb\n', 'a\nb')).toEqual([
      '(only the newline at the end of the file differs: the file on disk has one the generated file has not)',
    ]);
  });

  it('makes carriage returns visible', () => {
    expect(lineDiff('a\r\nb\n', 'a\nb\n')).toEqual(['- 1 | a␍', '+ 1 | a']);
  });

  it('clips long lines around the difference', () => {
    const old = `${'x'.repeat(500)}OLD${'y'.repeat(500)}`;
    const now = `${'x'.repeat(500)}NEW${'y'.repeat(500)}`;
    const [minus, plus] = lineDiff(old, now);
    expect(minus).toBe(`- 1 | …${'x'.repeat(30)}OLD${'y'.repeat(87)}…`);
    expect(plus).toBe(`+ 1 | …${'x'.repeat(30)}NEW${'y'.repeat(87)}…`);
  });

  it('falls back to the first differing line for huge differing regions', () => {
    const old = Array.from({ length: 3000 }, (_, i) => `a${i}`).join('\n');
    const now = Array.from({ length: 3000 }, (_, i) => `b${i}`).join('\n');
    expect(lineDiff(`same\n${old}`, `same\n${now}`, { maxCells: 1_000_000 })).toEqual([
      '- 2 | a0',
      '+ 2 | b0',
      '(too many differing lines for a full diff: only the first one is shown)',
    ]);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasForbiddenCharacter } from '../../runtime/src/xml/xml-lexical.js';

/** XML 1.0's Char production, code point by code point: the definition the runtime's test must agree with. */
function forbiddenByCodePoint(text: string): boolean {
  for (const char of text) {
    const cp = char.codePointAt(0)!;
    const allowed =
      cp === 0x9 ||
      cp === 0xa ||
      cp === 0xd ||
      (cp >= 0x20 && cp <= 0xd7ff) ||
      (cp >= 0xe000 && cp <= 0xfffd) ||
      (cp >= 0x10000 && cp <= 0x10ffff);
    if (!allowed) return true;
  }
  return false;
}

describe('hasForbiddenCharacter', () => {
  it('finds exactly the characters XML 1.0 forbids: C0 controls but TAB, LF, CR; lone surrogates; U+FFFE, U+FFFF', () => {
    // Code units near every edge of the rule, so that lone and paired surrogates, controls and U+FFFx all occur.
    const unit = fc.oneof(
      fc.integer({ min: 0, max: 0x7f }),
      fc.integer({ min: 0xd7f0, max: 0xe010 }),
      fc.integer({ min: 0xfff0, max: 0xffff }),
      fc.integer({ min: 0, max: 0xffff }),
    );
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 12 }), (units) => {
        const text = String.fromCharCode(...units);
        expect(hasForbiddenCharacter(text)).toBe(forbiddenByCodePoint(text));
      }),
      { numRuns: 50_000 },
    );
  });

  it.each([
    ['plain text', 'Tom & Jerry <3', false],
    ['TAB, LF, CR', '\t\n\r', false],
    ['a pair of surrogates', '\u{1F600}', false],
    ['U+0000', 'a\u0000', true],
    ['U+001F', '\u001F', true],
    ['a lone high surrogate', 'a\uD800b', true],
    ['a lone low surrogate at the end', 'a\uDC00', true],
    ['U+FFFE', '\uFFFE', true],
    ['U+FFFF', 'x\uFFFF', true],
  ])('%s', (_, text, forbidden) => {
    expect(hasForbiddenCharacter(text)).toBe(forbidden);
  });
});

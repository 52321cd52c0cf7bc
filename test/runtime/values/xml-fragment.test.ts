import { describe, expect, it } from 'vitest';
import { XmlFragment } from '../../../runtime/src/values/xml-fragment.js';

describe('XmlFragment', () => {
  it('keeps well-formed content as given', () => {
    const text = '<Foo xmlns="urn:x" a="1">bar<b:c xmlns:b="urn:b" /><!-- note --></Foo>';
    expect(XmlFragment.parse(text).toString()).toBe(text);
    expect(XmlFragment.parse('text <a /> more').toString()).toBe('text <a /> more');
    expect(XmlFragment.parse('').equals(XmlFragment.EMPTY)).toBe(true);
  });

  it.each(['<a>', '<b:c />', '<!DOCTYPE x>'])('refuses %j', (text) => {
    expect(() => XmlFragment.parse(text)).toThrow(SyntaxError);
  });
});

import { describe, expect, it } from 'vitest';
import { encodeFormValues, parseFormValues } from '../../templates/runtime/form-encoding.js';

describe('parseFormValues', () => {
  it('decodes %XX as UTF-8 and + as a space', () => {
    const values = parseFormValues('requestJson=%7B%22a%22%3A1%7D+x&u=%F0%9F%98%80');
    expect(values.get('requestJson')).toBe('{"a":1} x');
    expect(values.get('u')).toBe('😀');
  });

  it('lets the first of duplicates win, names matching ignoring case', () => {
    const values = parseFormValues('RequestJson=first&requestJson=second&requestjson=third');
    expect(values.get('requestJson')).toBe('first');
  });

  it('tells an empty value from a missing name', () => {
    const values = parseFormValues('requestJson=&bare');
    expect(values.get('requestJson')).toBe('');
    expect(values.get('bare')).toBe('');
    expect(values.get('missing')).toBeUndefined();
  });

  it('keeps malformed escapes and CR/LF', () => {
    expect(parseFormValues('a=100%&b=%0D%0A').get('a')).toBe('100%');
    expect(parseFormValues('a=100%&b=%0D%0A').get('b')).toBe('\r\n');
  });
});

describe('encodeFormValues', () => {
  it('encodes in order and round-trips', () => {
    const encoded = encodeFormValues([
      ['requestJson', '{"a": "<&>"}\r\n😀'],
      ['b', ''],
    ]);
    expect(encoded).toBe('requestJson=%7B%22a%22%3A+%22%3C%26%3E%22%7D%0D%0A%F0%9F%98%80&b=');
    expect(parseFormValues(encoded).get('requestJson')).toBe('{"a": "<&>"}\r\n😀');
  });
});

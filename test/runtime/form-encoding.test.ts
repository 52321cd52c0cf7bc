import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeFormValues, parseFormValues } from '../../runtime/src/http/form-encoding.js';

describe('parseFormValues', () => {
  it('decodes %XX as UTF-8 and + as a space', () => {
    const values = parseFormValues('requestJson=%7B%22a%22%3A1%7D+x&u=%F0%9F%98%80');
    expect(values.get('requestJson')).toBe('{"a":1} x');
    expect(values.get('u')).toBe('😀');
  });

  it('joins the values of a name given more than once with ",", names matching ignoring case', () => {
    // NameValueCollection[name], as ASP.NET hands HttpGet/HttpPost parameters over (observed: Mono, .NET alike).
    expect(parseFormValues('RequestJson=first&requestJson=second&requestjson=third').get('requestJson')).toBe(
      'first,second,third',
    );
    expect(parseFormValues('requestJson=a&requestJson=').get('requestJson')).toBe('a,');
    expect(parseFormValues('requestJson=&requestJson=b').get('requestJson')).toBe(',b');
    expect(parseFormValues('requestJson=&requestJson=').get('requestJson')).toBe(',');
    expect(parseFormValues('requestJson=a%2Cb').get('requestJson')).toBe('a,b');
    expect(parseFormValues('requestJson=a&&x=1&requestJson=b&').get('requestJson')).toBe('a,b');
  });

  it('tells an empty value from a missing name', () => {
    const values = parseFormValues('requestJson=&other=1');
    expect(values.get('requestJson')).toBe('');
    expect(values.get('missing')).toBeUndefined();
  });

  it('splits a part at its first "="', () => {
    const values = parseFormValues('requestJson=a=b&=x');
    expect(values.get('requestJson')).toBe('a=b');
    expect(values.get('')).toBe('x');
    expect(values.unnamed).toBeUndefined();
  });

  it('puts a part without "=" under the null key, not under its text: `?wsdl` is no parameter wsdl', () => {
    const values = parseFormValues('requestJson&wsdl');
    expect(values.get('requestJson')).toBeUndefined();
    expect(values.get('wsdl')).toBeUndefined();
    expect(values.unnamed).toBe('requestJson,wsdl');
    expect(parseFormValues('requestJson=a&requestJson').get('requestJson')).toBe('a');
    expect(parseFormValues('%77sdl').unnamed).toBe('wsdl');
    expect(parseFormValues('wsdl%3D1').unnamed).toBe('wsdl=1');
  });

  it('lists the collection as request validation goes through it: keys in first spelling and order, null key included', () => {
    expect(parseFormValues('').entries()).toEqual([]);
    expect(parseFormValues('B=1&a&b=2&=x&c=%3C&a2').entries()).toEqual([
      ['B', '1,2'],
      [null, 'a,a2'],
      ['', 'x'],
      ['c', '<'],
    ]);
    expect(parseFormValues('x=1&').entries()).toEqual([
      ['x', '1'],
      [null, ''],
    ]);
  });

  it('counts every part, empty ones too, as HttpValueCollection does', () => {
    expect(parseFormValues('').unnamed).toBeUndefined();
    expect(parseFormValues('wsdl&').unnamed).toBe('wsdl,');
    expect(parseFormValues('&wsdl').unnamed).toBe(',wsdl');
    expect(parseFormValues('wsdl&&x=1').unnamed).toBe('wsdl,');
    expect(parseFormValues('&').unnamed).toBe(',');
  });

  it('keeps malformed escapes and CR/LF', () => {
    expect(parseFormValues('a=100%&b=%0D%0A').get('a')).toBe('100%');
    expect(parseFormValues('a=100%&b=%0D%0A').get('b')).toBe('\r\n');
  });

  it('decodes %uXXXX as ASP.NET does (.NET and Mono HttpGet proxies send non-ASCII so)', () => {
    // Mono's HttpGet proxy, for 'x<é 😀' (observed).
    expect(parseFormValues('requestJson=x%3C%u00e9+%uD83D%uDE00').get('requestJson')).toBe('x<é 😀');
    expect(parseFormValues('a=%C3%A9%u00E9%C3%A9').get('a')).toBe('ééé');
    // Malformed: kept as written; a surrogate left unpaired, and invalid UTF-8, become U+FFFD.
    expect(parseFormValues('a=%u12&b=%uZZZZ&c=%U00e9').get('a')).toBe('%u12');
    expect(parseFormValues('a=%u12&b=%uZZZZ&c=%U00e9').get('b')).toBe('%uZZZZ');
    expect(parseFormValues('a=%u12&b=%uZZZZ&c=%U00e9').get('c')).toBe('%U00e9');
    expect(parseFormValues('a=%uD83Dx&b=%C3x').get('a')).toBe('\uFFFDx');
    expect(parseFormValues('a=%uD83Dx&b=%C3x').get('b')).toBe('\uFFFDx');
    expect(parseFormValues('%u0041=1').get('A')).toBe('1');
  });
});

/**
 * `HttpUtility.UrlDecode` read literally, one character at a time: the reference the fast decoder must match.
 * Runs of %XX are one UTF-8 sequence, %uXXXX one UTF-16 unit, anything else as written, `+` a space.
 */
function referenceUrlDecode(value: string): string {
  let out = '';
  let bytes: number[] = [];
  const flush = () => {
    out += new TextDecoder('utf-8', { ignoreBOM: true }).decode(Uint8Array.from(bytes));
    bytes = [];
  };
  const hex = (start: number, length: number) => {
    const digits = value.slice(start, start + length);
    return digits.length === length && /^[0-9A-Fa-f]+$/.test(digits) ? parseInt(digits, 16) : undefined;
  };
  for (let i = 0; i < value.length; i++) {
    const unit = value[i] === '%' && value[i + 1] === 'u' ? hex(i + 2, 4) : undefined;
    const byte = value[i] === '%' ? hex(i + 1, 2) : undefined;
    if (unit !== undefined) {
      flush();
      out += String.fromCharCode(unit);
      i += 5;
    } else if (byte !== undefined) {
      bytes.push(byte);
      i += 2;
    } else {
      flush();
      out += value[i] === '+' ? ' ' : value[i];
    }
  }
  flush();
  return out.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

describe('parseFormValues against a literal reading of HttpUtility.UrlDecode', () => {
  const piece = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 4 }),
    fc.string({ unit: 'grapheme-ascii', maxLength: 4 }),
    fc.constantFrom('%', '%2', '%2B', '+', '%u', '%uD83D', '%uDE00', '%ud83d%ude00', '%E2%82%AC', '%E2%82', '%FF'),
    fc.constantFrom('%C3', '%a', '%EF%BB%BF', '%00', '%F0%9F%98', '%80', '%7B%22a%22%3A1%7D'),
  );
  it('decodes every value as the reference does', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (parts) => {
        const value = parts.join('').replace(/[&=]/g, '');
        expect(parseFormValues(`v=${value}`).get('v')).toBe(referenceUrlDecode(value));
      }),
      { numRuns: 3000 },
    );
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

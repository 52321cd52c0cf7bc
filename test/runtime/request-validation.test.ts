/**
 * ASP.NET request validation, the rule alone (`runtime/src/server/request-validation.ts`): what is dangerous, which
 * value of a collection is named, and the message. Every case here was sent to the real runtime (Mono's System.Web
 * 4.x, `../shared/asmx-host`) over HTTP GET and POST; `test/interop/echo-parity.test.ts` sends them again.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFormValues } from '../../runtime/src/http/form-encoding.js';
import {
  dangerousIndex,
  requestValidationError,
  requestValidationMessage,
} from '../../runtime/src/server/request-validation.js';
import { HOSTILE_VALUE } from '../server/recording-server.js';

describe('dangerousIndex', () => {
  it.each([
    ['<b', 0],
    ['a<b', 1],
    ['a<B', 1],
    ['a<Z', 1],
    ['a<!', 1],
    ['<!-- x -->', 0],
    ['a<\u0000', 1],
    ['a<\u0001', 1],
    ['a<\t', 1],
    ['a<\n', 1],
    ['a<\u001F', 1],
    ['a&#', 1],
    ['&#', 0],
    ['a&#60;', 1],
    ['&#x3C;', 0],
    ['a<<b', 2],
    ['\uFF1Ca', 0],
    ['x\uFF1C!', 1],
    ['a < b & c &#', 10],
    ['{"user":"a<b&c"}', 10],
  ])('%j: dangerous at %i', (value, index) => {
    expect(dangerousIndex(value)).toBe(index);
  });

  it.each([
    '',
    '<',
    'a<',
    '&',
    'a&',
    'a< b',
    'a<1',
    'a</',
    'a<?',
    'a<é',
    'a<\u007F',
    'a<_',
    'a<[',
    'a<\\b',
    'a>b',
    'a&amp;',
    'a& #',
    '&x#',
    '\uFF1C1',
    '\uFF1E',
    'a+<+b+&+c',
    '  <&>"\'+ ]]> é😀\r\n\r ',
  ])('%j: not dangerous', (value) => {
    expect(dangerousIndex(value)).toBe(-1);
  });

  it('lets the values the interop tests call through, as the real runtime does', () => {
    // What Mono's wsdl.exe proxies, zeep and node-soap send over every transport (`recording-server.ts`).
    expect(dangerousIndex(HOSTILE_VALUE)).toBe(-1);
  });

  it('finds exactly the pairs the rule names (property)', () => {
    const pair = (value: string) => {
      for (let i = 0; i + 1 < value.length; i++) {
        const [c, next] = [value[i]!, value[i + 1]!];
        // eslint-disable-next-line no-control-regex -- a control character after `<` is what the rule refuses
        if ((c === '<' || c === '\uFF1C') && /[A-Za-z!\u0000-\u001F]/.test(next)) return i;
        if (c === '&' && next === '#') return i;
      }
      return -1;
    };
    const text = fc.string({ unit: fc.constantFrom('<', '\uFF1C', '&', '#', '!', 'a', 'Z', '1', ' ', '\u0001', 'é') });
    fc.assert(fc.property(text, (value) => dangerousIndex(value) === pair(value)));
  });
});

describe('requestValidationMessage', () => {
  const message = (name: string, value: string) => requestValidationMessage('QueryString', name, value);

  it('names the collection, the key and the quoted value', () => {
    expect(message('requestJson', '{"user":"a<b&c"}')).toBe(
      'A potentially dangerous Request.QueryString value was detected from the client (requestJson="{"user":"a<b&c"}").',
    );
    expect(requestValidationMessage('Form', 'x', '<b')).toBe(
      'A potentially dangerous Request.Form value was detected from the client (x="<b").',
    );
  });

  it('cuts a quoted value longer than 20 to its first 16 characters and ..."', () => {
    expect(message('v', '0123456789012345<b')).toContain('(v="0123456789012345<b").');
    expect(message('v', '0123456789012345<bc')).toContain('(v="012345678901234...").');
    expect(message('v', '<b0123456789012345678901234567890')).toContain('(v="<b0123456789012...").');
  });

  it('counts UTF-16 code units, so a cut may split a surrogate pair, as .NET strings do', () => {
    expect(message('v', '01234567890123😀<b')).toContain('(v="01234567890123😀<b").');
    expect(message('v', '01234567890123😀<bc')).toContain('(v="01234567890123\uD83D...").');
  });

  it('keeps control characters and line breaks as they are', () => {
    expect(message('v', '\u0000<b')).toContain('(v="\u0000<b").');
    expect(message('v', '<\r\nx')).toContain('(v="<\r\nx").');
  });
});

describe('requestValidationError', () => {
  const error = (query: string) => requestValidationError(parseFormValues(query), 'QueryString');
  const named = (query: string) => /\(([^=]*)=/.exec(error(query) ?? '')?.[1];

  it('passes a collection without a dangerous value', () => {
    expect(error('')).toBeUndefined();
    expect(error('requestJson=a+%3C+b+%26+c&x=%3C1')).toBeUndefined();
  });

  it('validates every key, unknown ones too, and names the first dangerous one in the order keys first appear', () => {
    expect(named('requestJson=x&other=%3Cb')).toBe('other');
    expect(named('a=%3Cb&requestJson=%3Cc')).toBe('a');
    expect(named('requestJson=x&other=%3Cb&another=%26%23')).toBe('other');
    expect(named('a=1&&b=%3Cc')).toBe('b');
  });

  it('the null key (parts without "=") is named as the empty string, where its first part is', () => {
    expect(error('requestJson=x&%3Cb')).toBe(
      'A potentially dangerous Request.QueryString value was detected from the client (="<b").',
    );
    expect(error('a=1&%3Cc&=%3Cb&requestJson=x')).toContain('(="<c")');
    expect(error('a=1&=%3Cb&%3Cc&requestJson=x')).toContain('(="<b")');
  });

  it('a key\'s values joined with ",", under its first spelling', () => {
    expect(error('requestJson=x&requestJson=%3Cb')).toContain('(requestJson="x,<b")');
    expect(error('RequestJSON=x&requestjson=%3Cb')).toContain('(RequestJSON="x,<b")');
    // Joining never makes a value dangerous: "," stands between.
    expect(error('a=%3C&a=b&c=%26&c=%23')).toBeUndefined();
  });

  it('does not validate key names', () => {
    expect(error('%3Cb=1&requestJson=x')).toBeUndefined();
  });
});

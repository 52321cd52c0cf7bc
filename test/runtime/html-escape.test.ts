/** `html-escape.ts`: how HTTP GET/POST error messages are HTML-encoded (observed on the real runtime's replies). */
import { describe, expect, it } from 'vitest';
import { htmlEncodeMessage, htmlEncodeMessageChain } from '../../runtime/src/http/html-escape.js';

describe('htmlEncodeMessage', () => {
  it('is HttpUtility.HtmlEncode: specials by name, U+00A0 to U+00FF and the fullwidth < > by number', () => {
    expect(htmlEncodeMessage('(v="<b\'">\uFF1E\u009F\u0100")')).toBe(
      '(v=&quot;&lt;b&#39;&quot;&gt;&#65310;\u009F\u0100&quot;)',
    );
    expect(htmlEncodeMessage('\u00A0<b\u00FF\u0100€\uFF1C é')).toBe('&#160;&lt;b&#255;\u0100€&#65308; &#233;');
  });

  it('keeps everything else as it is: control characters, line breaks, characters beyond U+00FF', () => {
    expect(htmlEncodeMessage('plain \u0000\u0001\t\r\n text 😀')).toBe('plain \u0000\u0001\t\r\n text 😀');
  });

  it('encodes each message of a chain, joined with " ---> "', () => {
    expect(htmlEncodeMessageChain(['Cannot convert é', 'a < b'])).toBe('Cannot convert &#233; ---> a &lt; b');
  });
});

/**
 * `application/x-www-form-urlencoded`: HTTP GET query strings and HTTP POST
 * bodies. Decoding is ASP.NET's (`HttpUtility.UrlDecode`, UTF-8): `+` is a
 * space, `%XX` a byte, `%uXXXX` a UTF-16 code unit (what .NET and Mono
 * HttpGet/HttpPost proxies send for non-ASCII characters), malformed `%`
 * escapes are kept as written.
 *
 * Values are collected as ASP.NET's query and form collections
 * (`HttpValueCollection`, a `NameValueCollection`) collect them: every
 * `&`-separated part counts; a part with `=` is a name (matched ignoring
 * case) and a value, a part without one is a value of the null key (so
 * `?wsdl` is no parameter named `wsdl`); a name given more than once has its
 * values joined with `,`, as `collection[name]` returns them (`a=1&a=` is
 * `1,`).
 */

export interface FormValues {
  /** `collection[name]`: the values of `name` (ignoring case) joined with `,`; `undefined` when it does not appear. */
  get(name: string): string | undefined;
  /** `collection[null]`: the parts without `=`, joined with `,`; `undefined` when there are none. */
  readonly unnamed: string | undefined;
}

export function parseFormValues(encoded: string): FormValues {
  const values = new Map<string, string[]>();
  const unnamed: string[] = [];
  // `HttpValueCollection.FillFromString`: an empty string has no part; otherwise each part counts, empty ones too.
  for (const part of encoded === '' ? [] : encoded.split('&')) {
    const equals = part.indexOf('=');
    if (equals === -1) {
      unnamed.push(urlDecode(part));
      continue;
    }
    const key = urlDecode(part.slice(0, equals)).toLowerCase();
    const value = urlDecode(part.slice(equals + 1));
    const list = values.get(key);
    if (list) list.push(value);
    else values.set(key, [value]);
  }
  return {
    get: (name) => values.get(name.toLowerCase())?.join(','),
    unnamed: unnamed.length === 0 ? undefined : unnamed.join(','),
  };
}

// `ignoreBOM`: a U+FEFF the value holds (`%EF%BB%BF`) is a character, not a byte order mark to drop.
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * `HttpUtility.UrlDecode(value, UTF8)`: runs of `%XX` bytes decode as UTF-8
 * (invalid bytes become U+FFFD), `%uXXXX` is one UTF-16 code unit, and a
 * surrogate left unpaired becomes U+FFFD.
 */
function urlDecode(value: string): string {
  if (!/[%+]/.test(value)) return value;
  let out = '';
  let bytes: number[] = [];
  const flush = () => {
    if (bytes.length > 0) out += utf8.decode(Uint8Array.from(bytes));
    bytes = [];
  };
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (c === '%') {
      const unit = value[i + 1] === 'u' ? hex(value, i + 2, 4) : undefined;
      if (unit !== undefined) {
        flush();
        out += String.fromCharCode(unit);
        i += 5;
        continue;
      }
      const byte = hex(value, i + 1, 2);
      if (byte !== undefined) {
        bytes.push(byte);
        i += 2;
        continue;
      }
    }
    flush();
    out += c === '+' ? ' ' : c;
  }
  flush();
  return out.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

function hex(value: string, start: number, length: number): number | undefined {
  const digits = value.slice(start, start + length);
  return digits.length === length && /^[0-9A-Fa-f]+$/.test(digits) ? parseInt(digits, 16) : undefined;
}

/** Encodes name/value pairs, in order, as a form body or query string (without the `?`). */
export function encodeFormValues(entries: Iterable<readonly [string, string]>): string {
  const params = new URLSearchParams();
  for (const [name, value] of entries) params.append(name, value);
  return params.toString();
}

/**
 * `application/x-www-form-urlencoded`: HTTP GET query strings and HTTP POST
 * bodies. Decoding is ASP.NET's (`HttpUtility.UrlDecode`, UTF-8): `+` is a
 * space, `%XX` a byte, `%uXXXX` a UTF-16 code unit (what .NET and Mono
 * HttpGet/HttpPost proxies send for non-ASCII characters), malformed `%`
 * escapes are kept as written.
 *
 * Names match as ASP.NET's form and query collections match them, ignoring
 * case; when a name appears more than once the first value wins (ASP.NET
 * would join them with commas, which no client relies on).
 */

export interface FormValues {
  /** The first value of `name` (ignoring case); `undefined` when the name does not appear. */
  get(name: string): string | undefined;
}

export function parseFormValues(encoded: string): FormValues {
  const values = new Map<string, string>();
  for (const pair of encoded.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const name = urlDecode(equals === -1 ? pair : pair.slice(0, equals));
    const key = name.toLowerCase();
    if (!values.has(key)) values.set(key, equals === -1 ? '' : urlDecode(pair.slice(equals + 1)));
  }
  return { get: (name) => values.get(name.toLowerCase()) };
}

const utf8 = new TextDecoder();

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

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
 * `1,`). `entries()` lists the collection as ASP.NET's request validation
 * goes through it: each name in its first spelling, in the order it first
 * appears (the null key where its first part is), with its joined values.
 */

export interface FormValues {
  /** `collection[name]`: the values of `name` (ignoring case) joined with `,`; `undefined` when it does not appear. */
  get(name: string): string | undefined;
  /** `collection.GetValues(name)`: each value of `name` (ignoring case); `undefined` when it does not appear. */
  getAll(name: string): readonly string[] | undefined;
  /** `collection[null]`: the parts without `=`, joined with `,`; `undefined` when there are none. */
  readonly unnamed: string | undefined;
  /**
   * The collection's keys and `collection[key]`, in the order each key first appears: a name as first spelled,
   * `null` for the parts without `=`.
   */
  entries(): Array<readonly [name: string | null, value: string]>;
}

export function parseFormValues(encoded: string): FormValues {
  const values = new Map<string, string[]>();
  const unnamed: string[] = [];
  /** Each key's first spelling, `null` for the null key, in the order keys first appear. */
  const keys: (string | null)[] = [];
  // `HttpValueCollection.FillFromString`: an empty string has no part; otherwise each part counts, empty ones too.
  for (const part of encoded === '' ? [] : encoded.split('&')) {
    const equals = part.indexOf('=');
    if (equals === -1) {
      if (unnamed.length === 0) keys.push(null);
      unnamed.push(urlDecode(part));
      continue;
    }
    const name = urlDecode(part.slice(0, equals));
    const key = name.toLowerCase();
    const value = urlDecode(part.slice(equals + 1));
    const list = values.get(key);
    if (list) list.push(value);
    else {
      values.set(key, [value]);
      keys.push(name);
    }
  }
  return {
    get: (name) => values.get(name.toLowerCase())?.join(','),
    getAll: (name) => values.get(name.toLowerCase()),
    unnamed: unnamed.length === 0 ? undefined : unnamed.join(','),
    entries: () =>
      keys.map(
        (name) => [name, name === null ? unnamed.join(',') : values.get(name.toLowerCase())!.join(',')] as const,
      ),
  };
}

// `ignoreBOM`: a U+FEFF the value holds (`%EF%BB%BF`) is a character, not a byte order mark to drop.
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** A `%uXXXX` escape, or a run of `%XX` escapes (bytes of one UTF-8 sequence or more). */
const ESCAPES = /%u[0-9A-Fa-f]{4}|(?:%[0-9A-Fa-f]{2})+/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * `HttpUtility.UrlDecode(value, UTF8)`: runs of `%XX` bytes decode as UTF-8
 * (invalid bytes become U+FFFD), `%uXXXX` is one UTF-16 code unit, and a
 * surrogate left unpaired becomes U+FFFD.
 */
function urlDecode(value: string): string {
  const plus = value.indexOf('+') !== -1;
  if (!plus && value.indexOf('%') === -1) return value;
  const ascii = decodeAsciiEscapes(value);
  if (ascii !== undefined) return ascii;
  let units = false;
  // `+` first: an escaped `%2B` must stay a plus.
  const out = (plus ? value.replace(/\+/g, ' ') : value).replace(ESCAPES, (escape) => {
    if (escape.charCodeAt(1) === 0x75 /* u */) {
      units = true;
      return String.fromCharCode(parseInt(escape.slice(2), 16));
    }
    const bytes = new Uint8Array(escape.length / 3);
    for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(escape.slice(3 * i + 1, 3 * i + 3), 16);
    return utf8.decode(bytes);
  });
  // Only `%uXXXX` can leave a surrogate unpaired (the UTF-8 decoder never does).
  return units ? out.replace(LONE_SURROGATE, '\uFFFD') : out;
}

/**
 * The common case in one pass: ASCII with `%XX` escapes and `+`, as browsers
 * and clients encode forms, decoded as one run of UTF-8 bytes (ASCII between
 * escapes is a byte of its own, so splitting runs there changes nothing).
 * `undefined` for anything else (`%uXXXX`, characters beyond ASCII).
 */
function decodeAsciiEscapes(value: string): string | undefined {
  // Well-formed escapes of valid UTF-8 (what nearly every client sends): the engine's decoder, which refuses anything
  // else (a malformed or `%u` escape, bytes no UTF-8) for the passes below.
  try {
    return decodeURIComponent(value.indexOf('+') === -1 ? value : value.replace(/\+/g, ' '));
  } catch {
    // below
  }
  const bytes = new Uint8Array(value.length);
  let length = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 0x80) return undefined;
    if (c === 0x25 /* % */) {
      const high = hexDigit(value.charCodeAt(i + 1));
      const low = hexDigit(value.charCodeAt(i + 2));
      if (high !== -1 && low !== -1) {
        bytes[length++] = high * 16 + low;
        i += 2;
        continue;
      }
      if (value.charCodeAt(i + 1) === 0x75 /* u */ && /^[0-9A-Fa-f]{4}$/.test(value.slice(i + 2, i + 6)))
        return undefined;
    }
    bytes[length++] = c === 0x2b /* + */ ? 0x20 : c;
  }
  return utf8.decode(bytes.subarray(0, length));
}

function hexDigit(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

/** Encodes name/value pairs, in order, as a form body or query string (without the `?`). */
export function encodeFormValues(entries: Iterable<readonly [string, string]>): string {
  const params = new URLSearchParams();
  for (const [name, value] of entries) params.append(name, value);
  return params.toString();
}

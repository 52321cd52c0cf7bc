/**
 * `application/x-www-form-urlencoded`: HTTP GET query strings and HTTP POST
 * bodies. Decoding is WHATWG's (`URLSearchParams`: `+` is a space, malformed
 * `%` escapes are kept, UTF-8).
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
  for (const [name, value] of new URLSearchParams(encoded)) {
    const key = name.toLowerCase();
    if (!values.has(key)) values.set(key, value);
  }
  return { get: (name) => values.get(name.toLowerCase()) };
}

/** Encodes name/value pairs, in order, as a form body or query string (without the `?`). */
export function encodeFormValues(entries: Iterable<readonly [string, string]>): string {
  const params = new URLSearchParams();
  for (const [name, value] of entries) params.append(name, value);
  return params.toString();
}

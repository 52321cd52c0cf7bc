/**
 * ASP.NET request validation of HTTP GET and POST calls, as the real ASMX runtime (Mono's System.Web 4.x,
 * `requestValidationMode` 4.0, the default) applies it: ASMX reads an operation's parameters from the query string
 * (HttpGet) or the form (HttpPost), and reading that collection validates every value in it, before any parameter
 * is bound. The first value found dangerous refuses the call with `HttpRequestValidationException`, a 500 whose
 * plain text is the message below (HTML-encoded, as every HttpGet/HttpPost error; never the runtime's stack trace).
 *
 * What was measured on the wire:
 *
 * - Dangerous: `<` or the fullwidth `＜` (U+FF1C) followed by an ASCII letter, `!` or a control character (below
 *   U+0020), and `&#`. Not: `<` at the end, `< `, `<1`, `</`, `<?`, `<é`, `&amp;`, `&` at the end.
 * - Every key of the collection is validated, unknown ones too, in the order each first appears, with its values
 *   joined by `,` (`collection[key]`); the null key (parts without `=`) too, named as the empty string. Key names
 *   themselves are not validated.
 * - HttpGet validates the query string, HttpPost the form (not the POST's query string), and only for an operation
 *   with parameters: one without reads neither. SOAP is not validated (its body is XML).
 * - The message names the collection (`QueryString`, `Form`), the key as first spelled, and the value in double
 *   quotes, cut to its first 15 UTF-16 code units and `...` when the quoted value is longer than 20.
 */
import type { FormValues } from '../http/form-encoding.js';

/** The collection a value was read from: `Request.QueryString` (HttpGet) or `Request.Form` (HttpPost). */
export type ValidatedCollection = 'QueryString' | 'Form';

/** The index of the first dangerous pair of characters in `value` (see the module's comment); -1 when there is none. */
export function dangerousIndex(value: string): number {
  // The three starts are found by the engine's own search; only a `<` (or `＜`) needs its next character looked at.
  let first = value.indexOf('&#');
  for (const lt of ['<', '\uff1c']) {
    for (let i = value.indexOf(lt); i !== -1 && (first === -1 || i < first); i = value.indexOf(lt, i + 1)) {
      const next = value.charCodeAt(i + 1);
      if (next < 0x20 || next === 0x21 /* ! */ || isAsciiLetter(next)) {
        first = i;
        break;
      }
    }
  }
  return first;
}

function isAsciiLetter(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

/**
 * The message of the first dangerous value of `values`, not yet HTML-encoded; `undefined` when every value passes.
 */
export function requestValidationError(values: FormValues, collection: ValidatedCollection): string | undefined {
  for (const [name, value] of values.entries()) {
    if (dangerousIndex(value) !== -1) return requestValidationMessage(collection, name ?? '', value);
  }
  return undefined;
}

/** `HttpRequestValidationException`'s message for `name=value` of `collection`. */
export function requestValidationMessage(collection: ValidatedCollection, name: string, value: string): string {
  let quoted = `"${value}"`;
  if (quoted.length > 20) quoted = `${quoted.slice(0, 16)}..."`;
  return `A potentially dangerous Request.${collection} value was detected from the client (${name}=${quoted}).`;
}

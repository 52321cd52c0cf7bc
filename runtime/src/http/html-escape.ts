/**
 * HTML escaping of request-derived values (the Host header, the address)
 * filled into the help pages, and of messages in HTTP GET/POST error
 * replies (ASMX HTML-encodes those). Escapes the characters Handlebars
 * escapes, so filled values read like the rendered rest of a page.
 */

const HTML_SPECIALS = /[&<>"'`=]/;
const HTML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
  '`': '&#x60;',
  '=': '&#x3D;',
};

export function escapeHtml(value: string): string {
  return HTML_SPECIALS.test(value) ? value.replace(/[&<>"'`=]/g, (c) => HTML_ENTITIES[c]!) : value;
}

/** What `HttpUtility.HtmlEncode` changes: the HTML specials, U+00A0 to U+00FF, and the fullwidth `＜` and `＞`. */
const MESSAGE_SPECIALS = /[&<>"'\u00A0-\u00FF\uFF1C\uFF1E]/;
const MESSAGE_SPECIALS_ALL = /[&<>"'\u00A0-\u00FF\uFF1C\uFF1E]/g;
const MESSAGE_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * `HttpUtility.HtmlEncode` as ASMX applies it to an error message of an HTTP GET/POST call (observed on Mono, whose
 * encoder this is): `&<>"` by name, `'` as `&#39;`, the characters U+00A0 to U+00FF and the fullwidth `＜` and `＞`
 * (U+FF1C, U+FF1E) as decimal references; everything else, control characters too, as it is.
 */
export function htmlEncodeMessage(value: string): string {
  return MESSAGE_SPECIALS.test(value)
    ? value.replace(MESSAGE_SPECIALS_ALL, (c) => MESSAGE_ENTITIES[c] ?? `&#${c.charCodeAt(0)};`)
    : value;
}

/**
 * An error's message chain as ASMX prints it in an HTTP GET/POST error
 * reply: each message HTML-encoded, joined with ` ---> `.
 */
export function htmlEncodeMessageChain(chain: readonly string[]): string {
  return chain.map(htmlEncodeMessage).join(' ---> ');
}

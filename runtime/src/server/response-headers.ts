/**
 * Reply headers a handler sets (`ctx.setHeader`, `ctx.setCookie`): checked
 * when set, so nothing a handler sets can break a reply's framing or inject
 * a line, and added to the reply by the writers (node and fetch alike).
 */
import type { CookieOptions } from './server-options.js';

export type ResponseHeaderList = [name: string, value: string][];

/** HTTP's token (RFC 9110 §5.6.2): a header's or a cookie's name. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** What Node and the Fetch API accept in a header value: no control character but tab. */
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
/** RFC 6265's cookie-value: cookie-octets, optionally in double quotes. */
const COOKIE_VALUE = /^(?:"[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]*"|[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]*)$/;
/** An attribute value (`Domain`, `Path`): no control character and no `;`. */
const ATTRIBUTE_VALUE = /^[\x20-\x3a\x3c-\x7e]*$/;

/** Headers the wire decides: a handler may not set them. */
const RESERVED = new Set([
  'content-type',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'trailer',
]);

/** `ctx.setHeader`: replaces what was set under `name` (in any case) with `value`. */
export function setResponseHeader(
  list: ResponseHeaderList | undefined,
  name: string,
  value: string | readonly string[],
): ResponseHeaderList {
  if (typeof name !== 'string' || !TOKEN.test(name))
    throw new TypeError(`ctx.setHeader: ${JSON.stringify(name)} is not an HTTP header name.`);
  const lower = name.toLowerCase();
  if (RESERVED.has(lower)) throw new TypeError(`ctx.setHeader: the server sets ${name} itself.`);
  const values = typeof value === 'string' ? [value] : [...value];
  for (const one of values) {
    if (typeof one !== 'string' || !FIELD_VALUE.test(one))
      throw new TypeError(`ctx.setHeader: the value of ${name} holds a character a header cannot carry.`);
  }
  const kept = (list ?? []).filter(([other]) => other.toLowerCase() !== lower);
  for (const one of values) kept.push([name, one]);
  return kept;
}

/** `ctx.setCookie`: one more `Set-Cookie` header. */
export function addCookie(
  list: ResponseHeaderList | undefined,
  name: string,
  value: string,
  options: CookieOptions = {},
): ResponseHeaderList {
  if (typeof name !== 'string' || !TOKEN.test(name))
    throw new TypeError(`ctx.setCookie: ${JSON.stringify(name)} is not a cookie name.`);
  if (typeof value !== 'string' || !COOKIE_VALUE.test(value))
    throw new TypeError(
      `ctx.setCookie: the value of cookie ${name} holds a character a cookie cannot carry (encode it first).`,
    );
  let cookie = `${name}=${value}`;
  if (options.domain !== undefined) cookie += `; Domain=${attribute(name, 'domain', options.domain)}`;
  if (options.path !== undefined) cookie += `; Path=${attribute(name, 'path', options.path)}`;
  if (options.expires !== undefined) {
    if (!(options.expires instanceof Date) || Number.isNaN(options.expires.getTime()))
      throw new TypeError(`ctx.setCookie: expires of cookie ${name} is not a valid Date.`);
    cookie += `; Expires=${options.expires.toUTCString()}`;
  }
  if (options.maxAge !== undefined) {
    if (!Number.isFinite(options.maxAge))
      throw new TypeError(`ctx.setCookie: maxAge of cookie ${name} is not a number of seconds.`);
    cookie += `; Max-Age=${Math.floor(options.maxAge)}`;
  }
  if (options.secure) cookie += '; Secure';
  if (options.httpOnly) cookie += '; HttpOnly';
  if (options.sameSite !== undefined) {
    if (options.sameSite !== 'Strict' && options.sameSite !== 'Lax' && options.sameSite !== 'None')
      throw new TypeError(`ctx.setCookie: sameSite of cookie ${name} must be 'Strict', 'Lax' or 'None'.`);
    cookie += `; SameSite=${options.sameSite}`;
  }
  const list2 = list ?? [];
  list2.push(['Set-Cookie', cookie]);
  return list2;
}

function attribute(cookie: string, option: string, value: string): string {
  if (typeof value !== 'string' || !ATTRIBUTE_VALUE.test(value))
    throw new TypeError(`ctx.setCookie: ${option} of cookie ${cookie} holds a character a cookie cannot carry.`);
  return value;
}

/**
 * A reply's headers with a handler's added: a name the handler set replaces the reply's own under that
 * name (in any case); a name set more than once is a list.
 */
export function withResponseHeaders(
  headers: Readonly<Record<string, string>>,
  added: ResponseHeaderList,
): Record<string, string | string[]> {
  const names = new Set(added.map(([name]) => name.toLowerCase()));
  const merged: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) if (!names.has(name.toLowerCase())) merged[name] = value;
  for (const [name, value] of added) {
    const existing = merged[name];
    merged[name] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return merged;
}

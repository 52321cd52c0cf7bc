/**
 * The `ASP.NET_SessionId` cookie as the .NET Framework's `SessionIDManager` reads and writes it: an id of 24
 * characters from `a`–`z` and `0`–`5` (120 random bits, 5 to a character), read from the request's first
 * `ASP.NET_SessionId` cookie (its name in any case, the pairs split at `;` only) in lower case, and set as
 * `ASP.NET_SessionId=<id>; path=/; HttpOnly; SameSite=Lax` (`CreateSessionCookie`; `SameSite=Lax` is the
 * `cookieSameSite` default since .NET 4.7.2's 2019 update).
 */
import { randomBytes } from 'node:crypto';
import { headerValue, type RequestHeaders } from '../server/incoming-call.js';

export const SESSION_COOKIE = 'ASP.NET_SessionId';

const COOKIE_LOWER = SESSION_COOKIE.toLowerCase();
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz012345';
const LEGIT = /^[a-z0-5]{24}$/;

/** A new session id: 15 random bytes, 5 bits to a character, low bits first (as `SessionId.Encode` packs them). */
export function createSessionId(): string {
  const bytes = randomBytes(15);
  let id = '';
  for (let i = 0; i < 15; i += 5) {
    // 40 bits, low byte first, read 5 at a time from the lowest (exact in a double).
    let bits = 0;
    for (let j = 4; j >= 0; j--) bits = bits * 256 + bytes[i + j]!;
    for (let k = 0; k < 8; k++) {
      id += ALPHABET[bits % 32];
      bits = Math.floor(bits / 32);
    }
  }
  return id;
}

/**
 * The session id a request carries: its first `ASP.NET_SessionId` cookie, in lower case (`SessionIDManager.Decode`),
 * when that is a legitimate id (`SessionId.IsLegit`); `undefined` otherwise, and the call then starts a new session.
 */
export function requestSessionId(headers: RequestHeaders): string | undefined {
  const header = headerValue(headers, 'cookie');
  if (header === undefined) return undefined;
  for (const pair of header.split(';')) {
    const equals = pair.indexOf('=');
    // HttpCookieCollection looks names up ignoring case.
    if (equals === -1 || pair.slice(0, equals).trim().toLowerCase() !== COOKIE_LOWER) continue;
    const id = pair
      .slice(equals + 1)
      .trim()
      .toLowerCase();
    return LEGIT.test(id) ? id : undefined;
  }
  return undefined;
}

/** The `Set-Cookie` value that hands a new session's id to the client. */
export function sessionCookie(id: string): string {
  return `${SESSION_COOKIE}=${id}; path=/; HttpOnly; SameSite=Lax`;
}

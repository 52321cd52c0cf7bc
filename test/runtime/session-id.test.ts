/**
 * The `ASP.NET_SessionId` cookie's id as .NET's SessionIDManager makes and reads it: 24 characters of a–z and 0–5,
 * the first such cookie of the request, lower-cased; anything else is no session id.
 */
import { describe, expect, it } from 'vitest';
import { createSessionId, requestSessionId, sessionCookie } from '../../runtime/src/session/session-id.js';

describe('session ids', () => {
  it('are 24 characters of a-z and 0-5, all 32 of them in use, never the same twice', () => {
    const ids = Array.from({ length: 2000 }, createSessionId);
    for (const id of ids) expect(id).toMatch(/^[a-z0-5]{24}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids.join('')).size).toBe(32);
  });

  it('are read from the first ASP.NET_SessionId cookie, lower-cased (SessionIDManager.Decode)', () => {
    const id = 'abcdefghijklmnopqrstuvwx';
    expect(requestSessionId({ cookie: `ASP.NET_SessionId=${id}` })).toBe(id);
    expect(requestSessionId({ cookie: `a=1;  ASP.NET_SessionId = ${id.toUpperCase()} ; b=2` })).toBe(id);
    expect(requestSessionId({ cookie: `ASP.NET_SessionId=${id}; ASP.NET_SessionId=zzzzzzzzzzzzzzzzzzzzzzzz` })).toBe(
      id,
    );
    expect(requestSessionId({ cookie: [`ASP.NET_SessionId=${id}`, 'x=y'] })).toBe(id);
    // HttpCookieCollection: names in any case (OrdinalIgnoreCase).
    expect(requestSessionId({ cookie: `asp.net_sessionid=${id}` })).toBe(id);
  });

  it('are no ids when of another length or alphabet (SessionId.IsLegit): the call starts a new session', () => {
    expect(requestSessionId({})).toBeUndefined();
    expect(requestSessionId({ cookie: 'ASP.NET_SessionId=0F7149D24C0D183AA1078F6A' })).toBeUndefined();
    expect(requestSessionId({ cookie: 'ASP.NET_SessionId=abcdefghijklmnopqrstuvw' })).toBeUndefined();
    expect(requestSessionId({ cookie: 'ASP.NET_SessionId=' })).toBeUndefined();
  });

  it('are set with path=/, HttpOnly and SameSite=Lax (SessionIDManager.CreateSessionCookie)', () => {
    expect(sessionCookie('abcdefghijklmnopqrstuvwx')).toBe(
      'ASP.NET_SessionId=abcdefghijklmnopqrstuvwx; path=/; HttpOnly; SameSite=Lax',
    );
  });
});

/**
 * The cookies of a client on Node (`options.cookies`): what the service sets with `Set-Cookie` is kept and sent
 * back with the next calls it applies to, as a browser would, so an `enableSession` service's
 * `ASP.NET_SessionId` (and any other cookie of the service: its `Path`, `Expires`/`Max-Age`, `Secure`, `Domain`)
 * carries the session from call to call, over every transport. The rules are RFC 6265's, kept by
 * [tough-cookie](https://github.com/salesforce/tough-cookie), loaded on the first call that needs it (by a name in
 * a variable, as ioredis is: a copy of the runtime compiles without it installed). In browsers the browser keeps
 * the cookies itself (`browser-sender.ts`), and this module is not loaded.
 */
import type { ClientCookieJar } from './client-options.js';
import { importModule } from './node-reply.js';
import type { OutgoingRequest } from './outgoing-request.js';
import type { Sender } from './sender.js';

/** The module of tough-cookie, as far as the client uses it. */
interface ToughCookie {
  CookieJar: new () => ClientCookieJar;
}

const TOUGH_COOKIE: string = 'tough-cookie';

/** A new, empty jar (tough-cookie's `CookieJar`). */
export async function createCookieJar(): Promise<ClientCookieJar> {
  let module: ToughCookie;
  try {
    module = await importModule<ToughCookie>(TOUGH_COOKIE);
  } catch {
    throw new Error("The client's cookies need the tough-cookie package: npm install tough-cookie.");
  }
  return new module.CookieJar();
}

/**
 * `send` with cookies: each request carries the jar's cookies for its URL (after a `Cookie` header of the
 * client's or the call's own), and each reply's `Set-Cookie` headers go into the jar, whatever its status (a
 * fault's reply sets cookies too), before the call's result is read. A cookie the jar refuses (another domain's,
 * a malformed one) is left out, as a browser leaves it.
 */
export function cookieSender(send: Sender, given: ClientCookieJar | undefined): Sender {
  /** The client's own jar (without `given`), made on its first call; made again after tough-cookie failed to load. */
  let own: Promise<ClientCookieJar> | undefined;
  const jar = (): ClientCookieJar | Promise<ClientCookieJar> =>
    given ??
    (own ??= createCookieJar().catch((error: unknown) => {
      own = undefined;
      throw error;
    }));
  return async (request, site, timeoutMs, clientSignal, callSignal) => {
    const cookies = await jar();
    const reply = await send(
      withCookies(request, await cookies.getCookieString(request.url)),
      site,
      timeoutMs,
      clientSignal,
      callSignal,
    );
    for (const cookie of reply.setCookies) {
      try {
        await cookies.setCookie(cookie, request.url);
      } catch {
        // Refused by the jar's rules: not kept.
      }
    }
    return reply;
  };
}

function withCookies(request: OutgoingRequest, cookies: string): OutgoingRequest {
  if (cookies === '') return request;
  const headers: Record<string, string> = {};
  let given: string | undefined;
  for (const name of Object.keys(request.headers)) {
    if (name.toLowerCase() === 'cookie') given = request.headers[name];
    else headers[name] = request.headers[name]!;
  }
  headers.Cookie = given === undefined || given === '' ? cookies : `${given}; ${cookies}`;
  return { ...request, headers };
}

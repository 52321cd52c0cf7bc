/**
 * `/X.asmx/js` and `/X.asmx/jsdebug` of a `[ScriptService]` (docs/wire.md, "Proxy scripts"): the client proxy script
 * (`json/proxy-script.ts`), built once when the server starts, answered as the .NET Framework's
 * `RestClientProxyHandler` answers: whatever the verb and the content type, the path info exactly `/js` or
 * `/jsdebug` in any case. `/js` is cached publicly with the time the scripts were built as their `Last-Modified`
 * (the service assembly's write time on ASP.NET); a request whose `If-Modified-Since` is not older gets `304`.
 */
import { buildProxyScript } from '../json/proxy-script.js';
import type { ServiceDescription } from '../service-description.js';
import { headerValue, type IncomingCall } from './incoming-call.js';
import { encodeUtf8, type Reply } from './reply.js';
import { handlerFactoryError } from './runtime-error-page.js';

/** `RestClientProxyHandler`'s content type, with the charset ASP.NET adds to text it writes. */
export const PROXY_SCRIPT_CONTENT_TYPE = 'application/x-javascript; charset=utf-8';

export type ProxyScriptKind = 'js' | 'jsdebug';

export interface ProxyScripts {
  /** Whole seconds, as `GetAssemblyModifiedTime` keeps them. */
  readonly lastModified: Date;
  readonly js: Reply;
  readonly jsdebug: Reply;
  /** The reply to an `If-Modified-Since` not older than `lastModified`. */
  readonly notModified: Reply;
}

/** The replies of a script service's proxy scripts, built at `now`; `undefined` for any other service. */
export function prepareProxyScripts(service: ServiceDescription, now: Date = new Date()): ProxyScripts | undefined {
  if (service.scriptService !== true) return undefined;
  const lastModified = new Date(Math.floor(now.getTime() / 1000) * 1000);
  const release = buildProxyScript(service, false);
  const debug = buildProxyScript(service, true);
  return {
    lastModified,
    js: Object.freeze(
      scriptReply(release, {
        'Cache-Control': 'public',
        // "Use one year ago to reasonably ensure 'past' interpretation" (WebServiceClientProxyGenerator).
        Expires: oneYearBefore(lastModified).toUTCString(),
        'Last-Modified': lastModified.toUTCString(),
      }),
    ),
    // Only the release script is cached.
    jsdebug: Object.freeze(scriptReply(debug, { 'Cache-Control': 'private' })),
    notModified: Object.freeze({ status: 304, headers: { 'Cache-Control': 'private' }, body: new Uint8Array(0) }),
  };
}

/** `AtlasWeb.WebService_NoScriptServiceAttribute`: what `/js` of a service without `[ScriptService]` fails with. */
export const NO_SCRIPT_SERVICE =
  'Only Web services with a [ScriptService] attribute on the class definition can be called from script.';

/**
 * Which proxy script a request asks for (`RestHandlerFactory.IsClientProxyRequest`), or `undefined`. ASP.NET 4 maps
 * `*.asmx` to `ScriptHandlerFactory`, so a service without `[ScriptService]` is asked too (and refuses).
 */
export function proxyScriptKind(call: IncomingCall, endpointPath: string): ProxyScriptKind | undefined {
  if (endpointPath === '') return undefined;
  const pathInfo = decodePath(call.path).slice(endpointPath.length).toLowerCase();
  return pathInfo === '/js' ? 'js' : pathInfo === '/jsdebug' ? 'jsdebug' : undefined;
}

/**
 * The reply to a request for a proxy script: the script, `304`, or, for a service without `[ScriptService]`
 * (`scripts` undefined), what ASP.NET answers when `WebServiceData` refuses it out of the handler factory: the
 * Runtime Error page (`runtime-error-page.ts`), or its message with `exposeErrors`.
 */
export function proxyScriptReply(
  scripts: ProxyScripts | undefined,
  kind: ProxyScriptKind,
  call: IncomingCall,
  options: { readonly exposeErrors: boolean },
): Reply {
  if (scripts === undefined) return handlerFactoryError(NO_SCRIPT_SERVICE, options);
  const since = headerValue(call.headers, 'if-modified-since');
  if (since !== undefined) {
    const time = Date.parse(since);
    if (!Number.isNaN(time) && time >= scripts.lastModified.getTime()) return scripts.notModified;
  }
  return kind === 'js' ? scripts.js : scripts.jsdebug;
}

/** The script, or nothing (a service without operations: no script, and no content type set). */
function scriptReply(script: string | undefined, headers: Record<string, string>): Reply {
  if (script === undefined) return { status: 200, headers: { 'Cache-Control': 'private' }, body: new Uint8Array(0) };
  return { status: 200, headers: { 'Content-Type': PROXY_SCRIPT_CONTENT_TYPE, ...headers }, body: encodeUtf8(script) };
}

/** `DateTime.AddYears(-1)`: 29 February becomes 28 February. */
function oneYearBefore(date: Date): Date {
  const result = new Date(date.getTime());
  result.setUTCFullYear(date.getUTCFullYear() - 1);
  if (result.getUTCMonth() !== date.getUTCMonth()) result.setUTCDate(0);
  return result;
}

function decodePath(path: string): string {
  if (!path.includes('%')) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * The endpoint address a request reached, for the served documents: the
 * scheme (TLS or not), the Host header, the mount path and the endpoint path
 * as the request spelled it. Behind a proxy (`trustProxy`), the first
 * `X-Forwarded-Proto` and `X-Forwarded-Host` values win.
 */
import { headerValue, type IncomingCall } from './incoming-call.js';

export interface RequestAddress {
  /** `http://host` */
  readonly base: string;
  /** The Host header value. */
  readonly host: string;
  /** `http://host/X.asmx` */
  readonly address: string;
}

export function requestAddress(call: IncomingCall, endpointPath: string, trustProxy: boolean): RequestAddress {
  const forwardedProto = trustProxy
    ? firstListed(headerValue(call.headers, 'x-forwarded-proto'))?.toLowerCase()
    : undefined;
  const scheme =
    forwardedProto === 'http' || forwardedProto === 'https' ? forwardedProto : call.encrypted ? 'https' : 'http';
  const forwardedHost = trustProxy ? firstListed(headerValue(call.headers, 'x-forwarded-host')) : undefined;
  const host = forwardedHost || headerValue(call.headers, 'host') || 'localhost';
  const base = `${scheme}://${host}`;
  return { base, host, address: `${base}${call.basePath}${endpointPath}` };
}

function firstListed(value: string | undefined): string | undefined {
  return value?.split(',')[0]?.trim() || undefined;
}

/**
 * Which operation and binding a recorded or proxied request calls, for a service description: the server's own
 * routing (`classifyRequest` of `@asmxgen/runtime/server`), fed from the shapes a proxy or a HAR file holds.
 */
import type { ServiceDescription } from '@asmxgen/runtime';
import { classifyRequest, type RequestClassification } from '@asmxgen/runtime/server';
import type { HarEntry } from './har.js';

export type { RequestClassification };

export interface ExchangeRequest {
  readonly method: string;
  /** The URL's path, as sent. */
  readonly path: string;
  /** The URL's query, with or without its `?`; empty or absent for none. */
  readonly query?: string | undefined;
  /** Names in any case: pairs in order, or an object (`node:http`'s `req.headers`). */
  readonly headers:
    ReadonlyArray<readonly [string, string]> | Readonly<Record<string, string | readonly string[] | undefined>>;
  readonly body?: Uint8Array | string | undefined;
}

/** `{operation, binding}` of `request`; `undefined` when it calls no operation (see `classifyRequest`). */
export function classifyExchange(
  service: ServiceDescription,
  request: ExchangeRequest,
): RequestClassification | undefined {
  const headers: Record<string, string> = {};
  const pairs: Iterable<readonly [string, string | readonly string[] | undefined]> = Array.isArray(request.headers)
    ? (request.headers as ReadonlyArray<readonly [string, string]>)
    : Object.entries(request.headers);
  for (const [name, value] of pairs) {
    const key = name.toLowerCase();
    const first = typeof value === 'string' ? value : value?.[0];
    if (first !== undefined && !(key in headers)) headers[key] = first;
  }
  const query = request.query?.startsWith('?') ? request.query.slice(1) : request.query;
  return classifyRequest(service, {
    method: request.method.toUpperCase(),
    path: request.path,
    query,
    headers,
    body: request.body,
  });
}

/** `{operation, binding}` of a HAR entry's request, read from its URL, headers and `postData.text`. */
export function classifyHarEntry(service: ServiceDescription, entry: HarEntry): RequestClassification | undefined {
  const url = new URL(entry.request.url);
  return classifyExchange(service, {
    method: entry.request.method,
    path: url.pathname,
    query: url.search,
    headers: entry.request.headers.map((h) => [h.name, h.value] as const),
    body: entry.request.postData?.text,
  });
}

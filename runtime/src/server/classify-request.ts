/**
 * Which operation and binding a request calls, decided by the server's own routing (`dispatch.ts`,
 * `soap-routing.ts`, and `routeSoapBody` of `soap-call.ts`, which the server answers by): for tools that watch a
 * service's traffic (a recording proxy, a strangler choosing where a request goes) and group it by operation.
 * Pure: nothing is answered or invoked.
 */
import type { ServiceDescription, Transport } from '../service-description.js';
import { DEFAULT_MAX_XML_DEPTH } from '../xml/xml-reader.js';
import { routeRequest } from './dispatch.js';
import type { RequestHeaders } from './incoming-call.js';
import { jsonCallMethod } from './json-call.js';
import { buildServiceTables, type ServiceTables } from './service-tables.js';
import { readSoapHead, routeSoapBody } from './soap-call.js';

export interface RequestToClassify {
  /** Upper case: `GET`, `POST`. */
  readonly method: string;
  /** The URL's path, as sent (percent-escapes and all). */
  readonly path: string;
  /** The URL's query without its `?`; `undefined` or `''` for none. */
  readonly query?: string | undefined;
  /** Header names in lower case (as `node:http` gives them). */
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** The body (bytes as received, or text); needed for SOAP requests. */
  readonly body?: Uint8Array | string | undefined;
}

export interface RequestClassification {
  /** The operation's name (its message name: the request element, the `/Op` path segment). */
  readonly operation: string;
  /** `json`: a `[ScriptService]`'s JSON call (`json-call.ts`), the operation named by the path. */
  readonly binding: Transport | 'json';
}

const tablesByService = new WeakMap<ServiceDescription, ServiceTables>();

/**
 * The operation and binding `request` calls, as the server would route it; `undefined` for any other request
 * (documents, help pages, other paths) and for a call the server would refuse before knowing its operation (an
 * unknown SOAPAction, a body that is not a SOAP envelope of an enabled version, a content type SOAP does not
 * take, an unknown JSON method). A SOAP request without its body is such a call; a JSON call is known by its path.
 */
export function classifyRequest(
  service: ServiceDescription,
  request: RequestToClassify,
): RequestClassification | undefined {
  const tables = tablesFor(service);
  const { route, endpointPath } = routeRequest(request.method, request.path, request.query || undefined, tables);
  const json = jsonCallMethod({ headers: request.headers as RequestHeaders, path: request.path }, tables, endpointPath);
  if (json !== undefined) {
    const entry = tables.byName.get(json);
    return entry === undefined ? undefined : { operation: entry.description.name, binding: 'json' };
  }
  if (route.kind === 'http') return { operation: route.entry.description.name, binding: route.transport };
  if (route.kind !== 'soap') return undefined;
  // Read only: `headerValue` takes the first of repeated values.
  const head = readSoapHead(request.headers as RequestHeaders, tables);
  if (!head.soapMediaType) return undefined;
  const routed = routeSoapBody(head, request.body ?? '', tables, DEFAULT_MAX_XML_DEPTH);
  if (routed.kind === 'refused') return undefined;
  return { operation: routed.entry.description.name, binding: routed.version === '1.1' ? 'soap11' : 'soap12' };
}

/** The server's dispatch tables, built once per description, with handlers that are never called. */
function tablesFor(service: ServiceDescription): ServiceTables {
  let tables = tablesByService.get(service);
  if (tables === undefined) {
    const handlers = Object.fromEntries(service.operations.map((op) => [op.method ?? op.name, unreachable]));
    tables = buildServiceTables(service, handlers);
    tablesByService.set(service, tables);
  }
  return tables;
}

function unreachable(): never {
  throw new Error('A request classifier calls no handler.');
}

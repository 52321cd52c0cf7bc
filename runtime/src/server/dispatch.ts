/**
 * Which kind of request this is (wire contract §2), from the method, path
 * and query alone. Pure: no body is read here.
 *
 * The endpoint path matches ignoring case (IIS paths are case-insensitive);
 * operation names in `/X.asmx/Op` match exactly.
 */
import { parseFormValues } from '../http/form-encoding.js';
import type { OperationEntry, ServiceTables } from './service-tables.js';

export type Route =
  /** Not the service's path: the next middleware's, or 404. */
  | { readonly kind: 'outside' }
  /** POST to the endpoint. */
  | { readonly kind: 'soap' }
  | { readonly kind: 'document'; readonly document: 'wsdl' | 'disco' | 'help' }
  /**
   * `?wsdl=<id>` and `?schema=<id>` (any value, empty too): a document `?wsdl` imports (a service with a binding in
   * another namespace); 500 `XML Web service description was not found.` or `Schema not found.` for another id.
   */
  | { readonly kind: 'named-document'; readonly document: 'wsdl' | 'schema'; readonly id: string }
  /** `?op=`: `operation` undefined when no operation has that name. */
  | { readonly kind: 'operation-page'; readonly operation: string | undefined }
  | { readonly kind: 'http'; readonly transport: 'httpGet' | 'httpPost'; readonly entry: OperationEntry }
  /** `/X.asmx/op` naming an operation in the wrong case. */
  | { readonly kind: 'wrong-case'; readonly requested: string; readonly actual: string }
  /** 500 `Request format is unrecognized for URL unexpectedly ending in '{pathInfo}'.` */
  | { readonly kind: 'unrecognized-url'; readonly pathInfo: string }
  /** 500 `Request format is unrecognized.` (POST to the endpoint with both SOAP transports off). */
  | { readonly kind: 'unrecognized' }
  /** 405 `Request format is unrecognized.` */
  | { readonly kind: 'method-not-allowed' };

export interface RouteTarget {
  readonly route: Route;
  /** The endpoint path as the request spelled it (for document addresses); `''` outside. */
  readonly endpointPath: string;
}

export function routeRequest(
  method: string,
  rawPath: string,
  query: string | undefined,
  tables: ServiceTables,
): RouteTarget {
  const path = decodePath(rawPath);
  // A service at the server's root (`/`: a WSDL whose addresses have no path) answers its HTTP operations at `/Op`.
  if (tables.endpointLower === '/' && path.length > 1) {
    return { route: operationRoute(method, path, tables), endpointPath: '' };
  }
  const endpointLength = tables.endpointLower.length;
  const prefix = path.slice(0, endpointLength);
  if (prefix.toLowerCase() !== tables.endpointLower) return { route: { kind: 'outside' }, endpointPath: '' };
  const rest = path.slice(endpointLength);
  if (rest === '') return { route: endpointRoute(method, query, tables), endpointPath: prefix };
  if (rest[0] !== '/') return { route: { kind: 'outside' }, endpointPath: '' };
  return { route: operationRoute(method, rest, tables), endpointPath: prefix };
}

function endpointRoute(method: string, query: string | undefined, tables: ServiceTables): Route {
  if (method === 'POST') {
    return tables.transports.has('soap11') || tables.transports.has('soap12')
      ? { kind: 'soap' }
      : { kind: 'unrecognized' };
  }
  if (method !== 'GET' && method !== 'HEAD') return { kind: 'method-not-allowed' };
  if (!query) return { kind: 'document', document: 'help' };
  // ASMX's discovery protocol (DiscoveryServerProtocol): `?schema=<id>` asks for a schema document and
  // `?wsdl=<id>` for the service description named `<id>` (a service with one namespace has none of either); the
  // bare key (the query collection's null key, its values comma-joined) asks for the WSDL or the discovery document.
  const values = parseFormValues(query);
  const schema = values.get('schema');
  if (schema !== undefined) return { kind: 'named-document', document: 'schema', id: schema };
  const wsdl = values.get('wsdl');
  if (wsdl !== undefined) return { kind: 'named-document', document: 'wsdl', id: wsdl };
  const bare = values.unnamed?.toLowerCase();
  if (bare === 'wsdl') return { kind: 'document', document: 'wsdl' };
  if (bare === 'disco') return { kind: 'document', document: 'disco' };
  const op = values.get('op');
  if (!op) return { kind: 'document', document: 'help' };
  return { kind: 'operation-page', operation: tables.byName.has(op) ? op : undefined };
}

function operationRoute(method: string, pathInfo: string, tables: ServiceTables): Route {
  const transport = method === 'GET' ? 'httpGet' : method === 'POST' ? 'httpPost' : undefined;
  if (!transport || !tables.transports.has(transport)) return { kind: 'unrecognized-url', pathInfo };
  const name = pathInfo.slice(1);
  const entry = tables.byName.get(name);
  if (entry) return { kind: 'http', transport, entry };
  const other = tables.byLowerName.get(name.toLowerCase());
  if (other) return { kind: 'wrong-case', requested: name, actual: other.description.name };
  return { kind: 'unrecognized-url', pathInfo };
}

function decodePath(path: string): string {
  if (!path.includes('%')) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

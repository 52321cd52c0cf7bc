/**
 * Which operation and binding a request calls, decided by the server's own routing (`dispatch.ts`,
 * `soap-routing.ts`): for tools that watch a service's traffic (a recording proxy) and group it by operation.
 * Pure: nothing is answered or invoked.
 */
import { parseContentType } from '../content-type.js';
import type { ServiceDescription, Transport } from '../service-description.js';
import { SOAP11_MEDIA_TYPE, SOAP12_MEDIA_TYPE } from '../soap-constants.js';
import { readEnvelope } from '../soap-envelope-reader.js';
import { decodeXmlBytes, readXml, XmlReadError, type XmlElement } from '../xml-reader.js';
import { routeRequest } from './dispatch.js';
import { buildServiceTables, type ServiceTables } from './service-tables.js';
import { guessSoapVersion, routeSoapRequest } from './soap-routing.js';

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
  readonly binding: Transport;
}

const tablesByService = new WeakMap<ServiceDescription, ServiceTables>();

/**
 * The operation and binding `request` calls, as the server would route it; `undefined` for any other request
 * (documents, help pages, other paths) and for a call the server would refuse before knowing its operation (an
 * unknown SOAPAction, a body that is not a SOAP envelope of an enabled version, a content type SOAP does not
 * take).
 */
export function classifyRequest(
  service: ServiceDescription,
  request: RequestToClassify,
): RequestClassification | undefined {
  const tables = tablesFor(service);
  const { route } = routeRequest(request.method, request.path, request.query || undefined, tables);
  if (route.kind === 'http') return { operation: route.entry.description.name, binding: route.transport };
  if (route.kind !== 'soap') return undefined;

  const soapAction = header(request, 'soapaction');
  const contentType = parseContentType(header(request, 'content-type'));
  if (!contentType || (contentType.mediaType !== SOAP11_MEDIA_TYPE && contentType.mediaType !== SOAP12_MEDIA_TYPE)) {
    return undefined;
  }
  let root: XmlElement;
  try {
    const body = request.body ?? '';
    root = readXml(typeof body === 'string' ? body : decodeXmlBytes(body, contentType.charset));
  } catch (error) {
    if (error instanceof XmlReadError) return undefined;
    throw error;
  }
  const envelope = readEnvelope(root);
  if (envelope.kind !== 'envelope') return undefined;
  const binding = envelope.version === '1.1' ? 'soap11' : 'soap12';
  if (!tables.transports.has(binding)) return undefined;
  if (envelope.version === '1.1' && contentType.mediaType !== SOAP11_MEDIA_TYPE) return undefined;
  const guess = guessSoapVersion(tables.transports, soapAction, contentType.mediaType);
  const soapRoute = routeSoapRequest(guess, soapAction, contentType.action, envelope.body, tables);
  return soapRoute.kind === 'operation' ? { operation: soapRoute.entry.description.name, binding } : undefined;
}

function header(request: RequestToClassify, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : value?.[0];
}

/** The server's dispatch tables, built once per description, with handlers that are never called. */
function tablesFor(service: ServiceDescription): ServiceTables {
  let tables = tablesByService.get(service);
  if (tables === undefined) {
    const handlers = Object.fromEntries(service.operations.map((op) => [op.method ?? op.name, () => undefined]));
    tables = buildServiceTables(service, handlers);
    tablesByService.set(service, tables);
  }
  return tables;
}

/**
 * The server runtime's entry point, what generated `server.ts` modules
 * import: serve a service, described by its `ServiceDescription` and
 * `ServiceDocuments`, with one handler per operation, as a `node:http`
 * listener or Express/Connect middleware, as a fetch handler, or as a ready
 * `node:http` server. Each prepares its dispatch tables and reply bytes once.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { ServiceDescription, ServiceDocuments } from './service-description.js';
import { createRuntimeServer } from './server/create-server.js';
import { createFetchHandler } from './server/fetch-handler.js';
import { createNodeHandler } from './server/node-handler.js';
import type { ServerOptions } from './server/server-options.js';
import { createServiceRuntime } from './server/service-runtime.js';

export { SoapFault } from './soap/soap-fault.js';
export { XmlFragment, XsdDateTime } from './service-description.js';
export type { AnyValue } from './service-description.js';
export type { SoapFaultCode } from './soap/soap-fault.js';
export type { Transport, ServiceDescription, ServiceDocuments } from './service-description.js';
export type { UploadedFile } from './http/multipart.js';
export type { CallContext, CallRecord, CallTransport, CookieOptions, ServerOptions } from './server/server-options.js';
export type { SessionContext } from './server/server-options.js';
export type { Session } from './session/call-session.js';
export type { SessionStore } from './session/session-store.js';
export { memorySessionStore } from './session/memory-session-store.js';
export { redisSessionStore, type RedisSessionStoreOptions } from './session/redis-session-store.js';
export { hostZone, type HostZone } from './values/host-zone.js';
export { classifyRequest } from './server/classify-request.js';
export type { RequestClassification, RequestToClassify } from './server/classify-request.js';

/**
 * A request listener serving the service at its path: `(req, res, next?)`.
 * As middleware, requests for other paths go to `next()`; standalone they
 * get a 404.
 *
 * @param handlers an object with one method per operation name:
 *   `(input, ctx) => result | Promise<result>`; `input` is keyed by
 *   parameter name (see `CallContext` for `ctx`). Throws when one is missing.
 */
export function createServiceHandler(
  service: ServiceDescription,
  documents: ServiceDocuments,
  handlers: object,
  options?: ServerOptions,
): (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void) => void {
  return createNodeHandler(createServiceRuntime(service, documents, handlers, options));
}

/** A fetch handler serving the service at its path; other paths get a 404. */
export function createServiceFetchHandler(
  service: ServiceDescription,
  documents: ServiceDocuments,
  handlers: object,
  options?: ServerOptions,
): (request: Request) => Promise<Response> {
  return createFetchHandler(createServiceRuntime(service, documents, handlers, options));
}

/** A `node:http` server serving the service (not yet listening). */
export function createServiceServer(
  service: ServiceDescription,
  documents: ServiceDocuments,
  handlers: object,
  options?: ServerOptions,
): Server {
  return createRuntimeServer(createServiceRuntime(service, documents, handlers, options));
}

/**
 * One served service: its tables, documents and options, prepared once, and
 * the reply to a routed request. Shared by the node and fetch handlers.
 */
import { htmlEncodeMessage } from '../http/html-escape.js';
import { buildFaultEnvelope } from '../soap/soap-envelope.js';
import { HTML_CONTENT_TYPE, SOAP11_MEDIA_TYPE, SOAP12_MEDIA_TYPE, XML_CONTENT_TYPE } from '../soap/soap-constants.js';
import type { ServiceDescription, ServiceDocuments, Transport } from '../service-description.js';
import { routeRequest, type Route, type RouteTarget } from './dispatch.js';
import { DocumentSet } from './document-set.js';
import { handleHttpCall } from './http-call.js';
import { jsonTypeIds } from '../json/client-types.js';
import type { JsonContext } from '../json/json-values.js';
import { handleJsonCall, jsonCallMethod, jsonRequestMethod } from './json-call.js';
import { ClientGoneError, type CallNote, type IncomingCall } from './incoming-call.js';
import { PROCESS_FAILED } from './invoke.js';
import {
  NO_SCRIPT_SERVICE,
  prepareProxyScripts,
  proxyScriptKind,
  proxyScriptReply,
  type ProxyScripts,
} from './proxy-script-reply.js';
import { contentReply, textReply, withHeaders, type Reply } from './reply.js';
import { reflectionErrorReply } from './reflection-error.js';
import { requestAddress } from './request-address.js';
import { handlerFactoryError } from './runtime-error-page.js';
import { buildServiceTables, type ServiceTables } from './service-tables.js';
import { handleSoapCall } from './soap-call.js';
import { resolveOptions, type CallRecord, type ResolvedOptions, type ServerOptions } from './server-options.js';

export interface ServiceRuntime {
  readonly tables: ServiceTables;
  readonly documents: DocumentSet;
  readonly options: ResolvedOptions;
  /** A `[ScriptService]`'s `/js` and `/jsdebug` replies, built once. */
  readonly proxyScripts?: ProxyScripts | undefined;
  /** What a `[ScriptService]`'s JSON values are read and written with, built once. */
  readonly json?: JsonContext | undefined;
  /** The routes of SOAP and HTTP GET/POST calls so far, by method, then path (`route`). */
  readonly routes: { count: number; readonly byMethod: Map<string, Map<string, RouteTarget>> };
}

export function createServiceRuntime(
  service: ServiceDescription,
  documents: ServiceDocuments,
  handlers: object,
  options?: ServerOptions,
): ServiceRuntime {
  const tables = buildServiceTables(service, handlers);
  const resolved = resolveOptions(options);
  return {
    tables,
    documents: new DocumentSet(documents),
    options: resolved,
    proxyScripts: prepareProxyScripts(service),
    json:
      service.scriptService === true
        ? {
            types: tables.values.types,
            typeIds: jsonTypeIds(service),
            zone: resolved.zone,
            typeNamespace: service.typeNamespace,
          }
        : undefined,
    routes: { count: 0, byMethod: new Map() },
  };
}

export function route(runtime: ServiceRuntime, method: string, path: string, query: string | undefined): RouteTarget {
  // The calls of SOAP and HTTP GET/POST, whose routes the query does not decide, are routed once per method and
  // path (by method, then path: no key is built per request).
  const { routes } = runtime;
  let byPath = routes.byMethod.get(method);
  const known = byPath?.get(path);
  if (known !== undefined) return known;
  const target = routeRequest(method, path, query, runtime.tables);
  const kind = target.route.kind;
  if ((kind === 'soap' || kind === 'http') && routes.count < MAX_KNOWN_ROUTES) {
    if (byPath === undefined) routes.byMethod.set(method, (byPath = new Map()));
    byPath.set(path, target);
    routes.count++;
  }
  return target;
}

/** Past this many paths, a call is routed each time. */
const MAX_KNOWN_ROUTES = 256;

export const UNRECOGNIZED = 'Request format is unrecognized.';
/** ASMX's `?wsdl=<id>` for an id it has no description for (`ServiceDescriptionWasNotFound0`). */
export const DESCRIPTION_NOT_FOUND = 'XML Web service description was not found.';
/** `?schema=<id>` naming no schema document the service serves. */
export const SCHEMA_NOT_FOUND = 'Schema not found.';

/**
 * ASMX's refusal of `/X.asmx/op` naming an operation in the wrong case: the ArgumentException
 * (`WebInvalidMethodNameCase`, parameter `methodName`) of HttpServerProtocol.Initialize, its message
 * HTML-encoded as every HttpGet/HttpPost error. The spaces are .NET's.
 */
export function wrongCaseMessage(requested: string, actual: string): string {
  return htmlEncodeMessage(
    `Invalid method name '${requested}',  method names are case sensitive.   ` +
      `The method name '${actual}' with the same name but different casing was found.\r\nParameter name: methodName`,
  );
}

/**
 * The reply to a request routed inside the service. Rejects (or throws) only when the client went away
 * mid-request or on a bug.
 */
export function replyTo(runtime: ServiceRuntime, call: IncomingCall, target: RouteTarget): Promise<Reply> {
  const { options } = runtime;
  const route: Route = target.route;
  if (options.onCall !== undefined && (route.kind === 'soap' || route.kind === 'http'))
    return observedReply(runtime, call, target, options.onCall);
  return unobservedReply(runtime, call, target);
}

function unobservedReply(runtime: ServiceRuntime, call: IncomingCall, target: RouteTarget): Promise<Reply> {
  const { tables, options } = runtime;
  const route: Route = target.route;
  // RestHandlerFactory: the proxy scripts' paths before a JSON call's content type.
  const proxy = proxyScriptKind(call, target.endpointPath);
  if (proxy !== undefined) return Promise.resolve(proxyScriptReply(runtime.proxyScripts, proxy, call, options));
  const jsonMethod = jsonCallMethod(call, tables, target.endpointPath);
  if (jsonMethod !== undefined) return handleJsonCall(call, jsonMethod, tables, runtime.json!, options);
  // A JSON call to a service without [ScriptService]: the .NET Framework refuses it (Mono calls the method).
  if (tables.service.scriptService !== true && jsonRequestMethod(call, target.endpointPath) !== undefined)
    return Promise.resolve(handlerFactoryError(NO_SCRIPT_SERVICE, options));
  // A type ASMX cannot reflect (Dictionary<,>): the classic handler's protocols fail as they are created.
  const reflectionError = tables.service.reflectionError;
  const failed = reflectionError && reflectionErrorReply(reflectionError, call, route, options);
  if (failed) return Promise.resolve(failed);
  if (route.kind === 'soap') return handleSoapCall(call, tables, options);
  if (route.kind === 'http') return handleHttpCall(call, route.transport, route.entry, tables, options);
  return Promise.resolve(fixedReply(runtime, call, target.endpointPath, route));
}

/** `replyTo` for a call, timed, and told to `onCall` once its reply is ready (or the client has gone). */
async function observedReply(
  runtime: ServiceRuntime,
  call: IncomingCall,
  target: RouteTarget,
  onCall: (record: CallRecord) => void,
): Promise<Reply> {
  const started = performance.now();
  const route = target.route;
  let reported = false;
  /** Tells `onCall` once: when the reply is ready, or when it went early (a handler out of time). */
  const report = (reply: Reply | undefined, gone: boolean) => {
    if (reported) return;
    reported = true;
    // No reply: a bug, answered by the writer with `internalErrorReply`.
    const status = gone ? undefined : (reply ?? internalErrorReply(route)).status;
    let outcome: CallRecord['outcome'];
    if (gone) outcome = 'aborted';
    else if (note.failure !== undefined) outcome = note.failure.kind;
    else if (reply === undefined) outcome = 'error';
    else outcome = note.handled && reply.status < 300 ? 'ok' : 'rejected';
    const record: CallRecord = {
      operation: note.operation,
      transport: note.transport ?? (route.kind === 'soap' && reply ? soapTransportOf(reply) : undefined),
      outcome,
      fault: note.failure && { code: note.failure.code, message: note.failure.message },
      status,
      durationMs: performance.now() - started,
    };
    try {
      onCall(record);
    } catch {
      // An observer's failure changes nothing about the reply.
    }
  };
  const note: CallNote = {
    operation: route.kind === 'http' ? route.entry.description.name : undefined,
    transport: route.kind === 'http' ? route.transport : undefined,
    handled: false,
    failure: undefined,
    answeredEarly: (reply) => report(reply, false),
  };
  call.note = note;
  let reply: Reply | undefined;
  let gone = false;
  try {
    reply = await unobservedReply(runtime, call, target);
    return reply;
  } catch (error) {
    gone = error instanceof ClientGoneError;
    throw error;
  } finally {
    report(reply, gone || call.gone.aborted);
  }
}

/** The SOAP version of a reply to a call refused before its operation was known, by its content type. */
function soapTransportOf(reply: Reply): Transport | undefined {
  const type = reply.headers['Content-Type'];
  if (type === undefined) return undefined;
  return type.startsWith(SOAP12_MEDIA_TYPE) ? 'soap12' : type.startsWith(SOAP11_MEDIA_TYPE) ? 'soap11' : undefined;
}

/** The reply to a request for a document, or to one ASMX refuses before reading it. */
function fixedReply(
  runtime: ServiceRuntime,
  call: IncomingCall,
  endpointPath: string,
  route: Exclude<Route, { kind: 'soap' | 'http' }>,
): Reply {
  const { documents, options } = runtime;
  const address = () => requestAddress(call, endpointPath, options.trustProxy);
  switch (route.kind) {
    case 'document':
      if (route.document === 'help') return contentReply(200, HTML_CONTENT_TYPE, documents.helpPage(address()));
      return contentReply(
        200,
        XML_CONTENT_TYPE,
        route.document === 'wsdl' ? documents.wsdl(address()) : documents.disco(address()),
      );
    case 'named-document': {
      const document = documents.named(route.document, route.id, address());
      if (document) return contentReply(200, XML_CONTENT_TYPE, document);
      return textReply(500, route.document === 'wsdl' ? DESCRIPTION_NOT_FOUND : SCHEMA_NOT_FOUND);
    }
    case 'operation-page':
      return contentReply(200, HTML_CONTENT_TYPE, documents.operationPage(route.operation, address()));
    case 'wrong-case':
      return textReply(500, wrongCaseMessage(route.requested, route.actual));
    case 'unrecognized-url':
      return textReply(500, `Request format is unrecognized for URL unexpectedly ending in '${route.pathInfo}'.`);
    case 'unrecognized':
      return textReply(500, UNRECOGNIZED);
    case 'method-not-allowed':
      return withHeaders(textReply(405, UNRECOGNIZED), { Allow: 'GET, HEAD, POST' });
    case 'outside':
      return textReply(404, 'The resource cannot be found.');
  }
}

/** Internal failure after routing (a bug, never a handler's error): a generic Server error, nothing leaked. */
export function internalErrorReply(route: { readonly kind: Route['kind'] }): Reply {
  if (route.kind !== 'soap') return textReply(500, PROCESS_FAILED);
  return contentReply(500, XML_CONTENT_TYPE, buildFaultEnvelope('1.1', { code: 'Server', message: PROCESS_FAILED }));
}

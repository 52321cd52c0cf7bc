/**
 * Which operation a request calls, and by which binding, decided as the
 * server decides it (dispatch.ts, soap-routing.ts, soap-call.ts) without
 * serving it: for tools that watch a service's traffic (a proxy that records
 * it, or serves some operations itself and forwards the others).
 */
import type { ServiceDescription, Transport } from '../service-description.js';
import { DEFAULT_MAX_XML_DEPTH } from '../xml-reader.js';
import { routeRequest } from './dispatch.js';
import type { RequestHeaders } from './incoming-call.js';
import { buildServiceTables, type ServiceTables } from './service-tables.js';
import { readSoapHead, routeSoapBody } from './soap-call.js';
import { routeSoapRequest } from './soap-routing.js';

export interface RequestToClassify {
  /** Upper case. */
  readonly method: string;
  /** The path as sent, without the query. */
  readonly path: string;
  /** The query as sent, without `?`; `undefined` when the URL has no `?`. */
  readonly query?: string | undefined;
  /** Names in lower case (as `node:http` gives them). */
  readonly headers: RequestHeaders;
  /**
   * The whole body. Without it a SOAP request is classified by its headers alone (SOAPAction, the content type's
   * `action`): as the runtime guesses before reading the envelope.
   */
  readonly body?: Uint8Array | undefined;
}

export interface RequestClass {
  /** The operation's name (`ctx.operation`): its request element and `/Op` path. */
  readonly operation: string;
  readonly binding: Transport;
}

export interface RequestClassifier {
  /**
   * The request's operation and binding; `undefined` for anything else the service is asked (its WSDL, help
   * pages, other paths) and for a request it refuses before choosing an operation (a wrong content type, a
   * malformed envelope, an unknown action).
   */
  classify(request: RequestToClassify): RequestClass | undefined;
  /** Whether classifying a request with this method and path reads its body: a POST to the SOAP endpoint. */
  readsBody(method: string, path: string, query?: string): boolean;
}

export function createRequestClassifier(service: ServiceDescription): RequestClassifier {
  // The tables hold handlers; a classifier never calls one.
  const placeholders = Object.fromEntries(service.operations.map((op) => [op.method ?? op.name, unreachable]));
  const tables: ServiceTables = buildServiceTables(service, placeholders);
  return {
    classify(request) {
      const { route } = routeRequest(request.method, request.path, request.query, tables);
      if (route.kind === 'http') return { operation: route.entry.description.name, binding: route.transport };
      if (route.kind !== 'soap') return undefined;
      const head = readSoapHead(request.headers, tables);
      if (!head.soapMediaType) return undefined;
      if (request.body === undefined) {
        const guessed = routeSoapRequest(head.guess, head.soapAction, head.contentType?.action, undefined, tables);
        return guessed.kind === 'operation'
          ? { operation: guessed.entry.description.name, binding: head.guess === '1.1' ? 'soap11' : 'soap12' }
          : undefined;
      }
      const routed = routeSoapBody(head, request.body, tables, DEFAULT_MAX_XML_DEPTH);
      if (routed.kind === 'refused') return undefined;
      return { operation: routed.entry.description.name, binding: routed.version === '1.1' ? 'soap11' : 'soap12' };
    },
    readsBody(method, path, query) {
      return routeRequest(method, path, query, tables).route.kind === 'soap';
    },
  };
}

function unreachable(): never {
  throw new Error('A request classifier calls no handler.');
}

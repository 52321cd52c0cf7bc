/**
 * A service's calls, as generated clients make them: one function taking
 * an operation's name, its input and the call's options, resolving to the
 * operation's result. Everything that can be refused is refused before
 * anything is sent: an unknown operation, a transport the service does not
 * enable, an invalid time limit, an input that cannot be sent.
 */
import type { OperationDescription, ServiceDescription } from '../service-description.js';
import {
  checkTimeout,
  checkTransport,
  resolveClientOptions,
  type CallOptions,
  type ClientFile,
  type ClientOptions,
} from './client-options.js';
import type { CallSite } from './errors.js';
import { readHttpReply } from './http-reply.js';
import { buildOutgoingRequest, requestHeaders } from './outgoing-request.js';
import { requestValues } from './request-values.js';
import { sendRequest } from './send-request.js';
import { readSoapReply } from './soap-reply.js';

/** Calls `operation`; the result is what the operation returns (`undefined` for a void one). */
export type ServiceCaller = <R>(operation: string, input?: object, options?: CallOptions) => Promise<R>;

/**
 * @param defaultUrl the endpoint when `options.url` is not given: the
 *   address the service's WSDL names
 * @throws TypeError for options that cannot work (a URL that is not http(s),
 *   a transport the service does not enable)
 */
export function createServiceCaller(
  service: ServiceDescription,
  defaultUrl: string,
  options: ClientOptions = {},
): ServiceCaller {
  const client = resolveClientOptions(service, defaultUrl, options);
  const operations = new Map(service.operations.map((op) => [op.name, op]));
  return async <R>(operation: string, input?: object, callOptions: CallOptions = {}): Promise<R> => {
    const op = operations.get(operation);
    if (!op) throw new TypeError(`${service.name} has no operation ${JSON.stringify(operation)}.`);
    const transport =
      callOptions.transport === undefined ? client.transport : checkTransport(service, callOptions.transport);
    const timeoutMs = callOptions.timeoutMs === undefined ? client.timeoutMs : checkTimeout(callOptions.timeoutMs);
    const site: CallSite = { operation: op.name, transport };
    const params = requestValues(op, input);
    const files = op.parameters.length === 0 ? filesOf(op, input) : [];
    const request = buildOutgoingRequest(service.namespace, client.endpoint, op, transport, params, files);
    const headers = requestHeaders(request, client.headers, callOptions.headers);
    const reply = await sendRequest(client.fetch, request, headers, site, {
      timeoutMs,
      signals: [client.signal, callOptions.signal],
    });
    const soap = transport === 'soap11' || transport === 'soap12';
    return (soap ? readSoapReply : readHttpReply)(site, service.namespace, op, reply) as R;
  };
}

/** The `files` of an operation without parameters, checked. */
function filesOf(op: OperationDescription, input: object | undefined): readonly ClientFile[] {
  const files = (input as { files?: unknown } | undefined)?.files;
  if (files === undefined) return [];
  if (!Array.isArray(files)) throw new TypeError(`${op.name}: files must be an array.`);
  for (const [i, file] of (files as unknown[]).entries()) {
    const f = file as Partial<ClientFile> | null;
    const valid =
      typeof f === 'object' &&
      f !== null &&
      typeof f.filename === 'string' &&
      typeof f.contentType === 'string' &&
      (f.field === undefined || typeof f.field === 'string') &&
      (f.data instanceof Uint8Array || f.data instanceof Blob);
    if (!valid) {
      throw new TypeError(
        `${op.name}: files[${i}] must be { field?: string, filename: string, contentType: string, ` +
          'data: Uint8Array | Blob }.',
      );
    }
  }
  return files as ClientFile[];
}

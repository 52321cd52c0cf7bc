/**
 * A service's calls, as generated clients make them: one function taking
 * an operation's name, its input and the call's options, resolving to the
 * operation's result. Everything that can be refused is refused before
 * anything is sent: an unknown operation, a transport the service does not
 * enable, an invalid time limit, an input that cannot be sent.
 */
import type { OperationDescription, ServiceDescription, Transport } from '../service-description.js';
import {
  checkTimeout,
  checkTransport,
  resolveClientOptions,
  type CallOptions,
  type ClientFile,
  type ClientOptions,
  type ResolvedClientOptions,
} from './client-options.js';
import type { CallSite } from './errors.js';
import { readHttpReply } from './http-reply.js';
import { hasJsonStrings, jsonStringInput, jsonStringResult } from './json-strings.js';
import { jsonTarget, type JsonTarget } from './json-call.js';
import { jsonTypeIds } from '../json/client-types.js';
import { hostZone } from '../values/host-zone.js';
import { buildOutgoingRequest, requestTarget, type RequestTarget } from './outgoing-request.js';
import { requestValues } from './request-values.js';
import type { ReceivedReply } from './received-reply.js';
import type { Sender } from './sender.js';
import { soapReplyReader } from './soap-reply.js';
import { soapHeaderXml } from './soap-headers.js';
import { writeEncodedRequest } from '../soap/soap-encoding.js';
import { hasReplyParameters } from '../soap/reply-values.js';
import type { ValueContext } from '../values/value-kinds.js';

/** Calls `operation`; the result is what the operation returns (`undefined` for a void one). */
export type ServiceCaller = <R>(operation: string, input?: object, options?: CallOptions) => Promise<R>;

/** How a client's calls travel, chosen once per client: `send-request.ts` on Node, `browser-sender.ts` in browsers. */
export type SenderChoice = (client: ResolvedClientOptions) => Sender;

const UTC = hostZone('UTC');

/**
 * @param defaultUrl the endpoint when `options.url` is not given: the
 *   address the service's WSDL names
 * @param chooseSender what the entry point (`client.ts`, `client-browser.ts`) sends with
 * @throws TypeError for options that cannot work (a URL that is not http(s),
 *   a transport the service does not enable)
 */
export function createCaller(
  service: ServiceDescription,
  defaultUrl: string,
  options: ClientOptions,
  chooseSender: SenderChoice,
): ServiceCaller {
  const client = resolveClientOptions(service, defaultUrl, options);
  const send = chooseSender(client);
  const { namespace } = service;
  const context = {
    types: service.types ?? {},
    namespace,
    ...(service.anyArrays !== undefined && { anyArrays: service.anyArrays }),
  };
  const httpContext = service.httpNamespace === undefined ? context : { ...context, namespace: service.httpNamespace };
  /** Per operation, what its calls over each transport share, prepared on the first such call. */
  const operations = new Map(
    service.operations.map((op) => [
      op.name,
      {
        op,
        targets: {} as Partial<Record<Transport, PreparedTarget>>,
        json: undefined as JsonTarget | undefined,
        values: inNamespace(context, op.requestNamespace),
        jsonStrings: hasJsonStrings(op),
      },
    ]),
  );
  return async <R>(operation: string, input?: object, callOptions: CallOptions = {}): Promise<R> => {
    const entry = operations.get(operation);
    if (!entry) throw new TypeError(`${service.name} has no operation ${JSON.stringify(operation)}.`);
    const { op } = entry;
    const { jsonStrings } = entry;
    if (jsonStrings) input = jsonStringInput(op, input);
    const transport =
      callOptions.transport === undefined ? client.transport : checkTransport(service, callOptions.transport);
    const timeoutMs = callOptions.timeoutMs === undefined ? client.timeoutMs : checkTimeout(callOptions.timeoutMs);
    if (transport === 'json') {
      const json = (entry.json ??= jsonTarget(client.endpoint, op, client.headers, {
        types: context.types,
        typeIds: jsonTypeIds(service),
        typeNamespace: service.typeNamespace,
        // A DateTime without a zone goes as the UTC instant of its time: the client knows no server's zone.
        zone: UTC,
      }));
      const reply = await send(
        json.request(input, callOptions.headers),
        json.site,
        timeoutMs,
        client.signal,
        callOptions.signal,
      );
      const value = json.read(reply);
      return (jsonStrings ? jsonStringResult(json.site, reply, op, value, false) : value) as R;
    }
    const target = (entry.targets[transport] ??= prepareTarget(
      namespace,
      client.endpoint,
      op,
      transport,
      client.headers,
      context,
      httpContext,
    ));
    const soap = transport === 'soap11' || transport === 'soap12';
    const encoded = soap && op.encoded !== undefined;
    const params = encoded ? [] : requestValues(op, input, soap ? entry.values : context, soap);
    const files = op.parameters.length === 0 ? filesOf(op, input) : NO_FILES;
    const headerXml =
      soap && op.headers !== undefined
        ? soapHeaderXml(op, context, client.soapHeaders, callOptions.soapHeaders as Readonly<Record<string, unknown>>)
        : '';
    let request = buildOutgoingRequest(namespace, target, params, files, callOptions.headers, headerXml);
    if (encoded) {
      const site = { types: context.types, namespace, op, encoded: op.encoded! };
      const version = transport === 'soap11' ? '1.1' : '1.2';
      request = { ...request, body: writeEncodedRequest(site, version, (input ?? {}) as Record<string, unknown>) };
    }
    const reply = await send(request, target.site, timeoutMs, client.signal, callOptions.signal);
    const value = target.read(reply, callOptions.outHeaders as Record<string, unknown> | undefined);
    return (jsonStrings ? jsonStringResult(target.site, reply, op, value, hasReplyParameters(op)) : value) as R;
  };
}

interface PreparedTarget extends RequestTarget {
  readonly site: CallSite;
  /** The operation's result from a reply, or the error the reply is. */
  readonly read: (reply: ReceivedReply, outHeaders?: Record<string, unknown>) => unknown;
}

function prepareTarget(
  namespace: string,
  endpoint: URL,
  op: OperationDescription,
  transport: Transport,
  clientHeaders: Readonly<Record<string, string>>,
  context: ValueContext,
  httpContext: ValueContext = context,
): PreparedTarget {
  const site: CallSite = { operation: op.name, transport };
  const soap = transport === 'soap11' || transport === 'soap12';
  return {
    ...requestTarget(endpoint, op, transport, clientHeaders, namespace),
    site,
    read: soap
      ? soapReplyReader(site, context, op)
      : (reply: ReceivedReply) => readHttpReply(site, httpContext, op, reply),
  };
}

const NO_FILES: readonly ClientFile[] = [];

/** The service's types in another namespace (an operation's `RequestNamespace` or `ResponseNamespace`). */
function inNamespace(context: ValueContext, namespace: string | undefined): ValueContext {
  return namespace === undefined || namespace === context.namespace ? context : { ...context, namespace };
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

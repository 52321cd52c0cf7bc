/**
 * Everything dispatch looks up, built once when a server is created:
 * operations by name, by SOAPAction and by request element, their handlers,
 * the reply bytes of void operations, and the request shapes learned so far.
 */
import type { OperationDescription, ServiceDescription, Transport } from '../service-description.js';
import { buildBareResponseEnvelopeXml, buildResponseEnvelope } from '../soap/soap-envelope.js';
import { soapContentType, type SoapVersion } from '../soap/soap-constants.js';
import { XmlShapes } from '../xml/xml-shapes.js';
import { hasReplyParameters } from '../soap/reply-values.js';
import type { ValueContext } from '../values/value-kinds.js';
import { contentReply, sharedReply, type Reply } from './reply.js';
import type { CallContext } from './server-options.js';
import { withJsonStrings } from './json-string-handler.js';

export type Handler = (input: Record<string, unknown>, ctx: CallContext) => unknown;

export interface OperationEntry {
  readonly description: OperationDescription;
  /** The handler, bound to the handlers object. */
  readonly handler: Handler;
  /** It has `out` or `ref` parameters: its handler returns an object of them and the result (`reply-values.ts`). */
  readonly replyParameters: boolean;
  /** The SOAP replies of a void operation without out or ref parameters, per version: the same bytes every time. */
  readonly voidReplies: Readonly<Record<SoapVersion, Reply>> | undefined;
  /** The types and the namespace the request's parameters are read in (`RequestNamespace`, else the service's). */
  readonly requestValues: ValueContext;
  /** The types and the namespace the reply's result is written in (`ResponseNamespace`, else the service's). */
  readonly responseValues: ValueContext;
}

export interface ServiceTables {
  readonly service: ServiceDescription;
  readonly transports: ReadonlySet<Transport>;
  /** The endpoint path in lower case: matched ignoring case, as IIS does. */
  readonly endpointLower: string;
  readonly byName: ReadonlyMap<string, OperationEntry>;
  /** Lower-cased names, to name the right operation when a URL has the wrong case. */
  readonly byLowerName: ReadonlyMap<string, OperationEntry>;
  readonly bySoapAction: ReadonlyMap<string, OperationEntry>;
  /** `{namespace}localName` of the request element. */
  readonly byRequestElement: ReadonlyMap<string, OperationEntry>;
  /** The service's types and namespace, for the value reader and writer. */
  readonly values: ValueContext;
  /** The shapes of SOAP requests read so far (`xml-shapes.ts`): room for two client styles per operation. */
  readonly requestShapes: XmlShapes;
}

export function elementKey(namespace: string, localName: string): string {
  return `{${namespace}}${localName}`;
}

export function buildServiceTables(service: ServiceDescription, handlers: object): ServiceTables {
  const missing = service.operations.filter(
    (op) => typeof (handlers as Record<string, unknown>)[op.method ?? op.name] !== 'function',
  );
  if (missing.length > 0) {
    throw new TypeError(
      `No handler for ${missing.map((op) => op.method ?? op.name).join(', ')}: handlers needs one method per operation.`,
    );
  }
  const byName = new Map<string, OperationEntry>();
  const byLowerName = new Map<string, OperationEntry>();
  const bySoapAction = new Map<string, OperationEntry>();
  const byRequestElement = new Map<string, OperationEntry>();
  const values: ValueContext = {
    types: service.types ?? {},
    namespace: service.namespace,
    ...(service.anyArrays !== undefined && { anyArrays: service.anyArrays }),
  };
  const valuesIn = (namespace: string | undefined) =>
    namespace === undefined || namespace === values.namespace ? values : { ...values, namespace };
  for (const op of service.operations) {
    const method = (handlers as Record<string, Handler>)[op.method ?? op.name]!;
    const responseNamespace = op.responseNamespace ?? service.namespace;
    const entry: OperationEntry = {
      description: op,
      handler: withJsonStrings(op, (input, ctx) => method.call(handlers, input, ctx), hasReplyParameters(op)),
      replyParameters: hasReplyParameters(op),
      voidReplies:
        op.result || hasReplyParameters(op)
          ? undefined
          : {
              '1.1': voidReply('1.1', responseNamespace, op),
              '1.2': voidReply('1.2', responseNamespace, op),
            },
      requestValues: valuesIn(op.requestNamespace),
      responseValues: valuesIn(op.responseNamespace),
    };
    byName.set(op.name, entry);
    if (!byLowerName.has(op.name.toLowerCase())) byLowerName.set(op.name.toLowerCase(), entry);
    if (!bySoapAction.has(op.soapAction)) bySoapAction.set(op.soapAction, entry);
    // A bare request is known by its parameter's element when it has exactly one (the WSDL's soapActionRequired
    // marks the others); by its action alone otherwise.
    const requestElement = op.bare
      ? op.parameters.length === 1
        ? op.parameters[0]!.name
        : undefined
      : (op.requestElement ?? op.name);
    if (requestElement !== undefined) {
      byRequestElement.set(elementKey(op.requestNamespace ?? service.namespace, requestElement), entry);
    }
  }
  return {
    service,
    transports: new Set(service.transports),
    endpointLower: service.path.toLowerCase(),
    byName,
    byLowerName,
    bySoapAction,
    byRequestElement,
    values,
    requestShapes: new XmlShapes(Math.min(256, 8 + 2 * service.operations.length)),
  };
}

/** A void operation's reply, shared by all its calls: frozen. */
function voidReply(version: SoapVersion, namespace: string, op: OperationDescription): Reply {
  const envelope = op.bare
    ? buildBareResponseEnvelopeXml(version, namespace, undefined, '')
    : buildResponseEnvelope(version, namespace, op.responseElement);
  return sharedReply(contentReply(200, soapContentType(version), envelope));
}

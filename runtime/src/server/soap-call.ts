/**
 * A SOAP request (POST to the endpoint), wire contract §2 to §4. Checks, in
 * order: content type (415), size (Server fault, connection closed), XML
 * (400), envelope namespace and enabled versions (VersionMismatch, with the
 * SOAP 1.2 Upgrade header when 1.2 is on), a 1.1 envelope as soap+xml
 * (415), the Envelope element, routing, the Body, parameters,
 * mustUnderstand headers; then the handler. The envelope's namespace
 * decides the reply's version.
 */
import { parseContentType, type ContentType } from '../http/content-type.js';
import {
  buildBareRepliesEnvelopeXml,
  buildBareResponseEnvelopeXml,
  buildFaultEnvelope,
  buildResponseEnvelopeXml,
  responseEnvelopeFrame,
  type ResponseEnvelopeFrame,
} from '../soap/soap-envelope.js';
import { readEnvelope } from '../soap/soap-envelope-reader.js';
import { readEncodedParameters, writeEncodedReply } from '../soap/soap-encoding.js';
import type { Transport } from '../service-description.js';
import {
  envelopeNamespace,
  SOAP11_MEDIA_TYPE,
  SOAP12_MEDIA_TYPE,
  soapContentType,
  type SoapVersion,
} from '../soap/soap-constants.js';
import { decodeXmlBytes, firstChildElement, readXml, XmlReadError } from '../xml/xml-reader.js';
import type { XmlElement } from '../xml/xml-reader.js';
import { MalformedValueError, ValueReadError } from '../values/value-errors.js';
import { headerValue, type BodyRead, type IncomingCall, type RequestHeaders } from './incoming-call.js';
import {
  createContext,
  failureOf,
  invokeHandler,
  failure,
  LaterReply,
  MAX_REQUEST_LENGTH_EXCEEDED,
  PROCESS_FAILED,
  type Failure,
  type HandlerCall,
  type Outcome,
} from './invoke.js';
import { bindSoapParameters, soapRequestElement } from './parameters.js';
import { contentReply, emptyReply, type Reply } from './reply.js';
import { bareReplyParts, replyElements, resultElement } from './result-value.js';
import { initialOutHeaders, readSoapHeaders, writeSoapHeaders } from './soap-headers.js';
import type { OperationEntry, ServiceTables } from './service-tables.js';
import type { ResolvedOptions } from './server-options.js';
import { guessSoapVersion, routeSoapRequest } from './soap-routing.js';
import { isPlanned, learnPlan, planOf, plannedInput, type PlanHead } from './soap-call-plans.js';

const UNABLE_TO_READ = 'Server was unable to read request.';
const MISSING_ENVELOPE = 'Request format is invalid: Missing required soap:Envelope element.';
const MISSING_BODY = 'Request format is invalid: Missing required soap:Body element.';

export async function handleSoapCall(
  call: IncomingCall,
  tables: ServiceTables,
  options: ResolvedOptions,
): Promise<Reply> {
  const head = readSoapHead(call.headers, tables);
  if (!head.soapMediaType) return emptyReply(415, soapContentType(head.guess));
  const body = await call.readBody(options.maxRequestBytes);
  const reply = soapBodyReply(call, head, body, tables, options);
  return reply instanceof LaterReply ? reply.promise() : reply;
}

/**
 * The reply to a SOAP request whose head is `head` (its content type SOAP's) and whose body has been read: at once,
 * or, when its handler returned a promise, a {@link LaterReply} of it (a promise for an encoded call). Throws (or
 * rejects) only on a bug. The node handler calls it straight from the body's last chunk, with no promise of its own.
 */
export function soapBodyReply(
  call: IncomingCall,
  head: SoapHead,
  body: BodyRead,
  tables: ServiceTables,
  options: ResolvedOptions,
): Reply | Promise<Reply> | LaterReply {
  if (body.kind === 'too-large') {
    return {
      ...faultReply(head.guess, failure('Server', [PROCESS_FAILED, MAX_REQUEST_LENGTH_EXCEEDED])),
      closeConnection: true,
    };
  }
  let text: string;
  try {
    text = decodeXmlBytes(body.bytes, head.contentType!.charset);
  } catch (error) {
    if (error instanceof XmlReadError) return emptyReply(400, soapContentType(head.guess));
    throw error;
  }
  // A request of a shape read before (a BOM aside): by its plan, else read from the shape's tree.
  const found = text.charCodeAt(0) === 0xfeff ? undefined : tables.requestShapes.find(text);
  const plan = found && planOf(found, head);
  const input = plan && plannedInput(plan, found!);
  if (plan !== undefined && input !== undefined) {
    noteCall(call, plan.entry, plan.version);
    return callOperation(call, plan.entry, plan.version, input, {}, {}, tables, options);
  }
  // A shape found is well-formed XML already: its tree is read without a check to fail.
  const routed =
    found !== undefined
      ? routeSoapEnvelope(head, tables.requestShapes.tree(found, text), tables)
      : routeSoapBody(head, text, tables, options.maxXmlDepth);
  if (routed.kind === 'refused') return routed.reply;
  const { version, entry, envelope } = routed;
  const op = entry.description;
  noteCall(call, entry, version);
  if (op.encoded) return handleEncodedCall(call, tables, options, entry, version, envelope);
  const { requestValues } = entry;
  const request = soapRequestElement(op, requestValues.namespace, envelope.body);
  const binding = bindSoapParameters(op, requestValues, request);
  if (!binding.ok) {
    return binding.malformed
      ? emptyReply(400, soapContentType(version))
      : clientFault(version, UNABLE_TO_READ, ...binding.chain);
  }
  let soapHeaders: Record<string, unknown>;
  let envelopeAttributes: Record<string, string>;
  try {
    const headers = readSoapHeaders(op, tables.values, envelope.header, envelopeNamespace(version));
    if (!headers.ok) {
      const message = `SOAP header ${headers.notUnderstood.localName} was not understood.`;
      return faultReply(version, failure('MustUnderstand', [message]));
    }
    soapHeaders = headers.headers;
    envelopeAttributes = headers.envelopeAttributes;
  } catch (error) {
    if (error instanceof MalformedValueError) return emptyReply(400, soapContentType(version));
    if (error instanceof ValueReadError) return clientFault(version, UNABLE_TO_READ, ...error.chain);
    throw error;
  }
  if (found !== undefined && !isPlanned(found)) learnPlan(found, head, version, entry);
  return callOperation(call, entry, version, binding.input, soapHeaders, envelopeAttributes, tables, options);
}

/** What an observer of the call (`onCall`) is told of it once it is routed. */
function noteCall(call: IncomingCall, entry: OperationEntry, version: SoapVersion): void {
  if (call.note === undefined) return;
  call.note.operation = entry.description.name;
  call.note.transport = version === '1.1' ? 'soap11' : 'soap12';
}

/** The handler's call, its input bound and its SOAP headers read, and the reply: at once, or once it settles. */
function callOperation(
  call: IncomingCall,
  entry: OperationEntry,
  version: SoapVersion,
  input: Record<string, unknown>,
  soapHeaders: Record<string, unknown>,
  envelopeAttributes: Record<string, string>,
  tables: ServiceTables,
  options: ResolvedOptions,
): Reply | LaterReply {
  const op = entry.description;
  const outHeaders = op.headers === undefined ? undefined : initialOutHeaders(op, soapHeaders);
  const transport = version === '1.1' ? 'soap11' : 'soap12';
  const context = createContext(call, soapFailureReply, transport, op.name, [], soapHeaders, outHeaders);
  const outcome = invokeHandler(entry, input, context, options);
  if (op.oneWay) {
    // A one-way call is answered without waiting for its handler (.NET: 202 Accepted, no body); how the handler
    // ends is for onCall and onError only.
    if (outcome === undefined) void settleLater(context);
    return emptyReply(202);
  }
  const reply = new SoapReplyTo(version, entry, context, outHeaders, envelopeAttributes, tables, options);
  // The handler's promise, awaited by whoever writes the reply (see LaterReply).
  return outcome === undefined ? reply : soapOutcomeReply(reply, outcome);
}

/** What the reply to a SOAP call is written from, once its handler's outcome is known. */
class SoapReplyTo extends LaterReply {
  constructor(
    readonly version: SoapVersion,
    readonly entry: OperationEntry,
    readonly context: HandlerCall,
    readonly outHeaders: Record<string, unknown> | undefined,
    readonly envelopeAttributes: Record<string, string>,
    readonly tables: ServiceTables,
    readonly options: ResolvedOptions,
  ) {
    super(context);
  }

  protected reply(outcome: Outcome): Reply {
    return soapOutcomeReply(this, outcome);
  }
}

/** The reply to a SOAP call whose handler's outcome is `outcome`: its fault, or its result's envelope. */
function soapOutcomeReply(to: SoapReplyTo, outcome: Outcome): Reply {
  const { version, entry, context, outHeaders, envelopeAttributes, tables, options } = to;
  const op = entry.description;
  const { responseValues } = entry;
  if (!outcome.ok) return faultReply(version, outcome.failure);
  const replyHeaders = op.headers === undefined ? '' : undefined;
  if (entry.voidReplies && replyHeaders === '') return entry.voidReplies[version];
  let xml: string;
  try {
    const headerXml = replyHeaders ?? writeSoapHeaders(op, tables.values, outHeaders!, envelopeAttributes);
    const result =
      op.bare && entry.replyParameters
        ? undefined
        : entry.replyParameters
          ? replyElements(op, responseValues, outcome.value)
          : op.result
            ? resultElement(op, responseValues, outcome.value)
            : '';
    xml =
      result === undefined
        ? buildBareRepliesEnvelopeXml(
            version,
            responseValues.namespace,
            bareReplyParts(op, responseValues, outcome.value),
            headerXml,
          )
        : op.bare
          ? buildBareResponseEnvelopeXml(version, responseValues.namespace, op.result?.element, result, headerXml)
          : headerXml === ''
            ? framedResponse(entry, version, result)
            : buildResponseEnvelopeXml(version, responseValues.namespace, op.responseElement, result, headerXml);
  } catch (error) {
    return faultReply(version, failureOf(error, context.ctx, options));
  }
  return contentReply(200, soapContentType(version), xml);
}

const responseFrames = new WeakMap<OperationEntry, Partial<Record<SoapVersion, ResponseEnvelopeFrame>>>();

/** A wrapped reply without SOAP headers: its result between the envelope's two ends, made once per version. */
function framedResponse(entry: OperationEntry, version: SoapVersion, result: string): string {
  let frames = responseFrames.get(entry);
  if (frames === undefined) responseFrames.set(entry, (frames = {}));
  const frame = (frames[version] ??= responseEnvelopeFrame(
    version,
    entry.responseValues.namespace,
    entry.description.responseElement,
  ));
  return result === '' ? frame.empty : frame.open + result + frame.close;
}

/**
 * An encoded operation's call (SOAP section 5, `soap-encoding.ts`): its parameters from the request wrapper, the
 * Body's first element, with multi-references resolved; its reply in the runtime's encoded form. It has no SOAP
 * headers of its own (a spec refuses them), so a header marked mustUnderstand gets the MustUnderstand fault.
 */
async function handleEncodedCall(
  call: IncomingCall,
  tables: ServiceTables,
  options: ResolvedOptions,
  entry: OperationEntry,
  version: SoapVersion,
  envelope: { readonly header: XmlElement | undefined; readonly body: XmlElement },
): Promise<Reply> {
  const op = entry.description;
  const encoded = op.encoded!;
  const body = envelope.body;
  const site = { types: tables.values.types, namespace: tables.service.namespace, op, encoded };
  const first = firstChildElement(body);
  let input: Record<string, unknown>;
  try {
    const wrapper =
      first && first.localName === op.name && first.namespace === encoded.requestNamespace ? first : undefined;
    input = readEncodedParameters(site.types, op, body, wrapper);
  } catch (error) {
    if (error instanceof MalformedValueError) return emptyReply(400, soapContentType(version));
    if (error instanceof ValueReadError) return clientFault(version, UNABLE_TO_READ, ...error.chain);
    throw error;
  }
  // Then, as for a literal operation: it reads no SOAP header, but one marked mustUnderstand is refused.
  const headers = readSoapHeaders(op, tables.values, envelope.header, envelopeNamespace(version));
  if (!headers.ok) {
    const message = `SOAP header ${headers.notUnderstood.localName} was not understood.`;
    return faultReply(version, failure('MustUnderstand', [message]));
  }
  const transport = version === '1.1' ? 'soap11' : 'soap12';
  const context = createContext(call, soapFailureReply, transport, op.name, [], {}, undefined);
  let outcome = invokeHandler(entry, input, context, options);
  if (outcome === undefined) {
    try {
      outcome = context.settled(await context.pending);
    } catch (error) {
      outcome = context.failed(error);
    }
  }
  if (!outcome.ok) return faultReply(version, outcome.failure);
  let xml: string;
  try {
    xml = writeEncodedReply(site, version, outcome.value);
  } catch (error) {
    return faultReply(version, failureOf(error, context.ctx, options));
  }
  return contentReply(200, soapContentType(version), xml);
}

/** Settles a one-way call's handler after its reply has gone. */
async function settleLater(context: ReturnType<typeof createContext>): Promise<void> {
  try {
    context.settled(await context.pending);
  } catch (error) {
    context.failed(error);
  }
}

/**
 * What is known of a SOAP request before its body is read: SOAPAction, content type and ASMX's version guess;
 * `mediaType`, `charset` and `action` are the content type's, what a plan depends on (`soap-call-plans.ts`).
 */
export interface SoapHead extends PlanHead {
  readonly contentType: ContentType | undefined;
  /** The content type is SOAP 1.1's or SOAP 1.2's (else: 415). */
  readonly soapMediaType: boolean;
  readonly guess: SoapVersion;
}

export function readSoapHead(headers: RequestHeaders, tables: ServiceTables): SoapHead {
  const soapAction = headerValue(headers, 'soapaction');
  const contentTypeHeader = headerValue(headers, 'content-type');
  // Clients send the same few heads again and again: each is read once (a head is never changed). By content type,
  // then SOAPAction: no key is made of the two (a string built per request, then hashed).
  let known = knownHeads.get(tables);
  if (known === undefined) knownHeads.set(tables, (known = { count: 0, byContentType: new Map() }));
  let byAction = known.byContentType.get(contentTypeHeader);
  let head = byAction?.get(soapAction);
  if (head === undefined) {
    head = soapHeadOf(soapAction, contentTypeHeader, tables);
    if (known.count < MAX_KNOWN_HEADS) {
      if (byAction === undefined) known.byContentType.set(contentTypeHeader, (byAction = new Map()));
      byAction.set(soapAction, head);
      known.count++;
    }
  }
  return head;
}

/** The SOAP heads read so far, by service: by content type, then SOAPAction; past this many, read each time. */
const knownHeads = new WeakMap<
  ServiceTables,
  { count: number; readonly byContentType: Map<string | undefined, Map<string | undefined, SoapHead>> }
>();
const MAX_KNOWN_HEADS = 64;

function soapHeadOf(
  soapAction: string | undefined,
  contentTypeHeader: string | undefined,
  tables: ServiceTables,
): SoapHead {
  const contentType = parseContentType(contentTypeHeader);
  const mediaType = contentType?.mediaType;
  return {
    soapAction,
    contentType,
    mediaType,
    charset: contentType?.charset,
    action: contentType?.action,
    soapMediaType: mediaType === SOAP11_MEDIA_TYPE || mediaType === SOAP12_MEDIA_TYPE,
    guess: guessSoapVersion(tables.transports, soapAction, mediaType),
  };
}

export type SoapRouting =
  | {
      readonly kind: 'routed';
      /** The envelope's version: the reply's. */
      readonly version: SoapVersion;
      readonly entry: OperationEntry;
      readonly envelope: { readonly header: XmlElement | undefined; readonly body: XmlElement };
    }
  /** ASMX answers without calling an operation: the reply. */
  | { readonly kind: 'refused'; readonly reply: Reply };

/**
 * A SOAP request's body read up to its operation, in ASMX's order: XML (400), envelope namespace and enabled
 * versions (VersionMismatch), a 1.1 envelope as soap+xml (415), the Envelope element, routing, the Body.
 * `head.soapMediaType` must be true. `body` is the bytes as received, or text already decoded.
 */
export function routeSoapBody(
  head: SoapHead,
  body: Uint8Array | string,
  tables: ServiceTables,
  maxXmlDepth: number,
): SoapRouting {
  let root: XmlElement;
  try {
    root = readXml(typeof body === 'string' ? body : decodeXmlBytes(body, head.contentType!.charset), {
      maxDepth: maxXmlDepth,
      shapes: tables.requestShapes,
    });
  } catch (error) {
    if (error instanceof XmlReadError) return refused(emptyReply(400, soapContentType(head.guess)));
    throw error;
  }
  return routeSoapEnvelope(head, root, tables);
}

/** A SOAP request's envelope, read, up to its operation: `routeSoapBody` after the XML. */
function routeSoapEnvelope(head: SoapHead, root: XmlElement, tables: ServiceTables): SoapRouting {
  const { guess, contentType } = head;
  const envelope = readEnvelope(root);
  if (envelope.kind === 'unknown-namespace') return refused(versionMismatchReply(envelope.namespace, false, tables));
  if (!tables.transports.has(envelope.version === '1.1' ? 'soap11' : 'soap12')) {
    return refused(versionMismatchReply(envelopeNamespace(envelope.version), true, tables));
  }
  const version = envelope.version;
  if (version === '1.1' && contentType!.mediaType !== SOAP11_MEDIA_TYPE) {
    return refused(emptyReply(415, soapContentType('1.1')));
  }
  if (envelope.kind === 'not-envelope') return refused(clientFault(version, UNABLE_TO_READ, MISSING_ENVELOPE));

  const route = routeSoapRequest(guess, head.soapAction, contentType!.action, envelope.body, tables);
  if (route.kind === 'unknown') return refused(clientFault(version, route.message));
  if (route.kind === 'no-body' || !envelope.body) return refused(clientFault(version, UNABLE_TO_READ, MISSING_BODY));
  return { kind: 'routed', version, entry: route.entry, envelope: { header: envelope.header, body: envelope.body } };
}

function refused(reply: Reply): SoapRouting {
  return { kind: 'refused', reply };
}

/**
 * ASMX's VersionMismatch (SoapServerProtocol.CheckHelperVersion): an unknown envelope namespace is answered
 * in SOAP 1.1 when 1.1 is on, else in 1.2; a known envelope of a version that is off always in 1.1. The
 * message expects the 1.1 envelope when 1.1 is on. With SOAP 1.2 on, the fault carries the SOAP 1.2
 * Upgrade header listing the envelopes the service takes.
 */
function versionMismatchReply(namespace: string, knownVersion: boolean, tables: ServiceTables): Reply {
  const on11 = tables.transports.has('soap11');
  const on12 = tables.transports.has('soap12');
  const version: SoapVersion = knownVersion || on11 ? '1.1' : '1.2';
  const expecting = envelopeNamespace(on11 ? '1.1' : '1.2');
  const message = `Possible SOAP version mismatch: Envelope namespace ${namespace} was unexpected. Expecting ${expecting}.`;
  const supportedEnvelopes: SoapVersion[] = !on12 ? [] : on11 ? ['1.1', '1.2'] : ['1.2'];
  const fault = { ...failure('VersionMismatch', [message]), supportedEnvelopes };
  return contentReply(500, soapContentType(version), buildFaultEnvelope(version, fault));
}

/** The reply of a SOAP call whose handler ran out of time. */
function soapFailureReply(transport: Transport, failure: Failure): Reply {
  return faultReply(transport === 'soap11' ? '1.1' : '1.2', failure);
}

function clientFault(version: SoapVersion, ...chain: string[]): Reply {
  return faultReply(version, failure('Client', chain));
}

function faultReply(version: SoapVersion, failure: Failure): Reply {
  return contentReply(500, soapContentType(version), buildFaultEnvelope(version, failure));
}

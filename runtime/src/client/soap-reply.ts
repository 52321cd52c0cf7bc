/**
 * The reply to a SOAP call (wire contract §3, §4): a fault, whatever the
 * status, is a `SoapFaultError`; any other status than 200 an `HttpError`.
 * A 200 reply must be an envelope of the request's version whose Body's
 * first element is `{Op}Response` in the service namespace; the result is
 * the text of its `{Op}Result` child (an empty element is `''`, as the
 * server reads parameters; an absent one is no value). The reply's content
 * type is not checked, its XML is (its `charset` decodes it). The reply ASMX
 * writes for a success is recognized as written (`canonical-reply.ts`),
 * any other is parsed.
 */
import { readEnvelope, readFaultReading } from '../soap/soap-envelope-reader.js';
import type { OperationDescription } from '../service-description.js';
import { childElements, firstChildElement, textContent, XmlReadError, type XmlElement } from '../xml/xml-reader.js';
import { canonicalReplyReader } from './canonical-reply.js';
import { HttpError, ProtocolError, SoapFaultError, type CallSite } from './errors.js';
import { describeElement, parseReply, replyDocument, resultValue } from './result-value.js';
import type { ReceivedReply } from './received-reply.js';
import { isXsdType } from '../xsd/value-type.js';
import type { ChoiceElementDescription, ValueType, XsdType } from '../xsd/type-description.js';
import { hasReplyParameters, replySites } from '../soap/reply-values.js';
import { absentValue, choiceChildren, readChoice, readUnwrapped, readValue } from '../values/read-value.js';
import { MalformedValueError, ValueReadError } from '../values/value-errors.js';
import type { ValueContext } from '../values/value-kinds.js';
import { readReplyHeaders } from './soap-headers.js';
import { readEncodedResult } from '../soap/soap-encoding.js';

/** Reads the replies to calls of `op` by `site.transport` (SOAP 1.1 or 1.2). */
export function soapReplyReader(
  site: CallSite,
  service: ValueContext,
  op: OperationDescription,
): (reply: ReceivedReply, outHeaders?: Record<string, unknown>) => unknown {
  // The result is read in the response namespace (`ResponseNamespace`); SOAP headers stay in the service's.
  const context = op.responseNamespace === undefined ? service : { ...service, namespace: op.responseNamespace };
  const namespace = context.namespace;
  const { result } = op;
  // Simple results without headers: the canonical reply's fast path.
  const simple =
    (!result || (isXsdType(result.type) && !result.nillable)) &&
    op.headers === undefined &&
    !hasReplyParameters(op) &&
    !op.encoded &&
    !op.bare &&
    !op.oneWay;
  const canonical = simple
    ? canonicalReplyReader(site.transport === 'soap11' ? '1.1' : '1.2', namespace, op)
    : undefined;
  return (reply, outHeaders) => {
    if (reply.status === 200 && canonical !== undefined) {
      const found = canonical(reply);
      if (found !== undefined) {
        return result ? resultValue(site, reply, result.type as XsdType, found.lexical, result.element) : undefined;
      }
    }
    return readSoapReply(site, context, op, reply, outHeaders, service);
  };
}

/**
 * @param context the types and the namespace the result is read in
 * @param service the same in the service namespace, where SOAP headers are (`context` when omitted)
 */
export function readSoapReply(
  site: CallSite,
  context: ValueContext,
  op: OperationDescription,
  reply: ReceivedReply,
  outHeaders?: Record<string, unknown>,
  service: ValueContext = context,
): unknown {
  const namespace = context.namespace;
  // A one-way call's answer has no body: 202 Accepted (.NET), or 200 (Mono).
  if (op.oneWay && (reply.status === 202 || reply.status === 200) && reply.bytes.length === 0) return undefined;
  if (reply.status !== 200) {
    const fault = faultOf(reply);
    if (fault) throw new SoapFaultError(site, reply.status, fault);
    throw new HttpError(site, reply, reply.mediaType);
  }
  const envelope = readEnvelope(replyDocument(site, reply));
  if (envelope.kind !== 'envelope') throw new ProtocolError(site, reply, 'the body is not a SOAP envelope.');
  if (!envelope.body) throw new ProtocolError(site, reply, 'the envelope has no Body.');
  const fault = readFaultReading(envelope.body, envelope.version);
  if (fault) throw new SoapFaultError(site, reply.status, fault);
  const expectedVersion = site.transport === 'soap11' ? '1.1' : '1.2';
  if (envelope.version !== expectedVersion) {
    throw new ProtocolError(site, reply, `a SOAP ${envelope.version} envelope answers a SOAP ${expectedVersion} call.`);
  }
  // A bare reply's result element is the Body's child; a wrapped one's, the response element's.
  const first = firstChildElement(envelope.body);
  const response = op.bare ? envelope.body : first;
  const responseNamespace = op.encoded?.responseNamespace ?? namespace;
  if (
    !response ||
    (!op.bare && (response.localName !== op.responseElement || response.namespace !== responseNamespace))
  ) {
    const found = first ? describeElement(first.localName, first.namespace) : 'nothing';
    throw new ProtocolError(
      site,
      reply,
      `the Body holds ${found}, not ${describeElement(op.responseElement, responseNamespace)}.`,
    );
  }
  try {
    if (op.encoded) return readEncodedResult(context.types, op, envelope.body, response);
    if (outHeaders !== undefined) readReplyHeaders(op, service, envelope.header, outHeaders);
  } catch (error) {
    throw unreadable(site, reply, error);
  }
  if (hasReplyParameters(op)) {
    const values: Record<string, unknown> = {};
    for (const s of replySites(op)) {
      const value = s.choice
        ? readChoiceSite(site, context, reply, response, s.choice, s.unwrapped === true)
        : s.unwrapped
          ? readUnwrappedSite(site, context, reply, response, s.element, s.type, s.namespace)
          : readSite(site, context, reply, response, s.element, s.type, s.nillable, s.namespace);
      // An absent element leaves its property out, as the handler's object did.
      if (value !== undefined) values[s.key] = value;
    }
    return values;
  }
  if (!op.result) return undefined;
  const { element, type, nillable, namespace: rootNamespace, unwrapped, choice } = op.result;
  if (choice) return readChoiceSite(site, context, reply, response, choice, unwrapped === true);
  if (unwrapped) return readUnwrappedSite(site, context, reply, response, element, type, rootNamespace);
  return readSite(site, context, reply, response, element, type, nillable, rootNamespace);
}

/** The value of the response element's child `element` (absent: `undefined`, or a ProtocolError for a value type). */
function readSite(
  site: CallSite,
  context: ValueContext,
  reply: ReceivedReply,
  response: XmlElement,
  element: string,
  type: ValueType,
  nillable: boolean | undefined,
  rootNamespace?: string,
): unknown {
  // A class's `[XmlRoot(Namespace)]` puts the element in the root's namespace.
  const namespace = rootNamespace ?? context.namespace;
  const found = childElements(response).find((c) => c.localName === element && c.namespace === namespace);
  if (!isXsdType(type) || nillable) {
    try {
      return found ? readValue(context, found, type, nillable === true) : absentValue(context, type, { nillable });
    } catch (error) {
      throw unreadable(site, reply, error);
    }
  }
  const lexical = found && textContent(found);
  if (found && lexical === undefined) throw new ProtocolError(site, reply, `${element} has element content.`);
  return resultValue(site, reply, type, lexical, element);
}

/** An unwrapped array's items (`[XmlElement]`): every child of the response element named `element`; none is `[]`. */
function readUnwrappedSite(
  site: CallSite,
  context: ValueContext,
  reply: ReceivedReply,
  response: XmlElement,
  element: string,
  type: ValueType,
  rootNamespace: string | undefined,
): unknown[] {
  const namespace = rootNamespace ?? context.namespace;
  const items = childElements(response).filter((c) => c.localName === element && c.namespace === namespace);
  try {
    return readUnwrapped(context, items, type);
  } catch (error) {
    throw unreadable(site, reply, error);
  }
}

/**
 * A choice in the response element (`{ $element, value }`): the first child that is one of its elements, absent
 * `undefined`; unwrapped, every such child, none `[]`.
 */
function readChoiceSite(
  site: CallSite,
  context: ValueContext,
  reply: ReceivedReply,
  response: XmlElement,
  choice: readonly ChoiceElementDescription[],
  unwrapped: boolean,
): unknown {
  try {
    const children = choiceChildren(context, response, choice);
    if (unwrapped) return readUnwrapped(context, children, 'anyType', choice);
    return children[0] === undefined ? undefined : readChoice(context, children[0], choice);
  } catch (error) {
    throw unreadable(site, reply, error);
  }
}

function unreadable(site: CallSite, reply: ReceivedReply, error: unknown): unknown {
  if (error instanceof ValueReadError || error instanceof MalformedValueError) {
    return new ProtocolError(site, reply, `the reply does not read: ${error.message}`);
  }
  return error;
}

/** The fault an error reply holds; `undefined` when its body is not a SOAP fault. */
function faultOf(reply: ReceivedReply) {
  const root = parseReply(reply);
  if (root instanceof XmlReadError) return undefined;
  const envelope = readEnvelope(root);
  return envelope.kind === 'envelope' && envelope.body ? readFaultReading(envelope.body, envelope.version) : undefined;
}

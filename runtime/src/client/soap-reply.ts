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
import { readEnvelope, readFaultReading } from '../soap-envelope-reader.js';
import type { OperationDescription } from '../service-description.js';
import { childElements, firstChildElement, textContent, XmlReadError } from '../xml-reader.js';
import { canonicalReplyReader } from './canonical-reply.js';
import { HttpError, ProtocolError, SoapFaultError, type CallSite } from './errors.js';
import { describeElement, parseReply, replyDocument, resultValue } from './result-value.js';
import type { ReceivedReply } from './received-reply.js';
import { simpleTypeOf } from '../value-type.js';

/** Reads the replies to calls of `op` by `site.transport` (SOAP 1.1 or 1.2). */
export function soapReplyReader(
  site: CallSite,
  namespace: string,
  op: OperationDescription,
): (reply: ReceivedReply) => unknown {
  const canonical = canonicalReplyReader(site.transport === 'soap11' ? '1.1' : '1.2', namespace, op);
  const { result } = op;
  return (reply) => {
    if (reply.status === 200) {
      const found = canonical(reply);
      if (found !== undefined) {
        return result ? resultValue(site, reply, simpleTypeOf(result.type), found.lexical, result.element) : undefined;
      }
    }
    return readSoapReply(site, namespace, op, reply);
  };
}

export function readSoapReply(
  site: CallSite,
  namespace: string,
  op: OperationDescription,
  reply: ReceivedReply,
): unknown {
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
  const response = firstChildElement(envelope.body);
  if (!response || response.localName !== op.responseElement || response.namespace !== namespace) {
    const found = response ? describeElement(response.localName, response.namespace) : 'nothing';
    throw new ProtocolError(
      site,
      reply,
      `the Body holds ${found}, not ${describeElement(op.responseElement, namespace)}.`,
    );
  }
  if (!op.result) return undefined;
  const { element, type } = op.result;
  const result = childElements(response).find((c) => c.localName === element && c.namespace === namespace);
  const lexical = result && textContent(result);
  if (result && lexical === undefined) throw new ProtocolError(site, reply, `${element} has element content.`);
  return resultValue(site, reply, simpleTypeOf(type), lexical, element);
}

/** The fault an error reply holds; `undefined` when its body is not a SOAP fault. */
function faultOf(reply: ReceivedReply) {
  const root = parseReply(reply);
  if (root instanceof XmlReadError) return undefined;
  const envelope = readEnvelope(root);
  return envelope.kind === 'envelope' && envelope.body ? readFaultReading(envelope.body, envelope.version) : undefined;
}

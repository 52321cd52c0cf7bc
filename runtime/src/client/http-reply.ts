/**
 * The reply to an HttpGet or HttpPost call (wire contract §3, §4): any
 * status but 200 is an `HttpError` (ASMX's errors are `500 text/plain`, the
 * message and a CRLF). A void operation's 200 reply is empty, as ASMX sends
 * it: a body other than whitespace is a `ProtocolError`. An operation with a
 * result is answered with `<{type} xmlns="ns">value</{type}>`, `xsi:nil` for
 * a null reference-type result.
 */
import { readHttpResult } from '../http/http-result.js';
import type { OperationDescription } from '../service-description.js';
import { HttpError, ProtocolError, type CallSite } from './errors.js';
import { describeElement, replyDocument, resultValue } from './result-value.js';
import type { ReceivedReply } from './received-reply.js';
import { isXsdType } from '../xsd/value-type.js';
import { isNil, readValue } from '../values/read-value.js';
import { MalformedValueError, ValueReadError } from '../values/value-errors.js';
import type { ValueContext } from '../values/value-kinds.js';
import { httpView } from '../values/data-type-values.js';
import { choiceValueOfHttp, httpResultChoice } from '../values/http-choice.js';

const XML_WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

export function readHttpReply(
  site: CallSite,
  context: ValueContext,
  operation: OperationDescription,
  reply: ReceivedReply,
): unknown {
  // HTTP writes a `DataType` result as its C# type.
  const op = httpView(operation);
  const namespace = context.namespace;
  if (reply.status !== 200) throw new HttpError(site, reply, reply.mediaType);
  if (!op.result) {
    if (reply.bytes.every((byte) => XML_WHITESPACE.has(byte))) return undefined;
    throw new ProtocolError(site, reply, `${op.name} returns nothing, and its reply has a body.`);
  }
  if (!isXsdType(op.result.type) || op.result.nillable) {
    const value = readDocument(site, context, op, reply);
    // A choice result's values, named by their types (`http-choice.ts`).
    const choice = httpResultChoice(operation);
    return choice ? choiceValueOfHttp(context, choice, value) : value;
  }
  const type = op.result.type;
  const root = replyDocument(site, reply);
  if (root.localName !== type || root.namespace !== namespace) {
    throw new ProtocolError(
      site,
      reply,
      `the document is ${describeElement(root.localName, root.namespace)}, not ${describeElement(type, namespace)}.`,
    );
  }
  let lexical: string | undefined;
  try {
    lexical = readHttpResult(root);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    throw new ProtocolError(site, reply, error.message);
  }
  return resultValue(site, reply, type, lexical, `<${type}>`);
}

/** A document of another result type than the XSD simple ones, read by the one value reader. */
function readDocument(site: CallSite, context: ValueContext, op: OperationDescription, reply: ReceivedReply): unknown {
  const result = op.result!;
  const name = result.httpElement ?? result.element;
  // A class's `[XmlRoot(Namespace)]` puts the document's root in the root's namespace.
  const namespace = result.httpNamespace ?? context.namespace;
  const root = replyDocument(site, reply);
  if (root.localName !== name || root.namespace !== namespace) {
    throw new ProtocolError(
      site,
      reply,
      `the document is ${describeElement(root.localName, root.namespace)}, not ${describeElement(name, namespace)}.`,
    );
  }
  // Every HTTP result document may be nil: a `T?` result reads it as null, a reference type's as absent.
  if (isNil(root)) return result.nillable ? null : undefined;
  try {
    return readValue(context, root, result.type, result.nillable === true);
  } catch (error) {
    if (error instanceof ValueReadError || error instanceof MalformedValueError) {
      throw new ProtocolError(site, reply, `the document does not read: ${error.message}`);
    }
    throw error;
  }
}

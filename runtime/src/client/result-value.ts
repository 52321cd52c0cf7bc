/**
 * A result's lexical value as the operation's TypeScript value, for both
 * the SOAP `{Op}Result` element and the HTTP GET/POST result document. An
 * absent value is `undefined` for the reference types (`string`,
 * `base64Binary`), which ASMX leaves out when they are null; for a value
 * type it is a `ProtocolError`, as is a value that does not convert.
 */
import { decodeXmlBytes, readXml, XmlReadError, type XmlElement } from '../xml/xml-reader.js';
import { XmlShapes } from '../xml/xml-shapes.js';
import { isReferenceType, parseXsdValue, XsdValueError } from '../xsd/xsd-values.js';
import type { XsdType } from '../service-description.js';
import { ProtocolError, type CallSite } from './errors.js';
import type { ReceivedReply } from './received-reply.js';

export function resultValue(
  site: CallSite,
  reply: ReceivedReply,
  type: XsdType,
  lexical: string | undefined,
  where: string,
): unknown {
  if (lexical === undefined) {
    if (isReferenceType(type)) return undefined;
    throw new ProtocolError(site, reply, `${where} holds no value, and an xsd:${type} cannot be absent.`);
  }
  try {
    return parseXsdValue(type, lexical);
  } catch (error) {
    if (!(error instanceof XsdValueError)) throw error;
    throw new ProtocolError(site, reply, `${where} is not an xsd:${type}: ${error.message}`);
  }
}

/** The reply's body as an XML document's root; `ProtocolError` when it is not XML. */
export function replyDocument(site: CallSite, reply: ReceivedReply): XmlElement {
  const root = parseReply(reply);
  if (root instanceof XmlReadError) throw new ProtocolError(site, reply, `the body is not XML (${root.message}).`);
  return root;
}

/**
 * The shapes of replies read so far, shared by every client in the process: a server answers each operation
 * (and each fault) with one envelope but for its texts, so a reply like an earlier one is not parsed again.
 */
const replyShapes = new XmlShapes(64);

/** The reply's body as an XML document's root, or why it is not one. */
export function parseReply(reply: ReceivedReply): XmlElement | XmlReadError {
  try {
    return readXml(decodeXmlBytes(reply.bytes, reply.charset), { shapes: replyShapes });
  } catch (error) {
    if (error instanceof XmlReadError) return error;
    throw error;
  }
}

/** `<name xmlns="namespace">`, to say what an element is or should be. */
export function describeElement(localName: string, namespace: string): string {
  return namespace === '' ? `<${localName}>` : `<${localName} xmlns="${namespace}">`;
}

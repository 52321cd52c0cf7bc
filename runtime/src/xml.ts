/**
 * The XML rules the runtime reads and writes by, for other readers and writers of the same documents (the
 * generator's WSDL reader and writer, the comparison of replies behind `replay` and `proxy --shadow`): one
 * escaping, one set of lexical checks, one decoding of bytes, one set-up of the parser, one namespace-aware
 * reader, one parsing of `Content-Type`, one way to count lines and columns.
 */
export { parseContentType, type ContentType } from './http/content-type.js';
export { LineIndex } from './xml/line-index.js';
export { escapeXmlAttr, escapeXmlText } from './xml/xml-escape.js';
export { decodeAttribute, decodeText, hasForbiddenCharacter, refuseMarkupDeclarations } from './xml/xml-lexical.js';
export {
  ATTRIBUTE_PREFIX,
  ATTRIBUTES_KEY,
  CDATA_KEY,
  createOrderedXmlParser,
  elementKey,
  metadataOf,
  TEXT_KEY,
  type ParsedNode,
} from './xml/ordered-xml-parser.js';
export { XmlReadError } from './xml/xml-read-error.js';
export { decodeXmlBytes, readXml, type XmlAttribute, type XmlElement } from './xml/xml-reader.js';
export { SOAP11_ENVELOPE_NS, SOAP12_ENVELOPE_NS, XML_NS, XSI_NS } from './soap/soap-constants.js';

/**
 * fast-xml-parser as both readers of XML use it (the runtime's `readXml` and
 * the generator's WSDL reader): the document in order, as written, for the
 * reader to check and resolve. Nothing is trimmed, converted or decoded, no
 * entity is expanded (the readers decode text and references themselves),
 * comments, processing instructions and the XML declaration are dropped, and
 * each element keeps where it starts and ends in the text.
 *
 * The output is an array of nodes: an element is `{ [qualifiedName]: children,
 * ':@'?: { '@' + attributeName: value } }`, text `{ '#text': raw }`, a CDATA
 * section `{ '#cdata': [{ '#text': content }] }`.
 */
import { XMLParser, type X2jOptions } from 'fast-xml-parser';

/** A node of the parser's output. */
export type ParsedNode = Record<string, unknown>;

/** What precedes each attribute's name among an element's attributes. */
export const ATTRIBUTE_PREFIX = '@';
/** The key of a text node. */
export const TEXT_KEY = '#text';
/** The key of a CDATA section. */
export const CDATA_KEY = '#cdata';
/** The key of an element's attributes. */
export const ATTRIBUTES_KEY = ':@';

const METADATA = XMLParser.getMetaDataSymbol() as unknown as symbol;

/**
 * A parser with the options above; `options` adds to them (limits, callbacks) or overrides them. Create one
 * and reuse it: a parser keeps no state between documents.
 */
export function createOrderedXmlParser(options: X2jOptions = {}): XMLParser {
  return new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: ATTRIBUTE_PREFIX,
    textNodeName: TEXT_KEY,
    cdataPropName: CDATA_KEY,
    commentPropName: false,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    processEntities: false,
    htmlEntities: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    removeNSPrefix: false,
    allowBooleanAttributes: false,
    captureMetaData: true,
    ...options,
  });
}

/** Where an element of the output starts (its `<`) and ends (after its end tag) in the document. */
export function metadataOf(node: ParsedNode): { startIndex?: number; endIndex?: number } | undefined {
  return (node as Record<symbol, unknown>)[METADATA] as { startIndex?: number; endIndex?: number } | undefined;
}

/** The qualified name of an element node; `undefined` for a text or CDATA node. */
export function elementKey(node: ParsedNode): string | undefined {
  for (const key of Object.keys(node)) {
    if (key !== ATTRIBUTES_KEY && key !== TEXT_KEY && key !== CDATA_KEY) return key;
  }
  return undefined;
}

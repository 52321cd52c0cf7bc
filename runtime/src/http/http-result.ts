/**
 * The body of an HTTP GET/POST reply with a result: an XML document whose
 * root is named after the result's XSD type, in the service namespace:
 * `<?xml version="1.0" encoding="utf-8"?>\n<string xmlns="ns">value</string>`.
 */
import type { XsdType } from '../service-description.js';
import { XML_DECLARATION, XSD_NS, XSI_NS } from '../soap/soap-constants.js';
import { attributeValue, textContent, type XmlElement } from '../xml/xml-reader.js';
import { escapeXmlAttr, escapeXmlText } from '../xml/xml-escape.js';

/**
 * @param value the lexical value (not escaped); `undefined` for a null
 *   reference-type result, written as `xsi:nil="true"` (the root declaring `xsd` and `xsi`, as the
 *   runtime does: transcript "WhoAmI httpGet")
 */
export function buildHttpResultDocument(type: XsdType, namespace: string, value: string | undefined): string {
  const xmlns = `xmlns="${escapeXmlAttr(namespace)}"`;
  const root =
    value === undefined
      ? `<${type} xmlns:xsd="${XSD_NS}" xmlns:xsi="${XSI_NS}" xsi:nil="true" ${xmlns} />`
      : value === ''
        ? `<${type} ${xmlns} />`
        : `<${type} ${xmlns}>${escapeXmlText(value)}</${type}>`;
  return `${XML_DECLARATION}\n${root}`;
}

/**
 * The lexical value of an HTTP GET/POST result document's root: `undefined`
 * for `xsi:nil="true"`; throws `TypeError` when the root has element content.
 */
export function readHttpResult(root: XmlElement): string | undefined {
  const nil = attributeValue(root, XSI_NS, 'nil')?.trim();
  if (nil === 'true' || nil === '1') return undefined;
  const text = textContent(root);
  if (text === undefined) throw new TypeError(`The result element ${root.localName} has element content.`);
  return text;
}

/**
 * The namespace a SOAP header element is in, for the server and the client alike: the service's, or the header
 * class's `[XmlRoot(Namespace)]` (an ebXML `MessageHeader` in `http://www.ebxml.org/namespaces/messageHeader`).
 * The header element declares it as the default namespace; its members are where its class puts them.
 */
import type { HeaderDescription } from '../xsd/type-description.js';
import type { ValueContext } from '../values/value-kinds.js';
import type { WriteOptions } from '../values/write-value.js';
import { escapeXmlAttr } from '../xml/xml-escape.js';

export function headerNamespace(values: ValueContext, header: HeaderDescription): string {
  return header.namespace ?? values.namespace;
}

/** How a header element is written: after its attributes, the declaration of its namespace as the default. */
export function headerWriteOptions(
  values: ValueContext,
  header: HeaderDescription,
  lead: string,
  level: number,
): WriteOptions {
  const tail = ` xmlns="${escapeXmlAttr(headerNamespace(values, header))}"`;
  return header.namespace === undefined
    ? { lead, tail, level }
    : { lead, tail, level, namespace: header.namespace, scope: header.namespace };
}

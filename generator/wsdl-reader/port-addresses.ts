import { SourceText } from './source-text.js';
import { HTTP_NS, SOAP11_NS, SOAP12_NS, WSDL_NS } from './wsdl-namespaces.js';
import { WsdlError } from './wsdl-error.js';
import { childElements, isElement, parseXmlTree } from './xml-tree.js';

const ADDRESS_NAMESPACES = new Set([SOAP11_NS, SOAP12_NS, HTTP_NS]);

/**
 * A kept WSDL (`wsdl.original`) with the `location` of every port's address replaced by `marker` (up to its query,
 * which stays), byte for byte elsewhere: `generate` then puts the address of `--base-url` there, as it does in a generated WSDL, and the
 * server the address of each request. A `location` with no path (`http://host:1509`, the service answering at its
 * root) gets `baseMarker` in place, the scheme and host, so that it stays without one as callers know it. A document
 * that is not a WSDL with a service is refused (`WsdlError`).
 */
export function markPortAddresses(text: string, file: string, marker: string, baseMarker = marker): string {
  const source = new SourceText(text, file);
  const root = parseXmlTree(source);
  if (!isElement(root, WSDL_NS, 'definitions')) {
    throw source.errorAt(root.offset, `the root element is <${root.qualifiedName}>, not wsdl:definitions`);
  }
  const spans: { start: number; end: number; marker: string }[] = [];
  for (const service of childElements(root, WSDL_NS, 'service')) {
    for (const port of childElements(service, WSDL_NS, 'port')) {
      for (const address of port.elements) {
        if (!ADDRESS_NAMESPACES.has(address.namespace) || address.localName !== 'address') continue;
        if (!address.attributes.has('location')) continue;
        const at = source.attributeOffset(address.offset, 'location');
        const value = /location\s*=\s*("[^"]*"|'[^']*')/y;
        value.lastIndex = at;
        const match = value.exec(text);
        if (!match) continue;
        const start = at + match[0].length - match[1]!.length + 1;
        // A query (a proxy's routing parameters) stays as served after the address `generate` writes.
        const query = match[1]!.indexOf('?');
        const end = query === -1 ? at + match[0].length - 1 : start + query - 1;
        const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*$/i.test(text.slice(start, end));
        spans.push({ start, end, marker: origin ? baseMarker : marker });
      }
    }
  }
  // A copy saved without its service names no address: it is written as kept.
  if (childElements(root, WSDL_NS, 'service').length === 0) return text;
  if (spans.length === 0) {
    throw new WsdlError(file, 1, 1, 'the document has no port with an address: not the WSDL of a service');
  }
  let out = '';
  let from = 0;
  for (const span of spans) {
    out += text.slice(from, span.start) + span.marker;
    from = span.end;
  }
  return out + text.slice(from);
}

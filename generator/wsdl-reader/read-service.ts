import { defaultEndpointPath } from '../model/naming.js';
import { BINDING_KINDS, type BindingKind } from '../model/types.js';
import type { WsdlBinding } from './read-bindings.js';
import { warnAt } from './reader-warnings.js';
import type { WsdlDocument } from './wsdl-document.js';
import { HTTP_NS, SOAP11_NS, SOAP12_NS, WSDL_NS } from './wsdl-namespaces.js';
import { childElements, type XmlNode } from './xml-tree.js';

const ADDRESS_NAMESPACES = [SOAP11_NS, SOAP12_NS, HTTP_NS];

/** The document's one `wsdl:service`; several are refused at the second. */
export function readService(doc: WsdlDocument): XmlNode {
  const [first, second] = doc.services;
  if (!first) {
    throw doc.fail(
      doc.root,
      'the WSDL has no wsdl:service: asmxgen imports the WSDL of a service (for ASMX, its address followed by ' +
        '?wsdl), which names it and its ports',
    );
  }
  if (second) {
    throw doc.failAt(
      second,
      'name',
      `a second service, "${second.attributes.get('name')}" (the first, "${first.attributes.get('name')}", is at ` +
        `line ${doc.line(first)}): asmxgen reads one service per WSDL, as ASMX serves one; split the WSDL into one ` +
        'document per service and import each',
    );
  }
  return first;
}

export interface Endpoints {
  /** The `location` of each port, by the kind of its binding. */
  readonly addresses: Partial<Record<BindingKind, string>>;
  /** The endpoint path of the SOAP address (else any address); `undefined` when it is `/{name}.asmx` or unknown. */
  readonly path: string | undefined;
}

/** The ports' addresses, and the endpoint path they share. */
export function readEndpoints(
  doc: WsdlDocument,
  service: XmlNode,
  serviceName: string,
  bindings: ReadonlyMap<BindingKind, WsdlBinding>,
): Endpoints {
  const byName = new Map([...bindings.values()].flatMap((b) => b.members ?? [b]).map((b) => [b.name, b]));
  const addresses: Partial<Record<BindingKind, string>> = {};
  const nodes: Partial<Record<BindingKind, XmlNode>> = {};
  for (const port of childElements(service, WSDL_NS, 'port')) {
    const bindingName = doc.localReference(port, 'binding');
    const binding = byName.get(bindingName);
    if (!binding) {
      throw doc.failAt(port, 'binding', `the binding "${bindingName}" is not defined in this WSDL: not a valid WSDL`);
    }
    const address = port.elements.find((e) => e.localName === 'address' && ADDRESS_NAMESPACES.includes(e.namespace));
    if (!address || addresses[binding.kind] !== undefined) continue;
    addresses[binding.kind] = doc.attribute(address, 'location');
    nodes[binding.kind] = address;
  }
  const kind = BINDING_KINDS.find((k) => addresses[k] !== undefined);
  if (kind === undefined) return { addresses, path: undefined };
  const location = addresses[kind]!;
  let path: string;
  try {
    path = new URL(location, 'http://localhost/').pathname;
  } catch {
    throw doc.failAt(nodes[kind]!, 'location', `the address "${location}" is not a URL: not a valid WSDL`);
  }
  const noPath = (address: string) => /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*(?:[?#]|$)/i.test(address);
  if (noPath(location) && Object.values(addresses).every(noPath)) {
    // No runtime writes this (an ASMX address holds its .asmx file's path), but callers post to it: its root.
    warnAt(
      doc,
      nodes[kind]!,
      `the service address ${location} has no path, where the ASMX runtime writes the path of the .asmx file: ` +
        'callers post to its root, so the service answers at "/" (service.path) and the kept document\'s ' +
        'addresses stay without a path; check the address callers use, and set service.path to it if it has one',
      'location',
    );
    return { addresses, path: '/' };
  }
  if (noPath(location)) {
    throw doc.failAt(
      nodes[kind]!,
      'location',
      `the service address ${location} has no path: an ASMX service answers at the path of its .asmx file, and ` +
        'asmxgen writes an address as the base URL and that path; import the WSDL the endpoint serves (its ' +
        'address followed by ?wsdl), or add the path to the address (e.g. a final /) and import again',
    );
  }
  // A path without .asmx is one a service behind URL rewriting or a proxy answers at: the server routes by path.
  return { addresses, path: path === defaultEndpointPath(serviceName) ? undefined : path };
}

import { SOAP11_NS, SOAP12_NS } from './wsdl-namespaces.js';
import { warnAt } from './reader-warnings.js';
import type { WsdlDocument } from './wsdl-document.js';
import type { XmlNode } from './xml-tree.js';

/**
 * A WSDL saved without its `wsdl:service` (a copy cut short) but with a SOAP binding: the service is named after
 * that binding, as the runtime names its bindings `{Service}Soap` and `{Service}Soap12` (else after its port type,
 * likewise), with a warning; `undefined` when the document has a service, or no SOAP binding (it is then refused as
 * no service's WSDL). The root stands for the service node: it holds no port, so the spec keeps the default path.
 */
export function unnamedService(doc: WsdlDocument): { node: XmlNode; name: string } | undefined {
  if (doc.services.length > 0) return undefined;
  const binding = doc.bindings.find((b) =>
    b.elements.some((e) => e.localName === 'binding' && (e.namespace === SOAP11_NS || e.namespace === SOAP12_NS)),
  );
  const bindingName = binding?.attributes.get('name');
  if (!binding || bindingName === undefined) return undefined;
  const portType = (binding.attributes.get('type') ?? '').replace(/^[^:]*:/, '');
  const name = [bindingName, portType].map((n) => /^(.+?)Soap(?:12)?$/.exec(n)?.[1]).find((n) => n !== undefined);
  if (name === undefined) return undefined;
  warnAt(
    doc,
    binding,
    `the WSDL has no wsdl:service (a copy saved without it): named the service "${name}" after its SOAP binding ` +
      `"${bindingName}" (the ASMX runtime names its bindings {Service}Soap and {Service}Soap12), answering at ` +
      `/${name}.asmx; check the name and the address callers use, and set service.name and service.path to them`,
    'name',
  );
  return { node: doc.root, name };
}

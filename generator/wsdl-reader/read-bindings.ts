import { BINDING_KINDS, type BindingKind } from '../model/types.js';
import type { WsdlDocument } from './wsdl-document.js';
import { HTTP_NS, SOAP11_NS, SOAP12_NS, WSDL_NS } from './wsdl-namespaces.js';
import { childElement, childElements, isElement, type XmlNode } from './xml-tree.js';

/** One binding of the service, identified by its extension element (and HTTP verb), not by its name. */
export interface WsdlBinding {
  readonly kind: BindingKind;
  readonly name: string;
  readonly node: XmlNode;
  readonly portType: XmlNode;
  /** The binding's operations by name. */
  readonly operations: ReadonlyMap<string, XmlNode>;
}

const LABEL: Record<BindingKind, string> = {
  soap11: 'SOAP 1.1',
  soap12: 'SOAP 1.2',
  httpGet: 'HTTP GET',
  httpPost: 'HTTP POST',
};

const SOAP_NS: Partial<Record<BindingKind, string>> = { soap11: SOAP11_NS, soap12: SOAP12_NS };

/**
 * The bindings of the document, by kind, in the canonical order. Refuses what asmxgen cannot generate:
 * rpc style, encoded use, SOAP headers, bindings of other protocols, two bindings of one kind.
 */
export function readBindings(doc: WsdlDocument): Map<BindingKind, WsdlBinding> {
  const found = new Map<BindingKind, WsdlBinding>();
  for (const node of doc.bindings) {
    const binding = readBinding(doc, node);
    const first = found.get(binding.kind);
    if (first) {
      throw doc.failAt(
        node,
        'name',
        `a second ${LABEL[binding.kind]} binding, "${binding.name}" (the first, "${first.name}", is at line ` +
          `${doc.line(first.node)}): asmxgen gives a service one binding per protocol, as ASMX does; keep one ` +
          'and import again',
      );
    }
    found.set(binding.kind, binding);
  }
  return new Map(BINDING_KINDS.filter((k) => found.has(k)).map((k) => [k, found.get(k)!]));
}

/** The `soapAction` of a SOAP binding's operation, as written (`undefined` when absent). */
export function soapActionOf(binding: WsdlBinding, operation: XmlNode): string | undefined {
  const ns = SOAP_NS[binding.kind];
  return ns === undefined ? undefined : childElement(operation, ns, 'operation')?.attributes.get('soapAction');
}

function readBinding(doc: WsdlDocument, node: XmlNode): WsdlBinding {
  const name = doc.attribute(node, 'name');
  const extensions = node.elements.filter(
    (e) =>
      e.localName === 'binding' && (e.namespace === SOAP11_NS || e.namespace === SOAP12_NS || e.namespace === HTTP_NS),
  );
  const extension = extensions[0];
  if (!extension) {
    throw doc.failAt(
      node,
      'name',
      `binding "${name}" has no soap:binding, soap12:binding or http:binding: asmxgen generates the four bindings ` +
        'ASMX offers (SOAP 1.1, SOAP 1.2, HTTP GET, HTTP POST) and no other; remove this binding and its port ' +
        'and import again',
    );
  }
  if (extensions[1]) {
    throw doc.fail(extensions[1], `binding "${name}" has more than one binding element: not a valid WSDL`);
  }
  const kind = kindOf(doc, name, extension);
  const portType = doc.resolve(node, 'type', doc.portTypes, 'port type');
  const operations = new Map<string, XmlNode>();
  for (const operation of childElements(node, WSDL_NS, 'operation')) {
    const operationName = doc.attribute(operation, 'name');
    if (operations.has(operationName)) continue; // an overload: the port type check names it
    operations.set(operationName, operation);
    const soapNs = SOAP_NS[kind];
    if (soapNs !== undefined) checkSoapOperation(doc, name, operation, soapNs);
    else checkHttpOperation(doc, name, operation);
  }
  return { kind, name, node, portType, operations };
}

function kindOf(doc: WsdlDocument, name: string, extension: XmlNode): BindingKind {
  if (extension.namespace === HTTP_NS) {
    const verb = extension.attributes.get('verb');
    if (verb === 'GET') return 'httpGet';
    if (verb === 'POST') return 'httpPost';
    throw doc.failAt(
      extension,
      'verb',
      `binding "${name}" is HTTP ${verb ?? 'without a verb'}: ASMX offers HTTP GET and HTTP POST only, and so does ` +
        'asmxgen; remove this binding and its port and import again',
    );
  }
  if (extension.attributes.get('style') === 'rpc') throw rpcStyle(doc, extension, `binding "${name}"`);
  return extension.namespace === SOAP11_NS ? 'soap11' : 'soap12';
}

function checkSoapOperation(doc: WsdlDocument, binding: string, operation: XmlNode, ns: string): void {
  const name = operation.attributes.get('name')!;
  const soapOperation = childElement(operation, ns, 'operation');
  if (soapOperation?.attributes.get('style') === 'rpc') {
    throw rpcStyle(doc, soapOperation, `operation "${name}" of binding "${binding}"`);
  }
  for (const message of operation.elements) {
    if (message.namespace !== WSDL_NS || (message.localName !== 'input' && message.localName !== 'output')) continue;
    for (const part of message.elements) {
      if (part.namespace !== ns) continue;
      if (part.localName === 'header') {
        throw doc.fail(
          part,
          `the ${message.localName} of operation "${name}" in binding "${binding}" has a SOAP header ` +
            `(<${part.qualifiedName}>, from [SoapHeader]): asmxgen does not model SOAP headers; pass the ` +
            "header's values as parameters of the web method instead and import again",
        );
      }
      if (isElement(part, ns, 'body')) {
        const use = part.attributes.get('use') ?? 'literal';
        if (use === 'encoded') {
          throw doc.failAt(
            part,
            'use',
            `the ${message.localName} of operation "${name}" in binding "${binding}" is use="encoded" (SOAP ` +
              'section 5 encoding): asmxgen generates literal messages only, as ASMX writes by default; switch ' +
              'the web method to document/literal and import again',
          );
        }
        if (use !== 'literal')
          throw doc.failAt(part, 'use', `use="${use}" is neither literal nor encoded: not a valid WSDL`);
      }
    }
  }
}

function checkHttpOperation(doc: WsdlDocument, binding: string, operation: XmlNode): void {
  const name = operation.attributes.get('name')!;
  const httpOperation = childElement(operation, HTTP_NS, 'operation');
  const location = httpOperation?.attributes.get('location');
  if (location !== `/${name}`) {
    throw doc.failAt(
      httpOperation ?? operation,
      'location',
      `operation "${name}" of binding "${binding}" is at location ` +
        `${location === undefined ? '(none)' : `"${location}"`}, ` +
        `not "/${name}": asmxgen serves every operation at /{Operation}, as ASMX does (another location is a ` +
        'renamed message, e.g. [WebMethod(MessageName = …)]); give the method its own name and import again',
    );
  }
}

function rpcStyle(doc: WsdlDocument, node: XmlNode, what: string): Error {
  return doc.failAt(
    node,
    'style',
    `${what} is style="rpc" ([SoapRpcService] or [SoapRpcMethod]): asmxgen generates document/literal services ` +
      'only, as ASMX writes by default; switch the service to document style and import again',
  );
}

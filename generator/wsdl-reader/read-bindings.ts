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
  /** The binding's operations, by {@link operationKey}. */
  readonly operations: ReadonlyMap<string, XmlNode>;
  /** A SOAP 1.1 binding that claims WS-I Basic Profile 1.1 (`<wsi:Claim>` in its documentation). */
  readonly conformanceClaim: boolean;
  /**
   * Several SOAP bindings of this version (methods spread over `[WebServiceBinding]`s): each of them, in document
   * order. This binding then stands for all of them: its port type lists their operations one binding after the
   * other, and `operations` holds them all.
   */
  readonly members?: readonly WsdlBinding[];
}

const LABEL: Record<BindingKind, string> = {
  soap11: 'SOAP 1.1',
  soap12: 'SOAP 1.2',
  httpGet: 'HTTP GET',
  httpPost: 'HTTP POST',
};

const SOAP_NS: Partial<Record<BindingKind, string>> = { soap11: SOAP11_NS, soap12: SOAP12_NS };

const WSI_CLAIM_NS = 'http://ws-i.org/schemas/conformanceClaim/';
const BASIC_PROFILE_11 = 'http://ws-i.org/profiles/basic/1.1';

/**
 * An operation of a port type or binding: its name, and the `name` of its `wsdl:input` when it has one (the
 * message name of an overload: several operations may share a name).
 */
export function operationKey(doc: WsdlDocument, operation: XmlNode): string {
  const input = childElement(operation, WSDL_NS, 'input');
  return `${doc.attribute(operation, 'name')}\u0000${input?.attributes.get('name') ?? ''}`;
}

/**
 * The bindings of the document, by kind, in the canonical order. Refuses what a spec cannot express: rpc
 * style, encoded use, bindings of other protocols, and a second HTTP binding of one verb. Several SOAP bindings of
 * one version (methods spread over several `[WebServiceBinding]`s) are read as one binding with `members`.
 */
export function readBindings(
  doc: WsdlDocument,
  options: { readonly encoded?: boolean } = {},
): Map<BindingKind, WsdlBinding> {
  const found = new Map<BindingKind, WsdlBinding[]>();
  const addressed = portBindings(doc);
  for (const node of doc.bindings) {
    const binding = readBinding(doc, node, options.encoded === true);
    const same = found.get(binding.kind);
    const first = same?.[0];
    // A copy of a SOAP binding for the same port type that no port addresses: no caller can reach it, and the
    // messages are the other binding's (the final comparison finds it; import keeps the served document).
    if (same?.some((b) => b.portType === binding.portType) && !addressed.has(binding.name)) continue;
    if (first && (binding.kind === 'httpGet' || binding.kind === 'httpPost')) {
      throw doc.failAt(
        node,
        'name',
        `a second ${LABEL[binding.kind]} binding, "${binding.name}" (the first, "${first.name}", is at line ` +
          `${doc.line(first.node)}): the ASMX runtime writes one ${LABEL[binding.kind]} binding per service, and a ` +
          'spec describes one',
      );
    }
    if (same) same.push(binding);
    else found.set(binding.kind, [binding]);
  }
  return new Map(BINDING_KINDS.filter((k) => found.has(k)).map((k) => [k, mergeBindings(doc, found.get(k)!)] as const));
}

/** The names of the bindings the service's ports address. */
function portBindings(doc: WsdlDocument): Set<string> {
  return new Set(
    doc.services.flatMap((service) =>
      childElements(service, WSDL_NS, 'port').map((port) => doc.localReference(port, 'binding')),
    ),
  );
}

/** One binding standing for several SOAP bindings of one version: their operations one binding after the other. */
function mergeBindings(doc: WsdlDocument, bindings: readonly WsdlBinding[]): WsdlBinding {
  const first = bindings[0]!;
  if (bindings.length === 1) return first;
  const operations = new Map<string, XmlNode>();
  for (const [i, binding] of bindings.entries()) {
    const portType = binding.portType.attributes.get('name');
    const other = bindings.slice(0, i).find((b) => b.portType === binding.portType);
    if (other) {
      throw doc.failAt(
        binding.node,
        'type',
        `bindings "${other.name}" and "${binding.name}" are both ${LABEL[binding.kind]} bindings of port type ` +
          `"${portType}": the ASMX runtime writes one port type per [WebServiceBinding], with one binding per SOAP ` +
          'version',
      );
    }
    for (const [key, operation] of binding.operations) {
      if (operations.has(key)) {
        throw doc.failAt(
          operation,
          'name',
          `a second operation "${operation.attributes.get('name')}" with the same input name, in binding ` +
            `"${binding.name}": each web method is in one binding, and overloads need a MessageName each`,
        );
      }
      operations.set(key, operation);
    }
  }
  const portType: XmlNode = {
    ...first.portType,
    elements: bindings.flatMap((b) => childElements(b.portType, WSDL_NS, 'operation')),
  };
  return { ...first, portType, operations, members: bindings };
}

/** The `soapAction` of a SOAP binding's operation, as written (`undefined` when absent). */
export function soapActionOf(binding: WsdlBinding, operation: XmlNode): string | undefined {
  const ns = SOAP_NS[binding.kind];
  return ns === undefined ? undefined : childElement(operation, ns, 'operation')?.attributes.get('soapAction');
}

/** The `soap:header`s (or `soap12:header`s) of a SOAP binding operation's input or output, in order. */
export function soapHeadersOf(binding: WsdlBinding, operation: XmlNode, direction: 'input' | 'output'): XmlNode[] {
  const ns = SOAP_NS[binding.kind];
  const message = childElement(operation, WSDL_NS, direction);
  return ns === undefined || !message ? [] : childElements(message, ns, 'header');
}

/** `encoded`: rpc style and encoded use are read (`read-encoded.ts`), not refused. */
function readBinding(doc: WsdlDocument, node: XmlNode, encoded: boolean): WsdlBinding {
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
      `binding "${name}" has no soap:binding, soap12:binding or http:binding: the ASMX runtime writes the four ` +
        'bindings SOAP 1.1, SOAP 1.2, HTTP GET and HTTP POST and no other, and a spec describes those only; ' +
        'remove this binding and its port and import again',
    );
  }
  if (extensions[1]) {
    throw doc.fail(extensions[1], `binding "${name}" has more than one binding element: not a valid WSDL`);
  }
  const kind = kindOf(doc, name, extension, encoded);
  const portType = doc.resolve(node, 'type', doc.portTypes, 'port type');
  const operations = new Map<string, XmlNode>();
  for (const operation of childElements(node, WSDL_NS, 'operation')) {
    const key = operationKey(doc, operation);
    if (operations.has(key)) {
      throw doc.failAt(
        operation,
        'name',
        `binding "${name}" has a second operation "${doc.attribute(operation, 'name')}" with the same input name: ` +
          'overloads of a web method need a MessageName each, which names their input and output; not a WSDL ' +
          'the ASMX runtime writes',
      );
    }
    operations.set(key, operation);
    const soapNs = SOAP_NS[kind];
    if (soapNs !== undefined && !encoded) checkSoapOperation(doc, name, operation, soapNs);
  }
  return { kind, name, node, portType, operations, conformanceClaim: kind === 'soap11' && claims(node) };
}

/** `<wsdl:documentation><wsi:Claim conformsTo="…basic/1.1" /></wsdl:documentation>`, first in the binding. */
function claims(binding: XmlNode): boolean {
  const documentation = childElement(binding, WSDL_NS, 'documentation');
  return (
    documentation?.elements.some(
      (e) => isElement(e, WSI_CLAIM_NS, 'Claim') && e.attributes.get('conformsTo') === BASIC_PROFILE_11,
    ) === true
  );
}

function kindOf(doc: WsdlDocument, name: string, extension: XmlNode, encoded: boolean): BindingKind {
  if (extension.namespace === HTTP_NS) {
    const verb = extension.attributes.get('verb');
    if (verb === 'GET') return 'httpGet';
    if (verb === 'POST') return 'httpPost';
    throw doc.failAt(
      extension,
      'verb',
      `binding "${name}" is HTTP ${verb ?? 'without a verb'}: the ASMX runtime offers HTTP GET and HTTP POST ` +
        'only, and a spec describes those; remove this binding and its port and import again',
    );
  }
  if (extension.attributes.get('style') === 'rpc' && !encoded) throw rpcStyle(doc, extension, `binding "${name}"`);
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
      if (part.namespace !== ns || (part.localName !== 'body' && part.localName !== 'header')) continue;
      const use = part.attributes.get('use') ?? 'literal';
      if (use === 'encoded') {
        throw doc.failAt(
          part,
          'use',
          `the ${message.localName} of operation "${name}" in binding "${binding}" is use="encoded" (SOAP ` +
            'section 5 encoding, from [SoapDocumentMethod(Use = SoapBindingUse.Encoded)] or [SoapRpcMethod]): a ' +
            'spec describes document/literal operations only, the ASMX default',
        );
      }
      if (use !== 'literal')
        throw doc.failAt(part, 'use', `use="${use}" is neither literal nor encoded: not a valid WSDL`);
    }
  }
}

function rpcStyle(doc: WsdlDocument, node: XmlNode, what: string): Error {
  return doc.failAt(
    node,
    'style',
    `${what} is style="rpc" ([SoapRpcService] or [SoapRpcMethod]): a spec describes document/literal ` +
      'operations only, the ASMX default; switch the service to document style and import again',
  );
}

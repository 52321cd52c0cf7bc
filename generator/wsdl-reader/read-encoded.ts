import { soapActionFor } from '../model/naming.js';
import { isXsdType } from '../model/xsd-types.js';
import type { ClassDeclaration, MemberDeclaration } from '../model/type-declarations.js';
import type { BindingKind } from '../model/types.js';
import type { SpecOperation, SpecParameter } from '../spec/spec-types.js';
import { operationKey, type WsdlBinding } from './read-bindings.js';
import type { WsdlDocument } from './wsdl-document.js';
import { SOAP11_NS, SOAP12_NS, WSDL_NS, XSD_NS } from './wsdl-namespaces.js';
import { childElement, childElements, resolveQName, type QName, type XmlNode } from './xml-tree.js';

const SOAP_ENCODING_NS = 'http://schemas.xmlsoap.org/soap/encoding/';

/**
 * The SOAP bindings' `soap:body` elements, when every one of them is `use="encoded"` (SOAP section 5): a service
 * whose SOAP operations are all rpc/encoded or document/encoded, as `[SoapRpcService]` writes it. `undefined`
 * for a WSDL with a literal body (or none): the literal reader reads it, and refuses the encoded ones of a
 * service that mixes both.
 */
export function isEncodedService(doc: WsdlDocument): boolean {
  const bodies = doc.bindings.flatMap((binding) => childElements(binding, WSDL_NS, 'operation').flatMap(soapBodies));
  return bodies.length > 0 && bodies.every((b) => b.attributes.get('use') === 'encoded');
}

/** Some SOAP operation of the WSDL is encoded (and, unless {@link isEncodedService}, some literal). */
export function hasEncodedOperation(doc: WsdlDocument): boolean {
  return doc.bindings.some((binding) => childElements(binding, WSDL_NS, 'operation').some(isEncodedBinding));
}

/** A binding's operation whose SOAP body is `use="encoded"`. */
export function isEncodedBinding(operation: XmlNode): boolean {
  return soapBodies(operation).some((b) => b.attributes.get('use') === 'encoded');
}

function soapBodies(operation: XmlNode): XmlNode[] {
  return operation.elements
    .filter((m) => m.namespace === WSDL_NS && (m.localName === 'input' || m.localName === 'output'))
    .flatMap((m) => m.elements.filter((e) => e.localName === 'body' && isSoap(e.namespace)));
}

function isSoap(namespace: string): boolean {
  return namespace === SOAP11_NS || namespace === SOAP12_NS;
}

/** What the encoded reading gives the spec: the service's style, its operations and its types. */
export interface EncodedReading {
  readonly rpcService: boolean;
  /** By port type operation, those `only` keeps. */
  readonly operations: ReadonlyMap<XmlNode, SpecOperation>;
  readonly types: readonly ClassDeclaration[];
}

/**
 * Reads an encoded service's operations from its first SOAP binding: style and body namespaces from the
 * binding, parameters and result from the message parts (rpc: one part per parameter, then `{Op}Result`;
 * document/encoded: the members of the request and response types), types from the encoded schema (classes by
 * their C# names, `soapenc:Array` restrictions as arrays). What this leaves unsaid (HTTP, literal types) the
 * final comparison checks.
 */
export function readEncodedOperations(
  doc: WsdlDocument,
  bindings: ReadonlyMap<BindingKind, WsdlBinding>,
  only: (portTypeOperation: XmlNode) => boolean = () => true,
): EncodedReading {
  const binding = (bindings.get('soap11') ?? bindings.get('soap12'))!;
  const soapNs = binding.kind === 'soap11' ? SOAP11_NS : SOAP12_NS;
  const extension = binding.node.elements.find((e) => e.namespace === soapNs && e.localName === 'binding')!;
  const rpcService = extension.attributes.get('style') === 'rpc';
  const encodedNs = rpcService ? doc.targetNamespace : subNamespace(doc.targetNamespace, 'encodedTypes');
  const types = new EncodedTypes(doc, encodedNs);
  const read = (node: XmlNode): SpecOperation => {
    const name = doc.attribute(node, 'name');
    const input = doc.resolve(childElement(node, WSDL_NS, 'input')!, 'message', doc.messages, 'message');
    const outputRef = childElement(node, WSDL_NS, 'output');
    if (!outputRef)
      throw doc.fail(node, `operation "${name}" is one-way: a spec describes request-response operations only`);
    const output = doc.resolve(outputRef, 'message', doc.messages, 'message');
    const inName = doc.attribute(input, 'name');
    const messageName = inName.endsWith('SoapIn') ? inName.slice(0, -'SoapIn'.length) : name;
    const bound = binding.operations.get(operationKey(doc, node))!;
    const soapOperation = childElement(bound, soapNs, 'operation');
    const style = soapOperation?.attributes.get('style') ?? (rpcService ? 'rpc' : 'document');
    const bodyNs = (direction: 'input' | 'output') => {
      const side = childElement(bound, WSDL_NS, direction);
      const body = side && childElement(side, soapNs, 'body');
      return body?.attributes.get('namespace') ?? doc.targetNamespace;
    };
    let parameters: SpecParameter[];
    let result: string | undefined;
    if (style === 'rpc') {
      parameters = childElements(input, WSDL_NS, 'part').map((part) => ({
        name: doc.attribute(part, 'name'),
        type: types.ref(part, qnameOf(doc, part, 'type')),
      }));
      const out = childElements(output, WSDL_NS, 'part');
      result = out[0] && types.ref(out[0], qnameOf(doc, out[0], 'type'));
      if (out[1]) throw doc.fail(out[1], `operation "${name}" has out parameters: a spec cannot express them encoded`);
    } else {
      parameters = types.members(single(doc, input)).map((m) => ({ name: m.name, type: m.type }));
      const members = types.members(single(doc, output));
      result = members[0]?.type;
      if (members[1])
        throw doc.fail(output, `operation "${name}" has out parameters: a spec cannot express them encoded`);
    }
    const soapAction = soapOperation?.attributes.get('soapAction');
    const description = doc.documentationOf(node);
    const requestNamespace = bodyNs('input');
    const responseNamespace = bodyNs('output');
    return {
      name,
      ...(messageName !== name && { messageName }),
      ...(description !== undefined && { description }),
      ...(soapAction !== undefined && soapAction !== soapActionFor(doc.targetNamespace, messageName) && { soapAction }),
      ...(parameters.length > 0 && { parameters }),
      ...(result !== undefined && { result }),
      ...(style !== (rpcService ? 'rpc' : 'document') && { style: style as 'rpc' | 'document' }),
      ...(!rpcService && style !== 'rpc' && { use: 'encoded' as const }),
      ...(style === 'rpc' && requestNamespace !== doc.targetNamespace && { requestNamespace }),
      ...(style === 'rpc' && responseNamespace !== doc.targetNamespace && { responseNamespace }),
    };
  };
  const operations = new Map<XmlNode, SpecOperation>();
  for (const node of childElements(binding.portType, WSDL_NS, 'operation')) {
    if (only(node)) operations.set(node, read(node));
  }
  return { rpcService, operations, types: types.declarations() };
}

function subNamespace(namespace: string, name: string): string {
  return namespace.endsWith('/') ? `${namespace}${name}` : `${namespace}/${name}`;
}

function qnameOf(doc: WsdlDocument, node: XmlNode, attribute: string): QName {
  const value = doc.attribute(node, attribute);
  const qname = resolveQName(node, value);
  if (!qname) throw doc.failAt(node, attribute, `"${value}" names no namespace in scope: not a valid WSDL`);
  return qname;
}

/** document/encoded's one `parameters` part, whose type is the request or response type. */
function single(doc: WsdlDocument, message: XmlNode): { node: XmlNode; type: QName } {
  const parts = childElements(message, WSDL_NS, 'part');
  if (parts.length !== 1 || !parts[0]!.attributes.has('type')) {
    throw doc.fail(
      message,
      `message "${message.attributes.get('name')}" is not one part with a type, as document/encoded writes it`,
    );
  }
  return { node: parts[0]!, type: qnameOf(doc, parts[0]!, 'type') };
}

/** The encoded schema's complex types, read into spec type references and class declarations. */
class EncodedTypes {
  private readonly complexTypes = new Map<string, XmlNode>();
  private readonly classes = new Map<string, ClassDeclaration>();

  constructor(
    private readonly doc: WsdlDocument,
    private readonly namespace: string,
  ) {
    for (const schema of doc.schemas) {
      if (schema.attributes.get('targetNamespace') !== namespace) continue;
      for (const child of childElements(schema, XSD_NS, 'complexType')) {
        const name = child.attributes.get('name');
        if (name !== undefined && !this.complexTypes.has(name)) this.complexTypes.set(name, child);
      }
    }
  }

  declarations(): ClassDeclaration[] {
    return [...this.classes.values()];
  }

  /** A spec type reference for a part's or element's type. */
  ref(at: XmlNode, qname: QName): string {
    if (qname.namespace === XSD_NS) {
      if (isXsdType(qname.localName)) return qname.localName;
      throw this.doc.fail(at, `the XSD type "${qname.localName}" is not one a spec names`);
    }
    if (qname.namespace !== this.namespace) {
      throw this.doc.fail(
        at,
        `the type "${qname.localName}" is in namespace ${qname.namespace}, not the encoded types' ${this.namespace}`,
      );
    }
    const node = this.complexTypes.get(qname.localName);
    if (!node) throw this.doc.fail(at, `the type "${qname.localName}" is not declared in wsdl:types: not a valid WSDL`);
    const content = childElement(node, XSD_NS, 'complexContent');
    if (content) return `${this.arrayItem(node, content)}[]`;
    this.declareClass(qname.localName, node);
    return qname.localName;
  }

  /** The members of a class or of a document/encoded request or response type: unqualified elements. */
  members(part: { node: XmlNode; type: QName }): { name: string; type: string }[] {
    const node = this.complexTypes.get(part.type.localName);
    if (part.type.namespace !== this.namespace || !node) {
      throw this.doc.failAt(part.node, 'type', `the type "${part.type.localName}" is not an encoded type of this WSDL`);
    }
    const sequence = childElement(node, XSD_NS, 'sequence');
    return (sequence ? childElements(sequence, XSD_NS, 'element') : []).map((e) => ({
      name: this.doc.attribute(e, 'name'),
      type: this.ref(e, qnameOf(this.doc, e, 'type')),
    }));
  }

  private declareClass(name: string, node: XmlNode): void {
    if (this.classes.has(name)) return;
    // Declared before its members are read, so that a class that refers to itself is read once.
    const members: MemberDeclaration[] = [];
    this.classes.set(name, { kind: 'class', name, members });
    members.push(...this.members({ node, type: { namespace: this.namespace, localName: name } }));
  }

  /** The item type of a `soapenc:Array` restriction, from its `wsdl:arrayType` (`s:int[]`). */
  private arrayItem(node: XmlNode, content: XmlNode): string {
    const restriction = childElement(content, XSD_NS, 'restriction');
    const base = restriction && resolveQName(restriction, restriction.attributes.get('base') ?? '');
    const attribute = restriction && childElement(restriction, XSD_NS, 'attribute');
    const arrayType = attribute && [...attribute.attributes].find(([key]) => key.endsWith(':arrayType'))?.[1];
    if (
      !attribute ||
      base?.namespace !== SOAP_ENCODING_NS ||
      base.localName !== 'Array' ||
      !arrayType?.endsWith('[]')
    ) {
      throw this.doc.fail(node, 'an encoded complex type that is neither a class nor a soapenc:Array of one item type');
    }
    const item = resolveQName(attribute, arrayType.slice(0, -2));
    if (!item) throw this.doc.fail(attribute, `"${arrayType}" names no namespace in scope: not a valid WSDL`);
    return this.ref(attribute, item);
  }
}

import { soapActionFor } from '../model/naming.js';
import type { BindingKind } from '../model/types.js';
import type { SpecOperation } from '../spec/spec-types.js';
import { soapActionOf, type WsdlBinding } from './read-bindings.js';
import type { SchemaReader } from './read-schema.js';
import type { WsdlDocument } from './wsdl-document.js';
import { isUsableName } from './wsdl-names.js';
import { WSDL_NS } from './wsdl-namespaces.js';
import { childElement, childElements, type XmlNode } from './xml-tree.js';

/** What ASMX puts between the operation name and `In`/`Out` in each binding's message names. */
const MESSAGE_INFIX: Record<BindingKind, string> = {
  soap11: 'Soap',
  soap12: 'Soap',
  httpGet: 'HttpGet',
  httpPost: 'HttpPost',
};

/**
 * The operations, in the order of the first binding's port type (every binding must list the same ones),
 * each with its parameters and result from the schema, its description and its SOAPAction. Every message
 * and element must be named after the operation, as ASMX names them: other names are what
 * `[WebMethod(MessageName = …)]` makes, for overloads, which a spec cannot represent.
 */
export function readOperations(
  doc: WsdlDocument,
  bindings: ReadonlyMap<BindingKind, WsdlBinding>,
  schema: SchemaReader,
): SpecOperation[] {
  const all = [...bindings.values()];
  const primary = all[0]!;
  const listed = new Map(all.map((b) => [b, checkSameOperations(doc, primary, b)]));
  const soap = bindings.get('soap11') ?? bindings.get('soap12');
  const seen = new Map<string, XmlNode>();
  return listed.get(primary)!.map((node, index): SpecOperation => {
    const name = doc.attribute(node, 'name');
    let request: XmlNode = node;
    let response: XmlNode = node;
    for (const binding of all) {
      const parts = checkMessages(doc, binding, listed.get(binding)![index]!, name);
      if (binding === soap) ({ request, response } = parts);
    }
    const first = seen.get(name);
    if (first) {
      throw doc.failAt(
        node,
        'name',
        `a second operation "${name}" in port type "${primary.portType.attributes.get('name')}" (the first is at ` +
          `line ${doc.line(first)}): an overloaded web method, which asmxgen cannot represent (every operation ` +
          'needs a name of its own); give each overload its own method name and import again',
      );
    }
    seen.set(name, node);
    if (!isUsableName(name)) {
      throw doc.failAt(
        node,
        'name',
        `the operation name "${name}" is not one asmxgen can use (a name of letters, digits and "_" that does ` +
          'not start with a digit, and is not __proto__, constructor or prototype): it names generated ' +
          'methods and types; rename the web method and import again',
      );
    }
    const description = doc.documentationOf(node);
    const soapAction = soap && readSoapAction(doc, bindings, name);
    const parameters = schema.request(name, request);
    const result = schema.response(name, response);
    return {
      name,
      ...(description !== undefined && { description }),
      ...(soapAction !== undefined && soapAction !== soapActionFor(doc.targetNamespace, name) && { soapAction }),
      ...(parameters.length > 0 && { parameters }),
      ...(result !== undefined && { result }),
    };
  });
}

/** The operations of `binding`'s port type, which must be those of the primary binding's, in order. */
function checkSameOperations(doc: WsdlDocument, primary: WsdlBinding, binding: WsdlBinding): XmlNode[] {
  const operations = childElements(binding.portType, WSDL_NS, 'operation');
  const names = operations.map((op) => doc.attribute(op, 'name'));
  const primaryNames = childElements(primary.portType, WSDL_NS, 'operation').map((op) => op.attributes.get('name'));
  const portType = binding.portType.attributes.get('name');
  if (names.join('\n') !== primaryNames.join('\n')) {
    throw doc.failAt(
      binding.portType,
      'name',
      `port type "${portType}" (of binding "${binding.name}") lists the operations ${list(names)}, but port type ` +
        `"${primary.portType.attributes.get('name')}" (of binding "${primary.name}") lists ${list(primaryNames)}: ` +
        'asmxgen offers every operation on every binding, as ASMX does; make them agree and import again',
    );
  }
  const missing = names.find((name) => !binding.operations.has(name));
  const extra = [...binding.operations.keys()].find((name) => !names.includes(name));
  if (missing !== undefined || extra !== undefined) {
    throw doc.failAt(
      binding.node,
      'name',
      missing !== undefined
        ? `binding "${binding.name}" has no operation "${missing}", which its port type "${portType}" lists: ` +
            'not a valid WSDL'
        : `binding "${binding.name}" has an operation "${extra}", which its port type "${portType}" does not ` +
            'list: not a valid WSDL',
    );
  }
  return operations;
}

/**
 * Checks that the port-type operation's messages (and, for SOAP, their elements) are named after the
 * operation; returns where the request and response elements are named.
 */
function checkMessages(
  doc: WsdlDocument,
  binding: WsdlBinding,
  operation: XmlNode,
  name: string,
): { request: XmlNode; response: XmlNode } {
  const portType = binding.portType.attributes.get('name');
  const input = childElement(operation, WSDL_NS, 'input');
  const output = childElement(operation, WSDL_NS, 'output');
  if (!input)
    throw doc.fail(operation, `operation "${name}" in port type "${portType}" has no input: not a valid WSDL`);
  if (!output) {
    throw doc.fail(
      operation,
      `operation "${name}" in port type "${portType}" is one-way (it has no output: [SoapDocumentMethod(OneWay = ` +
        'true)]): asmxgen generates request-response operations only, as ASMX does by default; remove OneWay ' +
        'and import again',
    );
  }
  const infix = MESSAGE_INFIX[binding.kind];
  const parts: XmlNode[] = [];
  for (const [node, direction] of [
    [input, 'In'],
    [output, 'Out'],
  ] as const) {
    const messageName = doc.localReference(node, 'message');
    const expected = `${name}${infix}${direction}`;
    if (messageName !== expected) {
      const wire = messageName.endsWith(infix + direction)
        ? messageName.slice(0, -(infix + direction).length)
        : messageName;
      throw renamed(
        doc,
        node,
        'message',
        `${direction === 'In' ? 'input' : 'output'} message`,
        name,
        messageName,
        expected,
        wire,
      );
    }
    const message = doc.resolve(node, 'message', doc.messages, 'message');
    if (binding.kind === 'soap11' || binding.kind === 'soap12') parts.push(soapPart(doc, message, name, direction));
  }
  return parts.length === 2 ? { request: parts[0]!, response: parts[1]! } : { request: input, response: output };
}

/** The one part of a SOAP message, which must name the operation's request or response element. */
function soapPart(doc: WsdlDocument, message: XmlNode, name: string, direction: 'In' | 'Out'): XmlNode {
  const messageName = message.attributes.get('name');
  const part = childElements(message, WSDL_NS, 'part');
  const only = part[0];
  if (!only || part[1] || !only.attributes.has('element')) {
    throw doc.fail(
      part[1] ?? only ?? message,
      `message "${messageName}" is not one part naming an element (${
        only && !only.attributes.has('element') ? 'a part with a type, as rpc style writes it' : `${part.length} parts`
      }): asmxgen generates document/literal operations whose message is one element, as ASMX writes them; ` +
        'switch the web method to document style and import again',
    );
  }
  const element = doc.localReference(only, 'element');
  const expected = direction === 'In' ? name : `${name}Response`;
  if (element !== expected) {
    const wire = direction === 'In' ? element : element.replace(/Response$/, '');
    const what = direction === 'In' ? 'request element' : 'response element';
    throw renamed(doc, only, 'element', what, name, element, expected, wire);
  }
  return only;
}

function renamed(
  doc: WsdlDocument,
  node: XmlNode,
  attribute: string,
  what: string,
  operation: string,
  actual: string,
  expected: string,
  wire: string,
): Error {
  return doc.failAt(
    node,
    attribute,
    `the ${what} of operation "${operation}" is "${actual}", not "${expected}": the method is renamed on the wire ` +
      `to "${wire}" ([WebMethod(MessageName = "${wire}")], as overloads are); asmxgen names every message and ` +
      'element after the operation, so it cannot represent overloads or renamed messages; give the method its ' +
      'own name in the service and import again',
  );
}

/** The SOAPAction both SOAP bindings give the operation (they must agree). */
function readSoapAction(doc: WsdlDocument, bindings: ReadonlyMap<BindingKind, WsdlBinding>, name: string): string {
  let action: { value: string; binding: WsdlBinding } | undefined;
  for (const kind of ['soap11', 'soap12'] as const) {
    const binding = bindings.get(kind);
    if (!binding) continue;
    const operation = binding.operations.get(name)!;
    const value = soapActionOf(binding, operation);
    if (value === undefined || value.trim() === '') {
      throw doc.fail(
        operation,
        `operation "${name}" of binding "${binding.name}" has no soapAction: asmxgen routes SOAP requests by ` +
          'SOAPAction and gives every operation one, as ASMX does; add soapAction="…" and import again',
      );
    }
    if (action && action.value !== value) {
      throw doc.fail(
        operation,
        `operation "${name}" has the SOAPAction "${action.value}" in binding "${action.binding.name}" but ` +
          `"${value}" in binding "${binding.name}": asmxgen gives an operation one SOAPAction for both SOAP ` +
          'versions, as ASMX does; make them equal and import again',
      );
    }
    action ??= { value, binding };
  }
  return action!.value;
}

function list(names: readonly (string | undefined)[]): string {
  return names.length === 0 ? '(none)' : names.map((n) => `"${n}"`).join(', ');
}

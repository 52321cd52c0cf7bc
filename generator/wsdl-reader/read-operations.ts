import type { BindingKind } from '../model/types.js';
import { operationKey, soapActionOf, soapHeadersOf, type WsdlBinding } from './read-bindings.js';
import type { WsdlDocument } from './wsdl-document.js';
import { isXmlName } from '../model/naming.js';
import { RESERVED_NAMES } from './wsdl-names.js';
import { WSDL_NS } from './wsdl-namespaces.js';
import { childElement, childElements, resolveQName, type XmlNode } from './xml-tree.js';

/** What ASMX puts between the message name and `In`/`Out` in each binding's message names. */
const MESSAGE_INFIX: Record<BindingKind, string> = {
  soap11: 'Soap',
  soap12: 'Soap',
  httpGet: 'HttpGet',
  httpPost: 'HttpPost',
};

/** A SOAP header of an operation: its element, its direction, and where the binding names it. */
export interface HeaderReading {
  readonly element: string;
  readonly direction: 'in' | 'out' | 'inOut';
  readonly node: XmlNode;
}

/** One operation as the port types and bindings describe it; its parameters and result are in the schema. */
export interface OperationReading {
  /** The port type's operation. */
  readonly node: XmlNode;
  /** The method name (`wsdl:operation name`); overloads share it. */
  readonly name: string;
  /** `[WebMethod(MessageName)]`, else the name: names the wrapper elements and messages. */
  readonly messageName: string;
  readonly description: string | undefined;
  /** The SOAPAction of the SOAP bindings; `undefined` without one. */
  readonly soapAction: string | undefined;
  /** Where the request and response elements are named (the SOAP message parts, or the operation). */
  readonly request: XmlNode;
  readonly response: XmlNode;
  /** In the order the binding lists them (the runtime sorts them by the service's field name). */
  readonly headers: readonly HeaderReading[];
  /** HttpGet/HttpPost offer the operation: their port type operation, and the `Body` part of the reply. */
  readonly http: { readonly node: XmlNode; readonly body: XmlNode | undefined } | undefined;
}

/**
 * The operations, in the order of the SOAP port type (else the HTTP one): each with its message name, its
 * description, its SOAPAction and headers, and whether HttpGet/HttpPost offer it. Both SOAP bindings must list
 * the same operations, as must both HTTP bindings; which operations HTTP offers is checked against the types
 * later (the runtime decides it from the parameter types).
 */
export function readOperations(doc: WsdlDocument, bindings: ReadonlyMap<BindingKind, WsdlBinding>): OperationReading[] {
  const soap = [bindings.get('soap11'), bindings.get('soap12')].filter((b) => b !== undefined);
  const http = [bindings.get('httpGet'), bindings.get('httpPost')].filter((b) => b !== undefined);
  for (const group of [soap, http]) {
    for (const binding of group) checkPortType(doc, group[0]!, binding);
  }
  const httpOps = new Map<string, { node: XmlNode; body: XmlNode | undefined }>();
  for (const binding of http) {
    for (const node of childElements(binding.portType, WSDL_NS, 'operation')) {
      const { messageName, output } = messagesOf(doc, binding, node);
      if (binding === http[0]) httpOps.set(messageName, { node, body: bodyPart(doc, output) });
    }
  }
  const primary = soap[0] ?? http[0]!;
  const seen = new Map<string, XmlNode>();
  const operations = childElements(primary.portType, WSDL_NS, 'operation').map((node): OperationReading => {
    const name = doc.attribute(node, 'name');
    // The runtime names an operation XmlConvert.EncodeLocalName(method name): any XML name (a method named in IL or
    // F# may hold "-" or "."). TypeScript gets an identifier made from it (model/naming.ts).
    if (!isXmlName(name) || RESERVED_NAMES.has(name)) {
      throw doc.failAt(
        node,
        'name',
        `the operation name "${name}" is not one asmxgen can use (an XML name of letters, digits, "_", "-" and ` +
          `"." that does not start with a digit, "-" or ".", and is not ${[...RESERVED_NAMES].join(', ')}): ` +
          'rename the web method and import again',
      );
    }
    const { messageName } = messagesOf(doc, primary, node);
    const first = seen.get(messageName);
    if (first) {
      throw doc.failAt(
        node,
        'name',
        `a second operation with the message name "${messageName}" (the first is at line ${doc.line(first)}): ` +
          'overloads of a web method need a MessageName each; not a WSDL the ASMX runtime writes',
      );
    }
    seen.set(messageName, node);
    let request: XmlNode = node;
    let response: XmlNode = node;
    for (const binding of soap) {
      const parts = soapParts(doc, binding, node, name, messageName);
      if (binding === soap[0]) ({ request, response } = parts);
    }
    return {
      node,
      name,
      messageName,
      description: doc.documentationOf(node),
      soapAction: soap.length > 0 ? readSoapAction(doc, soap, node, name) : undefined,
      request,
      response,
      headers: soap[0] ? readHeaders(doc, soap, node, name) : [],
      http: httpOps.get(messageName),
    };
  });
  for (const [messageName, op] of httpOps) {
    if (!seen.has(messageName)) {
      throw doc.fail(
        op.node,
        `port type "${http[0]!.portType.attributes.get('name')}" has an operation with the message name ` +
          `"${messageName}", which the SOAP port type does not have: the ASMX runtime offers on HttpGet and ` +
          'HttpPost a subset of the SOAP operations only',
      );
    }
  }
  return operations;
}

/** The binding's port type lists the same operations as the first binding of its family, and its own. */
function checkPortType(doc: WsdlDocument, first: WsdlBinding, binding: WsdlBinding): void {
  const keys = childElements(binding.portType, WSDL_NS, 'operation').map((op) => operationKey(doc, op));
  const firstKeys = childElements(first.portType, WSDL_NS, 'operation').map((op) => operationKey(doc, op));
  const portType = binding.portType.attributes.get('name');
  const show = (list: string[]) =>
    list.length === 0
      ? '(none)'
      : list
          .map((k) => {
            const [name, ioName] = k.split('\u0000');
            return ioName ? `"${name}" (${ioName})` : `"${name}"`;
          })
          .join(', ');
  if (keys.join('\n') !== firstKeys.join('\n')) {
    throw doc.failAt(
      binding.portType,
      'name',
      `port type "${portType}" (of binding "${binding.name}") lists the operations ${show(keys)}, but port type ` +
        `"${first.portType.attributes.get('name')}" (of binding "${first.name}") lists ${show(firstKeys)}: the ASMX ` +
        `runtime offers the same operations on ${binding.kind.startsWith('soap') ? 'SOAP 1.1 and SOAP 1.2' : 'HttpGet and HttpPost'}`,
    );
  }
  const missing = keys.find((key) => !binding.operations.has(key));
  const extra = [...binding.operations.keys()].find((key) => !keys.includes(key));
  if (missing !== undefined || extra !== undefined) {
    const name = (missing ?? extra)!.split('\u0000')[0];
    throw doc.failAt(
      binding.node,
      'name',
      missing !== undefined
        ? `binding "${binding.name}" has no operation "${name}", which its port type "${portType}" lists: not a ` +
            'valid WSDL'
        : `binding "${binding.name}" has an operation "${name}", which its port type "${portType}" does not ` +
            'list: not a valid WSDL',
    );
  }
}

/**
 * The message name of a port type operation, from its input message (`{message name}SoapIn`,
 * `…HttpGetIn`, `…HttpPostIn`), and its input and output; a missing output is a one-way operation.
 */
function messagesOf(
  doc: WsdlDocument,
  binding: WsdlBinding,
  operation: XmlNode,
): { messageName: string; output: XmlNode } {
  const name = operation.attributes.get('name')!;
  const portType = binding.portType.attributes.get('name');
  const input = childElement(operation, WSDL_NS, 'input');
  const output = childElement(operation, WSDL_NS, 'output');
  if (!input)
    throw doc.fail(operation, `operation "${name}" in port type "${portType}" has no input: not a valid WSDL`);
  if (!output) {
    throw doc.fail(
      operation,
      `operation "${name}" in port type "${portType}" is one-way (it has no output, as ` +
        '[SoapDocumentMethod(OneWay = true)] writes it): a spec describes request-response operations only',
    );
  }
  const infix = MESSAGE_INFIX[binding.kind];
  const inName = doc.localReference(input, 'message');
  if (!inName.endsWith(`${infix}In`) || inName.length === `${infix}In`.length) {
    throw doc.failAt(
      input,
      'message',
      `the input message of operation "${name}" is "${inName}": the ASMX runtime names it {message name}${infix}In, ` +
        `and asmxgen reads the message name from it`,
    );
  }
  const messageName = inName.slice(0, -`${infix}In`.length);
  const outName = doc.localReference(output, 'message');
  if (outName !== `${messageName}${infix}Out`) {
    throw doc.failAt(
      output,
      'message',
      `the output message of operation "${name}" is "${outName}", not "${messageName}${infix}Out" as the ASMX ` +
        'runtime names it after the input message',
    );
  }
  doc.resolve(input, 'message', doc.messages, 'message');
  doc.resolve(output, 'message', doc.messages, 'message');
  const ioName = input.attributes.get('name');
  const expected = messageName === name ? undefined : messageName;
  if (ioName !== expected || output.attributes.get('name') !== expected) {
    throw doc.fail(
      ioName !== expected ? input : output,
      expected === undefined
        ? `operation "${name}" names its input or output "${ioName ?? output.attributes.get('name')}", but its ` +
            `messages are named after "${name}": the runtime names them only for a MessageName other than the method name`
        : `operation "${name}" has the message name "${messageName}" ([WebMethod(MessageName = "${messageName}")]), ` +
            `so the ASMX runtime writes name="${messageName}" on its input and output; here they are missing or differ`,
    );
  }
  // [WebMethod(MessageName)] may be any XML name ("User.GetApiKey", "Call-MAXSO"): it names XML only (wrapper
  // elements, messages, SOAPAction, HTTP location), never TypeScript.
  if (!isXmlName(messageName) || RESERVED_NAMES.has(messageName)) {
    throw doc.failAt(
      input,
      'message',
      `the message name "${messageName}" of operation "${name}" is not one asmxgen can use (an XML name of ` +
        `letters, digits, "_", "-" and "." that does not start with a digit, "-" or ".", and is not ` +
        `${[...RESERVED_NAMES].join(', ')}): it names the wrapper elements; rename it and import again`,
    );
  }
  return { messageName, output };
}

/** The `Body` part of an HTTP reply message that names an element; `undefined` for void and XML results. */
function bodyPart(doc: WsdlDocument, output: XmlNode): XmlNode | undefined {
  const message = doc.resolve(output, 'message', doc.messages, 'message');
  const part = childElements(message, WSDL_NS, 'part')[0];
  return part?.attributes.has('element') ? part : undefined;
}

/** The SOAP message parts naming the request and response elements, which must be named after the message. */
function soapParts(
  doc: WsdlDocument,
  binding: WsdlBinding,
  operation: XmlNode,
  name: string,
  messageName: string,
): { request: XmlNode; response: XmlNode } {
  const parts: XmlNode[] = [];
  for (const direction of ['input', 'output'] as const) {
    const node = childElement(operation, WSDL_NS, direction)!;
    const message = doc.resolve(node, 'message', doc.messages, 'message');
    const messageNodeName = message.attributes.get('name');
    const part = childElements(message, WSDL_NS, 'part');
    const only = part[0];
    if (!only || part[1] || !only.attributes.has('element')) {
      throw doc.fail(
        part[1] ?? only ?? message,
        `message "${messageNodeName}" is not one part naming an element (${
          only && !only.attributes.has('element')
            ? 'a part with a type, as rpc style writes it'
            : `${part.length} parts, as [SoapDocumentMethod(ParameterStyle = SoapParameterStyle.Bare)] writes it`
        }): a spec describes wrapped document/literal operations, whose message is one element`,
      );
    }
    const value = doc.attribute(only, 'element');
    const qname = resolveQName(only, value);
    if (qname && qname.namespace !== doc.targetNamespace) {
      const which = direction === 'input' ? 'RequestNamespace' : 'ResponseNamespace';
      throw doc.failAt(
        only,
        'element',
        `the ${direction === 'input' ? 'request' : 'response'} element of operation "${name}" is in namespace ` +
          `${qname.namespace || '(none)'}, not the service namespace ${doc.targetNamespace} ` +
          `([SoapDocumentMethod(${which} = "${qname.namespace}")] puts it there): a spec puts every wrapper ` +
          'element in the service namespace and cannot express another',
      );
    }
    const element = doc.localReference(only, 'element');
    const expected = direction === 'input' ? messageName : `${messageName}Response`;
    if (element !== expected) {
      throw doc.failAt(
        only,
        'element',
        `the ${direction === 'input' ? 'request' : 'response'} element of operation "${name}" is "${element}", not ` +
          `"${expected}" ([SoapDocumentMethod(${direction === 'input' ? 'RequestElementName' : 'ResponseElementName'} ` +
          '= …)] renames it): a spec names the wrapper elements after the message name and cannot express another',
      );
    }
    parts.push(only);
  }
  return { request: parts[0]!, response: parts[1]! };
}

/** The SOAPAction both SOAP bindings give the operation (they must agree). */
function readSoapAction(doc: WsdlDocument, soap: readonly WsdlBinding[], node: XmlNode, name: string): string {
  let action: { value: string; binding: WsdlBinding } | undefined;
  for (const binding of soap) {
    const operation = binding.operations.get(operationKey(doc, node))!;
    const value = soapActionOf(binding, operation);
    if (value === undefined || value.trim() === '') {
      throw doc.fail(
        operation,
        `operation "${name}" of binding "${binding.name}" has no soapAction: the ASMX runtime gives every ` +
          'operation one, and asmxgen routes SOAP requests by it; add soapAction="…" and import again',
      );
    }
    if (action && action.value !== value) {
      throw doc.fail(
        operation,
        `operation "${name}" has the SOAPAction "${action.value}" in binding "${action.binding.name}" but ` +
          `"${value}" in binding "${binding.name}": the ASMX runtime gives an operation one SOAPAction for both ` +
          'SOAP versions; make them equal and import again',
      );
    }
    action ??= { value, binding };
  }
  return action!.value;
}

/**
 * The operation's SOAP headers: those of the input (In, InOut) and of the output (Out, InOut), merged in the
 * order both lists keep. Both SOAP bindings must agree.
 */
function readHeaders(doc: WsdlDocument, soap: readonly WsdlBinding[], node: XmlNode, name: string): HeaderReading[] {
  let result: HeaderReading[] | undefined;
  for (const binding of soap) {
    const operation = binding.operations.get(operationKey(doc, node))!;
    const side = (direction: 'input' | 'output') =>
      soapHeadersOf(binding, operation, direction).map((header) => ({ header, ...headerMessage(doc, header) }));
    const input = side('input');
    const output = side('output');
    const merged = byMessageOrder(doc, input, output);
    if (!merged) {
      throw doc.fail(
        operation,
        `the headers of operation "${name}" in binding "${binding.name}" are in one order in the input and ` +
          'another in the output: the ASMX runtime writes both sorted by the field each header is bound to',
      );
    }
    const headers = merged.map((element): HeaderReading => {
      const inInput = input.find((h) => h.element === element);
      const inOutput = output.find((h) => h.element === element);
      return {
        element,
        direction: inInput && inOutput ? 'inOut' : inInput ? 'in' : 'out',
        node: (inInput ?? inOutput)!.header,
      };
    });
    const same = (a: HeaderReading[], b: HeaderReading[]) =>
      a.length === b.length && a.every((h, i) => h.element === b[i]!.element && h.direction === b[i]!.direction);
    if (result && !same(result, headers)) {
      throw doc.fail(
        operation,
        `operation "${name}" has other SOAP headers in binding "${binding.name}" than in binding ` +
          `"${soap[0]!.name}": the ASMX runtime writes the same headers for both SOAP versions`,
      );
    }
    result ??= headers;
  }
  return result ?? [];
}

/**
 * The input's and the output's headers merged, in the order of their messages when that order keeps both lists:
 * the runtime writes an operation's header messages in the order it sorts the headers (by the field each is bound
 * to), In and Out headers alike, so the messages say how an In header and an Out header sort, which the two lists
 * alone do not.
 */
function byMessageOrder(
  doc: WsdlDocument,
  input: readonly { readonly element: string; readonly message: XmlNode }[],
  output: readonly { readonly element: string; readonly message: XmlNode }[],
): string[] | undefined {
  const inputs = input.map((h) => h.element);
  const outputs = output.map((h) => h.element);
  const merged = mergeOrders(inputs, outputs);
  if (!merged) return undefined;
  const offset = new Map<string, number>();
  for (const h of [...input, ...output])
    offset.set(h.element, Math.min(offset.get(h.element) ?? Infinity, doc.order(h.message)));
  const sorted = [...merged].sort((a, b) => offset.get(a)! - offset.get(b)!);
  const keeps = (list: readonly string[]) =>
    list.every((e, i) => i === 0 || sorted.indexOf(list[i - 1]!) < sorted.indexOf(e));
  return keeps(inputs) && keeps(outputs) ? sorted : merged;
}

/** The message of a `soap:header`, and its element: the message's part, which the runtime names after it. */
function headerMessage(doc: WsdlDocument, header: XmlNode): { element: string; message: XmlNode } {
  return { element: headerElement(doc, header), message: doc.resolve(header, 'message', doc.messages, 'message') };
}

/** The element of a `soap:header`: its message's part, which the runtime names after the element. */
function headerElement(doc: WsdlDocument, header: XmlNode): string {
  const message = doc.resolve(header, 'message', doc.messages, 'message');
  const partName = doc.attribute(header, 'part');
  const part = childElements(message, WSDL_NS, 'part').find((p) => p.attributes.get('name') === partName);
  if (!part) {
    throw doc.failAt(
      header,
      'part',
      `the header names part "${partName}" of message "${message.attributes.get('name')}", which has no such part: ` +
        'not a valid WSDL',
    );
  }
  if (!part.attributes.has('element')) {
    throw doc.fail(part, 'a header part with a type, as encoded use writes it: a spec describes literal headers only');
  }
  return doc.localReference(part, 'element');
}

/**
 * One sequence that holds `a` and `b` as subsequences, where an item in both is one item (a `ref` parameter is in
 * the request and the response; an InOut header in the input and the output); `undefined` when their common items
 * are in different orders.
 */
export function mergeOrders(a: readonly string[], b: readonly string[]): string[] | undefined {
  const inB = new Set(b);
  const out: string[] = [];
  let j = 0;
  for (const item of a) {
    if (inB.has(item)) {
      const at = b.indexOf(item, j);
      if (at === -1) return undefined;
      out.push(...b.slice(j, at));
      j = at + 1;
    }
    out.push(item);
  }
  out.push(...b.slice(j));
  return new Set(out).size === out.length ? out : undefined;
}

import type { BindingKind } from '../model/types.js';
import { operationKey, soapActionOf, soapHeadersOf, type WsdlBinding } from './read-bindings.js';
import type { WsdlDocument } from './wsdl-document.js';
import { isXmlName } from '../model/naming.js';
import { RESERVED_NAMES } from './wsdl-names.js';
import { SOAP11_NS, WSDL_NS } from './wsdl-namespaces.js';
import { warnAt } from './reader-warnings.js';
import { childElement, childElements, isElement, resolveQName, type XmlNode } from './xml-tree.js';

/** What ASMX puts between the message name and `In`/`Out` in each binding's message names. */
const MESSAGE_INFIX: Record<BindingKind, string> = {
  soap11: 'Soap',
  soap12: 'Soap',
  httpGet: 'HttpGet',
  httpPost: 'HttpPost',
};

/** A SOAP message's element: its namespace and local name, and the part that names it. */
export interface SoapElementReading {
  readonly namespace: string;
  readonly name: string;
  readonly node: XmlNode;
  /** The part's name: `parameters` (wrapped), else the parameter's (or `{message name}Result`). */
  readonly part: string;
}

/** What the SOAP messages of an operation name: wrapper elements, or bare parts; no response when one-way. */
export interface SoapMessagesReading {
  readonly style: 'wrapped' | 'bare';
  readonly request: readonly SoapElementReading[];
  readonly response: readonly SoapElementReading[] | undefined;
}

/** A SOAP header of an operation: its element, its direction, and where the binding names it. */
export interface HeaderReading {
  readonly element: string;
  /** The element's namespace: the target namespace, or its class's `[XmlRoot(Namespace)]`. */
  readonly namespace: string;
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
  /**
   * The SOAP messages' elements: the wrapper element of each (wrapped), or one element per part (bare), each with
   * its namespace and where it is named; `response` is `undefined` for a one-way operation.
   */
  readonly soap: SoapMessagesReading | undefined;
  /** In the order the binding lists them (the runtime sorts them by the service's field name). */
  readonly headers: readonly HeaderReading[];
  /**
   * HttpGet/HttpPost offer the operation: their port type operation, the `Body` part of the reply, and the request's
   * parts (one per parameter, named after the C# parameter).
   */
  readonly http:
    { readonly node: XmlNode; readonly body: XmlNode | undefined; readonly parts: readonly XmlNode[] } | undefined;
}

/**
 * The operations, in the order of the SOAP port type (else the HTTP one): each with its message name, its
 * description, its SOAPAction and headers, and whether HttpGet/HttpPost offer it. Both SOAP bindings must list
 * the same operations (one the second SOAP binding leaves out is read as bound on both, with a warning), as must
 * both HTTP bindings; which operations HTTP offers is checked against the types
 * later (the runtime decides it from the parameter types).
 */
export function readOperations(
  doc: WsdlDocument,
  bindings: ReadonlyMap<BindingKind, WsdlBinding>,
  encoded: (portTypeOperation: XmlNode) => boolean = () => false,
): OperationReading[] {
  const soap = [bindings.get('soap11'), bindings.get('soap12')].filter((b) => b !== undefined);
  const http = [bindings.get('httpGet'), bindings.get('httpPost')].filter((b) => b !== undefined);
  for (const group of [soap, http]) {
    for (const binding of group) checkPortType(doc, group[0]!, binding);
  }
  const httpOps = new Map<string, { node: XmlNode; body: XmlNode | undefined; parts: readonly XmlNode[] }>();
  for (const binding of http) {
    for (const node of childElements(binding.portType, WSDL_NS, 'operation')) {
      const { messageName, input, output } = messagesOf(doc, binding, node);
      if (binding === http[0]) {
        const parts = childElements(doc.resolve(input, 'message', doc.messages, 'message'), WSDL_NS, 'part');
        httpOps.set(messageName, { node, body: bodyPart(doc, output), parts });
      }
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
    let messages: SoapMessagesReading | undefined;
    // An encoded operation's messages have type= parts, read with the encoded schema (read-encoded.ts).
    for (const binding of encoded(node) ? [] : soap) {
      const read = soapParts(doc, node, name);
      const bound = binding.operations.get(operationKey(doc, node));
      const boundOutput = bound && childElement(bound, WSDL_NS, 'output');
      if (read.response === undefined && boundOutput) {
        throw doc.fail(
          boundOutput,
          `operation "${name}" of binding "${binding.name}" has an output, but its port type operation has none ` +
            '(one-way, as [SoapDocumentMethod(OneWay = true)] writes it, with no output in the binding either): ' +
            'not a WSDL the ASMX runtime writes',
        );
      }
      if (binding === soap[0]) {
        messages = read;
        request = read.request[0]?.node ?? node;
        response = read.response?.[0]?.node ?? node;
      }
    }
    return {
      node,
      name,
      messageName,
      description: doc.documentationOf(node),
      soapAction: soap.length > 0 ? readSoapAction(doc, soap, node, name) : undefined,
      request,
      response,
      soap: messages,
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
  // SharePoint's Excel Services binds its newest methods (EnsureWorkbookModel, OpenWorkbookEx, …) on SOAP 1.1 only:
  // its own reflector took them out of the SOAP 1.2 binding, while the runtime under it answers both versions. Read
  // as bound on both, with a warning; the served document is kept, so callers still get it as it was.
  const unbound = keys.filter((key) => !binding.operations.has(key));
  const partial = binding !== first && binding.kind.startsWith('soap');
  for (const key of partial ? unbound.filter((k) => first.operations.has(k)) : []) {
    warnAt(
      doc,
      binding.node,
      `binding "${binding.name}" has no operation "${key.split('\u0000')[0]}", which its port type "${portType}" ` +
        `lists and binding "${first.name}" binds: read as bound on both SOAP versions, as the ASMX runtime binds ` +
        'every method (and answers it in either), with the served document kept; check that the service answers ' +
        'it over SOAP 1.2',
      'name',
    );
  }
  const missing = unbound.find((key) => !(partial && first.operations.has(key)));
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

/** Whether some SOAP 1.1 binding of the document is of `portType`. */
function hasSoap11Binding(doc: WsdlDocument, portType: XmlNode): boolean {
  const name = portType.attributes.get('name');
  return doc.root.elements.some(
    (b) =>
      isElement(b, WSDL_NS, 'binding') &&
      doc.localReference(b, 'type') === name &&
      b.elements.some((e) => isElement(e, SOAP11_NS, 'binding')),
  );
}

/**
 * The message name of a port type operation, from its input message (`{message name}SoapIn`,
 * `…HttpGetIn`, `…HttpPostIn`), and its input and output; a missing output is a one-way operation.
 */
function messagesOf(
  doc: WsdlDocument,
  binding: WsdlBinding,
  operation: XmlNode,
): { messageName: string; input: XmlNode; output: XmlNode | undefined } {
  const name = operation.attributes.get('name')!;
  const portType = binding.portType.attributes.get('name');
  const input = childElement(operation, WSDL_NS, 'input');
  const output = childElement(operation, WSDL_NS, 'output');
  if (!input)
    throw doc.fail(operation, `operation "${name}" in port type "${portType}" has no input: not a valid WSDL`);
  // [SoapDocumentMethod(OneWay = true)]: the SOAP port type has no output; HTTP keeps an empty one.
  if (!output && !binding.kind.startsWith('soap')) {
    throw doc.fail(
      operation,
      `operation "${name}" in port type "${portType}" has no output: the ASMX runtime writes one for every ` +
        'operation on HttpGet and HttpPost (an empty message for a one-way or void method)',
    );
  }
  const inName = doc.localReference(input, 'message');
  // With SOAP 1.1 off, the SOAP 1.2 binding reflects the port type and names its messages `…Soap12In`.
  const infix =
    binding.kind === 'soap12' && inName.endsWith('Soap12In') && !hasSoap11Binding(doc, binding.portType)
      ? 'Soap12'
      : MESSAGE_INFIX[binding.kind];
  if (!inName.endsWith(`${infix}In`) || inName.length === `${infix}In`.length) {
    throw doc.failAt(
      input,
      'message',
      `the input message of operation "${name}" is "${inName}": the ASMX runtime names it {message name}${infix}In, ` +
        `and asmxgen reads the message name from it`,
    );
  }
  const messageName = inName.slice(0, -`${infix}In`.length);
  const outName = output && doc.localReference(output, 'message');
  if (output && outName !== `${messageName}${infix}Out`) {
    throw doc.failAt(
      output,
      'message',
      `the output message of operation "${name}" is "${outName}", not "${messageName}${infix}Out" as the ASMX ` +
        'runtime names it after the input message',
    );
  }
  doc.resolve(input, 'message', doc.messages, 'message');
  if (output) doc.resolve(output, 'message', doc.messages, 'message');
  const ioName = input.attributes.get('name');
  const expected = messageName === name ? undefined : messageName;
  if (ioName !== expected || (output && output.attributes.get('name') !== expected)) {
    throw doc.fail(
      ioName !== expected ? input : output!,
      expected === undefined
        ? `operation "${name}" names its input or output "${ioName ?? output?.attributes.get('name')}", but its ` +
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
  return { messageName, input, output };
}

/** The `Body` part of an HTTP reply message that names an element; `undefined` for void and XML results. */
function bodyPart(doc: WsdlDocument, output: XmlNode | undefined): XmlNode | undefined {
  if (!output) return undefined;
  const message = doc.resolve(output, 'message', doc.messages, 'message');
  const part = childElements(message, WSDL_NS, 'part')[0];
  return part?.attributes.has('element') ? part : undefined;
}

/**
 * The SOAP messages' parts and the elements they name. A wrapped message is one part, `parameters`, naming the
 * wrapper element (`[SoapDocumentMethod(RequestElementName, RequestNamespace)]` rename and move it); a bare one
 * (`ParameterStyle.Bare`) a part per parameter (or the result), each named after its element, all in one
 * namespace. A one-way operation has no output. Both messages of an operation have the same style.
 */
function soapParts(doc: WsdlDocument, operation: XmlNode, name: string): SoapMessagesReading {
  const read = (direction: 'input' | 'output') => {
    const node = childElement(operation, WSDL_NS, direction);
    if (!node) return undefined;
    const message = doc.resolve(node, 'message', doc.messages, 'message');
    const parts = childElements(message, WSDL_NS, 'part');
    const elements = parts.map((part): SoapElementReading => {
      if (!part.attributes.has('element')) {
        throw doc.fail(
          part,
          `message "${message.attributes.get('name')}" has a part with a type, as rpc style writes it: a spec ` +
            'describes document/literal operations, whose parts name elements',
        );
      }
      const value = doc.attribute(part, 'element');
      const qname = resolveQName(part, value);
      if (!qname) {
        throw doc.failAt(
          part,
          'element',
          `element="${value}" uses a namespace prefix that is not declared: not a valid WSDL`,
        );
      }
      return { namespace: qname.namespace, name: qname.localName, node: part, part: part.attributes.get('name') ?? '' };
    });
    const wrapped = parts.length === 1 && parts[0]!.attributes.get('name') === 'parameters';
    if (!wrapped) {
      for (const [i, part] of parts.entries()) {
        const element = elements[i]!;
        // A bare part is named after the C# parameter ({message name}Result for the result), its element after
        // [XmlElement(Name)] when given: they may differ (SharePoint's dspsts.asmx).
        if (element.namespace !== elements[0]!.namespace) {
          throw doc.failAt(
            part,
            'element',
            `message "${message.attributes.get('name')}" of operation "${name}" has parts whose elements are in ` +
              "different namespaces: the ASMX runtime writes a bare message's elements (and a wrapped message's " +
              'one part, "parameters") in one namespace',
          );
        }
      }
    }
    return { style: wrapped ? ('wrapped' as const) : ('bare' as const), elements, message };
  };
  const input = read('input')!;
  const output = read('output');
  if (output && output.style !== input.style) {
    throw doc.fail(
      output.message,
      `the input message of operation "${name}" is ${input.style} and its output message ${output.style}: the ` +
        'ASMX runtime writes both messages of a method in one parameter style',
    );
  }
  return { style: input.style, request: input.elements, response: output?.elements };
}

/** The SOAPAction both SOAP bindings give the operation (they must agree). */
function readSoapAction(doc: WsdlDocument, soap: readonly WsdlBinding[], node: XmlNode, name: string): string {
  let action: { value: string; binding: WsdlBinding } | undefined;
  for (const binding of soap) {
    const operation = binding.operations.get(operationKey(doc, node));
    // An operation one SOAP binding leaves out (checkPortType): the other's.
    if (operation === undefined) continue;
    const value = soapActionOf(binding, operation);
    // soapAction="" is [SoapDocumentMethod(Action = "")], which the runtime writes as it is.
    if (value === undefined) {
      throw doc.fail(
        operation,
        `operation "${name}" of binding "${binding.name}" has no soapAction: the ASMX runtime gives every ` +
          'operation one (soapAction="" for [SoapDocumentMethod(Action = "")]); add soapAction="…" and import again',
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
    const operation = binding.operations.get(operationKey(doc, node));
    if (operation === undefined) continue;
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
        namespace: (inInput ?? inOutput)!.namespace,
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
function headerMessage(doc: WsdlDocument, header: XmlNode): { element: string; namespace: string; message: XmlNode } {
  return { ...headerElement(doc, header), message: doc.resolve(header, 'message', doc.messages, 'message') };
}

/**
 * The element of a `soap:header`: its message's part, which the runtime names after the element; in the target
 * namespace, or in another where the header class has `[XmlRoot(Namespace)]` (an ebXML `MessageHeader`).
 */
function headerElement(doc: WsdlDocument, header: XmlNode): { element: string; namespace: string } {
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
  const qname = resolveQName(part, part.attributes.get('element')!);
  if (qname === undefined || qname.namespace === doc.targetNamespace) {
    return { element: doc.localReference(part, 'element'), namespace: doc.targetNamespace };
  }
  return { element: qname.localName, namespace: qname.namespace };
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

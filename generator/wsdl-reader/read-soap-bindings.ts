import { isXmlName } from '../model/naming.js';
import type { BindingKind } from '../model/types.js';
import type { SpecSoapBinding } from '../spec/spec-types.js';
import type { WsdlBinding } from './read-bindings.js';
import type { OperationReading } from './read-operations.js';
import type { WsdlDocument } from './wsdl-document.js';
import { WSDL_NS } from './wsdl-namespaces.js';
import { childElements, type XmlNode } from './xml-tree.js';

/** Several SOAP bindings, as `service.soapBindings` and each operation's `binding` describe them. */
export interface SoapBindingsReading {
  /** `service.soapBindings`: one entry per port type, in the order the WSDL writes them. */
  readonly list: readonly SpecSoapBinding[];
  /** The default binding (`{Service}Soap`) claims WS-I Basic Profile 1.1: `service.conformanceClaim`. */
  readonly defaultClaim: boolean;
  /** The `binding` of the operation of a SOAP port type; `undefined` for the default binding's. */
  readonly bindingOf: (operation: XmlNode) => string | undefined;
}

/**
 * The SOAP bindings of a service whose methods are spread over several `[WebServiceBinding]`s: one port type each,
 * with its SOAP 1.1 binding (named after it) and SOAP 1.2 binding, both versions in the same order. `undefined`
 * for a service with one SOAP binding.
 */
export function readSoapBindings(
  doc: WsdlDocument,
  service: string,
  bindings: ReadonlyMap<BindingKind, WsdlBinding>,
): SoapBindingsReading | undefined {
  const members = (kind: BindingKind) => {
    const binding = bindings.get(kind);
    return binding ? (binding.members ?? [binding]) : [];
  };
  const soap11 = members('soap11');
  const soap12 = members('soap12');
  if (soap11.length <= 1 && soap12.length <= 1) return undefined;
  if (soap11.length > 0 && soap12.length > 0) {
    const at = soap12.findIndex((b, i) => b.portType !== soap11[i]?.portType);
    if (at !== -1 || soap12.length !== soap11.length) {
      const binding = at !== -1 ? soap12[at]! : soap11[soap12.length]!;
      throw doc.failAt(
        binding.node,
        'name',
        `the SOAP bindings are not in pairs: binding "${binding.name}" (port type ` +
          `"${binding.portType.attributes.get('name')}") has no ${binding.kind === 'soap12' ? 'SOAP 1.1' : 'SOAP 1.2'} ` +
          'binding in its place; the ASMX runtime writes one SOAP 1.1 and one SOAP 1.2 binding per ' +
          '[WebServiceBinding], both versions in the same order',
      );
    }
  }
  const groups = inPortOrder(doc, soap11.length > 0 ? soap11 : soap12);
  let defaultClaim = false;
  const list = groups.map((binding): SpecSoapBinding => {
    const portType = binding.portType.attributes.get('name') ?? '';
    const claim = soap11.includes(binding) && binding.conformanceClaim;
    if (portType === `${service}Soap`) {
      defaultClaim = claim;
      return 'default';
    }
    if (childElements(binding.portType, WSDL_NS, 'operation').length === 0) {
      throw doc.failAt(
        binding.portType,
        'name',
        `port type "${portType}" holds no operation: the ASMX runtime writes a binding without methods only for a ` +
          '[WebServiceBinding] on an interface the service implements, which a spec cannot express; remove the ' +
          'port type, its bindings and ports and import again',
      );
    }
    if (!isXmlName(portType)) {
      throw doc.failAt(
        binding.portType,
        'name',
        `the port type name "${portType}" is not an XML name: not a valid WSDL`,
      );
    }
    // [WebServiceBinding(Namespace)]: the binding and its port type are in an imported description's namespace.
    const namespace = doc.namespaceOf(binding.node);
    return {
      name: portType,
      ...(namespace !== doc.targetNamespace && { namespace }),
      ...(claim && { conformanceClaim: true }),
    };
  });
  const operationsOf = groups.map((b) => new Set(childElements(b.portType, WSDL_NS, 'operation')));
  return {
    list,
    defaultClaim,
    bindingOf: (operation) => {
      const entry = list[operationsOf.findIndex((ops) => ops.has(operation))];
      return entry === undefined || entry === 'default' ? undefined : entry.name;
    },
  };
}

/**
 * The bindings in the order the service lists their ports, when some are in an imported description (a
 * `[WebServiceBinding(Namespace)]`'s, `?wsdl=wsdl1`, read before the service's own): the order the runtime writes
 * them in one document. Within one document the order they are written in is that order.
 */
function inPortOrder(doc: WsdlDocument, bindings: readonly WsdlBinding[]): readonly WsdlBinding[] {
  if (doc.definitionNamespaces.size === 1) return bindings;
  const ports = doc.services.flatMap((service) =>
    childElements(service, WSDL_NS, 'port').map((port) => doc.localReference(port, 'binding')),
  );
  const rank = (b: WsdlBinding) => {
    const at = ports.indexOf(b.name);
    return at === -1 ? ports.length : at;
  };
  return [...bindings].sort((a, b) => rank(a) - rank(b));
}

/**
 * The operations in declaration order, which a spec lists: each SOAP binding keeps it for its own operations and
 * HttpGet/HttpPost keep it for all they offer, so the order is the one that keeps all these lists (the binding
 * order where they leave it open). Refused when they contradict each other.
 */
export function declarationOrder(
  doc: WsdlDocument,
  operations: readonly OperationReading[],
  soap: SoapBindingsReading | undefined,
): OperationReading[] {
  if (!soap) return [...operations];
  const after = operations.map(() => new Set<number>());
  const chain = (indexes: readonly number[]) => {
    for (let i = 1; i < indexes.length; i++) after[indexes[i - 1]!]!.add(indexes[i]!);
  };
  const byBinding = new Map<string | undefined, number[]>();
  operations.forEach((op, i) => {
    const binding = soap.bindingOf(op.node);
    byBinding.set(binding, [...(byBinding.get(binding) ?? []), i]);
  });
  byBinding.forEach(chain);
  const http = operations.flatMap((op, i) => (op.http ? [i] : []));
  chain([...http].sort((a, b) => operations[a]!.http!.node.offset - operations[b]!.http!.node.offset));
  const before = operations.map(() => 0);
  after.forEach((next) => next.forEach((j) => before[j]!++));
  const out: OperationReading[] = [];
  const done = new Set<number>();
  while (out.length < operations.length) {
    const next = operations.findIndex((_, i) => !done.has(i) && before[i] === 0);
    if (next === -1) {
      const op = operations.find((o, i) => !done.has(i) && o.http)!;
      throw doc.fail(
        op.http!.node,
        `HttpGet and HttpPost list operation "${op.name}" in another order than its SOAP binding does: the ASMX ` +
          'runtime writes every binding in the order the service declares its methods',
      );
    }
    done.add(next);
    out.push(operations[next]!);
    after[next]!.forEach((j) => before[j]!--);
  }
  return out;
}

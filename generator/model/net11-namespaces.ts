import type { NamespaceDeclaration } from './wsdl-model.js';

/**
 * The .NET Framework 1.1's order of the root's `xmlns:` declarations (its XmlSerializerNamespaces table):
 * `http soap s soapenc tns tm mime`, Microsoft's types (`s1`) before them as .NET 1.0 writes them.
 */
const NET11_ORDER = ['s1', 'http', 'soap', 's', 'soapenc', 'tns', 'tm', 'mime'];
/** The .NET Framework 1.0's: the service's namespace (`s0` in its documents, `tns` here) right after `s`. */
const NET10_ORDER = ['s1', 'http', 'soap', 's', 'tns', 'soapenc', 'tm', 'mime'];

/**
 * The root's declarations as the .NET Framework 1.1 writes them (`wsdl.runtime: net1.1`), from the runtime's
 * (Mono's) ones: no `soap12`, which 1.1 has not, and its order; the schemas it does not list follow in Mono's order.
 */
export function net11Namespaces(computed: readonly NamespaceDeclaration[], net10 = false): NamespaceDeclaration[] {
  const order = net10 ? NET10_ORDER : NET11_ORDER;
  const declared = computed.filter((n) => n.prefix !== 'soap12');
  const listed = order.flatMap((prefix) => declared.filter((n) => n.prefix === prefix));
  return [...listed, ...declared.filter((n) => !order.includes(n.prefix))];
}

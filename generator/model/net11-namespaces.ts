import type { NamespaceDeclaration } from './wsdl-model.js';

/**
 * The .NET Framework 1.1's order of the root's `xmlns:` declarations (its XmlSerializerNamespaces table):
 * `http soap s soapenc tns tm mime`, Microsoft's types (`s1`) before them as .NET 1.0 writes them.
 */
const NET11_ORDER = ['s1', 'http', 'soap', 's', 'soapenc', 'tns', 'tm', 'mime'];

/**
 * The root's declarations as the .NET Framework 1.1 writes them (`wsdl.runtime: net1.1`), from the runtime's
 * (Mono's) ones: no `soap12`, which 1.1 has not, and its order; the schemas it does not list follow in Mono's order.
 */
export function net11Namespaces(computed: readonly NamespaceDeclaration[]): NamespaceDeclaration[] {
  const declared = computed.filter((n) => n.prefix !== 'soap12');
  const listed = NET11_ORDER.flatMap((prefix) => declared.filter((n) => n.prefix === prefix));
  return [...listed, ...declared.filter((n) => !NET11_ORDER.includes(n.prefix))];
}

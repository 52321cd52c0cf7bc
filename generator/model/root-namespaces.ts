import type { NamespaceDeclaration } from './wsdl-model.js';
import { rootNamespacesOfSchemas } from './root-namespace-shapes.js';

/**
 * The declarations before `targetNamespace` for a service namespace and the extra schemas' namespaces, in
 * `wsdl:types` order after the service's own schema (`s1`, `s2`, …): the shape where the service's schema comes
 * first ({@link rootNamespacesOfSchemas} has every shape).
 */
export function rootNamespaces(serviceNamespace: string, extraSchemas: readonly string[]): NamespaceDeclaration[] {
  return rootNamespacesOfSchemas(serviceNamespace, [serviceNamespace, ...extraSchemas]);
}

/**
 * The root's namespace declarations in the order a spec's `wsdl.namespaceOrder` names (another server's, e.g.
 * the .NET Framework's): the prefixes it lists first, in its order, then the others in the runtime's order.
 * Listed prefixes the WSDL does not declare are skipped.
 */
export function orderNamespaces(
  computed: readonly NamespaceDeclaration[],
  order: readonly string[] | undefined,
): readonly NamespaceDeclaration[] {
  if (!order) return computed;
  const listed = order.flatMap((prefix) => computed.filter((n) => n.prefix === prefix));
  return [...listed, ...computed.filter((n) => !order.includes(n.prefix))];
}

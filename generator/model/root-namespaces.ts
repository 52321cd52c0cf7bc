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

import type { ServiceDescription } from '@asmxgen/runtime';
import type { ServiceModel } from '../model/types.js';
import { xsdTypeOf } from '../model/xsd-type-of.js';

/**
 * The model as the runtime sees it: the wire facts the generated `service.ts`
 * declares and the server and client read. Typed by the runtime's own
 * `ServiceDescription`, so a model type the runtime does not know fails to
 * compile here rather than in generated code.
 */
export function describeService(model: ServiceModel): ServiceDescription {
  return {
    name: model.name,
    namespace: model.namespace,
    path: model.path,
    transports: model.bindings,
    operations: model.operations.map((op) => ({
      name: op.name,
      soapAction: op.soapAction,
      responseElement: op.responseElement,
      parameters: op.parameters.map((p) => ({ name: p.name, type: xsdTypeOf(p.type), optional: p.minOccurs === 0 })),
      ...(op.result && { result: { type: xsdTypeOf(op.result.type), element: op.result.elementName } }),
    })),
  };
}

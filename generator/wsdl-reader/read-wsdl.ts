import { BINDING_KINDS, type BindingKind } from '../model/types.js';
import type { Spec } from '../spec/spec-types.js';
import { readBindings } from './read-bindings.js';
import { readOperations } from './read-operations.js';
import { SchemaReader } from './read-schema.js';
import { readEndpoints, readService } from './read-service.js';
import { SourceText } from './source-text.js';
import { WsdlDocument } from './wsdl-document.js';
import { isUsableName } from './wsdl-names.js';
import { parseXmlTree } from './xml-tree.js';

export { WsdlError } from './wsdl-error.js';

export interface WsdlReading {
  /**
   * The spec that generates the same service: fields are left out where they have their default (`path`
   * `/{name}.asmx`, all four bindings, no parameters, the SOAPAction `namespace/Operation`). A WSDL
   * carries no `group`.
   */
  readonly spec: Spec;
  /** The `location` of each port, by the kind of its binding. */
  readonly addresses: Partial<Record<BindingKind, string>>;
}

/**
 * Reads a WSDL 1.1 document as ASMX serves it, in either form it has had (the `wsdl:`-prefixed one and the
 * older default-namespace one; any prefixes): the service, its bindings and operations. Anything a spec
 * cannot represent is refused with a `WsdlError` at the construct (`file:line:column: reason`).
 */
export function readWsdl(text: string, file: string): WsdlReading {
  const source = new SourceText(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, file);
  const doc = new WsdlDocument(source, parseXmlTree(source));
  const service = readService(doc);
  const name = doc.attribute(service, 'name');
  if (!isUsableName(name)) {
    throw doc.failAt(
      service,
      'name',
      `the service name "${name}" is not one asmxgen can use (a name of letters, digits and "_" that does not ` +
        'start with a digit): it names the generated functions and types; rename the service class and import again',
    );
  }
  const bindings = readBindings(doc);
  if (bindings.size === 0) {
    throw doc.failAt(
      service,
      'name',
      `service "${name}" has no SOAP or HTTP binding, so there is nothing to generate: import the WSDL the ` +
        'service serves (for ASMX, its address followed by ?wsdl)',
    );
  }
  const schema = new SchemaReader(doc);
  const operations = readOperations(doc, bindings, schema);
  if (operations.length === 0) {
    throw doc.failAt(
      [...bindings.values()][0]!.portType,
      'name',
      `service "${name}" has no operations: a spec needs at least one; add a web method and import again`,
    );
  }
  schema.checkUnused();
  const { addresses, path } = readEndpoints(doc, service, name, bindings);
  const kinds = [...bindings.keys()];
  const spec: Spec = {
    service: {
      name,
      namespace: doc.targetNamespace,
      ...(path !== undefined && { path }),
      ...(doc.description !== undefined && { description: doc.description }),
    },
    ...(kinds.length < BINDING_KINDS.length && { bindings: kinds }),
    operations,
  };
  return { spec, addresses };
}

import { UnsupportedSpecError } from './unsupported-error.js';
import type { NamespaceDeclaration } from '../model/wsdl-model.js';
import type { OperationModel, ServiceModel, SoapBindingModel } from '../model/types.js';
import { orderNamespaces, rootNamespaces } from '../model/root-namespaces.js';

import { template } from '../render/templates.js';

/**
 * A service with a binding in another namespace (`[WebServiceBinding(Namespace)]`), as the runtime serves it
 * (reference source `DiscoveryServerType`): `?wsdl` holds the service namespace's messages, port types, bindings
 * and the service with every port, and a `wsdl:import` of `?wsdl=wsdl1`, which holds the binding namespace's; every
 * schema is a document of its own, `?schema=schemaN` (numbered in the order the runtime reflects them, the order a
 * single document would write them), and each description's `wsdl:types` holds one schema of its namespace that
 * includes the schema of its own namespace and imports the others.
 */
export interface WsdlDocumentSet {
  /** `?wsdl`. */
  readonly main: string;
  /** `?wsdl=wsdl1`, `?schema=schema1`, …, in that order: the query's value and the text. */
  readonly others: readonly { readonly query: string; readonly text: string }[];
}

/** Whether the runtime serves `model`'s description as several documents: a binding is in another namespace. */
export function servedInSeveralDocuments(model: ServiceModel): boolean {
  return model.soapBindings.some((b) => b.namespace !== model.namespace);
}

/**
 * The root's declarations of `?wsdl` when it imports another namespace's description as `i0`: its one schema, and
 * `i0` among them where Mono's hash table of prefixes puts it (corpus `BindingNamespace`, `BindingTypes`).
 */
const MAIN_ORDER = 'soapenc soap12 http tns mime tm s i0 soap';

/** The text of every document, the addresses `address` (the marker, or a base URL's). */
export function renderWsdlDocuments(model: ServiceModel, address: string): WsdlDocumentSet {
  const other = model.soapBindings.find((b) => b.namespace !== model.namespace)!.namespace;
  if (model.wsdl.form.unprefixed || model.wsdl.net11) {
    throw new UnsupportedSpecError(
      model.name,
      [
        'a binding in another namespace (?wsdl=wsdl1) is written as Mono and the .NET Framework 2.0 and later write it; ' +
          'wsdl.runtime net1.0 and net1.1 are not supported with it',
      ],
      true,
    );
  }
  const schemas = model.wsdl.schemas.map((schema, i) => ({ ...schema, id: `schema${i + 1}` }));
  const prefixOf = (namespace: string) => model.wsdl.namespaces.find((d) => d.uri === namespace)?.prefix;
  const references = (namespace: string) =>
    schemas.map((schema) =>
      schema.namespace === namespace
        ? { partial: 'schemaInclude', location: `${address}?schema=${schema.id}` }
        : { partial: 'schemaLocatedImport', location: `${address}?schema=${schema.id}`, namespace: schema.namespace },
    );
  const topSchema = (namespace: string) => [{ namespace, qualified: false, imports: [], items: references(namespace) }];
  const own = (b: SoapBindingModel) => b.namespace === model.namespace;
  const ownBindings = model.soapBindings.filter(own);
  const main = renderView(model, {
    ...model,
    address,
    soapBindings: ownBindings,
    soapOperations: ownBindings.flatMap((b) => b.operations),
    portBindings: model.soapBindings.map((b) => ({ ...b, portPrefix: own(b) ? model.wsdl.form.tns : 'i0' })),
    wsdl: {
      ...model.wsdl,
      namespaces: orderNamespaces(mainDocumentNamespaces(model), model.wsdl.namespaceOrder),
      schemas: topSchema(model.namespace),
      imports: [{ namespace: other, location: `${address}?wsdl=wsdl1` }],
    },
  });
  // The imported description: the binding namespace is its target namespace, named `tns`.
  const otherPrefix = prefixOf(other)!;
  const theirs = model.soapBindings.filter((b) => !own(b));
  const imported = renderView(model, {
    ...model,
    namespace: other,
    description: undefined,
    address,
    soapBindings: theirs,
    soapOperations: theirs.flatMap((b) => b.operations).map((op) => reprefixed(op, otherPrefix)),
    enabled: { ...model.enabled, httpGet: false, httpPost: false, http: false },
    importedDescription: true,
    // Another server's order of `?wsdl`'s declarations orders these too (the same table of prefixes, less `i0`).
    wsdl: {
      ...model.wsdl,
      namespaces: orderNamespaces(rootNamespaces(other, []), model.wsdl.namespaceOrder),
      schemas: topSchema(other),
    },
  });
  const schemaDocuments = schemas.map((schema) => ({
    query: `schema=${schema.id}`,
    text: schemaDocument(model, schema, prefixOf(schema.namespace)!),
  }));
  return { main, others: [{ query: 'wsdl=wsdl1', text: imported }, ...schemaDocuments] };
}

/** The root's declarations of `?wsdl` for a service served in several documents, in Mono's order. */
export function mainDocumentNamespaces(model: ServiceModel): NamespaceDeclaration[] {
  const other = model.soapBindings.find((b) => b.namespace !== model.namespace)!.namespace;
  return declarations(MAIN_ORDER, model.namespace, other);
}

function declarations(order: string, namespace: string, other: string): NamespaceDeclaration[] {
  const fixed = Object.fromEntries(rootNamespaces(namespace, []).map((d) => [d.prefix, d.uri]));
  return order.split(' ').map((prefix) => ({ prefix, uri: prefix === 'i0' ? other : fixed[prefix]! }));
}

/** The operation as the imported description names its elements: the binding namespace's prefix is `tns` there. */
function reprefixed(op: OperationModel, prefix: string): OperationModel {
  const rename = (qname: string) => (qname.startsWith(`${prefix}:`) ? `tns:${qname.slice(prefix.length + 1)}` : qname);
  const parts = (list: OperationModel['soapParts']['input']) => list.map((p) => ({ ...p, element: rename(p.element) }));
  return {
    ...op,
    soapParts: { input: parts(op.soapParts.input), output: op.soapParts.output && parts(op.soapParts.output) },
    headers: op.headers.map((h) => ({ ...h, elementRef: rename(h.elementRef) })),
  };
}

function renderView(model: ServiceModel, view: object): string {
  const rendered = template('wsdl.hbs')(view);
  return finish(model, rendered.endsWith('\n') ? rendered.slice(0, -1) : rendered);
}

/** The line ends and final newline the spec's `wsdl` section states, as the single document has them. */
function finish(model: ServiceModel, text: string): string {
  const { lineEnd, finalNewline, emptyElementEnd } = model.wsdl;
  const tags = emptyElementEnd === ' />' ? text : text.replaceAll(' />', emptyElementEnd);
  const lines = lineEnd === '\n' ? tags : tags.replaceAll('\n', lineEnd);
  return finalNewline ? lines + lineEnd : lines;
}

/** QName-valued attributes of the schema partials, whose prefix names a namespace. */
const QNAME_ATTRIBUTE = / (type|base|ref|itemType)="([A-Za-z_][\w.-]*):/g;

/**
 * `?schema=schemaN`: one schema, as `XmlSchema.Write` writes it: `xs:` for XML Schema, `tns` for its own namespace,
 * declared on the root with its `id`, the items at the first level.
 */
function schemaDocument(
  model: ServiceModel,
  schema: ServiceModel['wsdl']['schemas'][number] & { readonly id: string },
  prefix: string,
): string {
  if (schema.imports.length > 0) {
    throw new UnsupportedSpecError(
      model.name,
      [
        `the schema of ${schema.namespace} refers to types of another namespace: asmxgen writes the schema ` +
          'documents of a service served in several documents (a binding in another namespace) only when each ' +
          "schema refers to its own namespace's types and XML Schema's",
      ],
      true,
    );
  }
  const text = template('xsd.hbs')(schema);
  const named = text
    .replaceAll('<s:', '<xs:')
    .replaceAll('</s:', '</xs:')
    .replace(QNAME_ATTRIBUTE, (whole, attribute: string, used: string) => {
      if (used === 's') return ` ${attribute}="xs:`;
      if (used === prefix) return ` ${attribute}="tns:`;
      throw new UnsupportedSpecError(
        model.name,
        [
          `the schema of ${schema.namespace} refers to another namespace (${whole.trim()}…): asmxgen writes the ` +
            'schema documents of a service served in several documents only when each schema refers to its own ' +
            "namespace's types and XML Schema's",
        ],
        true,
      );
    });
  return finish(model, named.endsWith('\n') ? named.slice(0, -1) : named);
}

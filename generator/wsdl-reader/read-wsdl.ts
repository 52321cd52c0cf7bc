import { isDeepStrictEqual } from 'node:util';
import { renderMergedWsdl, renderWsdl } from '../emit/wsdl.js';
import { mainDocumentNamespaces, renderWsdlDocuments, servedInSeveralDocuments } from '../emit/wsdl-documents.js';
import { UnsupportedSpecError } from '../emit/unsupported-error.js';
import { httpParameterKind } from '../model/http-eligibility.js';
import { soapActionFor } from '../model/naming.js';
import { BINDING_KINDS, type BindingKind, type ServiceModel } from '../model/types.js';
import { buildModel, withWsdlTextForm } from '../spec/build-model.js';
import { PROLOG } from '../spec/parse-spec.js';
import type { Spec, SpecHeader, SpecOperation, SpecParameter, SpecWsdl } from '../spec/spec-types.js';
import { compareWsdl } from './compare-wsdl.js';
import { headerFieldNames } from './header-fields.js';
import { operationKey, readBindings, type WsdlBinding } from './read-bindings.js';
import { hasEncodedOperation, isEncodedBinding, isEncodedService, readEncodedOperations } from './read-encoded.js';
import { mergeOrders, readOperations, type OperationReading, type SoapElementReading } from './read-operations.js';
import { objectBlockIncludes } from './object-block-includes.js';
import { SchemaReader, type RawDeclaration, type RawParticle, type RawType } from './read-schema.js';
import { readEndpoints, readService } from './read-service.js';
import { readerWarnings } from './reader-warnings.js';
import { unnamedService } from './unnamed-service.js';
import { declarationOrder, readSoapBindings } from './read-soap-bindings.js';
import { TypeBuilder, uniqueName } from './read-types.js';
import { SourceText } from './source-text.js';
import { WsdlDocument } from './wsdl-document.js';
import { WsdlError } from './wsdl-error.js';
import { isUsableName, RESERVED_NAMES } from './wsdl-names.js';
import { isXmlName } from '../model/naming.js';
import { isElement, parseXmlTree, resolveQName, type XmlNode } from './xml-tree.js';
import { SOAP12_NS, WSDL_NS } from './wsdl-namespaces.js';
import type { ClassDeclaration, TypeDeclaration } from '../model/type-declarations.js';
import { mergeWsdlDocuments, type WsdlDocuments } from './read-documents.js';

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
  /**
   * With `exact: false`: where the WSDL the spec generates first differs from the input (a copy edited by hand,
   * another tool's output); `undefined` when the spec reproduces it.
   */
  readonly difference?: WsdlMismatch;
  /**
   * The model of `spec`, when the reader built it to check the spec (the spec's `wsdl` form being the one it
   * checked): a caller that needs the model too need not build it again, nor render its WSDL (cached per model).
   */
  readonly model?: ServiceModel;
  /**
   * What the reader guessed or left out of a document edited by hand (`file:line:column: what was done; what to
   * check`); absent when it read the document as the runtime writes it.
   */
  readonly warnings?: readonly string[];
}

/** Where a WSDL and the one its spec generates first differ: `file:line:column` in each, and how. */
export interface WsdlMismatch {
  readonly served: { readonly file: string; readonly line: number; readonly column: number };
  readonly generated: { readonly file: string; readonly line: number; readonly column: number };
  readonly detail: string;
}

export interface ReadWsdlOptions {
  /**
   * Refuse a WSDL whose spec would generate another document (the default): what `import` needs. `false` reads
   * what the WSDL says and leaves out the final comparison: `diff` reads WSDLs edited by hand, whose items may
   * stand where the runtime would not write them, and `import`, which keeps such a WSDL beside the spec. With
   * `false`, an HTTP binding that leaves out an operation the runtime would offer there is read as the runtime
   * writes it (the spec offers it; the difference is reported).
   */
  readonly exact?: boolean;
  /**
   * The description merged from the documents the WSDL names (`readWsdlDocuments`), read in place of `text`'s
   * own tree; errors name the document each construct is in.
   */
  readonly documents?: WsdlDocuments;
}

/** One operation's wrapper elements, headers and HTTP reply element, as the schema gives them. */
interface OperationShape {
  readonly op: OperationReading;
  readonly request: readonly RawParticle[];
  readonly response: readonly RawParticle[];
  readonly headers: readonly {
    readonly xmlName: string;
    readonly element: string;
    readonly namespace: string;
    readonly direction: 'in' | 'out' | 'inOut';
    readonly node: XmlNode;
  }[];
}

/**
 * Reads a WSDL 1.1 document as ASMX serves it, in either form it has had (the `wsdl:`-prefixed one and the
 * older default-namespace one; any prefixes): the service, its bindings, operations, types and headers, and
 * what varies between servers (the order of the root's namespace declarations, line ends, a final newline).
 * Anything a spec cannot express is refused with a `WsdlError` at the construct (`file:line:column: reason`).
 * Last, the spec is checked by generating its WSDL and comparing it with the input as a document: where they
 * differ, the input is refused there, so that an imported spec always reproduces the service's contract.
 */
export function readWsdl(text: string, file: string, options: ReadWsdlOptions = {}): WsdlReading {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const source = new SourceText(body, file);
  const doc = new WsdlDocument(
    source,
    options.documents?.root ?? parseXmlTree(source),
    options.documents?.sources,
    options.documents?.targetNamespaces,
  );
  const unnamed = unnamedService(doc);
  const service = unnamed?.node ?? readService(doc);
  const name = unnamed?.name ?? doc.attribute(service, 'name');
  if (!isUsableName(name)) {
    throw doc.failAt(
      service,
      'name',
      `the service name "${name}" is not one asmxgen can use (a name of letters, digits and "_" that does not ` +
        'start with a digit): it names the generated functions and types; rename the service class and import again',
    );
  }
  const net11 = isNet11(doc, body);
  // The .NET Framework 1.0 writes as 1.1 does, the WSDL namespace as default namespace.
  const net1x = net11 ? (wsdlNamespaceIsDefault(doc, body) ? ('net1.0' as const) : ('net1.1' as const)) : undefined;
  // .NET 1.1 writes the service's description in wsdl:service only.
  const description = doc.description ?? (net11 ? doc.documentationOf(service) : undefined);
  // .NET 1.1 writes an empty <documentation> in wsdl:service for a service with no description.
  const emptyDocumentation = net11 && description === undefined && hasEmptyDocumentation(service);
  if (isEncodedService(doc)) {
    return readEncodedWsdl(doc, body, service, name, options.exact ?? true, net1x, description, emptyDocumentation);
  }
  // A literal service with encoded operations: those are read from their messages and the encoded schema.
  const mixed = hasEncodedOperation(doc);
  const bindings = readBindings(doc, { encoded: mixed });
  if (bindings.size === 0) {
    throw doc.failAt(
      service,
      'name',
      `service "${name}" has no SOAP or HTTP binding, so there is nothing to generate: import the WSDL the ` +
        'service serves (for ASMX, its address followed by ?wsdl)',
    );
  }
  const soapBindings = readSoapBindings(doc, name, bindings);
  const soapBinding = bindings.get('soap11') ?? bindings.get('soap12');
  const encodedOp = (node: XmlNode) => {
    const bound = mixed ? soapBinding?.operations.get(operationKey(doc, node)) : undefined;
    return bound !== undefined && isEncodedBinding(bound);
  };
  const operations = declarationOrder(doc, readOperations(doc, bindings, encodedOp), soapBindings);
  const messageNamespaces = new Set(
    operations
      .flatMap((op) => [...(op.soap?.request ?? []), ...(op.soap?.response ?? [])])
      .map((e) => e.namespace)
      .filter((namespace) => namespace !== doc.targetNamespace),
  );
  const schema = new SchemaReader(doc, messageNamespaces);
  schema.checkSchemas(mixed);
  if (operations.length === 0) {
    throw doc.failAt(
      [...bindings.values()][0]!.portType,
      'name',
      `service "${name}" has no operations: a spec needs at least one; add a web method and import again`,
    );
  }
  const { addresses, path } = readEndpoints(doc, service, name, bindings);

  const shapes = operations.map((op): OperationShape => {
    if (encodedOp(op.node)) return { op, request: [], response: [], headers: [] };
    const what = (which: string) => `the ${which} element of operation "${op.name}"`;
    const { request, response } = messageParticles(schema, op, what);
    const headers = op.headers.map((h) => {
      const element = schema.topElement(h.element, h.node, `the header element of operation "${op.name}"`, h.namespace);
      if (element.type.kind !== 'declared') {
        throw doc.fail(
          element.node,
          `the header element "${h.element}" is not of a class: the ASMX runtime writes a header as an element ` +
            'of its SoapHeader class',
        );
      }
      return {
        xmlName: element.type.xmlName,
        direction: h.direction,
        element: h.element,
        namespace: h.namespace,
        node: element.node,
      };
    });
    return { op, request, response, headers };
  });
  const declarations = schema.allDeclarations();
  const types = new TypeBuilder(doc, declarations);
  const unrooted = unrootedClasses(shapes);
  for (const shape of shapes) {
    // A bare element shows no occurrences, so it says nothing of struct or class.
    if (shape.op.soap?.style !== 'bare') {
      for (const p of [...shape.request, ...shape.response]) {
        types.observe(p, 'wrapper');
        // A `ref=` in the wrapper to a nillable, required element of a class: the class's `[XmlRoot(Namespace)]`
        // (Mono; corpus `RootNamespaces`); to any other element, the parameter's `[XmlElement(Namespace)]`.
        if (p.namespace !== undefined && rootShaped(types, p, unrooted)) {
          rootNamespaceOf(doc, types, p.type, p.namespace, p.node, p.name);
        }
      }
    }
    for (const h of shape.headers) {
      if (!types.isClass({ kind: 'declared', xmlName: h.xmlName })) {
        throw doc.fail(h.node, `the header element "${h.element}" is not of a class: a header is a SoapHeader class`);
      }
      types.header(h.xmlName, h.element, h.node);
      // A header element in another namespace: the class's `[XmlRoot(Namespace)]` (corpus `HeaderNamespaces`).
      if (h.namespace !== doc.targetNamespace) types.rootNamespace(h.xmlName, h.namespace, h.node);
    }
    const body = shape.op.http?.body;
    if (body) {
      // A class's `[XmlRoot(Namespace)]` puts its HTTP result element in the root's namespace.
      const qname = resolveQName(body, body.attributes.get('element') ?? '');
      const rooted = qname !== undefined && qname.namespace !== doc.targetNamespace ? qname : undefined;
      const elementName = rooted ? rooted.localName : doc.localReference(body, 'element');
      const what = `the HTTP result element of operation "${shape.op.name}"`;
      const element = rooted
        ? schema.topElement(elementName, body, what, rooted.namespace)
        : schema.topElement(elementName, body, what);
      if (rooted) rootNamespaceOf(doc, types, element.type, rooted.namespace, body, elementName);
      types.observe(
        {
          node: element.node,
          name: elementName,
          type: element.type,
          minOccurs: '1',
          maxOccurs: '1',
          nillable: element.nillable,
          default: undefined,
          any: false,
        },
        'topElement',
      );
      if (element.type.kind === 'declared') types.elementName(element.type.xmlName, elementName, element.node);
    }
  }

  const fields = headerFieldNames(shapes.map((s) => s.headers.map((h) => types.nameOf(h.xmlName))));
  const encoded = mixed ? readEncodedOperations(doc, bindings, encodedOp) : undefined;
  const soapBinding1 = bindings.get('soap11') ?? bindings.get('soap12');
  // [WebServiceBinding(Namespace)] of the one SOAP binding: its operations' elements are in that namespace.
  const bindingNamespace =
    !soapBindings && soapBinding1 && doc.namespaceOf(soapBinding1.node) !== doc.targetNamespace
      ? doc.namespaceOf(soapBinding1.node)
      : undefined;
  const specOperations = shapes.map((shape, i) => {
    const op =
      encoded?.operations.get(shape.op.node) ??
      operationSpec(doc, types, shape, fields[i]!, unrooted, bindings.has('httpGet') || bindings.has('httpPost'));
    const binding = soapBindings?.bindingOf(shape.op.node);
    const entry = soapBindings?.list.find((b) => b !== 'default' && b.name === binding);
    const namespace = entry === undefined ? bindingNamespace : (entry as { namespace?: string }).namespace;
    return withBinding(op, binding, namespace);
  });
  const http = bindings.has('httpGet') || bindings.has('httpPost');
  const soap11 = bindings.get('soap11');
  const kinds = [...bindings.keys()];
  const base: Spec = {
    service: {
      name,
      namespace: doc.targetNamespace,
      ...(path !== undefined && { path }),
      ...(description !== undefined && { description }),
      ...(soapBindings ? {} : bindingName(doc, name, bindings)),
      ...(bindingNamespace !== undefined && { bindingNamespace }),
      ...((soapBindings ? soapBindings.defaultClaim : soap11?.conformanceClaim === true) && { conformanceClaim: true }),
      ...(soap11 &&
        sharesSoapAction(doc.targetNamespace, specOperations) && { routingStyle: 'requestElement' as const }),
      ...(soapBindings && { soapBindings: soapBindings.list }),
    },
    ...(kinds.length < BINDING_KINDS.length && { bindings: kinds }),
    ...(declarations.length > 0 && { types: types.typeDeclarations(new Map()) }),
    operations: specOperations,
    // The DataSet form is part of what the writer writes, so it is in the spec the WSDL is checked against.
    ...((schema.dataSetSchema === 'legacy' || schema.xsdImport || net11 || types.rootNamedResults) && {
      wsdl: {
        ...(schema.dataSetSchema === 'legacy' && { dataSetSchema: 'legacy' as const }),
        ...(schema.xsdImport && { xsdImport: true }),
        ...(net1x && { runtime: net1x }),
        ...(!net11 && types.rootNamedResults && { runtime: 'mono' as const }),
        ...(emptyDocumentation && { emptyDocumentation }),
      },
    }),
  };
  const exact = options.exact ?? true;
  const withLists = http ? listParameters(doc, base, operations, bindings, exact) : base;
  const address = BINDING_KINDS.map((k) => addresses[k]).find((a) => a !== undefined) ?? 'http://localhost/';
  const form = (model: ServiceModel) =>
    wsdlForm(doc, body, model, schema.dataSetSchema, schema.xsdImport, emptyDocumentation);
  const { spec, model, difference, formed } = withIncludes(
    doc,
    withLists,
    declarations,
    shapes,
    types,
    address,
    exact,
    form,
    encoded?.types ?? [],
  );
  const wsdl = form(model);
  const { wsdl: checked, ...rest } = spec;
  const warnings = readerWarnings(doc);
  return {
    spec: wsdl ? { ...rest, wsdl } : rest,
    addresses,
    ...(difference && { difference }),
    ...(isDeepStrictEqual(wsdl, checked) ? { model } : formed && { model: formed }),
    ...(warnings.length > 0 && { warnings }),
  };
}

/**
 * A service whose SOAP operations are all encoded (SOAP section 5: `[SoapRpcService]`, `[SoapRpcMethod]`,
 * `[SoapDocumentMethod(Use = Encoded)]`): operations and types from the SOAP messages and the encoded schema
 * (`read-encoded.ts`), the rest from the spec's own WSDL, which must be the input's.
 */
function readEncodedWsdl(
  doc: WsdlDocument,
  text: string,
  service: XmlNode,
  name: string,
  exact: boolean,
  net1x: 'net1.0' | 'net1.1' | undefined,
  description: string | undefined,
  emptyDocumentation: boolean,
): WsdlReading {
  const bindings = readBindings(doc, { encoded: true });
  const encoded = readEncodedOperations(doc, bindings);
  const operations = [...encoded.operations.values()];
  const { addresses, path } = readEndpoints(doc, service, name, bindings);
  const kinds = [...bindings.keys()];
  const spec: Spec = {
    service: {
      name,
      namespace: doc.targetNamespace,
      ...(path !== undefined && { path }),
      ...(description !== undefined && { description }),
      ...bindingName(doc, name, bindings),
      ...(encoded.rpcService && { style: 'rpc' as const }),
    },
    ...(kinds.length < BINDING_KINDS.length && { bindings: kinds }),
    ...(encoded.types.length > 0 && { types: encoded.types }),
    operations,
    ...(net1x && { wsdl: { runtime: net1x, ...(emptyDocumentation && { emptyDocumentation }) } }),
  };
  const address = BINDING_KINDS.map((k) => addresses[k]).find((a) => a !== undefined) ?? 'http://localhost/';
  const model = buildModel(spec);
  const found = verify(doc, model, address);
  if (found && exact) throw found.error;
  const wsdl = wsdlForm(doc, text, model, undefined, false, emptyDocumentation);
  return { spec: wsdl ? { ...spec, wsdl } : spec, addresses, ...(found && { difference: found.difference }) };
}

/**
 * The parameters and result an operation's SOAP messages carry: the particles of its wrapper elements, or its bare
 * elements, read as particles (a bare element has no occurrences: they follow from its type, as for a wrapper's).
 * Without SOAP bindings, the wrapper elements named after the message name.
 */
function messageParticles(
  schema: SchemaReader,
  op: OperationReading,
  what: (which: string) => string,
): { request: RawParticle[]; response: RawParticle[] } {
  const soap = op.soap;
  if (!soap) {
    return {
      request: schema.wrapper(op.messageName, op.request, what('request')),
      response: schema.wrapper(`${op.messageName}Response`, op.response, what('response')),
    };
  }
  if (soap.style === 'wrapped') {
    const [request] = soap.request;
    const [response] = soap.response ?? [];
    return {
      request: withHttpNames(op, schema.wrapper(request!.name, request!.node, what('request'), request!.namespace)),
      response: response ? schema.wrapper(response.name, response.node, what('response'), response.namespace) : [],
    };
  }
  const bare = (e: SoapElementReading, which: string): RawParticle => {
    const element = schema.topElement(e.name, e.node, what(which), e.namespace);
    // A parameter is named as on the wire, by its element, its part by the C# name (`partName`) where [XmlElement("x")]
    // renames the element (HTTP GET and POST name its part and field so too); the result by its part,
    // {message name}Result, its element renamed by [return: XmlElement("X")] where they differ.
    const result = which === 'response' && e.part === `${op.messageName}Result`;
    return {
      node: element.node,
      name: result ? e.part : e.name,
      ...(result && e.name !== e.part && { resultElement: e.name }),
      ...(!result && e.name !== e.part && isXmlName(e.part) && { partName: e.part }),
      type: element.type,
      minOccurs: '1',
      maxOccurs: '1',
      nillable: element.nillable,
      default: undefined,
      any: false,
    };
  };
  return {
    request: soap.request.map((e) => bare(e, 'request')),
    response: (soap.response ?? []).map((e) => bare(e, 'response')),
  };
}

/** `[SoapDocumentMethod]`'s settings an operation's SOAP messages show, where they differ from the defaults. */
function methodShapeSpec(doc: WsdlDocument, op: OperationReading): Partial<SpecOperation> {
  const soap = op.soap;
  if (!soap) return {};
  const tns = doc.targetNamespace;
  const oneWay = soap.response === undefined;
  if (soap.style === 'bare') {
    const namespace = (elements: readonly SoapElementReading[] | undefined) => elements?.[0]?.namespace ?? tns;
    return {
      ...(namespace(soap.request) !== tns && { requestNamespace: namespace(soap.request) }),
      ...(namespace(soap.response) !== tns && { responseNamespace: namespace(soap.response) }),
      parameterStyle: 'bare',
      ...(oneWay && { oneWay: true }),
    };
  }
  const request = soap.request[0]!;
  const response = soap.response?.[0];
  return {
    ...(request.name !== op.messageName && { requestElement: request.name }),
    ...(response && response.name !== `${op.messageName}Response` && { responseElement: response.name }),
    ...(request.namespace !== tns && { requestNamespace: request.namespace }),
    ...(response && response.namespace !== tns && { responseNamespace: response.namespace }),
    ...(oneWay && { oneWay: true }),
  };
}

/**
 * An operation of a binding (`binding`, `undefined` for the default one) whose elements are in `namespace` (a
 * `[WebServiceBinding(Namespace)]`'s, `undefined` for the service's): the binding's namespace is where the runtime
 * puts them, not a `RequestNamespace` or `ResponseNamespace`.
 */
function withBinding(op: SpecOperation, binding: string | undefined, namespace: string | undefined): SpecOperation {
  const moved = (key: string, value: unknown) =>
    namespace !== undefined && (key === 'requestNamespace' || key === 'responseNamespace') && value === namespace;
  const kept = Object.fromEntries(Object.entries(op).filter(([key, value]) => !moved(key, value))) as SpecOperation;
  return binding === undefined ? kept : { ...kept, binding };
}

/**
 * Whether two operations share a SOAPAction (`[SoapDocumentMethod(Action = "")]` on several): the runtime serves
 * such a service only with `RoutingStyle = RequestElement`, which routes SOAP 1.1 requests by their element.
 */
function sharesSoapAction(namespace: string, operations: readonly SpecOperation[]): boolean {
  const actions = operations.map((op) => op.soapAction ?? soapActionFor(namespace, op.messageName ?? op.name));
  return new Set(actions).size < actions.length;
}

/** `service.binding` when the SOAP bindings have a `[WebServiceBinding(Name)]` rather than `{Service}Soap`. */
function bindingName(
  doc: WsdlDocument,
  service: string,
  bindings: ReadonlyMap<BindingKind, WsdlBinding>,
): { binding?: string } {
  const soap11 = bindings.get('soap11');
  const soap12 = bindings.get('soap12');
  let binding: string | undefined;
  // With SOAP 1.1 off, the SOAP 1.2 binding takes the name itself: `{Service}Soap12`, or X (not X1).
  if (soap11) binding = soap11.name === `${service}Soap` ? undefined : soap11.name;
  else if (soap12 && soap12.name !== `${service}Soap12`) binding = soap12.name;
  if (binding !== undefined && !isXmlName(binding)) {
    throw doc.failAt(
      (soap11 ?? soap12)!.node,
      'name',
      `the binding name "${binding}" is not an XML name: not a valid WSDL`,
    );
  }
  const soap12Name = binding === undefined ? `${service}Soap12` : soap11 ? `${binding}1` : binding;
  if (soap12 && soap12.name !== soap12Name) {
    throw doc.failAt(
      soap12.node,
      'name',
      `the SOAP 1.2 binding is named "${soap12.name}": the ASMX runtime names it "${soap12Name}" (${service}Soap12, ` +
        'or X1 for a [WebServiceBinding(Name = "X")] beside SOAP 1.1), and a spec cannot express another name',
    );
  }
  return binding === undefined ? {} : { binding };
}

/**
 * A wrapper's `ref=` as Mono writes a class's `[XmlRoot(Namespace)]`: `minOccurs="1"` to a nillable element of a
 * class. `[XmlElement(Namespace)]` on a parameter or result refers to an element that is nillable and required only
 * when the parameter is (a `T?`, `IsNullable = true`); of a class, that is the same WSDL, read as the root's.
 */
function rootShaped(types: TypeBuilder, p: RawParticle, unrooted: ReadonlySet<string>): boolean {
  if (!p.nillable || p.minOccurs !== '1' || p.type.kind !== 'declared' || !types.isClass(p.type)) return false;
  return !unrooted.has(p.type.xmlName);
}

/**
 * The classes no `[XmlRoot(Namespace)]` can have: Mono refers to a root's element from every wrapper, so a class a
 * wrapper holds as a plain element, or refers to otherwise, has none.
 */
function unrootedClasses(shapes: readonly OperationShape[]): Set<string> {
  const unrooted = new Set<string>();
  for (const shape of shapes) {
    if (shape.op.soap?.style === 'bare') continue;
    for (const p of [...shape.request, ...shape.response]) {
      if (p.choice || p.any || p.type.kind !== 'declared') continue;
      if (p.namespace === undefined || !p.nillable || p.minOccurs !== '1') unrooted.add(p.type.xmlName);
    }
  }
  return unrooted;
}

/** The namespace of a wrapper's `ref=` that is no class's root: the parameter's `[XmlElement(Namespace)]`. */
function elementNamespaceOf(types: TypeBuilder, p: RawParticle, unrooted: ReadonlySet<string>): string | undefined {
  return p.namespace !== undefined && !rootShaped(types, p, unrooted) ? p.namespace : undefined;
}

/** An element of a class's type in `namespace`, not the service's: the class's `[XmlRoot(Namespace)]`. */
function rootNamespaceOf(
  doc: WsdlDocument,
  types: TypeBuilder,
  type: RawType,
  namespace: string,
  node: XmlNode,
  element: string,
): void {
  if (type.kind !== 'declared' || !types.isClass(type)) {
    throw doc.fail(
      node,
      `the element "${element}" of the namespace "${namespace}" is not of a class: only a class's ` +
        '[XmlRoot(Namespace)] puts a parameter or result in another namespace',
    );
  }
  types.rootNamespace(type.xmlName, namespace, node);
}

/**
 * A wrapped response whose first element is not `{message name}Result` but a nillable, required element of a class
 * that is no parameter: the result, named by the class's `[XmlRoot]` (corpus `Renames`: `<s:element minOccurs="1"
 * maxOccurs="1" name="Bill" nillable="true" type="tns:Invoice" />`). The class takes that element name.
 */
function rootResult(types: TypeBuilder, shape: OperationShape): RawParticle | undefined {
  // Only where HTTP offers the operation, which proves it has no out parameter the element could be.
  if (shape.op.http === undefined || shape.op.soap?.style !== 'wrapped') return undefined;
  const first = shape.response[0];
  if (!first || first.any || first.choice) return undefined;
  if (first.name === `${shape.op.messageName}Result` || shape.request.some((p) => p.name === first.name))
    return undefined;
  if (first.type.kind !== 'declared' || !types.isClass(first.type)) return undefined;
  if (!first.nillable || first.minOccurs !== '1' || first.maxOccurs !== '1') return undefined;
  types.rootElement(first.type.xmlName, first.name, first.node);
  return first;
}

/**
 * A wrapped response whose first element is not `{message name}Result` but the items of an array, repeated: the
 * result, renamed by `[return: XmlElement("X")]`, when HTTP offers the operation (which proves it has no out
 * parameter the element could be), or when the response holds nothing else and no HTTP binding tells one from an
 * `[XmlElement] out` parameter (runib's `ReadAllPatientResponse` of `AllPatientResponse` items; the wire is the same).
 */
function renamedResult(shape: OperationShape, http: boolean): boolean {
  if (shape.op.soap?.style !== 'wrapped') return false;
  const first = shape.response[0];
  if (!first || first.any || first.choice || first.maxOccurs !== 'unbounded') return false;
  if (first.name === `${shape.op.messageName}Result` || shape.request.some((p) => p.name === first.name)) return false;
  return shape.op.http !== undefined || (!http && shape.response.length === 1);
}

/** An unwrapped array parameter's or result's spec: the items' type as an array, nillable where the items are. */
function unwrappedSpec(types: TypeBuilder, p: RawParticle): { type: string; nillable?: true; dataType?: string } {
  const ref = types.ref(p.type, p.nillable);
  return {
    type: `${ref.text}[]`,
    ...(ref.nillable && { nillable: true }),
    ...(ref.dataType !== undefined && { dataType: ref.dataType }),
  };
}

/**
 * A wrapped operation's parameters where HTTP GET and POST offer it: their parts name each parameter as C# does, so
 * an element `[XmlElement("x")]` renames shows there (`partName`, the name of the HTTP field).
 */
function withHttpNames(op: OperationReading, particles: RawParticle[]): RawParticle[] {
  const parts = op.http?.parts;
  if (!parts || parts.length !== particles.length) return particles;
  return particles.map((p, i) => {
    const part = parts[i]!.attributes.get('name');
    return part !== undefined && part !== p.name && isXmlName(part) ? { ...p, partName: part } : p;
  });
}

/** A wrapper's particles with each choice named apart: `Items`, then `Items1`, … where the name is taken. */
function choiceNames(particles: readonly RawParticle[]): RawParticle[] {
  const taken = new Set(particles.filter((p) => !p.choice).map((p) => p.name));
  return particles.map((p) => {
    if (!p.choice) return p;
    const name = uniqueName(p.name, taken);
    return name === p.name ? p : { ...p, name };
  });
}

/** The spec of one operation: parameters (in, ref, out, merged in order), result, headers. */
function operationSpec(
  doc: WsdlDocument,
  types: TypeBuilder,
  shape: OperationShape,
  fields: readonly string[],
  unrooted: ReadonlySet<string>,
  http: boolean,
): SpecOperation {
  const { op } = shape;
  // A choice has no name in the WSDL: each takes Item or Items, numbered apart from the wrapper's other elements.
  const request = choiceNames(shape.request);
  const response = choiceNames(shape.response);
  const resultElement = `${op.messageName}Result`;
  const rooted = rootResult(types, shape);
  const renamed = renamedResult(shape, http);
  // A choice first in the response that the request does not hold is the result's ([return: XmlElement(Name,
  // typeof(T))]s), where HTTP GET and POST offer the operation or the service has no HTTP bindings; a void method
  // with an out parameter of that choice writes the same response, and HTTP leaves such a method out.
  const choiceResult =
    response[0]?.choice !== undefined &&
    !request.some((p) => p.name === response[0]!.name) &&
    (op.http !== undefined || !http);
  const result =
    (response[0]?.name === resultElement && !response[0].any) || rooted || renamed || choiceResult
      ? response[0]
      : undefined;
  const outs = result ? response.slice(1) : response;
  const seen = new Map<string, RawParticle>();
  for (const p of [...request, ...outs]) {
    if (p.any) {
      throw doc.fail(p.node, `the wrapper element of operation "${op.name}" holds <s:any>: a spec cannot express it`);
    }
    if (p.maxOccurs !== '1' && (p.maxOccurs !== 'unbounded' || p.minOccurs !== '0' || p.namespace)) {
      throw doc.failAt(
        p.node,
        'maxOccurs',
        `parameter "${p.name}" of operation "${op.name}" has minOccurs="${p.minOccurs}" maxOccurs="${p.maxOccurs}"` +
          `${p.choice ? ' on a choice' : p.namespace ? ' in another namespace' : ''}: the runtime writes an array ` +
          'parameter\'s repeated items ([XmlElement]) as minOccurs="0" maxOccurs="unbounded" elements of the ' +
          "wrapper's own namespace, and a spec cannot express this one",
      );
    }
  }
  for (const p of request) {
    const first = seen.get(p.name);
    if (first) {
      throw doc.failAt(
        p.node,
        'name',
        `a second parameter "${p.name}" of operation "${op.name}" (the first is at line ${doc.line(first.node)}): ` +
          'not a valid WSDL',
      );
    }
    seen.set(p.name, p);
    if (!isXmlName(p.name) || RESERVED_NAMES.has(p.name)) {
      throw doc.failAt(
        p.node,
        'name',
        `the name of parameter "${p.name}" of operation "${op.name}" is not one asmxgen can use (an XML name of ` +
          `letters, digits, "_", "-" and "." that is not ${[...RESERVED_NAMES].join(', ')}); rename the ` +
          'parameter and import again',
      );
    }
  }
  const order = mergeOrders(
    request.map((p) => p.name),
    outs.map((p) => p.name),
  );
  if (!order) {
    throw doc.fail(
      shape.response[0]!.node,
      `the ref parameters of operation "${op.name}" are in one order in the request and another in the response: ` +
        'the runtime writes both in the order the method declares them',
    );
  }
  const parameters = order.map((name): SpecParameter => {
    const inRequest = request.find((p) => p.name === name);
    const inResponse = outs.find((p) => p.name === name);
    const p = (inRequest ?? inResponse)!;
    if (p.choice) {
      const site = types.choiceSite(p);
      const direction = inRequest && inResponse ? 'ref' : inResponse ? 'out' : 'in';
      // Repeated in place (`[XmlElement(Name, typeof(T))]`s on an array): the declared type's array, unwrapped.
      const repeated = p.maxOccurs === 'unbounded';
      return {
        name,
        ...((site.type !== 'anyType' || repeated) && { type: repeated ? `${site.type}[]` : site.type }),
        ...(direction !== 'in' && { direction }),
        ...(repeated && { unwrapped: true }),
        choice: site.choice,
      };
    }
    if (p.maxOccurs === 'unbounded') {
      // `[XmlElement]` on an array parameter: its items, repeated.
      const direction = inRequest && inResponse ? 'ref' : inResponse ? 'out' : 'in';
      return {
        name,
        ...unwrappedSpec(types, p),
        ...(direction !== 'in' && { direction }),
        unwrapped: true,
        ...(p.partName !== undefined && { partName: p.partName }),
      };
    }
    // A parameter in its class's root namespace is nillable by the class's [XmlRoot]: the spec says it on the class.
    const namespace = elementNamespaceOf(types, p, unrooted);
    const ref = types.ref(p.type, (p.namespace === undefined || namespace !== undefined) && p.nillable);
    const direction = inRequest && inResponse ? 'ref' : inResponse ? 'out' : 'in';
    return {
      name,
      type: ref.text,
      ...(direction !== 'in' && { direction }),
      ...(ref.itemName !== undefined && { itemName: ref.itemName }),
      ...(ref.itemNullable === false && { itemNullable: false }),
      ...(ref.itemForm !== undefined && { itemForm: ref.itemForm }),
      ...(p.form !== undefined && { form: p.form }),
      ...(namespace !== undefined && { namespace }),
      ...(ref.choice && { choice: ref.choice }),
      ...(ref.dataType !== undefined && { dataType: ref.dataType }),
      // `[XmlElement(IsNullable = true)]` on a reference-type parameter.
      ...(ref.nillable && { nillable: true }),
      ...(p.partName !== undefined && { partName: p.partName }),
    };
  });
  let resultSpec: Pick<
    SpecOperation,
    | 'result'
    | 'resultElement'
    | 'resultItemName'
    | 'resultItemNullable'
    | 'resultItemForm'
    | 'resultForm'
    | 'resultNamespace'
    | 'resultDataType'
    | 'resultNillable'
    | 'resultUnwrapped'
    | 'resultChoice'
  > = {};
  const resultNamespace = result && !rooted ? elementNamespaceOf(types, result, unrooted) : undefined;
  if (rooted || (result?.namespace !== undefined && resultNamespace === undefined)) {
    // The nillable root element follows from the class's [XmlRoot]; the spec says it once, on the class.
    resultSpec = { result: types.ref((rooted ?? result)!.type, false).text };
  } else if (result?.choice) {
    // [return: XmlElement(Name, typeof(T))]s: one of the elements, or any number of them on an array result.
    const site = types.choiceSite(result);
    const repeated = result.maxOccurs === 'unbounded';
    resultSpec = {
      result: repeated ? `${site.type}[]` : site.type,
      ...(repeated && { resultUnwrapped: true }),
      resultChoice: site.choice,
    };
  } else if (result?.maxOccurs === 'unbounded') {
    const { type, nillable, dataType } = unwrappedSpec(types, result);
    resultSpec = {
      result: type,
      ...(result.name !== resultElement && { resultElement: result.name }),
      resultUnwrapped: true,
      ...(dataType !== undefined && { resultDataType: dataType }),
      ...(nillable && { resultNillable: true }),
    };
  } else if (result) {
    const ref = types.ref(result.type, result.nillable);
    resultSpec = {
      result: ref.text,
      ...(result.resultElement !== undefined && { resultElement: result.resultElement }),
      ...(ref.itemName !== undefined && { resultItemName: ref.itemName }),
      // [return: XmlArrayItem(Name, typeof(T))]s: an ArrayOfChoiceN result.
      ...(ref.choice && { resultChoice: ref.choice }),
      ...(ref.itemNullable === false && { resultItemNullable: false }),
      ...(ref.itemForm !== undefined && { resultItemForm: ref.itemForm }),
      ...(result.form !== undefined && { resultForm: result.form }),
      ...(resultNamespace !== undefined && { resultNamespace }),
      ...(ref.dataType !== undefined && { resultDataType: ref.dataType }),
      // `[return: XmlElement(IsNullable = true)]` on a reference-type result.
      ...(ref.nillable && { resultNillable: true }),
    };
  }
  const headers = shape.headers.map((h, i): SpecHeader => ({
    field: fields[i]!,
    type: types.nameOf(h.xmlName),
    ...(h.direction !== 'in' && { direction: h.direction }),
  }));
  return {
    name: op.name,
    ...(op.messageName !== op.name && { messageName: op.messageName }),
    ...(op.description !== undefined && { description: op.description }),
    ...(op.soapAction !== undefined &&
      op.soapAction !== soapActionFor(doc.targetNamespace, op.messageName) && { soapAction: op.soapAction }),
    ...(headers.length > 0 && { headers }),
    ...(parameters.length > 0 && { parameters }),
    ...resultSpec,
    ...methodShapeSpec(doc, op),
  };
}

/**
 * Which operations HttpGet and HttpPost offer follows from the parameter types (corpus rule 7). One the rule
 * keeps but the WSDL leaves out takes a `List<T>`: its first array parameter is marked `list`. Any other
 * disagreement is refused, with the rule, unless `exact` is false: the operation is then read as the rule has it.
 */
function listParameters(
  doc: WsdlDocument,
  spec: Spec,
  operations: readonly OperationReading[],
  bindings: ReadonlyMap<BindingKind, WsdlBinding>,
  exact: boolean,
): Spec {
  const model = buildModel(spec);
  const httpBinding = (bindings.get('httpGet') ?? bindings.get('httpPost'))!;
  const label = httpBinding.kind === 'httpGet' ? 'HttpGet' : 'HttpPost';
  const specOperations = spec.operations.map((specOp, i) => {
    const op = operations[i]!;
    const kept = model.operations[i]!.http !== undefined;
    // Read as the runtime writes it (the spec leaves it out of HTTP; the difference is reported): a WSDL a runtime
    // served that way (an `[XmlChoiceIdentifier]` on an array parameter keeps it a string[], which a form binds).
    if (op.http && !kept && !exact) return specOp;
    if (op.http && !kept) {
      const p = model.operations[i]!.parameters.find((q) => httpParameterKind(q) === 'none')!;
      const why =
        p.direction !== 'in'
          ? `an ${p.direction} parameter ("${p.name}")`
          : `a parameter of type ${p.type.spec} ("${p.name}"), which it cannot bind from a form`;
      throw doc.fail(
        op.http.node,
        `${label} offers operation "${op.name}", but the ASMX runtime leaves out of HttpGet and HttpPost every ` +
          `operation with ${why}: no spec makes the runtime write this WSDL`,
      );
    }
    if (!op.http && kept) {
      const parameters = specOp.parameters ?? [];
      const at = model.operations[i]!.parameters.findIndex((q) => httpParameterKind(q) === 'array');
      if (at === -1 && !exact) return specOp;
      if (at === -1) {
        throw doc.failAt(
          httpBinding.portType,
          'name',
          `${label} leaves out operation "${op.name}", but the ASMX runtime offers on HttpGet and HttpPost every ` +
            'operation whose parameters are all simple types, enums or one-dimensional arrays of them (and ' +
            `"${op.name}" has no array parameter that could be a List<T>, which it leaves out): no spec makes the ` +
            'runtime write this WSDL',
        );
      }
      return {
        ...specOp,
        parameters: parameters.map((p, j) => (j === at ? { ...p, list: true } : p)),
      };
    }
    return specOp;
  });
  return { ...spec, operations: specOperations };
}

/**
 * `[XmlInclude]`s: a WSDL shows derived classes, and classes only an `object` makes the runtime write, without
 * saying what made the runtime reach them. Classes nothing else reaches get an include: on their base class
 * (derived classes), or on the service (classes without a base). The runtime writes a base's derived classes
 * newest first, so includes are listed in the reverse of the order the WSDL writes them; the other arrangements
 * are tried when that does not reproduce the WSDL. The spec found is checked against the WSDL as a whole.
 */
function withIncludes(
  doc: WsdlDocument,
  spec: Spec,
  declarations: readonly RawDeclaration[],
  shapes: readonly OperationShape[],
  types: TypeBuilder,
  address: string,
  exact: boolean,
  form: (model: ServiceModel) => SpecWsdl | undefined,
  encodedTypes: readonly ClassDeclaration[] = [],
): { spec: Spec; model: ServiceModel; difference?: WsdlMismatch; formed?: ServiceModel } {
  const classes = declarations.filter((d) => d.kind === 'class');
  // The classes encoded operations reach are reached (by their names, the XSD names of their literal twins).
  const reached = new Set<string>(encodedTypes.map((t) => t.name));
  const visitParticle = (p: RawParticle): void => {
    if (p.choice) p.choice.forEach(visitParticle);
    else visit(p.type);
  };
  const visit = (t: RawType): void => {
    if (t.kind === 'array') return visitParticle(t.item);
    if (t.kind !== 'declared' || reached.has(t.xmlName)) return;
    reached.add(t.xmlName);
    const d = classes.find((c) => c.xmlName === t.xmlName);
    if (!d) return;
    if (d.base !== undefined) visit({ kind: 'declared', xmlName: d.base });
    d.particles.forEach(visitParticle);
  };
  for (const s of shapes) {
    [...s.request, ...s.response].forEach(visitParticle);
    for (const h of s.headers) visit({ kind: 'declared', xmlName: h.xmlName });
  }
  const unreached = classes.filter((c) => !reached.has(c.xmlName));
  const derived = classes.filter((c) => c.base !== undefined);
  const strategies: {
    onBase: readonly (typeof classes)[number][];
    onService: readonly (typeof classes)[number][];
    reverse: boolean;
  }[] = [
    {
      onBase: unreached.filter((c) => c.base !== undefined),
      onService: unreached.filter((c) => c.base === undefined),
      reverse: true,
    },
    { onBase: [], onService: unreached, reverse: true },
    {
      onBase: unreached.filter((c) => c.base !== undefined),
      onService: unreached.filter((c) => c.base === undefined),
      reverse: false,
    },
    { onBase: [], onService: unreached, reverse: false },
    { onBase: derived, onService: unreached.filter((c) => c.base === undefined), reverse: true },
  ];
  const block = objectBlockIncludes(doc, classes, [...reached], (c) => {
    const seen = new Set<string>();
    const walk = (p: RawParticle): void => {
      if (p.choice) return p.choice.forEach(walk);
      let t = p.type;
      while (t.kind === 'array') {
        if (t.item.choice) return;
        t = t.item.type;
      }
      if (t.kind !== 'declared' || seen.has(t.xmlName)) return;
      seen.add(t.xmlName);
      classes.find((d) => d.xmlName === t.xmlName)?.particles.forEach(walk);
    };
    c.particles.forEach(walk);
    return seen;
  });
  let first:
    { error: WsdlError; difference: WsdlMismatch; spec: Spec; model: ServiceModel; formed?: ServiceModel } | undefined;
  // Without unreached or derived classes, the strategies give one spec; the object block may give another.
  const tries = [
    ...(unreached.length === 0 && derived.length === 0 ? strategies.slice(0, 1) : strategies),
    ...(block === undefined ? [] : [{ onBase: [], onService: [], reverse: false, block }]),
  ];
  for (const strategy of tries) {
    const order = <T>(list: readonly T[]) => (strategy.reverse ? [...list].reverse() : [...list]);
    const includes = new Map<string, string[]>();
    for (const c of order(strategy.onBase)) {
      const list = includes.get(c.base!) ?? [];
      list.push(c.xmlName);
      includes.set(c.base!, list);
    }
    const serviceInclude =
      'block' in strategy
        ? strategy.block.map(({ xmlName, array }) => `${types.nameOf(xmlName)}${array ? '[]' : ''}`)
        : order(strategy.onService).map((c) => types.nameOf(c.xmlName));
    const candidate: Spec = {
      ...spec,
      service: { ...spec.service, ...(serviceInclude.length > 0 && { include: serviceInclude }) },
      ...((declarations.length > 0 || encodedTypes.length > 0) && {
        types: withEncodedTypes(types.typeDeclarations(includes), encodedTypes),
      }),
    };
    const model = buildModel(candidate);
    const formed = formedModel(doc, candidate, model, address, form);
    if (formed?.reproduces) return { spec: candidate, model, formed: formed.model };
    const found = verify(doc, model, address);
    if (!found) return { spec: candidate, model, ...(formed && { formed: formed.model }) };
    first ??= { ...found, spec: candidate, model, ...(formed && { formed: formed.model }) };
  }
  if (exact) throw first!.error;
  return {
    spec: first!.spec,
    model: first!.model,
    difference: first!.difference,
    ...(first!.formed && { formed: first!.formed }),
  };
}

/**
 * The model of `spec` with the form the input is written in (`wsdl.lineEnds`, `namespaceOrder`, `prolog`, …, which
 * the spec checked leaves out: `form` reads it from the input and the model checked), and whether its WSDL is the
 * input byte for byte: then the input needs no comparison as a document, the spec `import` writes gives back the
 * served bytes, and its model is the one `import` needs (most WSDLs of Windows servers end lines in CRLF).
 * `undefined` when the form is the spec's own or the input is in several documents.
 */
function formedModel(
  doc: WsdlDocument,
  spec: Spec,
  model: ServiceModel,
  address: string,
  form: (model: ServiceModel) => SpecWsdl | undefined,
): { model: ServiceModel; reproduces: boolean } | undefined {
  if (doc.sources !== undefined) return undefined;
  const wsdl = form(model);
  if (wsdl === undefined || isDeepStrictEqual(wsdl, spec.wsdl)) return undefined;
  const { wsdl: _checked, ...rest } = spec;
  const formed = withWsdlTextForm(model, spec.wsdl, wsdl) ?? buildModel({ ...rest, wsdl });
  return { model: formed, reproduces: renderedWsdl(formed, address).text === doc.source.text };
}

/** The literal declarations, then the encoded operations' classes no literal declaration names. */
function withEncodedTypes(
  literal: readonly TypeDeclaration[],
  encoded: readonly ClassDeclaration[],
): TypeDeclaration[] {
  const names = new Set(literal.map((t) => t.name));
  return [...literal, ...encoded.filter((t) => !names.has(t.name))];
}

/**
 * Generates the WSDL of `model` and compares it with the input; the first difference, as an error there and as
 * the places in both documents.
 */
function verify(
  doc: WsdlDocument,
  model: ServiceModel,
  address: string,
): { error: WsdlError; difference: WsdlMismatch } | undefined {
  const generated = renderedWsdl(model, address);
  // The input given back byte for byte (what most imports are): the same document, nothing to compare.
  if (doc.sources === undefined && generated.text === doc.source.text) return undefined;
  const generatedSource = new SourceText(generated.text, `${model.name}.wsdl`);
  const { tree, sources } = generated.several
    ? generatedDescription(model, address, generatedSource)
    : { tree: parseXmlTree(generatedSource), sources: undefined };
  const difference = compareWsdl(doc.root, tree);
  if (!difference) return undefined;
  const served = doc.fail(difference.node, difference.detail);
  const at = difference.expected ?? tree;
  const there = (sources?.get(at) ?? generatedSource).position(at.offset);
  const mismatch: WsdlMismatch = {
    served: { file: served.file, line: served.line, column: served.column },
    generated: { file: (sources?.get(at) ?? generatedSource).file, line: there.line, column: there.column },
    detail: difference.detail,
  };
  const error = doc.fail(
    difference.node,
    `${difference.detail} for the service the rest of this WSDL describes: asmxgen found no spec that makes the ` +
      'runtime write this WSDL, so it cannot import it without changing the contract. If this copy was edited ' +
      '(by hand, or by another tool), import the WSDL the service itself serves (its address followed by ?wsdl); ' +
      'else write this part of the spec by hand (docs/spec.md) and compare the two with asmxgen diff',
  );
  return { error, difference: mismatch };
}

/**
 * The WSDL the spec generates (`?wsdl`), and whether it is the first of several documents. Documents asmxgen cannot
 * write yet (`UnsupportedSpecError`) give the description in one document: what the spec says, which differs.
 */
function renderedWsdl(model: ServiceModel, address: string): { text: string; several: boolean } {
  try {
    const several = model.wsdl.original === undefined && servedInSeveralDocuments(model);
    return { text: renderWsdl(model, address), several };
  } catch (error) {
    if (!(error instanceof UnsupportedSpecError)) throw error;
    return { text: renderMergedWsdl(model, address), several: false };
  }
}

/**
 * The description the spec generates, as one tree: its WSDL, or for a service served in several documents (a
 * binding in another namespace) the documents it generates merged as the input's were (`?wsdl=wsdl1`,
 * `?schema=schemaN`, named as `generate` writes them).
 */
function generatedDescription(
  model: ServiceModel,
  address: string,
  main: SourceText,
): { tree: XmlNode; sources?: ReadonlyMap<XmlNode, SourceText> } {
  if (model.wsdl.original !== undefined || !servedInSeveralDocuments(model)) return { tree: parseXmlTree(main) };
  const documents = new Map(
    renderWsdlDocuments(model, address).others.map((d) => [
      `${address}?${d.query}`,
      { text: d.text, label: `${model.name}.${d.query.split('=')[1]}.${d.query.startsWith('wsdl') ? 'wsdl' : 'xsd'}` },
    ]),
  );
  const merged = mergeWsdlDocuments(main.text, main.file, address, (location) => {
    const document = documents.get(location);
    if (!document) throw new Error(`the spec generates no document at ${location}`);
    return document;
  });
  return merged ? { tree: merged.root, sources: merged.sources } : { tree: parseXmlTree(main) };
}

/**
 * What varies between servers: recorded when it differs from what the model writes (Mono's form). The DataSet
 * form is the schema reader's (`v2`, Mono's, is left out).
 */
function wsdlForm(
  doc: WsdlDocument,
  text: string,
  model: ServiceModel,
  dataSetSchema: SpecWsdl['dataSetSchema'],
  xsdImport: boolean,
  emptyDocumentation: boolean,
): SpecWsdl | undefined {
  const order = declaredOrder(doc, text);
  // A service served in several documents: `?wsdl`'s own declarations, `i0` among them.
  const expected = servedInSeveralDocuments(model) ? mainDocumentNamespaces(model) : model.wsdl.namespaces;
  const sameSet =
    order !== undefined &&
    order.length === expected.length &&
    expected.every((n) => order.some((o) => o.prefix === n.prefix && o.uri === n.uri));
  const namespaceOrder =
    sameSet && order.some((o, i) => o.prefix !== expected[i]!.prefix) ? order.map((o) => o.prefix) : undefined;
  const crlf = /\r\n/.test(text) && !/(^|[^\r])\n/.test(text);
  const finalNewline = /\n$/.test(text);
  const before = text.slice(0, doc.root.offset);
  const prolog =
    before !== `<?xml version="1.0" encoding="utf-8"?>${crlf ? '\r\n' : '\n'}` && PROLOG.test(before)
      ? before
      : undefined;
  // SharePoint's static files end every empty element with `/>`, where the runtime writes ` />`.
  const selfClosing = /[^\s]\/>/.test(text) && !/\s\/>/.test(text);
  const form: SpecWsdl = {
    ...(namespaceOrder && { namespaceOrder }),
    ...(crlf && { lineEnds: 'crlf' as const }),
    ...(model.wsdl.net11 && { runtime: model.wsdl.form.unprefixed ? ('net1.0' as const) : ('net1.1' as const) }),
    ...(model.wsdl.monoRoots && { runtime: 'mono' as const }),
    ...(finalNewline && { finalNewline: true }),
    ...(dataSetSchema === 'legacy' && { dataSetSchema }),
    ...(xsdImport && { xsdImport }),
    ...(prolog !== undefined && { prolog }),
    ...(selfClosing && { selfClosing: 'compact' as const }),
    ...(emptyDocumentation && { emptyDocumentation }),
  };
  return Object.keys(form).length > 0 ? form : undefined;
}

/**
 * A document the .NET Framework 1.1 wrote (`wsdl.runtime: net1.1`): the root has the runtime's shape, but no
 * `xmlns:soap12`, which every later writer declares (SOAP 1.2 binding or not), and no SOAP 1.2 binding.
 */
function isNet11(doc: WsdlDocument, text: string): boolean {
  const order = declaredOrder(doc, text);
  return (
    order !== undefined &&
    order.some((o) => o.prefix === 'tm') &&
    !order.some((o) => o.prefix === 'soap12' || o.uri === SOAP12_NS) &&
    !doc.bindings.some((b) => b.elements.some((e) => e.namespace === SOAP12_NS))
  );
}

/** `wsdl:service` holds a `documentation` element with no text: .NET 1.1's for a service with no description. */
function hasEmptyDocumentation(service: XmlNode): boolean {
  const documentation = service.elements.find((e) => isElement(e, WSDL_NS, 'documentation'));
  return documentation !== undefined && documentation.elements.length === 0 && documentation.text === '';
}

/** The root's last attribute declares the WSDL namespace as default namespace: the .NET Framework 1.0's form. */
function wsdlNamespaceIsDefault(doc: WsdlDocument, text: string): boolean {
  const last = rootAttributes(doc, text)?.at(-1);
  return last?.[0] === 'xmlns' && last[1] === WSDL_NS;
}

/** The root element's attributes, `[name, value]` in document order. */
function rootAttributes(doc: WsdlDocument, text: string): [string, string][] | undefined {
  const tag = /<[^\s/>]+/y;
  tag.lastIndex = doc.root.offset;
  if (!tag.test(text)) return undefined;
  const attribute = /\s+([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/y;
  attribute.lastIndex = tag.lastIndex;
  const names: [string, string][] = [];
  for (let m = attribute.exec(text); m; m = attribute.exec(text)) names.push([m[1]!, m[2] ?? m[3]!]);
  return names;
}

/**
 * The root's `xmlns:` declarations before `targetNamespace`, in document order, when the root has the runtime's
 * shape: declarations, then `targetNamespace`, then the WSDL namespace's declaration last.
 */
function declaredOrder(doc: WsdlDocument, text: string): { prefix: string; uri: string }[] | undefined {
  const names = rootAttributes(doc, text);
  if (names === undefined) return undefined;
  const last = names.at(-1);
  const target = names.at(-2);
  const wsdlDeclaration = last?.[0] === 'xmlns:wsdl' || (last?.[0] === 'xmlns' && last[1] === WSDL_NS);
  if (!wsdlDeclaration || target?.[0] !== 'targetNamespace') return undefined;
  const declarations = names.slice(0, -2);
  if (!declarations.every(([n]) => n.startsWith('xmlns:'))) return undefined;
  return declarations.map(([n, uri]) => ({ prefix: n.slice('xmlns:'.length), uri }));
}

/**
 * The sample messages of the operation help pages, as ASMX's help page generator (DefaultWsdlHelpGenerator) writes
 * them: it walks the served WSDL, not the classes, so this module walks the WSDL the service serves (the one
 * `renderWsdl` writes, or the kept original). Computed once per operation, for every page that shows it.
 *
 * The rules, the runtime's: an element of a complex type is expanded (attributes with their type's placeholder,
 * then its particle's elements; a choice's or an `all`'s elements sorted by name; a nested group is left out), down
 * to depth 4, where an element of a complex type is written `xsi:nil="true"`; an element that may repeat is written
 * twice; an enum shows its values joined by ` or `; a built-in type its name; `anyType` an `xsi:type="type"`
 * attribute; `<s:any>` the placeholder `xml` (as text: what follows it is not indented); `ref="s:schema"` the
 * placeholder `schema`. A derived type shows its own members only (its extension), and no derived type is shown in
 * place of its base. SOAP headers are written in `<soap:Header>`, one top-level element each. HTTP GET/POST
 * samples name each parameter, twice for an array (`StringArray`: `string`).
 *
 * SOAP messages that are `use="encoded"` have no sample here (their pages keep the parameter list).
 */
import { MICROSOFT_TYPES_NAMESPACE } from '../model/builtin-types.js';
import { SourceText } from '../wsdl-reader/source-text.js';
import { childElement, childElements, resolveQName, type QName, type XmlNode } from '../wsdl-reader/xml-tree.js';
import { parseWrittenXmlTree } from '../wsdl-reader/written-xml-tree.js';
import { HTTP_NS, SOAP11_NS, SOAP12_NS, WSDL_NS, XSD_NS } from '../wsdl-reader/wsdl-namespaces.js';
import { SampleXmlWriter, type SamplePiece } from './sample-xml-writer.js';

const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
const SOAP_ENVELOPE_11 = 'http://schemas.xmlsoap.org/soap/envelope/';
const SOAP_ENVELOPE_12 = 'http://www.w3.org/2003/05/soap-envelope';
const SAMPLE_QNAME_NS = 'http://tempuri.org/SampleNamespace';
const MAX_DEPTH = 4;
const ARRAY_ITEMS = 2;

/** A sample as the page shows it: markup and placeholders. */
export type Sample = readonly SamplePiece[];

export interface OperationSamples {
  readonly soap11?: { readonly request: Sample; readonly response: Sample | undefined };
  readonly soap12?: { readonly request: Sample; readonly response: Sample | undefined };
  /** The query (HTTP GET) or form (HTTP POST) after the operation's path: `a=string&b=int`. */
  readonly httpQuery?: Sample;
  /** The HTTP GET/POST response body, when the operation has a result. */
  readonly httpResponse?: Sample;
}

/** An operation's samples, by the name its page has; `undefined` for a name no binding operation has. */
export type SamplesOf = (pageName: string) => OperationSamples | undefined;

/**
 * Every operation's samples, by the name its page has (the input message name or the operation name). Each
 * operation's are written when asked for, from the WSDL's tree, so a service of thousands of operations holds the
 * samples of one page at a time rather than all of them.
 */
export function helpSamples(wsdl: string): SamplesOf {
  const root = parseWrittenXmlTree(new SourceText(wsdl, 'the served WSDL'));
  const index = indexSchemas(root);
  const messages = new Map<string, XmlNode>();
  for (const message of childElements(root, WSDL_NS, 'message')) messages.set(message.attributes.get('name')!, message);
  /** Each port type's operations by name, and by name and input name (overloads share a name). */
  const portTypes = new Map<string, Map<string, XmlNode>>();
  for (const portType of childElements(root, WSDL_NS, 'portType')) {
    const operations = new Map<string, XmlNode>();
    for (const op of childElements(portType, WSDL_NS, 'operation')) {
      const name = op.attributes.get('name')!;
      const inputName = childElement(op, WSDL_NS, 'input')?.attributes.get('name');
      if (!operations.has(name)) operations.set(name, op);
      if (inputName !== undefined) operations.set(`${name}\u0000${inputName}`, op);
    }
    portTypes.set(portType.attributes.get('name')!, operations);
  }
  /** Each page's binding operations, in document order: the first of each kind that writes a sample gives it. */
  const bound = new Map<string, BoundOperation[]>();
  for (const binding of childElements(root, WSDL_NS, 'binding')) {
    const kind = bindingKind(binding);
    if (!kind) continue;
    const portType = portTypes.get(localPart(binding.attributes.get('type') ?? ''));
    if (!portType) continue;
    for (const opBinding of childElements(binding, WSDL_NS, 'operation')) {
      const operation = findOperation(portType, opBinding);
      if (!operation) continue;
      const pageName = opBinding.attributes.get('name')!;
      const pageKey = childElement(operation, WSDL_NS, 'input')?.attributes.get('name') || pageName;
      let list = bound.get(pageKey);
      if (!list) bound.set(pageKey, (list = []));
      list.push({ kind, binding, opBinding, operation, pageName });
    }
  }
  const messageOf = (node: XmlNode | undefined) =>
    node && messages.get(localPart(node.attributes.get('message') ?? ''));
  return (pageKey) => {
    const list = bound.get(pageKey);
    if (!list) return undefined;
    const samples: Partial<Record<keyof OperationSamples, unknown>> = {};
    for (const { kind, binding, opBinding, operation, pageName } of list) {
      const input = childElement(operation, WSDL_NS, 'input');
      const output = childElement(operation, WSDL_NS, 'output');
      if (kind === 'soap11' || kind === 'soap12') {
        if (samples[kind]) continue;
        const soap12 = kind === 'soap12';
        const walker = new Walker(index, messages, soap12);
        const style = soapStyle(binding, opBinding, soap12);
        const inputBinding = childElement(opBinding, WSDL_NS, 'input');
        const outputBinding = childElement(opBinding, WSDL_NS, 'output');
        const request = inputBinding && walker.soapMessage(inputBinding, messageOf(input), style, pageName, false);
        if (!request) continue;
        const response = outputBinding && walker.soapMessage(outputBinding, messageOf(output), style, pageName, true);
        if (outputBinding && !response) continue;
        samples[kind] = { request, response };
      } else {
        if (samples.httpQuery) continue;
        const walker = new Walker(index, messages, false);
        const inMessage = messageOf(input);
        samples.httpQuery = inMessage ? queryString(inMessage) : [];
        const outMessage = messageOf(output);
        const part = outMessage && childElement(outMessage, WSDL_NS, 'part');
        if (part) samples.httpResponse = walker.httpReturn(part);
      }
    }
    return samples as OperationSamples;
  };
}

/** A binding's operation, with what its samples are written from. */
interface BoundOperation {
  readonly kind: BindingKind;
  readonly binding: XmlNode;
  readonly opBinding: XmlNode;
  /** The port type's operation it binds. */
  readonly operation: XmlNode;
  readonly pageName: string;
}

type BindingKind = 'soap11' | 'soap12' | 'http';

function bindingKind(binding: XmlNode): BindingKind | undefined {
  if (childElement(binding, SOAP11_NS, 'binding')) return 'soap11';
  if (childElement(binding, SOAP12_NS, 'binding')) return 'soap12';
  const http = childElement(binding, HTTP_NS, 'binding');
  return http && (http.attributes.get('verb') === 'GET' || http.attributes.get('verb') === 'POST') ? 'http' : undefined;
}

function localPart(qname: string): string {
  return qname.slice(qname.indexOf(':') + 1);
}

/** The port type's operation a binding operation binds: same name, and same input name when it names one. */
function findOperation(operations: ReadonlyMap<string, XmlNode>, opBinding: XmlNode): XmlNode | undefined {
  const name = opBinding.attributes.get('name')!;
  const inputName = childElement(opBinding, WSDL_NS, 'input')?.attributes.get('name');
  return operations.get(inputName === undefined ? name : `${name}\u0000${inputName}`);
}

function soapStyle(binding: XmlNode, opBinding: XmlNode, soap12: boolean): 'rpc' | 'document' {
  const ns = soap12 ? SOAP12_NS : SOAP11_NS;
  const style =
    childElement(opBinding, ns, 'operation')?.attributes.get('style') ??
    childElement(binding, ns, 'binding')?.attributes.get('style');
  return style === 'rpc' ? 'rpc' : 'document';
}

/** HTTP GET/POST parameters: `name=type`, an array type (`StringArray`) twice with its item's name in camel case. */
function queryString(message: XmlNode): Sample {
  const pieces: SamplePiece[] = [];
  for (const part of childElements(message, WSDL_NS, 'part')) {
    const type = qnameAttribute(part, 'type');
    let typeName = type?.localName ?? '';
    let count = 1;
    if (type && type.namespace !== XSD_NS && type.namespace !== MICROSOFT_TYPES_NAMESPACE) {
      const at = typeName.indexOf('Array');
      if (at >= 0) {
        typeName = camel(typeName.slice(0, at));
        count = 2;
      }
    }
    for (let i = 0; i < count; i++) {
      if (pieces.length > 0) pieces.push('&');
      pieces.push(`${part.attributes.get('name')}=`, { placeholder: typeName });
    }
  }
  return pieces;
}

/** `CodeIdentifier.MakeCamel`: the first letter lower-cased (a leading run of capitals but the last, all of it). */
function camel(name: string): string {
  if (name.length === 0) return name;
  let upper = 0;
  while (upper < name.length && name[upper]! >= 'A' && name[upper]! <= 'Z') upper++;
  if (upper <= 1 || upper === name.length)
    return name.slice(0, Math.max(upper, 1)).toLowerCase() + name.slice(Math.max(upper, 1));
  return name.slice(0, upper - 1).toLowerCase() + name.slice(upper - 1);
}

/** A QName-valued attribute's name; `undefined` when the attribute is absent (`XmlQualifiedName.Empty`). */
function qnameAttribute(node: XmlNode, attribute: string): QName | undefined {
  const value = node.attributes.get(attribute);
  return value ? resolveQName(node, value) : undefined;
}

// --- the schemas ------------------------------------------------------------------------------------------------

interface SchemaIndex {
  /** Top-level elements, complex types, simple types and groups, by `{namespace}name`. */
  readonly elements: ReadonlyMap<string, Declared>;
  readonly complexTypes: ReadonlyMap<string, Declared>;
  readonly simpleTypes: ReadonlyMap<string, Declared>;
  readonly groups: ReadonlyMap<string, Declared>;
  /** The first schema of each target namespace (what `XmlSchemas[ns]` gives). */
  readonly schemas: ReadonlyMap<string, XmlNode>;
  /**
   * What the walk works out from a schema node, once per node rather than once per visit (every page walks its
   * parameters' classes four levels deep, and pages share classes): each schema element as a local and as a
   * top-level element, each complex type's attributes and particle items.
   */
  readonly localDecls: Map<XmlNode, ElementDecl>;
  readonly topLevelDecls: Map<XmlNode, ElementDecl>;
  readonly contents: Map<XmlNode, TypeContents>;
}

/** A complex type's own attributes, and its particle's items in the order they are written. */
interface TypeContents {
  readonly attributes: readonly XmlNode[];
  readonly items: readonly Declared[];
}

/** A schema item and the schema it is declared in. */
interface Declared {
  readonly node: XmlNode;
  readonly schema: XmlNode;
}

function key(name: QName): string {
  return `{${name.namespace}}${name.localName}`;
}

function indexSchemas(root: XmlNode): SchemaIndex {
  const elements = new Map<string, Declared>();
  const complexTypes = new Map<string, Declared>();
  const simpleTypes = new Map<string, Declared>();
  const groups = new Map<string, Declared>();
  const schemas = new Map<string, XmlNode>();
  const types = childElement(root, WSDL_NS, 'types');
  for (const schema of types ? childElements(types, XSD_NS, 'schema') : []) {
    const ns = schema.attributes.get('targetNamespace') ?? '';
    if (!schemas.has(ns)) schemas.set(ns, schema);
    for (const item of schema.elements) {
      if (item.namespace !== XSD_NS) continue;
      const name = item.attributes.get('name');
      if (name === undefined) continue;
      const table =
        item.localName === 'element'
          ? elements
          : item.localName === 'complexType'
            ? complexTypes
            : item.localName === 'simpleType'
              ? simpleTypes
              : item.localName === 'group'
                ? groups
                : undefined;
      const k = key({ namespace: ns, localName: name });
      if (table && !table.has(k)) table.set(k, { node: item, schema });
    }
  }
  return {
    elements,
    complexTypes,
    simpleTypes,
    groups,
    schemas,
    localDecls: new Map(),
    topLevelDecls: new Map(),
    contents: new Map(),
  };
}

function targetNamespace(schema: XmlNode): string {
  return schema.attributes.get('targetNamespace') ?? '';
}

// --- the walk ---------------------------------------------------------------------------------------------------

/** An element to write: a schema element (declared in `schema`), or one made up for a part of a type. */
interface ElementDecl {
  readonly name: string;
  /** The element's namespace as the compiled schema has it (`''` for an unqualified local element). */
  readonly namespace: string;
  /** `form=` when given. */
  readonly form: 'qualified' | 'unqualified' | undefined;
  readonly repeats: boolean;
  readonly typeName: QName | undefined;
  /** An anonymous type in place. */
  readonly inlineType: Declared | undefined;
  readonly ref: QName | undefined;
  /** The schema's complex type and simple type `typeName` names, when it names one. */
  readonly complex: Declared | undefined;
  readonly simple: Declared | undefined;
}

class Walker {
  private writer = new SampleXmlWriter();

  constructor(
    private readonly index: SchemaIndex,
    private readonly messages: ReadonlyMap<string, XmlNode>,
    private readonly soap12: boolean,
  ) {}

  soapMessage(
    messageBinding: XmlNode,
    message: XmlNode | undefined,
    style: 'rpc' | 'document',
    operation: string,
    response: boolean,
  ): Sample | undefined {
    const soapNs = this.soap12 ? SOAP12_NS : SOAP11_NS;
    const body = childElement(messageBinding, soapNs, 'body');
    if (!body || body.attributes.get('use') === 'encoded' || !message) return undefined;
    const envelope = this.soap12 ? SOAP_ENVELOPE_12 : SOAP_ENVELOPE_11;
    const w = (this.writer = new SampleXmlWriter());
    w.startDocument();
    w.startElement('Envelope', envelope, this.soap12 ? 'soap12' : 'soap');
    w.defineNamespace('xsi', XSI_NS);
    w.defineNamespace('xsd', XSD_NS);
    const headers = childElements(messageBinding, soapNs, 'header');
    if (headers.length > 0) {
      w.startElement('Header', envelope);
      for (const header of headers) {
        const headerMessage = this.messages.get(localPart(header.attributes.get('message') ?? ''));
        const part =
          headerMessage &&
          childElements(headerMessage, WSDL_NS, 'part').find(
            (p) => p.attributes.get('name') === header.attributes.get('part'),
          );
        const element = part && qnameAttribute(part, 'element');
        if (element) this.topLevelElement(element, 0);
      }
      w.endElement();
    }
    w.startElement('Body', envelope);
    const rpc = style === 'rpc';
    if (rpc) w.startElement(response ? `${operation}Response` : operation, body.attributes.get('namespace') ?? '');
    for (const part of childElements(message, WSDL_NS, 'part')) {
      const element = qnameAttribute(part, 'element');
      const type = qnameAttribute(part, 'type');
      if (rpc) {
        this.element(
          {
            name: part.attributes.get('name')!,
            namespace: '',
            form: 'unqualified',
            repeats: false,
            typeName: type,
            inlineType: undefined,
            ref: undefined,
            ...this.declaredTypes(type),
          },
          '',
          'unqualified',
          0,
        );
      } else if (element) this.topLevelElement(element, 0);
      else w.text([{ placeholder: 'xml' }]);
    }
    return w.finish();
  }

  httpReturn(part: XmlNode): Sample {
    const w = (this.writer = new SampleXmlWriter());
    const element = qnameAttribute(part, 'element');
    if (!element) {
      w.raw('<?xml version="1.0"?>\n');
      w.text([{ placeholder: 'xml' }]);
    } else {
      w.startDocument();
      this.topLevelElement(element, 0);
    }
    return w.finish();
  }

  private topLevelElement(name: QName, depth: number): void {
    const declared = this.index.elements.get(key(name));
    if (!declared) return;
    this.element(this.declOf(declared.node, declared.schema, true), name.namespace, 'qualified', depth);
  }

  /** A schema element as the compiled schema sees it (a node belongs to one schema: the node is the key). */
  private declOf(node: XmlNode, schema: XmlNode, topLevel: boolean): ElementDecl {
    const cache = topLevel ? this.index.topLevelDecls : this.index.localDecls;
    let decl = cache.get(node);
    if (decl === undefined) cache.set(node, (decl = this.newDecl(node, schema, topLevel)));
    return decl;
  }

  private newDecl(node: XmlNode, schema: XmlNode, topLevel: boolean): ElementDecl {
    const form = node.attributes.get('form') as ElementDecl['form'];
    const refText = node.attributes.get('ref');
    const ref = refText === undefined ? undefined : resolveQName(node, refText);
    const typeText = node.attributes.get('type');
    const typeName = typeText === undefined ? undefined : resolveQName(node, typeText);
    const inline = childElement(node, XSD_NS, 'complexType') ?? childElement(node, XSD_NS, 'simpleType');
    const qualified =
      topLevel || (form ?? schema.attributes.get('elementFormDefault') ?? 'unqualified') === 'qualified';
    return {
      name: ref ? ref.localName : (node.attributes.get('name') ?? ''),
      namespace: ref ? ref.namespace : qualified ? targetNamespace(schema) : '',
      form,
      repeats: (node.attributes.get('maxOccurs') ?? '1') !== '1' && node.attributes.get('maxOccurs') !== '0',
      typeName,
      inlineType: inline && { node: inline, schema },
      ref,
      ...this.declaredTypes(typeName),
    };
  }

  private declaredTypes(type: QName | undefined): Pick<ElementDecl, 'complex' | 'simple'> {
    if (type === undefined) return { complex: undefined, simple: undefined };
    const k = key(type);
    return { complex: this.index.complexTypes.get(k), simple: this.index.simpleTypes.get(k) };
  }

  /** `ns`: the namespace of the top-level element being written, whose schema's element form applies. */
  private element(decl: ElementDecl, ns: string, form: 'qualified' | 'unqualified' | undefined, depth: number): void {
    const w = this.writer;
    let elementForm = form ?? decl.form;
    if (elementForm === undefined) {
      const schema = this.index.schemas.get(ns);
      elementForm = schema?.attributes.get('elementFormDefault') as typeof elementForm;
    }
    const count = decl.repeats ? ARRAY_ITEMS : 1;
    for (let i = 0; i < count; i++) {
      if (decl.ref && !(decl.ref.namespace === XSD_NS && decl.ref.localName === 'schema')) {
        this.topLevelElement(decl.ref, depth);
        continue;
      }
      w.startElement(decl.name, elementForm !== 'unqualified' ? decl.namespace : '');
      const { typeName: type, complex, simple } = decl;
      if (
        type &&
        (type.namespace === XSD_NS || type.namespace === MICROSOFT_TYPES_NAMESPACE) &&
        type.localName !== 'anyType'
      ) {
        this.primitive(type);
      } else if (simple) {
        w.text(this.enumValues(simple.node));
      } else if (complex || (decl.inlineType && decl.inlineType.node.localName === 'complexType')) {
        if (depth >= MAX_DEPTH) w.attribute('nil', XSI_NS, ['true']);
        else this.complexType((complex ?? decl.inlineType)!, ns, depth);
      } else if (decl.inlineType) {
        w.text([{ placeholder: 'bytes' }]);
      } else if (decl.ref) {
        w.text([{ placeholder: 'schema' }]);
      } else if (type && type.namespace === XSD_NS && type.localName === 'anyType') {
        w.attribute('type', XSI_NS, [{ placeholder: 'type' }]);
      }
      w.endElement();
    }
  }

  private primitive(type: QName): void {
    if (type.namespace === XSD_NS && type.localName === 'QName') {
      this.writer.defineNamespace('q1', SAMPLE_QNAME_NS);
      this.writer.text([{ placeholder: 'q1:QName' }]);
    } else this.writer.text([{ placeholder: type.localName }]);
  }

  /** An enum's values joined by ` or ` (a flags enum's list of them too). */
  private enumValues(simpleType: XmlNode): SamplePiece[] {
    let content = simpleType;
    const list = childElement(content, XSD_NS, 'list');
    if (list) content = childElement(list, XSD_NS, 'simpleType') ?? list;
    const restriction = childElement(content, XSD_NS, 'restriction');
    const pieces: SamplePiece[] = [];
    for (const facet of restriction ? childElements(restriction, XSD_NS, 'enumeration') : []) {
      if (pieces.length > 0) pieces.push(' or ');
      pieces.push({ placeholder: facet.attributes.get('value') ?? '' });
    }
    return pieces;
  }

  private complexType(type: Declared, ns: string, depth: number): void {
    const w = this.writer;
    let contents = this.index.contents.get(type.node);
    if (contents === undefined) {
      const { attributes, particle } = typeItems(type.node);
      contents = { attributes, items: this.particleItems(particle, type.schema) };
      this.index.contents.set(type.node, contents);
    }
    const { attributes, items } = contents;
    for (const attribute of attributes) {
      if (attribute.attributes.get('use') === 'prohibited') continue;
      const name = attribute.attributes.get('name');
      if (name === undefined) continue;
      const qualified = attribute.attributes.get('form') === 'qualified';
      const typeText = attribute.attributes.get('type');
      const attrType = typeText === undefined ? undefined : resolveQName(attribute, typeText);
      let value: SamplePiece[] = [];
      if (attrType && attrType.namespace === XSD_NS && attrType.localName === 'QName') {
        value = [{ placeholder: 'q1:QName' }];
      } else if (attrType && (attrType.namespace === XSD_NS || attrType.namespace === MICROSOFT_TYPES_NAMESPACE)) {
        if (attrType.localName !== 'anyType') value = [{ placeholder: attrType.localName }];
      } else if (attrType) {
        const simple = this.index.simpleTypes.get(key(attrType));
        if (simple) value = this.enumValues(simple.node);
      }
      w.attribute(name, qualified ? targetNamespace(type.schema) : '', value);
      if (attrType && attrType.namespace === XSD_NS && attrType.localName === 'QName') {
        w.defineNamespace('q1', SAMPLE_QNAME_NS);
      }
    }
    for (const item of items) {
      if (item.node.localName === 'element') {
        this.element(
          this.declOf(item.node, item.schema, false),
          ns,
          item.node.attributes.get('form') as ElementDecl['form'],
          depth + 1,
        );
      } else if (item.node.localName === 'any') {
        const anyNs = item.node.attributes.get('namespace');
        const schema = anyNs === undefined ? undefined : this.index.schemas.get(anyNs);
        if (!schema) w.text([{ placeholder: 'xml' }]);
        else {
          for (const element of childElements(schema, XSD_NS, 'element')) {
            if ([...element.attributes.keys()].some((k) => k.endsWith(':IsDataSet')))
              w.text([{ placeholder: 'dataset' }]);
            else this.element(this.declOf(element, schema, true), anyNs!, 'qualified', depth + 1);
          }
        }
      }
    }
  }

  /** A particle's items: a group's, a sequence's, or a choice's or an `all`'s sorted by name (ordinal). */
  private particleItems(particle: XmlNode | undefined, schema: XmlNode): Declared[] {
    if (!particle) return [];
    let group = particle;
    let groupSchema = schema;
    if (particle.localName === 'group') {
      const ref = qnameAttribute(particle, 'ref');
      const declared = ref && this.index.groups.get(key(ref));
      const inner =
        declared && declared.node.elements.find((e) => e.namespace === XSD_NS && e.localName !== 'annotation');
      if (!inner) return [];
      group = inner;
      groupSchema = declared.schema;
    }
    const items = group.elements
      .filter((e) => e.namespace === XSD_NS && e.localName !== 'annotation')
      .map((node) => ({ node, schema: groupSchema }));
    if (group.localName === 'choice' || group.localName === 'all') {
      const nameOf = (d: Declared) =>
        d.node.localName === 'element'
          ? (d.node.attributes.get('name') ?? '')
          : d.node.localName === 'any'
            ? '*'
            : '**';
      items.sort((a, b) => (nameOf(a) < nameOf(b) ? -1 : nameOf(a) > nameOf(b) ? 1 : 0));
    }
    return items;
  }
}

/** A complex type's own attributes and particle: of its extension or restriction when it has a content model. */
function typeItems(type: XmlNode): { attributes: XmlNode[]; particle: XmlNode | undefined } {
  const content = childElement(type, XSD_NS, 'complexContent') ?? childElement(type, XSD_NS, 'simpleContent');
  const holder = content
    ? (childElement(content, XSD_NS, 'extension') ?? childElement(content, XSD_NS, 'restriction'))
    : type;
  if (!holder) return { attributes: [], particle: undefined };
  const attributes = childElements(holder, XSD_NS, 'attribute');
  const particle =
    content?.localName === 'simpleContent'
      ? undefined
      : holder.elements.find(
          (e) =>
            e.namespace === XSD_NS &&
            (e.localName === 'sequence' ||
              e.localName === 'choice' ||
              e.localName === 'all' ||
              e.localName === 'group'),
        );
  return { attributes, particle };
}

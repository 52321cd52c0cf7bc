import type { SourceText } from './source-text.js';
import { WSDL_NS, XSD_NS } from './wsdl-namespaces.js';
import { isElement, resolveQName, type XmlNode } from './xml-tree.js';
import type { WsdlError } from './wsdl-error.js';

/**
 * The top level of a WSDL 1.1 document, indexed: its target namespace and description, and its messages,
 * port types, bindings, services and schemas. Also the one place errors are made, at a node or at one
 * of its attributes.
 */
export class WsdlDocument {
  readonly targetNamespace: string;
  readonly description: string | undefined;
  readonly schemas: XmlNode[] = [];
  readonly messages = new Map<string, XmlNode>();
  readonly portTypes = new Map<string, XmlNode>();
  readonly bindings: XmlNode[] = [];
  readonly services: XmlNode[] = [];
  /**
   * The target namespaces of the descriptions merged into this one: the service's, and an imported description's
   * (a `[WebServiceBinding(Namespace)]`'s messages, port type and bindings, `?wsdl=wsdl1`).
   */
  readonly definitionNamespaces: ReadonlySet<string>;
  /** For a description read from several documents: each node's place in the merged description. */
  private readonly places = new Map<XmlNode, number>();

  constructor(
    readonly source: SourceText,
    readonly root: XmlNode,
    /** For a description read from several documents: the document each node of another one comes from. */
    readonly sources?: ReadonlyMap<XmlNode, SourceText>,
    /** For a description read from several documents: the target namespace of each of the root's children. */
    private readonly targetNamespaces?: ReadonlyMap<XmlNode, string>,
  ) {
    if (!isElement(root, WSDL_NS, 'definitions')) {
      throw this.fail(
        root,
        `the root element is <${root.qualifiedName}>${root.namespace ? ` in namespace ${root.namespace}` : ''}, ` +
          `not <definitions> in namespace ${WSDL_NS}: this is not a WSDL 1.1 document (asmxgen does not read ` +
          'WSDL 2.0 or HTML pages); import the WSDL the service serves (for ASMX, its address followed by ?wsdl)',
      );
    }
    const targetNamespace = root.attributes.get('targetNamespace');
    if (targetNamespace === undefined || targetNamespace.trim() === '') {
      throw this.fail(
        root,
        'the definitions have no targetNamespace: every ASMX service has a namespace (ASMX writes it here); ' +
          'add targetNamespace="…" and import again',
      );
    }
    this.targetNamespace = targetNamespace;
    this.definitionNamespaces = new Set([targetNamespace, ...(targetNamespaces?.values() ?? [])]);
    if (sources) this.number(root);
    let description: string | undefined;
    for (const child of root.elements) {
      if (child.namespace !== WSDL_NS) continue;
      switch (child.localName) {
        case 'import':
          throw this.fail(
            child,
            child.attributes.has('location')
              ? `a wsdl:import of ${child.attributes.get('location')}: readWsdl reads one document; read the ` +
                  'documents it names first with readWsdlDocuments, as asmxgen import and diff do'
              : 'a wsdl:import without a location: it names no document to read the definitions from; add the ' +
                  'location of the document that holds them (the ASMX runtime serves its WSDL in one document)',
          );
        case 'documentation':
          description ??= this.documentation(child);
          break;
        case 'types':
          this.schemas.push(...child.elements.filter((e) => isElement(e, XSD_NS, 'schema')));
          break;
        case 'message':
          this.index(this.messages, child);
          break;
        case 'portType':
          this.index(this.portTypes, child);
          break;
        case 'binding':
          this.bindings.push(child);
          break;
        case 'service':
          this.services.push(child);
          break;
      }
    }
    this.description = description;
  }

  /** An error at the start tag of `node`. */
  fail(node: XmlNode, reason: string): WsdlError {
    return this.sourceOf(node).errorAt(node.offset, reason);
  }

  /** An error at attribute `name` of `node` (at the start tag when it has none). */
  failAt(node: XmlNode, name: string, reason: string): WsdlError {
    const source = this.sourceOf(node);
    return source.errorAt(source.attributeOffset(node.offset, name), reason);
  }

  line(node: XmlNode): number {
    return this.sourceOf(node).position(node.offset).line;
  }

  /** A key that sorts nodes in the order of the (merged) description. */
  order(node: XmlNode): number {
    return this.places.get(node) ?? node.offset;
  }

  private number(node: XmlNode): void {
    this.places.set(node, this.places.size);
    for (const child of node.elements) this.number(child);
  }

  /** The document `node` was read from. */
  sourceOf(node: XmlNode): SourceText {
    return this.sources?.get(node) ?? this.source;
  }

  /** A required attribute. */
  attribute(node: XmlNode, name: string): string {
    const value = node.attributes.get(name);
    if (value === undefined)
      throw this.fail(node, `<${node.qualifiedName}> has no ${name} attribute: not a valid WSDL`);
    return value;
  }

  /** The target namespace of the description a message, port type or binding (a child of the root) is in. */
  namespaceOf(definition: XmlNode): string {
    return this.targetNamespaces?.get(definition) ?? this.targetNamespace;
  }

  /**
   * The local name a QName-valued attribute names, which must be in the target namespace (or, for a message, port
   * type or binding, in an imported description's).
   */
  localReference(node: XmlNode, name: string): string {
    const value = this.attribute(node, name);
    const qname = resolveQName(node, value);
    if (qname === undefined) {
      throw this.failAt(
        node,
        name,
        `${name}="${value}" uses a namespace prefix that is not declared: not a valid WSDL`,
      );
    }
    if (!this.definitionNamespaces.has(qname.namespace)) {
      throw this.failAt(
        node,
        name,
        `${name}="${value}" names something in namespace ${qname.namespace || '(none)'}, not in the target ` +
          `namespace ${this.targetNamespace}: the ASMX runtime names its messages, port types, bindings and ` +
          'wrapper elements in the target namespace, and asmxgen reads one self-contained WSDL',
      );
    }
    return qname.localName;
  }

  /** What a `message`/`type`/`binding` attribute refers to, looked up in `index`. */
  resolve(node: XmlNode, name: string, index: ReadonlyMap<string, XmlNode>, what: string): XmlNode {
    const local = this.localReference(node, name);
    const found = index.get(local);
    if (!found || this.namespaceOf(found) !== resolveQName(node, node.attributes.get(name)!)!.namespace) {
      throw this.failAt(node, name, `the ${what} "${local}" is not defined in this WSDL: not a valid WSDL`);
    }
    return found;
  }

  /** The text of the `wsdl:documentation` child of `node`; `undefined` when there is none or it is blank. */
  documentationOf(node: XmlNode): string | undefined {
    const doc = node.elements.find((e) => isElement(e, WSDL_NS, 'documentation'));
    return doc && this.documentation(doc);
  }

  private documentation(doc: XmlNode): string | undefined {
    const markup = doc.elements[0];
    if (markup) {
      throw this.fail(
        markup,
        `a description holding markup (<${markup.qualifiedName}>): asmxgen writes descriptions as plain text, ` +
          'as ASMX does for a Description; make the description plain text and import again',
      );
    }
    return doc.text.trim() === '' ? undefined : doc.text;
  }

  private index(map: Map<string, XmlNode>, node: XmlNode): void {
    const name = this.attribute(node, 'name');
    if (map.has(name)) {
      throw this.failAt(
        node,
        'name',
        `a second <${node.qualifiedName}> named "${name}" (the first is at line ${this.line(map.get(name)!)}): ` +
          'not a valid WSDL',
      );
    }
    map.set(name, node);
  }
}

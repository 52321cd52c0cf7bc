import { dirname, resolve } from 'node:path';
import { SourceText } from './source-text.js';
import { WSDL_NS, XSD_NS } from './wsdl-namespaces.js';
import { isElement, parseXmlTree, type XmlNode } from './xml-tree.js';

/**
 * Reads the document at `location` (a path or an http(s) URL, already resolved against the document that names
 * it): its text, and its name for messages. Throws an `Error` whose message says why it cannot.
 */
export type DocumentLoader = (location: string) => Promise<{ readonly text: string; readonly label: string }>;

/** `DocumentLoader`'s synchronous form, for documents held in memory (the ones a spec generates). */
export type SyncDocumentLoader = (location: string) => { readonly text: string; readonly label: string };

/** What the reader asks for (a location) and is given back: the document, or why it could not be read. */
type Loaded = { readonly text: string; readonly label: string } | { readonly error: unknown };
type Reading<T> = Generator<string, T, Loaded>;

/** How many documents one WSDL may name, directly or not. */
const MAX_DOCUMENTS = 100;

/** A WSDL whose definitions or schemas live in several documents, merged into one description. */
export interface WsdlDocuments {
  /** The first document's root, each `wsdl:import`, `s:include` and `s:import schemaLocation` replaced by what it names. */
  readonly root: XmlNode;
  /** The document each node of another document comes from, for `file:line:column`. */
  readonly sources: ReadonlyMap<XmlNode, SourceText>;
  /** The other documents' names, in the order they were read. */
  readonly documents: readonly string[];
  /**
   * The target namespace of the description each of the root's children comes from: an imported description's
   * messages, port types and bindings are in its own (a `[WebServiceBinding(Namespace)]`'s, `?wsdl=wsdl1`).
   */
  readonly targetNamespaces: ReadonlyMap<XmlNode, string>;
}

/**
 * Reads the documents a WSDL names (`wsdl:import location`, `s:include schemaLocation`, `s:import
 * schemaLocation`) relative to the document naming them, as wsdl.exe does, and merges them into one description:
 * an imported WSDL's definitions take the place of its `wsdl:import`, an included schema's content that of its
 * `s:include`, and an imported schema follows the schema importing it (whose `s:import` keeps only its
 * namespace, as the runtime writes it; a schema holding nothing but such imports gives way to them). Each
 * document is read once. `undefined` when the WSDL names no other document.
 */
export async function readWsdlDocuments(
  text: string,
  file: string,
  base: string,
  load: DocumentLoader,
): Promise<WsdlDocuments | undefined> {
  const reading = merge(text, file, base);
  let step = reading.next();
  while (!step.done) {
    let loaded: Loaded;
    try {
      loaded = await load(step.value);
    } catch (error) {
      loaded = { error };
    }
    step = reading.next(loaded);
  }
  return step.value;
}

/** `readWsdlDocuments` of documents at hand: the set of documents a spec generates, merged to compare it. */
export function mergeWsdlDocuments(
  text: string,
  file: string,
  base: string,
  load: SyncDocumentLoader,
): WsdlDocuments | undefined {
  const reading = merge(text, file, base);
  let step = reading.next();
  while (!step.done) {
    let loaded: Loaded;
    try {
      loaded = load(step.value);
    } catch (error) {
      loaded = { error };
    }
    step = reading.next(loaded);
  }
  return step.value;
}

/** The merge, asking for each document it needs by yielding its location. */
function* merge(text: string, file: string, base: string): Reading<WsdlDocuments | undefined> {
  const source = new SourceText(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, file);
  const root = parseXmlTree(source);
  if (!isElement(root, WSDL_NS, 'definitions') || !namesDocuments(root)) return undefined;
  const reader = new DocumentsReader();
  reader.seen.add(base);
  const elements = yield* reader.definitions(root, source, base);
  const composed: XmlNode = { ...root, elements };
  return {
    root: composed,
    sources: reader.sources,
    documents: reader.documents,
    targetNamespaces: reader.targetNamespaces,
  };
}

/** `location` relative to `base` (a URL or a file path), as wsdl.exe resolves it. */
export function resolveLocation(location: string, base: string): string {
  if (/^https?:\/\//i.test(base)) {
    // A document served over HTTP names documents on the web, never files of the machine reading it.
    const url = new URL(location, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`a ${url.protocol} URL`);
    return url.href;
  }
  if (/^[a-z][a-z0-9+.-]+:\/\//i.test(location)) return location;
  return resolve(dirname(base), location);
}

function namesDocuments(root: XmlNode): boolean {
  return root.elements.some(
    (child) =>
      (isElement(child, WSDL_NS, 'import') && child.attributes.has('location')) ||
      (isElement(child, WSDL_NS, 'types') &&
        child.elements.some((schema) => schema.elements.some((e) => isReference(e) !== undefined))),
  );
}

/** `include` or `import` for an `s:include`/`s:import` with a `schemaLocation`. */
function isReference(node: XmlNode): 'include' | 'import' | undefined {
  if (node.namespace !== XSD_NS || !node.attributes.has('schemaLocation')) return undefined;
  return node.localName === 'include' || node.localName === 'import' ? node.localName : undefined;
}

class DocumentsReader {
  readonly sources = new Map<XmlNode, SourceText>();
  readonly documents: string[] = [];
  readonly seen = new Set<string>();
  readonly targetNamespaces = new Map<XmlNode, string>();

  /** The children of a `wsdl:definitions`, imports replaced. */
  *definitions(root: XmlNode, source: SourceText, base: string): Reading<XmlNode[]> {
    const out: XmlNode[] = [];
    const own = (node: XmlNode) => {
      this.targetNamespaces.set(node, root.attributes.get('targetNamespace') ?? '');
      out.push(node);
    };
    for (const child of root.elements) {
      if (isElement(child, WSDL_NS, 'import') && child.attributes.has('location')) {
        const read = yield* this.read(child, 'location', source, base);
        if (!read) continue;
        if (!isElement(read.root, WSDL_NS, 'definitions')) {
          throw read.source.errorAt(
            read.root.offset,
            `the root element is <${read.root.qualifiedName}>, not wsdl:definitions: a wsdl:import names a WSDL ` +
              `document (at ${source.file}:${source.position(child.offset).line})`,
          );
        }
        // The imported document's own description is not the service's.
        const definitions = yield* this.definitions(read.root, read.source, read.location);
        out.push(...definitions.filter((d) => !isElement(d, WSDL_NS, 'documentation')));
      } else if (isElement(child, WSDL_NS, 'types')) {
        const schemas: XmlNode[] = [];
        for (const schema of child.elements) {
          schemas.push(...(isElement(schema, XSD_NS, 'schema') ? yield* this.schema(schema, source, base) : [schema]));
        }
        own(this.copy(child, { ...child, elements: schemas }, source));
      } else {
        own(child);
      }
    }
    return out;
  }

  /** A schema with its includes' content in place, then the schemas it imports. */
  *schema(schema: XmlNode, source: SourceText, base: string): Reading<XmlNode[]> {
    const own: XmlNode[] = [];
    const imported: XmlNode[] = [];
    let resolvedImports = 0;
    // The one schema this one includes, when it declares nothing of its own (the runtime's top schema of a
    // description in several documents): its content keeps its document's element and attribute forms.
    let includedOnly: XmlNode | undefined;
    let ownContent = false;
    for (const child of schema.elements) {
      const kind = isReference(child);
      if (kind === undefined) {
        own.push(child);
        if (!(child.namespace === XSD_NS && child.localName === 'import')) ownContent = true;
        continue;
      }
      const read = yield* this.read(child, 'schemaLocation', source, base);
      if (read && !isElement(read.root, XSD_NS, 'schema')) {
        throw read.source.errorAt(
          read.root.offset,
          `the root element is <${read.root.qualifiedName}>, not an XML Schema's schema: an <${child.qualifiedName}> ` +
            `names a schema document (at ${source.file}:${source.position(child.offset).line})`,
        );
      }
      const schemas = read ? yield* this.schema(read.root, read.source, read.location) : [];
      if (kind === 'include') {
        // An included schema's content belongs to the including schema's namespace.
        const [first, ...rest] = schemas;
        if (first) {
          own.push(...first.elements);
          if (includedOnly !== undefined) ownContent = true;
          includedOnly = first;
        }
        imported.push(...rest);
        continue;
      }
      imported.push(...schemas);
      resolvedImports++;
      const namespace = child.attributes.get('namespace');
      if (namespace !== undefined && namespace !== schema.attributes.get('targetNamespace')) {
        const attributes = new Map(child.attributes);
        attributes.delete('schemaLocation');
        own.push(this.copy(child, { ...child, attributes }, source));
      }
    }
    const onlyImports = resolvedImports > 0 && own.every((e) => e.namespace === XSD_NS && e.localName === 'import');
    if (onlyImports) return imported;
    const attributes = new Map(schema.attributes);
    if (includedOnly && !ownContent) {
      for (const form of ['elementFormDefault', 'attributeFormDefault']) {
        const value = includedOnly.attributes.get(form);
        if (value !== undefined && !attributes.has(form)) attributes.set(form, value);
      }
    }
    return [this.copy(schema, { ...schema, attributes, elements: own }, source), ...imported];
  }

  /** The document `node`'s attribute names, parsed; `undefined` when it was read already. */
  private *read(
    node: XmlNode,
    attribute: string,
    source: SourceText,
    base: string,
  ): Reading<{ root: XmlNode; source: SourceText; location: string } | undefined> {
    const value = node.attributes.get(attribute)!;
    let location: string;
    try {
      location = resolveLocation(value, base);
    } catch (error) {
      const why = error instanceof Error && !(error instanceof TypeError) ? ` (${error.message})` : '';
      throw source.errorAt(
        source.attributeOffset(node.offset, attribute),
        `${attribute}="${value}" is not a location asmxgen can read relative to ${base}${why}: a document served ` +
          'over HTTP names documents by http:// or https:// URLs, or by paths on its server',
      );
    }
    if (this.seen.has(location)) return undefined;
    if (this.seen.size > MAX_DOCUMENTS) {
      throw source.errorAt(
        source.attributeOffset(node.offset, attribute),
        `more than ${MAX_DOCUMENTS} documents named from one WSDL: asmxgen stops here (a service's description ` +
          'is a handful of documents; check that the locations do not keep naming new ones)',
      );
    }
    this.seen.add(location);
    const loaded = yield location;
    if ('error' in loaded) {
      const reason = loaded.error instanceof Error ? loaded.error.message : String(loaded.error);
      throw source.errorAt(
        source.attributeOffset(node.offset, attribute),
        `${reason} (the document this <${node.qualifiedName}> names)`,
      );
    }
    const text = loaded.text.charCodeAt(0) === 0xfeff ? loaded.text.slice(1) : loaded.text;
    const read = new SourceText(text, loaded.label);
    const root = parseXmlTree(read);
    this.documents.push(loaded.label);
    this.register(root, read);
    return { root, source: read, location };
  }

  private register(node: XmlNode, source: SourceText): void {
    this.sources.set(node, source);
    for (const child of node.elements) this.register(child, source);
  }

  /** `copy`, made from `node`, is located where `node` is. */
  private copy(node: XmlNode, copy: XmlNode, source: SourceText): XmlNode {
    this.sources.set(copy, this.sources.get(node) ?? source);
    return copy;
  }
}

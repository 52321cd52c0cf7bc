/**
 * A WSDL document as a small tree of namespace-resolved elements that remember where they start, so the
 * reader can name a construct's line and column. fast-xml-parser parses and checks well-formedness; this
 * module resolves prefixes by the declarations in scope (any prefix may name any namespace, and the
 * default namespace applies) and keeps each element's scope for QName-valued attributes (`type="s:int"`).
 *
 * As the runtime's reader: no DTD or other markup declaration is accepted, so no entity beyond the five
 * predefined ones and character references is ever expanded.
 */
import { XMLValidator } from 'fast-xml-parser';
import {
  ATTRIBUTE_PREFIX,
  ATTRIBUTES_KEY,
  CDATA_KEY,
  createOrderedXmlParser,
  decodeAttribute,
  decodeText,
  elementKey,
  hasForbiddenCharacter,
  metadataOf,
  refuseMarkupDeclarations,
  TEXT_KEY,
  XmlReadError,
  type ParsedNode,
} from '@asmxgen/runtime/xml';
import type { SourceText } from './source-text.js';
import { WsdlError } from './wsdl-error.js';
import { parseWrittenXmlTree, ROOT_SCOPE } from './written-xml-tree.js';
import type { QName, XmlNode } from './xml-node.js';
import { XSD_NS } from './wsdl-namespaces.js';

export type { QName, XmlNode } from './xml-node.js';

/**
 * The last document read whole: `import` reads a WSDL to find the documents it names, then reads it again as
 * the WSDL (trees are never changed once read). Reading a WSDL of 1,500 operations takes most of a second.
 */
let lastRead: { readonly text: string; readonly file: string; readonly root: XmlNode } | undefined;

/** Parses `source` into its root element; any failure is a WsdlError saying the input is not (acceptable) XML. */
export function parseXmlTree(source: SourceText): XmlNode {
  if (lastRead !== undefined && lastRead.file === source.file && lastRead.text === source.text) return lastRead.root;
  const root = parseNewXmlTree(source);
  lastRead = { text: source.text, file: source.file, root };
  return root;
}

function parseNewXmlTree(source: SourceText): XmlNode {
  const text = withoutMisplacedDeclaration(source.text);
  if (hasForbiddenCharacter(text)) {
    throw source.errorAt(firstForbiddenCharacter(text), notXml('a character XML 1.0 does not allow'));
  }
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    const { line, col, msg } = valid.err;
    throw new WsdlError(source.file, line || 1, col || 1, notXml(msg.replace(/\.$/, '')));
  }
  try {
    refuseMarkupDeclarations(text);
  } catch (error) {
    if (!(error instanceof XmlReadError)) throw error;
    const at = Math.max(0, text.search(/<!(?!--|\[CDATA\[)/));
    throw source.errorAt(
      at,
      'a DTD or markup declaration (<!DOCTYPE …>): asmxgen does not read them, so that no entity is ever ' +
        'expanded, and ASMX never writes one in a WSDL; remove it and import again',
    );
  }
  // Checked, the document is read in one pass; where that pass refuses it, fast-xml-parser's reading says why.
  try {
    return parseWrittenXmlTree(source, text);
  } catch (error) {
    if (!(error instanceof WsdlError)) throw error;
  }
  return parseCheckedXmlTree(source, text);
}

/**
 * A document `parseXmlTree` has checked (no forbidden character, well-formed, no markup declaration), read through
 * fast-xml-parser's own tree: what says why the one-pass reading refused it, and what that reading is held to.
 */
export function parseCheckedXmlTree(source: SourceText, text = source.text): XmlNode {
  let nodes: ParsedNode[];
  try {
    nodes = PARSER.parse(text) as ParsedNode[];
  } catch (error) {
    throw source.errorAt(0, notXml(error instanceof Error ? error.message : String(error)));
  }
  const roots = nodes.filter((node) => elementKey(node) !== undefined);
  if (roots.length !== 1) {
    const second = roots[1];
    throw source.errorAt(second ? startOf(second) : 0, notXml('a document has exactly one root element'));
  }
  const root = roots[0]!;
  const end = metadataOf(root)?.endIndex;
  const rest = end === undefined ? '' : text.slice(end).replace(/<!--[\s\S]*?-->|<\?[\s\S]*?\?>/g, '');
  if (!/^[ \t\n\r]*$/.test(rest)) {
    throw source.errorAt(
      end! + rest.search(/[^ \t\n\r]/),
      notXml('only comments and whitespace may follow the root element'),
    );
  }
  return convert(root, ROOT_SCOPE, source);
}

/** The namespace and local name a QName-valued attribute names, by the declarations in scope at `node`. */
export function resolveQName(node: XmlNode, value: string): QName | undefined {
  const colon = value.indexOf(':');
  const prefix = colon === -1 ? '' : value.slice(0, colon);
  const namespace = node.scope.get(prefix);
  if (namespace === undefined) return undefined;
  return { namespace, localName: value.slice(colon + 1) };
}

export function isElement(node: XmlNode, namespace: string, localName: string): boolean {
  return node.namespace === namespace && node.localName === localName;
}

export function childElements(node: XmlNode, namespace: string, localName: string): XmlNode[] {
  return node.elements.filter((child) => isElement(child, namespace, localName));
}

export function childElement(node: XmlNode, namespace: string, localName: string): XmlNode | undefined {
  return node.elements.find((child) => isElement(child, namespace, localName));
}

/**
 * The text with an XML declaration that whitespace (or a byte order mark) precedes blanked out, offsets kept: some
 * servers and proxies send a line end before it, which XML does not allow but every caller of the service reads past.
 * The document's text, kept as served, still holds it (`wsdl.prolog` cannot, so import keeps the original).
 */
function withoutMisplacedDeclaration(text: string): string {
  const misplaced = /^\uFEFF?[ \t\r\n]+(<\?xml[ \t\r\n][^?]*\?>)/.exec(text);
  if (!misplaced) return text;
  const at = misplaced[0].length - misplaced[1]!.length;
  return text.slice(0, at) + ' '.repeat(misplaced[1]!.length) + text.slice(misplaced[0].length);
}

function notXml(detail: string): string {
  return (
    `not well-formed XML (${detail}): asmxgen imports WSDL 1.1 documents; check that the file is one, or that ` +
    'the URL serves one (for an ASMX service, its address followed by ?wsdl)'
  );
}

// --- fast-xml-parser output to nodes ---------------------------------------------------------------------------------

const PARSER = createOrderedXmlParser();

function startOf(node: ParsedNode): number {
  return metadataOf(node)?.startIndex ?? 0;
}

function convert(node: ParsedNode, parentScope: ReadonlyMap<string, string>, source: SourceText): XmlNode {
  const offset = startOf(node);
  const fail = (detail: string) => source.errorAt(offset, notXml(detail));
  const decode = (decoder: (raw: string) => string, raw: string) => {
    try {
      return decoder(raw);
    } catch (error) {
      if (error instanceof XmlReadError) throw fail(error.message.replace(/\.$/, ''));
      throw error;
    }
  };
  const qualifiedName = elementKey(node)!;
  const raw = (node[ATTRIBUTES_KEY] ?? {}) as Record<string, unknown>;
  let scope = parentScope;
  const attributes = new Map<string, string>();
  for (const key of Object.keys(raw)) {
    const name = key.slice(ATTRIBUTE_PREFIX.length);
    const value = decode(decodeAttribute, String(raw[key]));
    if (name === 'xmlns' || name.startsWith('xmlns:')) {
      if (scope === parentScope) scope = new Map(parentScope);
      (scope as Map<string, string>).set(name === 'xmlns' ? '' : name.slice('xmlns:'.length), value);
    } else {
      attributes.set(name, value);
    }
  }
  for (const name of attributes.keys()) {
    const colon = name.indexOf(':');
    if (colon !== -1 && !scope.has(name.slice(0, colon))) {
      throw fail(`the prefix "${name.slice(0, colon)}" of attribute ${name} is not declared`);
    }
  }
  const colon = qualifiedName.indexOf(':');
  const prefix = colon === -1 ? '' : qualifiedName.slice(0, colon);
  const namespace = scope.get(prefix);
  if (namespace === undefined) throw fail(`the prefix "${prefix}" of element <${qualifiedName}> is not declared`);
  const elements: XmlNode[] = [];
  let text = '';
  for (const child of node[qualifiedName] as ParsedNode[]) {
    if (child[TEXT_KEY] !== undefined) {
      text += decode(decodeText, String(child[TEXT_KEY]).replace(/\r\n?/g, '\n'));
    } else if (child[CDATA_KEY] !== undefined) {
      text += (child[CDATA_KEY] as ParsedNode[]).map((part) => String(part[TEXT_KEY] ?? '')).join('');
    } else if (elementKey(child) !== undefined) {
      elements.push(convert(child, scope, source));
    }
  }
  return {
    namespace,
    localName: qualifiedName.slice(colon + 1),
    qualifiedName,
    attributes,
    scope,
    elements,
    text,
    offset,
  };
}

function firstForbiddenCharacter(text: string): number {
  let offset = 0;
  for (const char of text) {
    if (hasForbiddenCharacter(char)) return offset;
    offset += char.length;
  }
  return 0;
}

/** Child elements other than `xs:annotation`: what a schema element holds. */
export function significant(node: XmlNode): XmlNode[] {
  return node.elements.filter((e) => !isElement(e, XSD_NS, 'annotation'));
}

/**
 * Safe XML reading for SOAP messages: a document becomes a small tree of
 * namespace-resolved elements, or an `XmlReadError`.
 *
 * As ASMX (`DtdProcessing.Prohibit`, no resolver): a DOCTYPE or any other
 * markup declaration is refused outright, so no entity beyond the five
 * predefined ones and character references is ever expanded; a reference to
 * any other entity is an error. Refused too: malformed XML, characters XML 1.0
 * does not allow (also as character references), undeclared prefixes, and
 * nesting deeper than a cap.
 *
 * Text is kept exactly: no trimming; line ends are normalized as XML requires
 * (CRLF and CR become LF), so a CR survives only as `&#xD;`; CDATA content is
 * kept as written; characters outside the BMP are kept.
 *
 * Well-formedness is checked by fast-xml-parser's validator and parser; what
 * they let through is checked in `xml-lexical.ts` (DTDs, references,
 * characters, `<` in attribute values, `]]>` in text, `--` in comments) and
 * here (namespaces, depth, what follows the root).
 */
import { XMLValidator, type XMLParser } from 'fast-xml-parser';
import {
  ATTRIBUTE_PREFIX,
  ATTRIBUTES_KEY,
  CDATA_KEY,
  createOrderedXmlParser,
  elementKey,
  metadataOf,
  TEXT_KEY,
  type ParsedNode,
} from './ordered-xml-parser.js';
import { XML_NS, XMLNS_NS } from '../soap/soap-constants.js';
import { LineIndex } from './line-index.js';
import { Element, type XmlAttribute, type XmlElement } from './xml-element.js';
import { XmlReadError } from './xml-read-error.js';
import type { XmlShapes } from './xml-shapes.js';
import {
  checkDeclaration,
  decodeAttribute,
  decodeText,
  hasForbiddenCharacter,
  refuseMarkupDeclarations,
} from './xml-lexical.js';

export { XmlReadError };
export type { XmlAttribute, XmlElement };

export const DEFAULT_MAX_XML_DEPTH = 64;

export interface XmlReadOptions {
  /** Deepest element nesting accepted (the root is depth 1). Default 64. */
  readonly maxDepth?: number;
  /**
   * Shapes of documents read before (see `xml-shapes.ts`): a document of a
   * known shape is read without parsing it again, and one read in full is
   * learned. One set per kind of document and `maxDepth`.
   */
  readonly shapes?: XmlShapes;
}

/** Decoders by label; without `stream`, `decode` keeps no state between calls. Only labels TextDecoder knows. */
const decoders = new Map<string, TextDecoder>();

/**
 * Decodes a message body: the `charset` of its content type, else a UTF-16
 * byte order mark, else UTF-8. Invalid bytes are an error, not U+FFFD.
 */
export function decodeXmlBytes(bytes: Uint8Array, charset?: string): string {
  // What nearly every client sends, its decoder at hand.
  let label = charset === 'utf-8' ? charset : charset?.trim().toLowerCase();
  if (!label) {
    label =
      bytes[0] === 0xff && bytes[1] === 0xfe
        ? 'utf-16le'
        : bytes[0] === 0xfe && bytes[1] === 0xff
          ? 'utf-16be'
          : 'utf-8';
  }
  let decoder = decoders.get(label);
  if (decoder === undefined) {
    try {
      decoder = new TextDecoder(label, { fatal: true });
    } catch {
      throw new XmlReadError(`Unsupported character set '${charset}'.`);
    }
    decoders.set(label, decoder);
  }
  try {
    return decoder.decode(bytes);
  } catch {
    throw new XmlReadError(`The document is not valid ${label}.`);
  }
}

/** Reads a document; returns its root element. */
export function readXml(text: string, options: XmlReadOptions = {}): XmlElement {
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_XML_DEPTH;
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const known = options.shapes?.match(text);
  if (known !== undefined) return known;
  if (hasForbiddenCharacter(text)) throw new XmlReadError('The document holds a character XML 1.0 does not allow.');
  checkDeclaration(text);
  refuseMarkupDeclarations(text);
  // Parse first: the parser stops at the depth cap, so a hostile nesting never grows the validator's stack.
  let nodes: unknown;
  try {
    nodes = parserFor(maxDepth).parse(text);
  } catch (error) {
    throw new XmlReadError(error instanceof Error ? error.message : 'The document is not well-formed.');
  }
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new XmlReadError(`${valid.err.msg} (${valid.err.line}, ${valid.err.col})`);
  const roots = (nodes as ParsedNode[]).filter((node) => elementKey(node) !== undefined);
  if (roots.length !== 1) throw new XmlReadError('The document must have exactly one root element.');
  const root = roots[0]!;
  // The validator misses text after a root written as an empty-element tag.
  const end = metadataOf(root)?.endIndex;
  if (end === undefined || !/^[ \t\n\r]*$/.test(text.slice(end).replace(/<!--[\s\S]*?-->|<\?[\s\S]*?\?>/g, ''))) {
    throw new XmlReadError('Only comments, processing instructions and whitespace may follow the root element.');
  }
  const element = convert(root, ROOT_SCOPE, 1, { maxDepth, lines: new LineIndex(text) });
  options.shapes?.learn(text, element);
  return element;
}

/** The child elements of `element`, in order. */
export function childElements(element: XmlElement): XmlElement[] {
  return element.children.filter((child): child is XmlElement => typeof child !== 'string');
}

/** The first child element of `element`, skipping text. */
export function firstChildElement(element: XmlElement): XmlElement | undefined {
  return element.children.find((child): child is XmlElement => typeof child !== 'string');
}

/** The element's text; `undefined` when it has child elements (mixed or element content). */
export function textContent(element: XmlElement): string | undefined {
  let text = '';
  for (const child of element.children) {
    if (typeof child !== 'string') return undefined;
    text += child;
  }
  return text;
}

export function attributeValue(element: XmlElement, namespace: string, localName: string): string | undefined {
  return element.attributes.find((a) => a.localName === localName && a.namespace === namespace)?.value;
}

// --- fast-xml-parser output to elements ------------------------------------------------------------------------------

const parsers = new Map<number, XMLParser>();

function parserFor(maxDepth: number): XMLParser {
  let parser = parsers.get(maxDepth);
  if (!parser) {
    parser = createOrderedXmlParser({
      // The parser counts open ancestors; `convert` checks the exact depth.
      maxNestedTags: maxDepth,
      jPath: false,
      onDangerousProperty: (name: string) => name,
    });
    parsers.set(maxDepth, parser);
  }
  return parser;
}

type Scope = ReadonlyMap<string, string>;
const ROOT_SCOPE: Scope = new Map([
  ['', ''],
  ['xml', XML_NS],
]);

interface ConvertContext {
  readonly maxDepth: number;
  readonly lines: LineIndex;
}

function convert(node: ParsedNode, parentScope: Scope, depth: number, context: ConvertContext): XmlElement {
  if (depth > context.maxDepth) throw new XmlReadError(`Elements are nested deeper than ${context.maxDepth}.`);
  const qualifiedName = elementKey(node)!;
  const rawAttributes = node[ATTRIBUTES_KEY] as Record<string, string> | undefined;
  let scope = parentScope;
  let plain: [string, string][] | undefined;
  if (rawAttributes !== undefined) {
    for (const key of Object.keys(rawAttributes)) {
      const name = key.slice(ATTRIBUTE_PREFIX.length);
      const value = decodeAttribute(String(rawAttributes[key]));
      if (name === 'xmlns' || name.startsWith('xmlns:')) {
        const prefix = name === 'xmlns' ? '' : name.slice(6);
        checkDeclaredPrefix(prefix, value);
        if (scope === parentScope) scope = new Map(parentScope);
        (scope as Map<string, string>).set(prefix, value);
      } else {
        (plain ??= []).push([name, value]);
      }
    }
  }
  const attributes: XmlAttribute[] = [];
  if (plain !== undefined) {
    for (const [qualified, value] of plain) {
      const colon = qualified.indexOf(':');
      const namespace = colon === -1 ? (checkName(qualified), '') : resolvePrefix(qualified, colon, scope);
      attributes.push({ namespace, localName: qualified.slice(colon + 1), qualifiedName: qualified, value });
    }
    // Namespaces in XML: two prefixes of one namespace must not give an element the same attribute twice.
    if (new Set(attributes.map((a) => `{${a.namespace}}${a.localName}`)).size !== attributes.length) {
      throw new XmlReadError(`An attribute of '${qualifiedName}' is repeated.`);
    }
  }
  const colon = qualifiedName.indexOf(':');
  const namespace =
    colon === -1 ? (checkName(qualifiedName), scope.get('')!) : resolvePrefix(qualifiedName, colon, scope);
  const children: (XmlElement | string)[] = [];
  for (const child of node[qualifiedName] as ParsedNode[]) {
    let text: string | undefined;
    if (child[TEXT_KEY] !== undefined) text = decodeText(String(child[TEXT_KEY]));
    else if (child[CDATA_KEY] !== undefined)
      text = (child[CDATA_KEY] as ParsedNode[]).map((part) => String(part[TEXT_KEY] ?? '')).join('');
    if (text === undefined) {
      children.push(convert(child, scope, depth + 1, context));
    } else if (typeof children[children.length - 1] === 'string') {
      children[children.length - 1] += text;
    } else {
      children.push(text);
    }
  }
  const metadata = metadataOf(node);
  return new Element(
    namespace,
    qualifiedName.slice(colon + 1),
    qualifiedName,
    attributes,
    children,
    metadata?.startIndex ?? 0,
    context.lines,
    metadata?.endIndex ?? 0,
    scope,
  );
}

function checkDeclaredPrefix(prefix: string, uri: string): void {
  if (prefix === 'xmlns') throw new XmlReadError("The prefix 'xmlns' cannot be declared.");
  if (prefix === 'xml' ? uri !== XML_NS : uri === XML_NS || uri === XMLNS_NS) {
    throw new XmlReadError("The prefix 'xml' and its namespace are bound to each other only.");
  }
  if (prefix !== '' && uri === '') throw new XmlReadError(`The prefix '${prefix}' cannot be undeclared in XML 1.0.`);
}

function checkName(name: string): void {
  if (name === '') throw new XmlReadError('An empty name is not valid.');
}

/** The namespace of `prefix:local`; the prefix must be declared, the local part a name without a colon. */
function resolvePrefix(qualified: string, colon: number, scope: Scope): string {
  if (colon === 0 || colon === qualified.length - 1 || qualified.indexOf(':', colon + 1) !== -1) {
    throw new XmlReadError(`'${qualified}' is not a valid name.`);
  }
  const prefix = qualified.slice(0, colon);
  const namespace = scope.get(prefix);
  if (namespace === undefined) throw new XmlReadError(`'${prefix}' is an undeclared prefix.`);
  return namespace;
}

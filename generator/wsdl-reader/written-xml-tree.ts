/**
 * A document asmxgen itself wrote (the WSDL it serves, or a kept original its reader accepted once), or a user's
 * that `xml-tree.ts` has checked, read into the tree `xml-tree.ts` reads: the same nodes, scopes, attributes and
 * offsets, made in one pass over the text. Such a document is known to be well-formed and to hold no DTD, so neither fast-xml-parser's validation
 * nor its own tree is needed: for the WSDL of a service of 1,500 operations (4 MB), that tree was tens of megabytes
 * made only to be converted, and most of the time of reading it.
 */
import { decodeAttribute, decodeText, XmlReadError } from '@asmxgen/runtime/xml';
import type { SourceText } from './source-text.js';
import type { XmlNode } from './xml-node.js';

/** The scope of a document's root: no default namespace, and the `xml` prefix. */
export const ROOT_SCOPE: ReadonlyMap<string, string> = new Map([
  ['', ''],
  ['xml', 'http://www.w3.org/XML/1998/namespace'],
]);

/**
 * Parses a document asmxgen wrote into its root element; a WsdlError where it is not such a document. `text` is the
 * source's text, or one of the same length read in its place (offsets are the source's).
 */
export function parseWrittenXmlTree(source: SourceText, text = source.text): XmlNode {
  return new WrittenXmlReader(source, text).document();
}

/** The attributes of an element that has none, shared (a tree is never changed once read). */
const NO_ATTRIBUTES: ReadonlyMap<string, string> = new Map();
/** The children of an element that has none, shared likewise. */
const NO_ELEMENTS: readonly XmlNode[] = Object.freeze([]);

/** Texts at most this long (names, short values, the white space between elements) are held once per document. */
const SHARED_TEXT = 64;

interface OpenElement {
  readonly qualifiedName: string;
  readonly offset: number;
  readonly attributes: ReadonlyMap<string, string>;
  readonly scope: ReadonlyMap<string, string>;
  readonly elements: XmlNode[];
  text: string;
}

/**
 * Reads in one pass. The tree of a WSDL of 1,500 operations is seventy thousand elements, read again for the help
 * pages' samples while they are rendered: the short texts that repeat (names, `minOccurs="0"`, `s:string`,
 * indentation) are held once, an element without attributes or children shares one empty map or array, and
 * children are held in arrays of their exact length.
 */
class WrittenXmlReader {
  private at = 0;
  private readonly shared = new Map<string, string>();

  constructor(
    private readonly source: SourceText,
    private readonly text: string,
  ) {}

  document(): XmlNode {
    const { text } = this;
    let root: XmlNode | undefined;
    const open: OpenElement[] = [];
    while (this.at < text.length) {
      const lt = text.indexOf('<', this.at);
      const parent = open[open.length - 1];
      const end = lt === -1 ? text.length : lt;
      if (end > this.at) {
        const chars = text.slice(this.at, end);
        if (parent) parent.text += this.decode(decodeText, chars.replace(/\r\n?/g, '\n'), this.at);
        else if (!/^[ \t\r\n\uFEFF]*$/.test(chars)) throw this.fail(this.at, 'text outside the root element');
      }
      if (lt === -1) break;
      this.at = lt;
      if (text.startsWith('<?', lt)) this.skipPast('?>');
      else if (text.startsWith('<!--', lt)) this.skipPast('-->');
      else if (text.startsWith('<![CDATA[', lt)) {
        const close = this.indexOrFail(']]>', lt + 9);
        if (!parent) throw this.fail(lt, 'a CDATA section outside the root element');
        parent.text += text.slice(lt + 9, close);
        this.at = close + 3;
      } else if (text.startsWith('</', lt)) {
        const close = this.indexOrFail('>', lt + 2);
        const name = text.slice(lt + 2, close).trimEnd();
        const element = open.pop();
        if (!element || element.qualifiedName !== name) throw this.fail(lt, `an unexpected end tag </${name}>`);
        this.at = close + 1;
        const node = this.node(element);
        if (open.length > 0) open[open.length - 1]!.elements.push(node);
        else root = node;
      } else if (text.startsWith('<!', lt)) {
        throw this.fail(lt, 'a DTD or markup declaration');
      } else {
        if (!parent && root) throw this.fail(lt, 'a document has exactly one root element');
        const element = this.startTag(parent?.scope ?? ROOT_SCOPE);
        if (element.empty) {
          const node = this.node(element.open);
          if (parent) parent.elements.push(node);
          else root = node;
        } else open.push(element.open);
      }
    }
    if (open.length > 0) throw this.fail(open[open.length - 1]!.offset, 'an element that is never closed');
    if (!root) throw this.fail(0, 'a document has exactly one root element');
    return root;
  }

  /** The start tag at `at`: its element, scope and attributes, and whether it is empty (`/>`). */
  private startTag(parentScope: ReadonlyMap<string, string>): { open: OpenElement; empty: boolean } {
    const { text } = this;
    const offset = this.at;
    let i = offset + 1;
    const nameStart = i;
    while (i < text.length && !isNameEnd(text.charCodeAt(i))) i++;
    const qualifiedName = this.once(text.slice(nameStart, i));
    if (qualifiedName === '') throw this.fail(offset, 'a start tag without a name');
    let scope = parentScope;
    let attributes: Map<string, string> | undefined;
    for (;;) {
      while (i < text.length && isSpace(text.charCodeAt(i))) i++;
      if (i >= text.length) throw this.fail(offset, `the start tag <${qualifiedName}> is never closed`);
      const c = text.charCodeAt(i);
      if (c === 0x3e /* > */ || (c === 0x2f /* / */ && text.charCodeAt(i + 1) === 0x3e)) {
        this.at = c === 0x3e ? i + 1 : i + 2;
        const open = { qualifiedName, offset, attributes: attributes ?? NO_ATTRIBUTES, scope, elements: [], text: '' };
        return { open, empty: c !== 0x3e };
      }
      const attributeStart = i;
      while (i < text.length && !isNameEnd(text.charCodeAt(i)) && text.charCodeAt(i) !== 0x3d /* = */) i++;
      const name = this.once(text.slice(attributeStart, i));
      while (i < text.length && isSpace(text.charCodeAt(i))) i++;
      if (name === '' || text.charCodeAt(i) !== 0x3d) throw this.fail(attributeStart, 'an attribute without a value');
      i++;
      while (i < text.length && isSpace(text.charCodeAt(i))) i++;
      const quote = text[i];
      if (quote !== '"' && quote !== "'") throw this.fail(attributeStart, `attribute ${name} is not quoted`);
      const close = text.indexOf(quote, i + 1);
      if (close === -1) throw this.fail(attributeStart, `the value of attribute ${name} is never closed`);
      const value = this.once(this.decode(decodeAttribute, text.slice(i + 1, close), offset));
      i = close + 1;
      if (name === 'xmlns' || name.startsWith('xmlns:')) {
        if (scope === parentScope) scope = new Map(parentScope);
        (scope as Map<string, string>).set(name === 'xmlns' ? '' : name.slice('xmlns:'.length), value);
      } else {
        (attributes ??= new Map()).set(name, value);
      }
    }
  }

  /** The node of a closed element, its names resolved by the declarations in its scope. */
  private node(element: OpenElement): XmlNode {
    const { qualifiedName, attributes, scope, offset } = element;
    for (const name of attributes.keys()) {
      const colon = name.indexOf(':');
      if (colon !== -1 && !scope.has(name.slice(0, colon))) {
        throw this.fail(offset, `the prefix "${name.slice(0, colon)}" of attribute ${name} is not declared`);
      }
    }
    const colon = qualifiedName.indexOf(':');
    const prefix = colon === -1 ? '' : qualifiedName.slice(0, colon);
    const namespace = scope.get(prefix);
    if (namespace === undefined) {
      throw this.fail(offset, `the prefix "${prefix}" of element <${qualifiedName}> is not declared`);
    }
    const { elements } = element;
    return {
      namespace,
      localName: this.once(qualifiedName.slice(colon + 1)),
      qualifiedName,
      attributes,
      scope,
      elements: elements.length === 0 ? NO_ELEMENTS : elements.slice(),
      text: this.once(element.text),
      offset,
    };
  }

  /** `text`, or the same text read before in this document when it is short. */
  private once(text: string): string {
    if (text.length > SHARED_TEXT) return text;
    const held = this.shared.get(text);
    if (held !== undefined) return held;
    this.shared.set(text, text);
    return text;
  }

  private skipPast(end: string): void {
    this.at = this.indexOrFail(end, this.at + 2) + end.length;
  }

  private indexOrFail(what: string, from: number): number {
    const found = this.text.indexOf(what, from);
    if (found === -1) throw this.fail(this.at, `markup that never ends (no "${what}")`);
    return found;
  }

  private decode(decoder: (raw: string) => string, raw: string, offset: number): string {
    try {
      return decoder(raw);
    } catch (error) {
      if (error instanceof XmlReadError) throw this.fail(offset, error.message.replace(/\.$/, ''));
      throw error;
    }
  }

  private fail(offset: number, detail: string): Error {
    return this.source.errorAt(offset, `not well-formed XML (${detail})`);
  }
}

/** XML's white space: space, tab, line feed, carriage return. */
function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

/** What ends a name in a tag: white space, `/`, `>`. */
function isNameEnd(c: number): boolean {
  return isSpace(c) || c === 0x2f || c === 0x3e;
}

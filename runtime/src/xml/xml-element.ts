/**
 * The element tree `readXml` returns: an element knows its offset in the
 * document, and works out its line and column only when asked.
 */
import type { LineIndex } from './line-index.js';

export interface XmlAttribute {
  readonly namespace: string;
  readonly localName: string;
  /** As written, prefix included. */
  readonly qualifiedName: string;
  readonly value: string;
}

export interface XmlElement {
  /** The resolved namespace URI; `''` for none. */
  readonly namespace: string;
  readonly localName: string;
  /** As written, prefix included. */
  readonly qualifiedName: string;
  /** Attributes other than namespace declarations, in document order. */
  readonly attributes: readonly XmlAttribute[];
  /** Child elements and text (character data and CDATA, adjacent runs merged); comments and PIs are dropped. */
  readonly children: readonly (XmlElement | string)[];
  /** 1-based line and column of the element's name, as .NET's XmlReader reports an element's position. */
  position(): { readonly line: number; readonly column: number };
  /**
   * Where .NET's XmlReader stands once it has read the element whole (`ReadElementString`): the name of the
   * tag that follows, or the first character of the text that follows.
   */
  positionAfter(): { readonly line: number; readonly column: number };
  /** 1-based line and column of an attribute's name (as written, prefix included), where .NET's XmlReader reports it. */
  attributePosition(qualifiedName: string): { readonly line: number; readonly column: number };
  /** The prefixes in scope (`''` the default namespace), to resolve QName values such as `xsi:type`'s. */
  readonly scope: ReadonlyMap<string, string>;
  /** The element's content as written in the document, between its start and end tags (`''` for `<e/>`). */
  rawContent(): string;
  /** The element as written in the document, start tag to end tag. */
  source(): string;
}

export class Element implements XmlElement {
  constructor(
    readonly namespace: string,
    readonly localName: string,
    readonly qualifiedName: string,
    readonly attributes: readonly XmlAttribute[],
    readonly children: readonly (XmlElement | string)[],
    /** Where the element's `<` is in the document. */
    readonly offset: number,
    readonly lines: LineIndex,
    /** Where the element ends in the document: after its end tag (or `/>`). */
    readonly end: number,
    readonly scope: ReadonlyMap<string, string>,
  ) {}

  position(): { line: number; column: number } {
    return this.lines.position(this.offset + 1);
  }

  positionAfter(): { line: number; column: number } {
    const text = this.lines.text;
    const at =
      text.charCodeAt(this.end) !== 0x3c ? this.end : this.end + (text.charCodeAt(this.end + 1) === 0x2f ? 2 : 1);
    return this.lines.position(at);
  }

  attributePosition(qualifiedName: string): { line: number; column: number } {
    const text = this.lines.text;
    let i = this.offset + 1 + this.qualifiedName.length;
    for (;;) {
      while (isXmlSpace(text.charCodeAt(i))) i++;
      const c = text.charCodeAt(i);
      if (i >= this.end || c === 0x3e || c === 0x2f) return this.position();
      const start = i;
      while (i < this.end && !isXmlSpace(text.charCodeAt(i)) && text.charCodeAt(i) !== 0x3d) i++;
      if (text.slice(start, i) === qualifiedName) return this.lines.position(start);
      while (i < this.end && text.charCodeAt(i) !== 0x22 && text.charCodeAt(i) !== 0x27) i++;
      i = text.indexOf(text.charAt(i), i + 1) + 1;
      if (i === 0) return this.position();
    }
  }

  source(): string {
    return this.lines.text.slice(this.offset, this.end);
  }

  rawContent(): string {
    const text = this.lines.text;
    let i = this.offset + 1;
    for (; i < this.end; i++) {
      const c = text.charCodeAt(i);
      if (c === 0x22 || c === 0x27) i = text.indexOf(String.fromCharCode(c), i + 1);
      else if (c === 0x3e) break;
    }
    if (text.charCodeAt(i - 1) === 0x2f) return '';
    return text.slice(i + 1, text.lastIndexOf('</', this.end - 1));
  }
}

function isXmlSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

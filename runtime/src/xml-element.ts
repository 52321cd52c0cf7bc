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
  ) {}

  position(): { line: number; column: number } {
    return this.lines.position(this.offset + 1);
  }
}

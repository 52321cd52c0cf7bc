/**
 * The element tree `readXml` returns: an element knows its offset in the
 * document, and works out its line and column only when asked.
 */

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

/** Offsets to 1-based lines and columns; CRLF, CR and LF each end a line. Built on first use. */
export class LineIndex {
  private starts: number[] | undefined;
  constructor(private readonly text: string) {}

  position(offset: number): { line: number; column: number } {
    const starts = (this.starts ??= lineStarts(this.text));
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - starts[low]! + 1 };
  }
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (const match of text.matchAll(/\r\n?|\n/g)) starts.push(match.index + match[0].length);
  return starts;
}

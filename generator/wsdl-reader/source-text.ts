import { WsdlError } from './wsdl-error.js';

/**
 * The text of a WSDL and its name, for locating constructs: offsets become 1-based lines and columns
 * (CRLF, CR and LF each end a line), and an attribute is found inside the start tag that holds it.
 */
export class SourceText {
  private starts: number[] | undefined;

  constructor(
    readonly text: string,
    readonly file: string,
  ) {}

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

  errorAt(offset: number, reason: string): WsdlError {
    const { line, column } = this.position(offset);
    return new WsdlError(this.file, line, column, reason);
  }

  /**
   * The offset of attribute `name` in the start tag at `tagOffset` (the tag's `<`); the tag's own offset
   * when the tag has no such attribute. Only scans the start tag the parser already accepted.
   */
  attributeOffset(tagOffset: number, name: string): number {
    const tagName = /<[^\s/>]+/y;
    tagName.lastIndex = tagOffset;
    if (!tagName.test(this.text)) return tagOffset;
    const attribute = /\s+([^\s=/>]+)\s*=\s*(?:"[^"]*"|'[^']*')/y;
    attribute.lastIndex = tagName.lastIndex;
    for (let match = attribute.exec(this.text); match; match = attribute.exec(this.text)) {
      if (match[1] === name) return match.index + match[0].indexOf(name);
    }
    return tagOffset;
  }
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (const match of text.matchAll(/\r\n?|\n/g)) starts.push(match.index + match[0].length);
  return starts;
}

import { LineIndex } from '@asmxgen/runtime/xml';
import { WsdlError } from './wsdl-error.js';

/**
 * The text of a WSDL and its name, for locating constructs: offsets become 1-based lines and columns
 * (CRLF, CR and LF each end a line, as the runtime's `LineIndex` counts them), and an attribute is found
 * inside the start tag that holds it.
 */
export class SourceText {
  private readonly lines: LineIndex;

  constructor(
    readonly text: string,
    readonly file: string,
  ) {
    this.lines = new LineIndex(text);
  }

  position(offset: number): { line: number; column: number } {
    return this.lines.position(offset);
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

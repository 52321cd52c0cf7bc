/**
 * Offsets in a text to 1-based lines and columns, as XML counts lines: CRLF,
 * CR and LF each end one line (the line ends XML normalizes), no other
 * character does; a column counts UTF-16 code units from its line's start.
 * The runtime's elements and the generator's WSDL errors are located by it.
 */

/** The lines of one text, found on first use. */
export class LineIndex {
  private starts: number[] | undefined;
  constructor(readonly text: string) {}

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

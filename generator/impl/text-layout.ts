/**
 * Reading the layout of a file a person wrote (line ends, indentation, quotes), so that
 * text asmxgen inserts looks like the text around it.
 */

export type Eol = '\n' | '\r\n';

/** The line end the file mostly uses; LF for a file without line ends. */
export function detectEol(text: string): Eol {
  const crlf = text.match(/\r\n/g)?.length ?? 0;
  const lf = (text.match(/\n/g)?.length ?? 0) - crlf;
  return crlf > lf ? '\r\n' : '\n';
}

/** The position where the line containing `pos` starts. */
export function lineStartOf(text: string, pos: number): number {
  let i = pos;
  while (i > 0 && text[i - 1] !== '\n' && text[i - 1] !== '\r') i--;
  return i;
}

/** The position just past the line end of the line containing `pos` (the text's length on the last line). */
export function nextLineStart(text: string, pos: number): number {
  const lf = text.indexOf('\n', pos);
  return lf === -1 ? text.length : lf + 1;
}

/** The whitespace in front of `pos` on its line, or `undefined` when something else precedes it there. */
export function indentBefore(text: string, pos: number): string | undefined {
  const before = text.slice(lineStartOf(text, pos), pos);
  return /^[ \t]*$/.test(before) ? before : undefined;
}

/** The leading whitespace of the line containing `pos`. */
export function indentOfLine(text: string, pos: number): string {
  const start = lineStartOf(text, pos);
  return /^[ \t]*/.exec(text.slice(start))![0];
}

/**
 * The indentation step of a file: a tab when most indented lines start with one, otherwise the
 * most frequent increase in leading spaces from one line to the next (2 when nothing says otherwise).
 */
export function detectIndentUnit(text: string): string {
  let tabs = 0;
  let spaces = 0;
  let previous = 0;
  const steps = new Map<number, number>();
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trimStart();
    if (trimmed === '' || trimmed.startsWith('*')) continue;
    const indent = line.slice(0, line.length - trimmed.length);
    if (indent.startsWith('\t')) tabs++;
    else if (indent.startsWith(' ')) spaces++;
    const width = indent.startsWith('\t') ? previous : indent.length;
    if (!indent.startsWith('\t') && width > previous)
      steps.set(width - previous, (steps.get(width - previous) ?? 0) + 1);
    previous = width;
  }
  if (tabs > spaces) return '\t';
  let best = 2;
  let bestCount = 0;
  for (const [step, count] of steps) {
    if (count > bestCount || (count === bestCount && step < best)) [best, bestCount] = [step, count];
  }
  return ' '.repeat(best);
}

/**
 * A small line diff for people: the first differing lines of two texts, `-` for the old
 * (on disk) and `+` for the new (generated) text, with line numbers. LCS on the lines that
 * differ once the common start and end are set aside; for very large differing regions it
 * falls back to the first differing line.
 */

export interface LineDiffOptions {
  /** The most `-`/`+` lines shown; the rest are counted. Default 20. */
  readonly maxLines?: number;
  /** Above this many (old × new) differing lines, only the first differing line is shown. Default 4,000,000. */
  readonly maxCells?: number;
  /** Long lines are clipped to this many characters around the difference. Default 120. */
  readonly maxWidth?: number;
}

interface Op {
  readonly sign: '-' | '+';
  readonly line: number;
  readonly text: string;
}

function splitLines(text: string): { lines: string[]; finalNewline: boolean } {
  if (text === '') return { lines: [], finalNewline: true };
  const lines = text.split('\n');
  const finalNewline = lines[lines.length - 1] === '';
  if (finalNewline) lines.pop();
  return { lines, finalNewline };
}

/** The differing lines of a and b (offset by `base` for line numbers), by LCS. */
function lcsOps(a: readonly string[], b: readonly string[], base: number): Op[] {
  const n = a.length;
  const m = b.length;
  const width = m + 1;
  // The LCS is at most min(n, m) ≤ sqrt(maxCells) lines, so 32 bits are plenty.
  const table = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      table[i * width + j] =
        a[i] === b[j]
          ? table[(i + 1) * width + j + 1]! + 1
          : Math.max(table[(i + 1) * width + j]!, table[i * width + j + 1]!);
    }
  }
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      i++;
      j++;
    } else if (j >= m || (i < n && table[(i + 1) * width + j]! >= table[i * width + j + 1]!)) {
      ops.push({ sign: '-', line: base + i + 1, text: a[i]! });
      i++;
    } else {
      ops.push({ sign: '+', line: base + j + 1, text: b[j]! });
      j++;
    }
  }
  return ops;
}

function commonPrefixLength(a: string, b: string): number {
  let k = 0;
  while (k < a.length && k < b.length && a[k] === b[k]) k++;
  return k;
}

function clip(text: string, from: number, width: number): string {
  const visible = text.replace(/\r/g, '␍');
  if (visible.length <= width) return visible;
  const start = Math.max(0, Math.min(from - 30, visible.length - width));
  const end = start + width;
  return (start > 0 ? '…' : '') + visible.slice(start, end) + (end < visible.length ? '…' : '');
}

/**
 * Rendered diff lines such as `- 12 | old text` and `+ 12 | new text`, at most `maxLines`
 * of them plus a count of the rest; or an explanatory note when only the end-of-file
 * newline or the encoding differs. Empty when the texts are equal.
 */
export function lineDiff(oldText: string, newText: string, options: LineDiffOptions = {}): string[] {
  const maxLines = options.maxLines ?? 20;
  const maxCells = options.maxCells ?? 4_000_000;
  const maxWidth = options.maxWidth ?? 120;
  if (oldText === newText) return [];
  const before = splitLines(oldText);
  const after = splitLines(newText);
  const a = before.lines;
  const b = after.lines;

  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < a.length - prefix &&
    suffix < b.length - prefix &&
    a[a.length - 1 - suffix] === b[b.length - 1 - suffix]
  ) {
    suffix++;
  }
  const midA = a.slice(prefix, a.length - suffix);
  const midB = b.slice(prefix, b.length - suffix);

  const notes: string[] = [];
  let ops: Op[];
  if (midA.length * midB.length <= maxCells) {
    ops = lcsOps(midA, midB, prefix);
  } else {
    ops = [
      { sign: '-', line: prefix + 1, text: midA[0]! },
      { sign: '+', line: prefix + 1, text: midB[0]! },
    ];
    notes.push('(too many differing lines for a full diff: only the first one is shown)');
  }
  if (ops.length === 0) {
    // Texts differ but no line does: only the final newline can be the difference.
    notes.push(
      `(only the newline at the end of the file differs: ${
        after.finalNewline ? 'the file on disk has none' : 'the file on disk has one the generated file has not'
      })`,
    );
  }

  const shown = ops.slice(0, maxLines);
  const numberWidth = String(Math.max(0, ...shown.map((op) => op.line))).length;
  const rendered: string[] = [];
  // Within a run of adjacent changes, clip every line around where the first pair differs.
  let focus = 0;
  for (let k = 0; k < shown.length; k++) {
    const op = shown[k]!;
    const previous = shown[k - 1];
    const startsRun =
      previous === undefined ||
      !(previous.sign === op.sign ? previous.line + 1 === op.line : previous.sign === '-' && op.sign === '+');
    if (startsRun) {
      const firstPlus = op.sign === '-' ? shown.slice(k).find((o) => o.sign === '+') : undefined;
      focus = firstPlus === undefined ? 0 : commonPrefixLength(op.text, firstPlus.text);
    }
    rendered.push(`${op.sign} ${String(op.line).padStart(numberWidth)} | ${clip(op.text, focus, maxWidth)}`);
  }
  if (ops.length > shown.length) {
    const rest = ops.length - shown.length;
    rendered.push(`… ${rest} more differing line${rest === 1 ? '' : 's'}`);
  }
  return [...rendered, ...notes];
}

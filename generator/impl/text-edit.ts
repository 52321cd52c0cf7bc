/** A change to a text, in the coordinates of the original: replace `[start, end)` by `text`. */
export interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/**
 * Applies non-overlapping edits. Edits at the same position are applied in the order given,
 * so an insertion listed first ends up first. Throws when two edits overlap.
 */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = edits
    .map((edit, index) => ({ edit, index }))
    .sort((a, b) => a.edit.start - b.edit.start || a.index - b.index);
  let result = '';
  let at = 0;
  for (const { edit } of sorted) {
    if (edit.start < at || edit.end < edit.start || edit.end > text.length) {
      throw new Error(`overlapping or invalid edit [${edit.start}, ${edit.end}) after position ${at}`);
    }
    result += text.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return result + text.slice(at);
}

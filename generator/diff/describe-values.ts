/** How values appear in change messages. */

const MAX_QUOTED = 60;

/** A text in double quotes, shortened with `…` past 60 characters (the JSON output keeps it whole). */
export function quoted(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ');
  return JSON.stringify(oneLine.length > MAX_QUOTED ? oneLine.slice(0, MAX_QUOTED - 1) + '…' : oneLine);
}

/** `description added "…"`, `description removed "…"`, `description changed from "…" to "…"`. */
export function describeTextChange(what: string, before: string | undefined, after: string | undefined): string {
  if (before === undefined) return `${what} added: ${quoted(after ?? '')}`;
  if (after === undefined) return `${what} removed: ${quoted(before)}`;
  return `${what} changed from ${quoted(before)} to ${quoted(after)}`;
}

/** A list of names, `a, b, c`; `(none)` when empty. */
export function nameList(names: readonly string[]): string {
  return names.length === 0 ? '(none)' : names.join(', ');
}

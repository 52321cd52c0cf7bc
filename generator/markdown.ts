/** Text in GitHub-flavoured markdown, as the markdown reports of `diff` and `replay` write it. */

/** Text as itself in a table cell: markdown punctuation and `|` escaped, on one line. */
export function escapeMarkdown(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/[\\`*_[\]<>|#]/g, (c) => `\\${c}`);
}

/** A code span that holds any text: fenced by more backticks than it contains in a row, on one line. */
export function markdownCode(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text.replace(/\s+/g, ' ')}${pad}${fence}`;
}

/** A code span in a table cell: its `|` escaped, which GitHub reads as the cell's text, not its end. */
export function markdownCellCode(text: string): string {
  return markdownCode(text.replace(/\|/g, '\\|'));
}

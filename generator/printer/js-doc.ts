/** Comment text is wrapped at this many characters, so comments stay within the print width when indented. */
const TEXT_WIDTH = 100;

/**
 * A JSDoc comment from paragraphs (absent ones skipped) and tags, as the
 * comment's lines (unindented): `undefined`, no comment at all, when there is
 * nothing to say. One line (`/** … *\/`) for a one-line text or a lone tag;
 * otherwise the text's lines, a blank line and the tags. Long lines are
 * wrapped (a formatter would leave comments alone), and spec text cannot end
 * the comment early (`*\/` is escaped).
 */
export function jsDoc(
  paragraphs: readonly (string | undefined)[],
  tags: Readonly<Record<string, string | undefined>> = {},
): string[] | undefined {
  const text = paragraphs
    .map((p) => p?.trim())
    .filter((p): p is string => !!p)
    .map((p) => wrap(escapeCommentText(p)))
    .join('\n\n');
  const tagLines = Object.entries(tags)
    .filter((entry): entry is [string, string] => !!entry[1]?.trim())
    .map(([tagName, value]) => `@${tagName} ${escapeCommentText(value.trim().replace(/\s+/g, ' '))}`);
  if (!text && tagLines.length === 0) return undefined;
  if (tagLines.length === 0 && !text.includes('\n')) return [`/** ${text} */`];
  if (!text && tagLines.length === 1) return [`/** ${tagLines[0]} */`];
  const body = [...(text ? text.split('\n') : []), ...(text && tagLines.length > 0 ? [''] : []), ...tagLines];
  return ['/**', ...body.map((l) => (l ? ` * ${l}` : ' *')), ' */'];
}

function escapeCommentText(text: string): string {
  return text.replace(/\*\//g, '*\\/');
}

/** Greedy word wrap of each line longer than `TEXT_WIDTH`; the text's own line breaks are kept. */
function wrap(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const lines: string[] = [];
      let current = '';
      for (const word of line.trimEnd().split(/ +/)) {
        if (current && current.length + 1 + word.length > TEXT_WIDTH) {
          lines.push(current);
          current = word;
        } else {
          current = current ? `${current} ${word}` : word;
        }
      }
      return [...lines, current].join('\n');
    })
    .join('\n');
}

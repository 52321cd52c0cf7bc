import { StructureKind, type JSDocStructure, type OptionalKind } from 'ts-morph';

/** Comment text is wrapped at this many characters, so comments stay within the print width when indented. */
const TEXT_WIDTH = 100;

/**
 * A JSDoc comment from paragraphs (absent ones skipped) and tags, as the
 * `docs` of a ts-morph structure: no comment at all when there is nothing to
 * say. Long lines are wrapped (prettier leaves comments alone), and spec text
 * cannot end the comment early (`*\/` is escaped).
 */
export function jsDoc(
  paragraphs: readonly (string | undefined)[],
  tags: Readonly<Record<string, string | undefined>> = {},
): OptionalKind<JSDocStructure>[] {
  const text = paragraphs
    .map((p) => p?.trim())
    .filter((p): p is string => !!p)
    .map((p) => wrap(escapeCommentText(p)))
    .join('\n\n');
  const tagStructures = Object.entries(tags)
    .filter((entry): entry is [string, string] => !!entry[1]?.trim())
    .map(([tagName, value]) => ({
      kind: StructureKind.JSDocTag as const,
      tagName,
      text: escapeCommentText(value.trim().replace(/\s+/g, ' ')),
    }));
  if (!text && tagStructures.length === 0) return [];
  // A trailing newline puts a blank line between the text and the tags.
  const description = text && tagStructures.length > 0 ? `${text}\n` : text;
  return [{ ...(description && { description }), ...(tagStructures.length > 0 && { tags: tagStructures }) }];
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

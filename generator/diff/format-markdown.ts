import type { DiffReport } from './diff-report.js';
import { summaryLine } from './diff-report.js';

/** For a pull-request comment: a heading, the inputs, and a table of the changes, breaking first. */
export function formatMarkdown(report: DiffReport): string {
  const lines = [
    `### asmxgen diff: ${escapeMarkdown(report.new.service)}`,
    '',
    `${code(report.old.input)} → ${code(report.new.input)}`,
    '',
  ];
  if (report.changes.length === 0) return [...lines, 'No changes.'].join('\n');
  lines.push(
    `**${summaryLine(report.changes)}**`,
    '',
    '| level | rule | where | change |',
    '| --- | --- | --- | --- |',
  );
  for (const c of report.changes) {
    const level = c.level === 'breaking' ? '**breaking**' : c.level;
    lines.push(`| ${level} | \`${c.rule}\` | ${escapeMarkdown(c.where)} | ${escapeMarkdown(c.message)} |`);
  }
  return lines.join('\n');
}

/** Text as itself in a table cell: markdown punctuation and `|` escaped, on one line. */
function escapeMarkdown(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/[\\`*_[\]<>|#]/g, (c) => `\\${c}`);
}

/** A code span that holds any text: fenced by more backticks than it contains in a row. */
function code(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text.replace(/\s+/g, ' ')}${pad}${fence}`;
}

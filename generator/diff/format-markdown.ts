import type { DiffReport } from './diff-report.js';
import { summaryLine } from './diff-report.js';
import { escapeMarkdown, markdownCode } from '../markdown.js';

/** For a pull-request comment: a heading, the inputs, and a table of the changes, breaking first. */
export function formatMarkdown(report: DiffReport): string {
  const lines = [
    `### asmxgen diff: ${escapeMarkdown(report.new.service)}`,
    '',
    `${markdownCode(report.old.input)} → ${markdownCode(report.new.input)}`,
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

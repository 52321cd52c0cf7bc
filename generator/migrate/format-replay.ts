/** The three ways `asmxgen replay` prints its report. */
import type { ReplayReport, ReplayResult } from './replay.js';
import { escapeMarkdown, markdownCellCode, markdownCode } from '../markdown.js';

export const REPLAY_FORMATS = ['text', 'json', 'markdown'] as const;
export type ReplayFormat = (typeof REPLAY_FORMATS)[number];

export function formatReplay(report: ReplayReport, format: ReplayFormat): string {
  if (format === 'json') return formatJson(report);
  if (format === 'markdown') return formatMarkdown(report);
  return formatText(report);
}

/** `80 exchanges: 76 same, 4 different, 0 errors`. */
export function summaryLine(report: ReplayReport): string {
  const { total, same, different, errors } = report.summary;
  return (
    `${total} exchange${total === 1 ? '' : 's'}: ${same} same, ${different} different, ` +
    `${errors} error${errors === 1 ? '' : 's'}`
  );
}

function nameOf(result: ReplayResult): string {
  return result.operation === null ? '(no operation)' : `${result.operation} ${result.binding ?? ''}`.trimEnd();
}

/** For a terminal: each exchange that is not the same, its differences indented, then the summary. */
function formatText(report: ReplayReport): string {
  const lines: string[] = [];
  for (const result of report.results) {
    if (result.outcome === 'same') continue;
    lines.push(`${result.outcome}  entries[${result.index}]  ${nameOf(result)}  ${result.request}`);
    if (result.error !== undefined) lines.push(`  ${result.error}`);
    for (const difference of result.differences) lines.push(`  ${difference.message}`);
  }
  lines.push(`${summaryLine(report)} (${report.har} against ${report.against})`);
  return lines.join('\n');
}

/** `{summary, results}`: every exchange, in the HAR's order. */
function formatJson(report: ReplayReport): string {
  return JSON.stringify(
    {
      har: report.har,
      against: report.against,
      summary: report.summary,
      results: report.results.map((r) => ({
        index: r.index,
        operation: r.operation,
        binding: r.binding,
        request: r.request,
        outcome: r.outcome,
        differences: r.differences,
        ...(r.error === undefined ? {} : { error: r.error }),
      })),
    },
    null,
    2,
  );
}

/** For a pull request: a heading, the summary, and a table of the exchanges that are not the same. */
function formatMarkdown(report: ReplayReport): string {
  const lines = [
    `### asmxgen replay: ${markdownCode(report.har)} against ${markdownCode(report.against)}`,
    '',
    `**${summaryLine(report)}**`,
  ];
  const failing = report.results.filter((r) => r.outcome !== 'same');
  if (failing.length === 0) {
    lines.push('', 'Every reply is the same as recorded.');
    return lines.join('\n');
  }
  lines.push(
    '',
    '| entry | operation | binding | request | outcome | differences |',
    '| --- | --- | --- | --- | --- | --- |',
  );
  for (const r of failing) {
    const details =
      r.error !== undefined ? [escapeMarkdown(r.error)] : r.differences.map((d) => escapeMarkdown(d.message));
    lines.push(
      `| ${r.index} | ${escapeMarkdown(r.operation ?? '')} | ${r.binding ?? ''} | ${markdownCellCode(r.request)} | ` +
        `**${r.outcome}** | ${details.join('<br>')} |`,
    );
  }
  return lines.join('\n');
}

import type { DiffReport } from './diff-report.js';
import { summaryLine } from './diff-report.js';

/** A line per change, `BREAKING  operation-removed  operation GetTerm: removed`, then the summary. */
export function formatText(report: DiffReport): string {
  if (report.changes.length === 0) return 'No changes.';
  const lines = report.changes.map((c) => `${c.level.toUpperCase()}  ${c.rule}  ${c.where}: ${c.message}`);
  return [...lines, summaryLine(report.changes)].join('\n');
}

import type { DiffReport } from './diff-report.js';
import { summarize } from './diff-report.js';

/**
 * `{ old, new, changes, summary }`, two-space indented; keys in a fixed order and the changes sorted, so the same
 * inputs always give the same bytes.
 */
export function formatJson(report: DiffReport): string {
  const side = (s: DiffReport['old']) => ({ input: s.input, kind: s.kind, service: s.service });
  const changes = report.changes.map((c) => ({
    rule: c.rule,
    level: c.level,
    where: c.where,
    message: c.message,
    ...(c.old !== undefined && { old: c.old }),
    ...(c.new !== undefined && { new: c.new }),
  }));
  return JSON.stringify(
    { old: side(report.old), new: side(report.new), changes, summary: summarize(report.changes) },
    null,
    2,
  );
}

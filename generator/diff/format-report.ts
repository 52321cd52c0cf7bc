import type { DiffReport } from './diff-report.js';
import { formatJson } from './format-json.js';
import { formatMarkdown } from './format-markdown.js';
import { formatText } from './format-text.js';

export const DIFF_FORMATS = ['text', 'json', 'markdown'] as const;

export type DiffFormat = (typeof DIFF_FORMATS)[number];

/** The report in the format asked, without a final newline. */
export function formatReport(report: DiffReport, format: DiffFormat): string {
  switch (format) {
    case 'json':
      return formatJson(report);
    case 'markdown':
      return formatMarkdown(report);
    case 'text':
      return formatText(report);
  }
}

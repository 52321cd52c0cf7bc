import { CHANGE_LEVELS, type Change, type ChangeLevel } from './change.js';

/** One side of a diff as the report names it. */
export interface DiffSideInfo {
  /** The path or URL as given. */
  readonly input: string;
  readonly kind: 'spec' | 'wsdl';
  /** The service's name on that side. */
  readonly service: string;
}

/** What the formats print: both sides and the sorted changes. */
export interface DiffReport {
  readonly old: DiffSideInfo;
  readonly new: DiffSideInfo;
  readonly changes: readonly Change[];
}

export type DiffSummary = { readonly total: number } & Readonly<Record<ChangeLevel, number>>;

export function summarize(changes: readonly Change[]): DiffSummary {
  const counts = { total: changes.length, breaking: 0, 'non-breaking': 0, info: 0 };
  for (const change of changes) counts[change.level]++;
  return counts;
}

/** `2 changes: 1 breaking, 1 non-breaking, 0 info`. */
export function summaryLine(changes: readonly Change[]): string {
  const summary = summarize(changes);
  const counts = CHANGE_LEVELS.map((level) => `${summary[level]} ${level}`).join(', ');
  return `${summary.total} change${summary.total === 1 ? '' : 's'}: ${counts}`;
}

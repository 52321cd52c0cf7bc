/** `asmxgen diff`: read two versions of a service into models, compare them by rules, report the changes. */
export { CHANGE_LEVELS, isAtLeast, type Change, type ChangeLevel, type DiffRule } from './change.js';
export type { Addresses, DiffOptions } from './diff-context.js';
export { DiffError } from './diff-error.js';
export { diffInputs, type DiffInputsOptions } from './diff-inputs.js';
export { diffModels, sortChanges } from './diff-models.js';
export { summarize, summaryLine, type DiffReport, type DiffSideInfo, type DiffSummary } from './diff-report.js';
export { DIFF_FORMATS, formatReport, type DiffFormat } from './format-report.js';
export { readSide, type DiffSide } from './read-side.js';
export { DIFF_RULES } from './rule-catalog.js';

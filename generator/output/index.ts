/** Putting generated files on disk, and checking a folder against them. */
export { checkOutput, formatCheck, type AddedFile, type ChangedFile, type CheckResult } from './check.js';
export { lineDiff, type LineDiffOptions } from './line-diff.js';
export { MANIFEST_FILE, parseManifest, readManifest, renderManifest, type Manifest } from './manifest.js';
export { OutputError, type OutputOperation } from './output-error.js';
export { planOutput, type OutputPlan, type PlanEntry, type PlanState } from './plan.js';
export { writeOutput, type WriteCounts, type WriteOptions, type WriteSummary } from './write.js';

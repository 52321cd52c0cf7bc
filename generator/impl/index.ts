/**
 * `--impl`: the hand-written handlers file, which asmxgen creates with a typed stub per operation
 * and afterwards only adds stubs to (and marks handlers of removed operations); see README.md here.
 */
export { HANDLERS_EXPORT } from './conventions.js';
export { describeImplMerge, implCheckFailure, implCheckWarnings } from './describe-impl.js';
export { ImplError, type ImplErrorKind } from './impl-error.js';
export { planImpl, writeImpl, type ImplPlan, type PlanImplOptions } from './impl-file.js';
export { importPathFor, isInside } from './import-path.js';
export { mergeImpl, type ImplMerge, type MergeImplOptions } from './merge-impl.js';
export type { TextEdit } from './text-edit.js';

import { BINDING_RULES } from './binding-rules.js';
import { CHOICE_RULES } from './choice-rules.js';
import type { DiffRule } from './change.js';
import { METHOD_SHAPE_RULES } from './method-shape-rules.js';
import { DATA_TYPE_RULES } from './data-type-rules.js';
import { ITEM_FORM_RULES } from './item-form-rules.js';
import { JSON_SCHEMA_RULES } from './json-schema-rules.js';
import { OPERATION_RULES } from './operation-rules.js';
import { PARAMETER_RULES } from './parameter-rules.js';
import { RESULT_RULES } from './result-rules.js';
import { HEADER_RULES } from './header-rules.js';
import { SCRIPT_NAMESPACE_RULES } from './script-namespace-rules.js';
import { SCRIPT_TYPE_RULES } from './script-type-rules.js';
import { SCRIPT_SERVICE_RULES } from './script-service-rules.js';
import { SERVICE_RULES } from './service-rules.js';
import { TYPE_RULES } from './type-rules.js';

/** Every rule `diff` applies, by kind of object, as docs/diff.md lists them. */
export const DIFF_RULES: readonly DiffRule[] = [
  ...SERVICE_RULES,
  ...BINDING_RULES,
  ...OPERATION_RULES,
  ...METHOD_SHAPE_RULES,
  ...PARAMETER_RULES,
  ...RESULT_RULES,
  ...CHOICE_RULES,
  ...HEADER_RULES,
  ...TYPE_RULES,
  ...DATA_TYPE_RULES,
  ...ITEM_FORM_RULES,
  ...SCRIPT_SERVICE_RULES,
  ...SCRIPT_NAMESPACE_RULES,
  ...SCRIPT_TYPE_RULES,
  ...JSON_SCHEMA_RULES,
];

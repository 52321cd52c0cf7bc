import type { JsonSiteModel, OperationModel } from '../model/types.js';
import { changeOf, type Change, type DiffRule } from './change.js';
import type { DiffContext } from './diff-context.js';
import { operationLabel, pairOperations } from './operation-pairs.js';
import { parameterWhere, resultWhere } from './where.js';

export const JSON_SCHEMA_ADDED_TO_PARAMETER: DiffRule = {
  id: 'json-schema-added-to-parameter',
  level: 'breaking',
  meaning: 'A string parameter now holds typed JSON (`json:`): the server parses and validates it.',
  why: 'Callers that send any other string, or JSON the schema refuses, now get a Client fault.',
};

export const JSON_SCHEMA_REMOVED_FROM_PARAMETER: DiffRule = {
  id: 'json-schema-removed-from-parameter',
  level: 'non-breaking',
  meaning: 'A string parameter no longer declares a JSON Schema: the server takes any string again.',
  why: 'Every string old callers sent is still taken; the wire carries the same string.',
};

export const JSON_SCHEMA_CHANGED_ON_PARAMETER: DiffRule = {
  id: 'json-schema-changed-on-parameter',
  level: 'breaking',
  meaning: "A JSON parameter's schema changed (not only its annotations: `title`, `description`, `examples`, …).",
  why:
    'A tightened schema refuses values old callers send (a new required property, a narrower type or pattern); ' +
    'asmxgen cannot tell tightening from loosening in general, so any change counts.',
};

export const JSON_SCHEMA_ADDED_TO_RESULT: DiffRule = {
  id: 'json-schema-added-to-result',
  level: 'non-breaking',
  meaning: 'A string result now holds typed JSON (`resultJson:`): the server writes and validates it.',
  why: 'Callers still get a string; it is now promised to be JSON of that schema.',
};

export const JSON_SCHEMA_REMOVED_FROM_RESULT: DiffRule = {
  id: 'json-schema-removed-from-result',
  level: 'breaking',
  meaning: 'A string result no longer declares a JSON Schema: it may be any string.',
  why: 'Callers that parse and validate the result by the old schema (generated clients do) may refuse what comes.',
};

export const JSON_SCHEMA_CHANGED_ON_RESULT: DiffRule = {
  id: 'json-schema-changed-on-result',
  level: 'breaking',
  meaning: "A JSON result's schema changed (not only its annotations).",
  why:
    'Callers read and validate the result by the old schema: a loosened or different schema lets through values ' +
    'they refuse or misread.',
};

export const JSON_SCHEMA_RULES: readonly DiffRule[] = [
  JSON_SCHEMA_ADDED_TO_PARAMETER,
  JSON_SCHEMA_REMOVED_FROM_PARAMETER,
  JSON_SCHEMA_CHANGED_ON_PARAMETER,
  JSON_SCHEMA_ADDED_TO_RESULT,
  JSON_SCHEMA_REMOVED_FROM_RESULT,
  JSON_SCHEMA_CHANGED_ON_RESULT,
];

/**
 * Typed JSON strings (`json:`, `resultJson:`), old to new, on the parameters and results both versions have. No WSDL
 * carries them (the wire is a string either way): only compared when both sides are specs (`jsonSchemas`).
 */
export function jsonSchemaChanges(ctx: DiffContext): Change[] {
  if (ctx.options.jsonSchemas === false) return [];
  const changes: Change[] = [];
  for (const [a, b] of pairOperations(ctx.old, ctx.new).pairs) changes.push(...operationJsonChanges(a, b));
  return changes;
}

function operationJsonChanges(a: OperationModel, b: OperationModel): Change[] {
  const label = operationLabel(a);
  const changes: Change[] = [];
  const after = new Map(b.parameters.map((p) => [p.name, p]));
  for (const p of a.parameters) {
    const q = after.get(p.name);
    if (q === undefined) continue;
    const where = parameterWhere(label, p.name);
    const change = siteChange(p.json, q.json, {
      added: JSON_SCHEMA_ADDED_TO_PARAMETER,
      removed: JSON_SCHEMA_REMOVED_FROM_PARAMETER,
      changed: JSON_SCHEMA_CHANGED_ON_PARAMETER,
    });
    if (change) changes.push(changeOf(change.rule, where, `${change.what} on parameter ${p.name}`, change.values));
  }
  if (a.result && b.result) {
    const change = siteChange(a.result.json, b.result.json, {
      added: JSON_SCHEMA_ADDED_TO_RESULT,
      removed: JSON_SCHEMA_REMOVED_FROM_RESULT,
      changed: JSON_SCHEMA_CHANGED_ON_RESULT,
    });
    if (change) changes.push(changeOf(change.rule, resultWhere(label), `${change.what} on the result`, change.values));
  }
  return changes;
}

function siteChange(
  a: JsonSiteModel | undefined,
  b: JsonSiteModel | undefined,
  rules: { added: DiffRule; removed: DiffRule; changed: DiffRule },
): { rule: DiffRule; what: string; values: { old?: string; new?: string } } | undefined {
  if (!a && !b) return undefined;
  if (!a) return { rule: rules.added, what: 'JSON Schema added', values: { new: canonical(b!.schema) } };
  if (!b) return { rule: rules.removed, what: 'JSON Schema removed', values: { old: canonical(a.schema) } };
  const [x, y] = [canonical(a.schema), canonical(b.schema)];
  if (x === y) return undefined;
  return { rule: rules.changed, what: 'JSON Schema changed', values: { old: x, new: y } };
}

/** Keywords that describe and do not validate: a change of these alone is no change of the contract. */
const ANNOTATIONS = new Set(['title', 'description', 'examples', 'default', '$comment', 'readOnly', 'writeOnly']);

/** The schema as JSON, keys sorted, annotations left out. */
function canonical(schema: unknown): string {
  return JSON.stringify(strip(schema));
}

/** Keywords whose value maps names to schemas: their keys are names, not keywords. */
const NAME_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependencies']);
/** Keywords whose value is data, compared as it is. */
const DATA = new Set(['const', 'enum']);

function strip(value: unknown, names = false): unknown {
  if (Array.isArray(value)) return value.map((v) => strip(v));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const v = (value as Record<string, unknown>)[key];
    if (names) out[key] = strip(v);
    else if (ANNOTATIONS.has(key)) continue;
    else out[key] = DATA.has(key) ? v : strip(v, NAME_MAPS.has(key));
  }
  return out;
}

import type { ServiceModel } from '../model/types.js';
import { bindingChanges } from './binding-rules.js';
import { CHANGE_LEVELS, type Change } from './change.js';
import type { DiffContext, DiffOptions } from './diff-context.js';
import { jsonSchemaChanges } from './json-schema-rules.js';
import { operationChanges } from './operation-rules.js';
import { scriptNamespaceChanges } from './script-namespace-rules.js';
import { scriptServiceChanges } from './script-service-rules.js';
import { scriptTypeChanges } from './script-type-rules.js';
import { serviceChanges } from './service-rules.js';
import { matchTypes } from './type-matching.js';
import { typeChanges } from './type-rules.js';

/**
 * The semantic differences between two versions of a service, sorted: breaking first, then by `where`, then by
 * rule. Pure. Compares what a WSDL carries and nothing else: names derived from others (messages, port types,
 * TypeScript names), the order of operations and `group` (a label for people, never in the WSDL) do not count;
 * addresses count only with `includeAddresses`.
 */
export function diffModels(oldModel: ServiceModel, newModel: ServiceModel, options: DiffOptions = {}): Change[] {
  const ctx: DiffContext = { old: oldModel, new: newModel, options, types: matchTypes(oldModel, newModel) };
  return sortChanges([
    ...serviceChanges(ctx),
    ...bindingChanges(ctx),
    ...operationChanges(ctx),
    ...typeChanges(ctx),
    ...scriptServiceChanges(ctx),
    ...scriptNamespaceChanges(ctx),
    ...scriptTypeChanges(ctx),
    ...jsonSchemaChanges(ctx),
  ]);
}

/** Level (breaking first), then where, then rule, then message; by code unit, so no locale changes the order. */
export function sortChanges(changes: readonly Change[]): Change[] {
  return [...changes].sort(
    (a, b) =>
      CHANGE_LEVELS.indexOf(a.level) - CHANGE_LEVELS.indexOf(b.level) ||
      compare(a.where, b.where) ||
      compare(a.rule, b.rule) ||
      compare(a.message, b.message),
  );
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

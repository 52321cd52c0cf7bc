import type { OperationModel, ServiceModel } from '../model/types.js';
import type { TypeRef } from '../model/type-refs.js';
import { changeOf, type Change, type DiffRule } from './change.js';
import type { DiffContext } from './diff-context.js';
import { SERVICE_WHERE } from './where.js';

export const SCRIPT_TYPE_REMOVED: DiffRule = {
  id: 'script-type-removed',
  level: 'breaking',
  meaning:
    "A type left a `[ScriptService]`'s `service.generateScriptTypes` and no operation's parameter or result names it: " +
    'its `/js` proxy script no longer declares it.',
  why:
    'Pages build its values with the typed constructor or read the enum the proxy declared (`new Book()`, ' +
    '`Genre.Poetry`): without the declaration, that script fails.',
};

export const SCRIPT_TYPE_ADDED: DiffRule = {
  id: 'script-type-added',
  level: 'non-breaking',
  meaning: "A type joined a `[ScriptService]`'s `service.generateScriptTypes`: its `/js` proxy script declares it.",
  why: 'A declaration more in the proxy script: pages that do not use it are unaffected.',
};

export const SCRIPT_TYPE_RULES: readonly DiffRule[] = [SCRIPT_TYPE_REMOVED, SCRIPT_TYPE_ADDED];

/**
 * `generateScriptTypes` (the service's and its methods'), old to new, by name, while both sides are script services;
 * only between specs (no WSDL has it). A type the new side's operations still name stays declared: its removal from the list is no change.
 */
export function scriptTypeChanges(ctx: DiffContext): Change[] {
  if (ctx.options.scriptSettings === false) return [];
  const { old: a, new: b } = ctx;
  if (!a.scriptService || !b.scriptService) return [];
  const before = scriptTypes(a);
  const after = scriptTypes(b);
  const changes: Change[] = [];
  const named = operationTypes(b);
  for (const name of before) {
    if (after.has(name) || named.has(name)) continue;
    changes.push(
      changeOf(SCRIPT_TYPE_REMOVED, SERVICE_WHERE, `${name} no longer declared by the /js proxy script`, { old: name }),
    );
  }
  for (const name of after) {
    if (before.has(name)) continue;
    changes.push(changeOf(SCRIPT_TYPE_ADDED, SERVICE_WHERE, `${name} added to generateScriptTypes`, { new: name }));
  }
  return changes;
}

/** The types a `[GenerateScriptType]` names: on the service, then on each method. */
function scriptTypes(model: ServiceModel): Set<string> {
  return new Set([...(model.generateScriptTypes ?? []), ...model.operations.flatMap((op) => op.generateScriptTypes)]);
}

/** The classes and enums the operations' parameters and JSON results name (through arrays and `?`). */
function operationTypes(model: ServiceModel): Set<string> {
  const names = new Set<string>();
  const visit = (type: TypeRef): void => {
    if (type.kind === 'array') visit(type.item);
    else if (type.kind === 'nullable') visit(type.of);
    else if (type.kind === 'class' || type.kind === 'enum') names.add(type.name);
  };
  for (const op of model.operations as readonly OperationModel[]) {
    for (const parameter of op.parameters) visit(parameter.type);
    if (op.result && op.scriptMethod.responseFormat !== 'xml') visit(op.result.type);
  }
  return names;
}

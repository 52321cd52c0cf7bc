import type { OperationModel } from '../model/types.js';
import { changeOf, type Change, type DiffRule } from './change.js';
import type { DiffContext } from './diff-context.js';
import { describeTextChange } from './describe-values.js';
import { parameterChanges } from './parameter-rules.js';
import { resultChanges } from './result-rules.js';
import { followsNamespace } from './service-rules.js';
import { operationWhere } from './where.js';

export const OPERATION_REMOVED: DiffRule = {
  id: 'operation-removed',
  level: 'breaking',
  meaning: 'An operation is gone (names are case-sensitive: a renamed operation is removed and added).',
  why: 'Its callers get a fault (SOAP) or a 500 (HTTP).',
};

export const OPERATION_ADDED: DiffRule = {
  id: 'operation-added',
  level: 'non-breaking',
  meaning: 'An operation is new.',
  why: 'Existing callers do not call it.',
};

export const SOAP_ACTION_CHANGED: DiffRule = {
  id: 'soap-action-changed',
  level: 'breaking',
  meaning:
    "An operation's SOAPAction changed (not reported when both are the default `namespace/Operation` and only the " +
    'namespace changed: `namespace-changed` says it).',
  why:
    'SOAP 1.1 requests are routed on the SOAPAction header alone: old callers get the fault "Server did not ' +
    'recognize the value of HTTP Header SOAPAction".',
};

export const OPERATION_DESCRIPTION_CHANGED: DiffRule = {
  id: 'operation-description-changed',
  level: 'info',
  meaning: "An operation's `wsdl:documentation` was added, removed or changed.",
  why: 'Documentation only: no message on the wire changes.',
};

export const OPERATION_RULES: readonly DiffRule[] = [
  OPERATION_REMOVED,
  OPERATION_ADDED,
  SOAP_ACTION_CHANGED,
  OPERATION_DESCRIPTION_CHANGED,
];

/**
 * Operations removed and added, matched by message name (the name, unless `[WebMethod(MessageName)]` renames
 * it: overloads share a name but not a message name, which names their elements, SOAPAction and path); their
 * order does not count: nothing on the wire or in a generated client depends on it. Then the changes inside
 * each operation both versions have.
 */
export function operationChanges(ctx: DiffContext): Change[] {
  const changes: Change[] = [];
  const before = new Map(ctx.old.operations.map((op) => [op.messageName, op]));
  const after = new Map(ctx.new.operations.map((op) => [op.messageName, op]));
  for (const op of ctx.old.operations) {
    const next = after.get(op.messageName);
    if (next) changes.push(...changesInOperation(ctx, op, next));
    else changes.push(changeOf(OPERATION_REMOVED, operationWhere(label(op)), 'removed'));
  }
  for (const op of ctx.new.operations) {
    if (!before.has(op.messageName)) changes.push(changeOf(OPERATION_ADDED, operationWhere(label(op)), 'added'));
  }
  return changes;
}

/** `Add`, or `Add (AddIntegers)` for an operation with a message name of its own. */
function label(op: OperationModel): string {
  return op.messageName === op.name ? op.name : `${op.name} (${op.messageName})`;
}

function changesInOperation(ctx: DiffContext, a: OperationModel, b: OperationModel): Change[] {
  const where = operationWhere(a.name);
  const changes: Change[] = [];
  if (a.soapAction !== b.soapAction && !followsNamespace(ctx, a.name, a.soapAction, b.soapAction)) {
    changes.push(
      changeOf(SOAP_ACTION_CHANGED, where, `SOAPAction changed from ${a.soapAction} to ${b.soapAction}`, {
        old: a.soapAction,
        new: b.soapAction,
      }),
    );
  }
  if (a.description !== b.description) {
    changes.push(
      changeOf(OPERATION_DESCRIPTION_CHANGED, where, describeTextChange('description', a.description, b.description), {
        old: a.description,
        new: b.description,
      }),
    );
  }
  changes.push(...parameterChanges(ctx, a, b), ...resultChanges(ctx, a, b));
  return changes;
}

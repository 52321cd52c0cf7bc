import type { OperationModel } from '../model/types.js';
import { changeOf, type Change, type DiffRule } from './change.js';
import type { DiffContext } from './diff-context.js';
import { describeTextChange } from './describe-values.js';
import { headerChanges } from './header-rules.js';
import { methodShapeChanges } from './method-shape-rules.js';
import { soapActionFor } from '../model/naming.js';
import { parameterChanges } from './parameter-rules.js';
import { operationLabel, pairOperations } from './operation-pairs.js';
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

export const MESSAGE_NAME_CHANGED: DiffRule = {
  id: 'message-name-changed',
  level: 'breaking',
  meaning:
    "An operation's message name (`messageName`, `[WebMethod(MessageName)]`; the operation's name when not given) " +
    'changed while its name stayed (a default SOAPAction that follows it is not reported again).',
  why:
    'It names what is on the wire: the request and response elements, the `{Message}Result` element, the ' +
    "default SOAPAction and the HTTP path. Old callers' requests are no longer recognized, and they no longer " +
    'find the response.',
};

export const SOAP_ENCODING_CHANGED: DiffRule = {
  id: 'soap-encoding-changed',
  level: 'breaking',
  meaning:
    "An operation's SOAP style and use (document/literal, rpc/encoded, document/encoded) changed (an rpc wrapper's " +
    'namespace moving alone is `request-namespace-changed` or `response-namespace-changed`).',
  why:
    'The SOAP body is another shape: section 5 encoding writes `xsi:type`s, multi-reference values and ' +
    "`soapenc:Array`s where literal writes plain elements. Old callers' requests are not read, and they do not read " +
    'the replies.',
};

export const OPERATION_RULES: readonly DiffRule[] = [
  OPERATION_REMOVED,
  OPERATION_ADDED,
  SOAP_ACTION_CHANGED,
  MESSAGE_NAME_CHANGED,
  SOAP_ENCODING_CHANGED,
  OPERATION_DESCRIPTION_CHANGED,
];

/**
 * Operations removed and added, and the changes inside each operation both versions have. Operations are paired
 * by name and message name (overloads share a name); then an operation left alone with its name on both sides
 * pairs with the other: its message name changed. Their order does not count: nothing on the wire or in a
 * generated client depends on it.
 */
export function operationChanges(ctx: DiffContext): Change[] {
  const { pairs, removed, added } = pairOperations(ctx.old, ctx.new);
  return [
    ...pairs.flatMap(([a, b]) => changesInOperation(ctx, a, b)),
    ...removed.map((op) => changeOf(OPERATION_REMOVED, operationWhere(operationLabel(op)), 'removed')),
    ...added.map((op) => changeOf(OPERATION_ADDED, operationWhere(operationLabel(op)), 'added')),
  ];
}

function changesInOperation(ctx: DiffContext, a: OperationModel, b: OperationModel): Change[] {
  const label = operationLabel(a);
  const where = operationWhere(label);
  const changes: Change[] = [];
  if (a.messageName !== b.messageName) {
    const message = `message name changed from ${a.messageName} to ${b.messageName}`;
    changes.push(changeOf(MESSAGE_NAME_CHANGED, where, message, { old: a.messageName, new: b.messageName }));
  }
  const actionFollows =
    a.messageName !== b.messageName &&
    a.soapAction === soapActionFor(ctx.old.namespace, a.messageName) &&
    b.soapAction === soapActionFor(ctx.new.namespace, b.messageName);
  if (
    a.soapAction !== b.soapAction &&
    !actionFollows &&
    !followsNamespace(ctx, a.messageName, a.soapAction, b.soapAction)
  ) {
    changes.push(
      changeOf(SOAP_ACTION_CHANGED, where, `SOAPAction changed from ${a.soapAction} to ${b.soapAction}`, {
        old: a.soapAction,
        new: b.soapAction,
      }),
    );
  }
  const encodingA = soapEncodingOf(a);
  const encodingB = soapEncodingOf(b);
  // The rpc wrappers' namespaces are requestNamespace and responseNamespace: the method-shape rules report them.
  if (styleAndUse(a) !== styleAndUse(b)) {
    changes.push(
      changeOf(SOAP_ENCODING_CHANGED, where, `SOAP encoding changed from ${encodingA} to ${encodingB}`, {
        old: encodingA,
        new: encodingB,
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
  changes.push(...methodShapeChanges(ctx, a, b));
  changes.push(...parameterChanges(ctx, a, b), ...resultChanges(ctx, a, b), ...headerChanges(ctx, label, a, b));
  return changes;
}

function styleAndUse(op: OperationModel): string {
  return op.encoded ? `${op.encoded.style}/encoded` : 'document/literal';
}

/** `document/literal`, `document/encoded`, or `rpc/encoded` with the wrapper namespaces when they are not the service's. */
function soapEncodingOf(op: OperationModel): string {
  if (!op.encoded) return 'document/literal';
  const { style, inputNamespace, outputNamespace } = op.encoded;
  return style === 'rpc' ? `rpc/encoded (request ${inputNamespace}, response ${outputNamespace})` : 'document/encoded';
}

import type { OperationModel } from '../model/types.js';
import { changeOf, type Change, type DiffRule } from './change.js';
import type { DiffContext } from './diff-context.js';
import { operationLabel } from './operation-pairs.js';
import { operationWhere } from './where.js';

export const REQUEST_ELEMENT_RENAMED: DiffRule = {
  id: 'request-element-renamed',
  level: 'breaking',
  meaning:
    "An operation's request element (`requestElement`, `[SoapDocumentMethod(RequestElementName)]`; the message name " +
    'when not given) changed (not reported when both are the default: `message-name-changed` says it).',
  why: 'Old callers send the old element: the operation reads none of their parameters, and SOAP 1.2 callers without an action are not routed to it.',
};

export const RESPONSE_ELEMENT_RENAMED: DiffRule = {
  id: 'response-element-renamed',
  level: 'breaking',
  meaning:
    "An operation's response element (`responseElement`, `ResponseElementName`; `{message name}Response` when not " +
    'given) changed (not reported when both are the default).',
  why: 'Old callers look for the old element in the reply and find no result.',
};

export const REQUEST_NAMESPACE_CHANGED: DiffRule = {
  id: 'request-namespace-changed',
  level: 'breaking',
  meaning:
    "The namespace of an operation's request element (a bare operation's parameter elements) changed " +
    '(`requestNamespace`, `RequestNamespace`; not reported when both are the service namespace).',
  why: 'Old callers send their parameters in the old namespace: the operation reads none of them.',
};

export const RESPONSE_NAMESPACE_CHANGED: DiffRule = {
  id: 'response-namespace-changed',
  level: 'breaking',
  meaning:
    "The namespace of an operation's response element (a bare operation's result element) changed " +
    '(`responseNamespace`, `ResponseNamespace`; not reported when both are the service namespace).',
  why: 'Old callers look for the reply in the old namespace and find no result.',
};

export const PARAMETER_STYLE_CHANGED: DiffRule = {
  id: 'parameter-style-changed',
  level: 'breaking',
  meaning: 'An operation changed between wrapped and bare parameters (`parameterStyle`, `ParameterStyle.Bare`).',
  why: "Every message changes shape: old callers' parameters are not read, and they do not find the result.",
};

export const OPERATION_MADE_ONE_WAY: DiffRule = {
  id: 'operation-made-one-way',
  level: 'breaking',
  meaning: 'An operation became one-way (`oneWay`, `[SoapDocumentMethod(OneWay = true)]`).',
  why: 'Old callers wait for a response envelope and get 202 Accepted with no body: their call fails.',
};

export const OPERATION_NO_LONGER_ONE_WAY: DiffRule = {
  id: 'operation-no-longer-one-way',
  level: 'non-breaking',
  meaning: 'A one-way operation now answers with a response.',
  why: 'Old callers send the same request and read nothing of the reply but its success status.',
};

export const METHOD_SHAPE_RULES: readonly DiffRule[] = [
  REQUEST_ELEMENT_RENAMED,
  RESPONSE_ELEMENT_RENAMED,
  REQUEST_NAMESPACE_CHANGED,
  RESPONSE_NAMESPACE_CHANGED,
  PARAMETER_STYLE_CHANGED,
  OPERATION_MADE_ONE_WAY,
  OPERATION_NO_LONGER_ONE_WAY,
];

/**
 * How `[SoapDocumentMethod]` shapes an operation's messages, old `a` to new `b`. A setting at its default on both
 * sides is no change of its own (a changed message name or service namespace moves it, and says so).
 */
export function methodShapeChanges(ctx: DiffContext, a: OperationModel, b: OperationModel): Change[] {
  const where = operationWhere(operationLabel(a));
  const changes: Change[] = [];
  const changed = (rule: DiffRule, what: string, before: string, after: string) =>
    changes.push(changeOf(rule, where, `${what} changed from ${before} to ${after}`, { old: before, new: after }));
  const bare = (op: OperationModel) => op.parameterStyle === 'bare';
  if (
    !bare(a) &&
    !bare(b) &&
    a.requestElement !== b.requestElement &&
    !(a.requestElement === a.messageName && b.requestElement === b.messageName)
  ) {
    changed(REQUEST_ELEMENT_RENAMED, 'request element', a.requestElement, b.requestElement);
  }
  if (
    !bare(a) &&
    !bare(b) &&
    !a.oneWay &&
    !b.oneWay &&
    a.responseElement !== b.responseElement &&
    !(a.responseElement === `${a.messageName}Response` && b.responseElement === `${b.messageName}Response`)
  ) {
    changed(RESPONSE_ELEMENT_RENAMED, 'response element', a.responseElement, b.responseElement);
  }
  const defaults = (x: string, y: string) => x === ctx.old.namespace && y === ctx.new.namespace;
  if (a.requestNamespace !== b.requestNamespace && !defaults(a.requestNamespace, b.requestNamespace)) {
    changed(REQUEST_NAMESPACE_CHANGED, 'request namespace', a.requestNamespace, b.requestNamespace);
  }
  if (
    !a.oneWay &&
    !b.oneWay &&
    a.responseNamespace !== b.responseNamespace &&
    !defaults(a.responseNamespace, b.responseNamespace)
  ) {
    changed(RESPONSE_NAMESPACE_CHANGED, 'response namespace', a.responseNamespace, b.responseNamespace);
  }
  if (a.parameterStyle !== b.parameterStyle) {
    changed(PARAMETER_STYLE_CHANGED, 'parameter style', a.parameterStyle, b.parameterStyle);
  }
  if (!a.oneWay && b.oneWay) changes.push(changeOf(OPERATION_MADE_ONE_WAY, where, 'became one-way'));
  if (a.oneWay && !b.oneWay) changes.push(changeOf(OPERATION_NO_LONGER_ONE_WAY, where, 'no longer one-way'));
  return changes;
}

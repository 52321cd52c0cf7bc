import type { OperationModel } from '../model/types.js';
import { changeOf, type Change, type DiffRule } from './change.js';
import { dataTypeChanges } from './data-type-rules.js';
import { httpBindingsOnBothSides, sameTypeSpec, type DiffContext } from './diff-context.js';
import { operationLabel } from './operation-pairs.js';
import { siteArrayChanges } from './type-rules.js';
import { siteChoiceChanges } from './choice-rules.js';
import { elementFormChanges, elementNamespaceChanges } from './item-form-rules.js';
import { resultWhere } from './where.js';

export const RESULT_ADDED: DiffRule = {
  id: 'result-added',
  level: 'non-breaking',
  meaning: 'A void operation now returns a value, and no HTTP binding is on in both versions.',
  why:
    'SOAP callers of the old contract find the `{Op}Response` they expect and skip the new `{Op}Result` child ' +
    '(XmlSerializer proxies and asmxgen clients ignore unknown children).',
};

export const RESULT_ADDED_ON_HTTP: DiffRule = {
  id: 'result-added-on-http',
  level: 'breaking',
  meaning: 'A void operation now returns a value while HttpGet or HttpPost is on in both versions.',
  why:
    "A void operation's HTTP reply is empty; now it is an XML document, which HTTP callers of the old contract " +
    'do not expect (the asmxgen client refuses a body on a void operation).',
};

export const RESULT_REMOVED: DiffRule = {
  id: 'result-removed',
  level: 'breaking',
  meaning: 'An operation that returned a value is now void.',
  why: 'Callers of the old contract wait for a value that never comes (an error, or silently no value).',
};

export const RESULT_TYPE_CHANGED: DiffRule = {
  id: 'result-type-changed',
  level: 'breaking',
  meaning: "The XSD type of an operation's result changed.",
  why: 'Callers of the old contract read the value as the old type: it may not convert, or means something else.',
};

export const RESULT_NILLABLE_CHANGED: DiffRule = {
  id: 'result-nillable-changed',
  level: 'breaking',
  meaning:
    'A reference-type result became or stopped being nillable (`resultNillable`, `[return: XmlElement(IsNullable = true)]`).',
  why:
    'A null result is then written `xsi:nil="true"` instead of being left out, or the other way round: typed ' +
    'clients of the old contract get `null` where they expect `undefined` (or the reverse), and schema-strict ' +
    'readers refuse the element they were not told of.',
};

export const RESULT_ELEMENT_RENAMED: DiffRule = {
  id: 'result-element-renamed',
  level: 'breaking',
  meaning:
    "The result element's name changed: the operation's `resultElement` (`[return: XmlElement(\"X\")]`) or the `[XmlRoot]` of the result's class (`elementName`), which names the element (`Bill` instead of `{Op}Result`), changed.",
  why:
    'Callers of the old contract look for the old element in the response and find none: XmlSerializer proxies and ' +
    'asmxgen clients read no value. The root-named element is also nillable, so a null result is written ' +
    '`xsi:nil="true"` instead of being left out, or the other way round.',
};

export const RESULT_ROOT_NAMESPACE_CHANGED: DiffRule = {
  id: 'result-root-namespace-changed',
  level: 'breaking',
  meaning:
    "The result element (or the HTTP GET/POST reply's root) moved to another namespace: the result's class gained, " +
    'lost or changed `rootNamespace` (`[XmlRoot(Namespace)]`).',
  why:
    'Callers of the old contract look for the result in the old namespace and find none: XmlSerializer proxies and ' +
    'asmxgen clients read no value (an HTTP reply is refused as another document).',
};

export const RESULT_RULES: readonly DiffRule[] = [
  RESULT_ADDED,
  RESULT_ADDED_ON_HTTP,
  RESULT_REMOVED,
  RESULT_TYPE_CHANGED,
  RESULT_NILLABLE_CHANGED,
  RESULT_ELEMENT_RENAMED,
  RESULT_ROOT_NAMESPACE_CHANGED,
];

/** Changes of the result of an operation both versions have. */
export function resultChanges(ctx: DiffContext, a: OperationModel, b: OperationModel): Change[] {
  const where = resultWhere(operationLabel(a));
  if (!a.result && b.result) {
    const http = httpBindingsOnBothSides(ctx);
    if (http.length > 0) {
      const replies = `its ${http.join(' and ')} reply is no longer empty`;
      const message = `added (${b.result.type.spec}) to a void operation: ${replies}`;
      return [changeOf(RESULT_ADDED_ON_HTTP, where, message, { new: b.result.type.spec })];
    }
    return [
      changeOf(RESULT_ADDED, where, `added (${b.result.type.spec}) to a void operation`, { new: b.result.type.spec }),
    ];
  }
  if (a.result && !b.result) {
    return [
      changeOf(RESULT_REMOVED, where, `removed (${a.result.type.spec}): the operation is now void`, {
        old: a.result.type.spec,
      }),
    ];
  }
  if (a.result && b.result && !sameTypeSpec(ctx, a.result.type.spec, b.result.type.spec)) {
    const message = `type changed from ${a.result.type.spec} to ${b.result.type.spec}`;
    return [changeOf(RESULT_TYPE_CHANGED, where, message, { old: a.result.type.spec, new: b.result.type.spec })];
  }
  if (a.result && b.result) {
    const { elementName: before } = a.result;
    const { elementName: after } = b.result;
    // A root-named element is nillable by itself: the rename says it, not a second change.
    // A default name follows the message name, whose change is reported on its own.
    const isDefault = (op: OperationModel) => op.result!.elementName === `${op.messageName}Result`;
    const renamed =
      before !== after && !(isDefault(a) && isDefault(b))
        ? [
            changeOf(RESULT_ELEMENT_RENAMED, where, `the result element is now ${after}, no longer ${before}`, {
              old: before,
              new: after,
            }),
          ]
        : [];
    const ownMove = elementNamespaceChanges(where, a.result.xmlNamespace, b.result.xmlNamespace, 'in responses');
    const moved =
      ownMove.length === 0 &&
      (a.result.namespace !== b.result.namespace || a.result.httpNamespace !== b.result.httpNamespace)
        ? [
            changeOf(
              RESULT_ROOT_NAMESPACE_CHANGED,
              where,
              `the result is now in ${b.result.namespace ?? b.result.httpNamespace ?? "the operation's namespace"}, ` +
                `no longer in ${a.result.namespace ?? a.result.httpNamespace ?? "the operation's namespace"}`,
              {
                old: a.result.namespace ?? a.result.httpNamespace ?? '',
                new: b.result.namespace ?? b.result.httpNamespace ?? '',
              },
            ),
          ]
        : [];
    // A root namespace makes the element nillable by itself: the move says it, not a second change.
    const nillable =
      renamed.length === 0 &&
      a.result.namespace === b.result.namespace &&
      a.result.nillable !== b.result.nillable &&
      a.result.type.kind !== 'nullable'
        ? [changeOf(RESULT_NILLABLE_CHANGED, where, b.result.nillable ? 'became nillable' : 'no longer nillable')]
        : [];
    return [
      ...renamed,
      ...ownMove,
      ...moved,
      ...siteArrayChanges(ctx, where, a.result, b.result, 'in responses', true, false),
      ...siteChoiceChanges(ctx, where, a.result.choice, b.result.choice, 'in responses', true, false),
      ...elementFormChanges(where, a.result.xmlForm, b.result.xmlForm, 'in responses'),
      ...dataTypeChanges(where, a.result.type, b.result.type),
      ...nillable,
    ];
  }
  return [];
}

import type { HeaderModel, OperationModel } from '../model/types.js';
import { changeOf, type Change, type DiffRule } from './change.js';
import { sameTypeSpec, type DiffContext } from './diff-context.js';
import { headerWhere } from './where.js';

const NOT_ENFORCED =
  'ASMX does not enforce `Required` (obsolete since .NET 2.0: "the presence of a particular header in a SOAP ' +
  'message is no longer enforced")';

export const HEADER_ADDED_REQUIRED: DiffRule = {
  id: 'header-added-required',
  level: 'breaking',
  meaning: 'An operation takes a new input SOAP header (`in` or `inOut`) that is required (the default).',
  why:
    `Callers of the old contract do not send it. ${NOT_ENFORCED}, so the operation runs with the header's field ` +
    'null: whatever it was added for (credentials, a session) is missing.',
};

export const HEADER_ADDED_OPTIONAL: DiffRule = {
  id: 'header-added-optional',
  level: 'non-breaking',
  meaning: 'An operation takes a new SOAP header that is `required: false`, or only sends one (`out`).',
  why:
    'An optional header may be left out, and the operation is written for its field being null. An output header ' +
    'old callers do not know is not `mustUnderstand`: XmlSerializer proxies and zeep skip it.',
};

export const HEADER_REMOVED: DiffRule = {
  id: 'header-removed',
  level: 'breaking',
  meaning: 'An operation no longer has a SOAP header.',
  why:
    'An input header old callers send is skipped by the service without a word (they do not mark it ' +
    '`mustUnderstand`), and an output header they read never comes: their field stays null.',
};

export const HEADER_DIRECTION_CHANGED: DiffRule = {
  id: 'header-direction-changed',
  level: 'breaking',
  meaning:
    "A SOAP header's direction changed so that it is no longer sent where it was (`inOut` to `in` or `out`, `in` " +
    'to `out`, `out` to `in`), or became an input while required.',
  why:
    'What old callers send is skipped, what they read never comes, or what the operation needs they do not send: ' +
    'as with `header-removed` and `header-added-required`.',
};

export const HEADER_DIRECTION_CHANGED_COMPATIBLE: DiffRule = {
  id: 'header-direction-changed-compatible',
  level: 'non-breaking',
  meaning: "A SOAP header's direction widened to `inOut`: `in` to `inOut`, or `out` to `inOut` when not required.",
  why: 'Everything old callers sent is still read and everything they read still comes; the rest they skip.',
};

export const HEADER_TYPE_CHANGED: DiffRule = {
  id: 'header-type-changed',
  level: 'breaking',
  meaning: "A SOAP header's class or its element name (`elementName`) changed.",
  why:
    'The header is another element: the service skips the one old callers send, and old callers skip the one it ' +
    'sends back.',
};

export const HEADER_NAMESPACE_CHANGED: DiffRule = {
  id: 'header-namespace-changed',
  level: 'breaking',
  meaning: "A SOAP header's element moved to another namespace: its class gained, lost or changed `rootNamespace`.",
  why:
    'The header is another element: the service skips the one old callers send, and old callers skip the one it ' +
    'sends back.',
};

export const HEADER_REQUIRED_CHANGED: DiffRule = {
  id: 'header-required-changed',
  level: 'info',
  meaning: "A SOAP header's `required` changed.",
  why: `The WSDL does not carry it and ${NOT_ENFORCED}: no message changes.`,
};

export const HEADER_RULES: readonly DiffRule[] = [
  HEADER_ADDED_REQUIRED,
  HEADER_ADDED_OPTIONAL,
  HEADER_REMOVED,
  HEADER_DIRECTION_CHANGED,
  HEADER_DIRECTION_CHANGED_COMPATIBLE,
  HEADER_TYPE_CHANGED,
  HEADER_REQUIRED_CHANGED,
  HEADER_NAMESPACE_CHANGED,
];

/**
 * Changes of the SOAP headers of an operation both versions have. Headers are paired by the service field they
 * are bound to, then (of the rest) by element: the field is not on the wire.
 */
export function headerChanges(ctx: DiffContext, label: string, a: OperationModel, b: OperationModel): Change[] {
  const changes: Change[] = [];
  const pairs = new Map<HeaderModel, HeaderModel>();
  const taken = new Set<HeaderModel>();
  for (const key of [(h: HeaderModel) => h.field, (h: HeaderModel) => `element ${h.element}`]) {
    for (const h of a.headers) {
      if (pairs.has(h)) continue;
      const k = b.headers.find((x) => !taken.has(x) && key(x) === key(h));
      if (k) {
        pairs.set(h, k);
        taken.add(k);
      }
    }
  }
  for (const h of b.headers.filter((x) => !taken.has(x))) {
    const rule = h.input && h.required ? HEADER_ADDED_REQUIRED : HEADER_ADDED_OPTIONAL;
    const message = `added (${h.type}, ${h.direction}${h.required ? '' : ', not required'})`;
    changes.push(changeOf(rule, headerWhere(label, h.field), message, { new: h.type }));
  }
  for (const h of a.headers) {
    const where = headerWhere(label, h.field);
    const k = pairs.get(h);
    if (!k) {
      changes.push(changeOf(HEADER_REMOVED, where, `removed (${h.type}, ${h.direction})`, { old: h.type }));
      continue;
    }
    if (!sameTypeSpec(ctx, h.type, k.type) || h.element !== k.element) {
      const message = `changed from ${h.type} (element ${h.element}) to ${k.type} (element ${k.element})`;
      changes.push(changeOf(HEADER_TYPE_CHANGED, where, message, { old: h.type, new: k.type }));
    }
    if (h.namespace !== k.namespace) {
      const message = `element ${h.element} moved from namespace ${h.namespace} to ${k.namespace}`;
      changes.push(changeOf(HEADER_NAMESPACE_CHANGED, where, message, { old: h.namespace, new: k.namespace }));
    }
    if (h.direction !== k.direction) {
      const lost = (h.input && !k.input) || (h.output && !k.output);
      const breaking = lost || (!h.input && k.input && k.required);
      const message = `direction changed from ${h.direction} to ${k.direction}`;
      const values = { old: h.direction, new: k.direction };
      changes.push(
        changeOf(breaking ? HEADER_DIRECTION_CHANGED : HEADER_DIRECTION_CHANGED_COMPATIBLE, where, message, values),
      );
    }
    if (h.required !== k.required) {
      const message = k.required ? 'now required' : 'no longer required';
      changes.push(changeOf(HEADER_REQUIRED_CHANGED, where, message, { old: `${h.required}`, new: `${k.required}` }));
    }
  }
  return changes;
}

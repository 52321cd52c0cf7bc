/**
 * What an operation with `out` or `ref` parameters sends back (wire contract: document/literal wrapped). Its
 * response element holds `{Op}Result` first (when it returns a value), then each `out` and `ref` parameter, in
 * declaration order, named as the parameter; its request element holds the `in` and `ref` parameters only.
 * HTTP GET and POST leave such operations out.
 *
 * In TypeScript, such an operation's handler returns, and its client call resolves to, one object: `result` (the
 * return value, absent for a void operation; `returnValue` when a parameter is named `result`, see
 * `OperationDescription.result.key`) and each `out` and `ref` parameter by name, e.g.
 * `{ result: 5, head: 'he', count: 3 }` for `int Split(string text, out string head, ref int count)`.
 * Server (`server/soap-call.ts`) and client (`client/soap-reply.ts`) both follow this module.
 */
import type {
  ChoiceElementDescription,
  OperationDescription,
  ParameterDescription,
  ValueType,
} from '../service-description.js';

/** The property of the reply object that holds the operation's return value, unless a parameter is so named. */
export const RESULT_KEY = 'result';

/** One child of the response element: the result or an `out`/`ref` parameter. */
export interface ReplySite {
  /** The property of the reply object: `result`, or the parameter's name. */
  readonly key: string;
  /** The element's local name, in the service namespace. */
  readonly element: string;
  readonly type: ValueType;
  readonly nillable?: boolean;
  /** `minOccurs="0"`: a null reference is left out. */
  readonly optional: boolean;
  /** The element's namespace when a class's `[XmlRoot(Namespace)]` puts it in another one than the response's. */
  readonly namespace?: string;
  /** `[XmlElement]` on an array: its items are repeated elements named `element`, none for an empty array. */
  readonly unwrapped?: boolean;
  /** A choice of elements in the site's place (`{ $element, value }` values; any number of them when unwrapped). */
  readonly choice?: readonly ChoiceElementDescription[];
}

/** The operation sends back values besides its result (it has `out` or `ref` parameters). */
export function hasReplyParameters(op: OperationDescription): boolean {
  return op.parameters.some((p) => p.direction !== undefined);
}

/** The parameter travels in the request element (an `in` or `ref` parameter, not an `out` one). */
export function isRequestParameter(param: ParameterDescription): boolean {
  return param.direction !== 'out';
}

/** The children of the response element of an operation with `out` or `ref` parameters, in wire order. */
export function replySites(op: OperationDescription): ReplySite[] {
  const sites: ReplySite[] = [];
  if (op.result) {
    const { element, type, nillable, key, namespace, unwrapped, choice } = op.result;
    sites.push({
      key: key ?? RESULT_KEY,
      element,
      type,
      optional: true,
      ...(nillable ? { nillable } : {}),
      ...(namespace === undefined ? {} : { namespace }),
      ...(unwrapped ? { unwrapped } : {}),
      ...(choice ? { choice } : {}),
    });
  }
  for (const p of op.parameters) {
    if (p.direction === undefined) continue;
    sites.push({
      key: p.name,
      element: p.name,
      type: p.type,
      optional: p.optional,
      ...(p.nillable ? { nillable: true } : {}),
      ...(p.namespace === undefined ? {} : { namespace: p.namespace }),
      ...(p.unwrapped ? { unwrapped: true } : {}),
      ...(p.choice ? { choice: p.choice } : {}),
    });
  }
  return sites;
}

/**
 * SOAP calls planned from a request's remembered shape (`xml/xml-shapes.ts`).
 *
 * A client sends the same envelope for every call of an operation; only the parameter values change. Once a
 * request of a known shape has been read, routed and bound in full, a request of the same shape with the same
 * SOAPAction and content type routes to the same operation, with the same parameters in the same elements: the
 * shape decides everything but the values. A plan keeps what it decided: the envelope's version, the operation,
 * and for each parameter the slot that holds its text (or none: the parameter is absent). A call by plan reads
 * the slots' texts and converts them as binding does (`parameters.ts`), and nothing else: no tree, no envelope,
 * routing or header checks, each of which the shape has already passed.
 *
 * Planned only where the shape alone decides: a literal operation, wrapped; a request without `soap:Header`;
 * every parameter of an XSD simple type, not nillable, in an element that holds only text (a slot), or absent.
 * A value that does not convert is left to the full reading, which says why.
 */
import type { SoapVersion } from '../soap/soap-constants.js';
import { readEnvelope } from '../soap/soap-envelope-reader.js';
import { isRequestParameter } from '../soap/reply-values.js';
import { childElements } from '../xml/xml-reader.js';
import type { KnownShape, ShapeMatch } from '../xml/xml-shapes.js';
import { isXsdType } from '../xsd/value-type.js';
import { defaultXsdValue, parseXsdValue, XsdValueError } from '../xsd/xsd-values.js';
import type { XsdType } from '../xsd/type-description.js';
import { parameterElement, soapRequestElement } from './parameters.js';
import type { OperationEntry } from './service-tables.js';

/** What of a request's head routing and decoding read: a plan holds for requests whose head reads the same. */
export interface PlanHead {
  readonly soapAction: string | undefined;
  readonly mediaType: string | undefined;
  readonly charset: string | undefined;
  readonly action: string | undefined;
}

interface PlannedParameter {
  readonly name: string;
  readonly type: XsdType;
  /** The slot holding the parameter's text; -1: the parameter is absent. */
  readonly slot: number;
}

export interface SoapCallPlan {
  readonly head: PlanHead;
  readonly version: SoapVersion;
  readonly entry: OperationEntry;
  readonly parameters: readonly PlannedParameter[];
}

/** By shape: its plan, or `null` when the shape cannot be planned. */
const plans = new WeakMap<KnownShape, SoapCallPlan | null>();

/** The plan of a request of shape `found` and head `head`: `undefined` when there is none. */
export function planOf(found: ShapeMatch, head: PlanHead): SoapCallPlan | undefined {
  const plan = plans.get(found.shape);
  return plan && sameHead(plan.head, head) ? plan : undefined;
}

/** Whether the shape of `found` has been planned, or found not to be plannable. */
export function isPlanned(found: ShapeMatch): boolean {
  return plans.has(found.shape);
}

/** The handler's input of a call by plan; `undefined` when a value does not convert (the full reading says why). */
export function plannedInput(plan: SoapCallPlan, found: ShapeMatch): Record<string, unknown> | undefined {
  const input: Record<string, unknown> = {};
  const { texts } = found;
  for (const parameter of plan.parameters) {
    if (parameter.slot < 0) {
      input[parameter.name] = defaultXsdValue(parameter.type);
      continue;
    }
    try {
      input[parameter.name] = parseXsdValue(parameter.type, texts[parameter.slot]!);
    } catch (error) {
      if (error instanceof XsdValueError) return undefined;
      throw error;
    }
  }
  return input;
}

/**
 * Plans the shape of `found`, a request whose head is `head`, which was read in full, routed to `entry` as a
 * SOAP `version` envelope and bound without error; or marks it as not plannable.
 */
export function learnPlan(found: ShapeMatch, head: PlanHead, version: SoapVersion, entry: OperationEntry): void {
  plans.set(found.shape, planShape(found.shape, head, version, entry));
}

/** The plan of `shape`, read in the element tree it was learned from, as `bindSoapParameters` reads a request. */
function planShape(
  shape: KnownShape,
  head: PlanHead,
  version: SoapVersion,
  entry: OperationEntry,
): SoapCallPlan | null {
  const op = entry.description;
  if (op.encoded || op.bare) return null;
  const envelope = readEnvelope(shape.root);
  if (envelope.kind !== 'envelope' || envelope.header !== undefined || envelope.body === undefined) return null;
  const namespace = entry.requestValues.namespace;
  const request = soapRequestElement(op, namespace, envelope.body);
  const all = request ? childElements(request) : [];
  const children = all.filter((child) => child.namespace === namespace);
  const parameters: PlannedParameter[] = [];
  for (const param of op.parameters) {
    if (!isRequestParameter(param)) continue;
    const type = param.type;
    if (param.unwrapped || param.choice || param.nillable || !isXsdType(type)) return null;
    const element = parameterElement(param, all, children);
    const slot = element === undefined ? -1 : shape.slotOf(element);
    if (slot === undefined) return null;
    parameters.push({ name: param.name, type, slot });
  }
  return { head, version, entry, parameters };
}

function sameHead(a: PlanHead, b: PlanHead): boolean {
  return (
    a.soapAction === b.soapAction && a.mediaType === b.mediaType && a.charset === b.charset && a.action === b.action
  );
}

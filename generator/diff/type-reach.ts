import type { ClassTypeModel, TypeModel } from '../model/type-model.js';
import type { TypeRef } from '../model/type-refs.js';
import type { OperationModel, ServiceModel } from '../model/types.js';
import { operationLabel } from './operation-pairs.js';

/** Where a declared type travels in one version: the operations that reach it, and in which messages. */
export interface TypeReach {
  /** The operations' labels ({@link operationLabel}). */
  readonly operations: ReadonlySet<string>;
  /** In a request (a parameter, `ref` parameter, input header): callers send it, the service reads it. */
  readonly request: boolean;
  /** In a response (the result, `out`/`ref` parameters, output header): the service sends it, callers read it. */
  readonly response: boolean;
}

interface MutableReach {
  readonly operations: Set<string>;
  request: boolean;
  response: boolean;
}

/**
 * Which declared types each operation reaches, and in which direction: through parameters, results and headers,
 * then from a class to its members' types, its base (whose members it carries), the classes derived from it and
 * its `[XmlInclude]` types (any of which may be sent in its place), and from `anyType` to the service's
 * `[XmlInclude]` types. Types nothing reaches are absent.
 */
export function typeReach(
  model: ServiceModel,
  labelOf: (op: OperationModel) => string = operationLabel,
): ReadonlyMap<string, TypeReach> {
  const types = new Map(model.types.map((t) => [t.name, t]));
  const derived = new Map<string, string[]>();
  for (const t of model.types) {
    if (t.kind === 'class' && t.base !== undefined) derived.set(t.base, [...(derived.get(t.base) ?? []), t.name]);
  }
  const reach = new Map<string, MutableReach>();
  const seen = new Set<string>();

  const visit = (name: string, label: string, dir: 'request' | 'response'): void => {
    const type = types.get(name);
    const key = `${name}\n${label}\n${dir}`;
    if (!type || seen.has(key)) return;
    seen.add(key);
    let entry = reach.get(name);
    if (!entry) reach.set(name, (entry = { operations: new Set(), request: false, response: false }));
    entry.operations.add(label);
    entry[dir] = true;
    for (const next of neighbours(type, derived, model)) visit(next, label, dir);
  };
  const visitRef = (ref: TypeRef, label: string, dir: 'request' | 'response'): void => {
    for (const name of namesIn(ref, model)) visit(name, label, dir);
  };

  for (const op of model.operations) {
    const label = labelOf(op);
    for (const p of op.parameters) {
      if (p.direction !== 'out') visitRef(p.type, label, 'request');
      if (p.direction !== 'in') visitRef(p.type, label, 'response');
    }
    if (op.result) visitRef(op.result.type, label, 'response');
    for (const h of op.headers) {
      if (h.input) visit(h.type, label, 'request');
      if (h.output) visit(h.type, label, 'response');
    }
  }
  return reach;
}

/** The declared types a reference names (through arrays and `T?`); `anyType` names the service's includes. */
export function namesIn(ref: TypeRef, model: ServiceModel): string[] {
  switch (ref.kind) {
    case 'builtin':
      return ref.name === 'anyType' ? [...model.include] : [];
    case 'class':
    case 'enum':
      return [ref.name];
    case 'nullable':
      return namesIn(ref.of, model);
    case 'array':
      return namesIn(ref.item, model);
  }
}

function neighbours(type: TypeModel, derived: ReadonlyMap<string, readonly string[]>, model: ServiceModel): string[] {
  if (type.kind === 'enum') return [];
  const c: ClassTypeModel = type;
  return [
    ...c.members.flatMap((m) => namesIn(m.type, model)),
    ...(c.base !== undefined ? [c.base] : []),
    ...(derived.get(c.name) ?? []),
    ...c.include,
  ];
}

/** Both versions' reach of a type, merged: where it travels in either. */
export function mergeReach(a: TypeReach | undefined, b: TypeReach | undefined): TypeReach | undefined {
  if (!a) return b;
  if (!b) return a;
  return {
    operations: new Set([...a.operations, ...b.operations]),
    request: a.request || b.request,
    response: a.response || b.response,
  };
}

/** `(reaches EchoBook, GetBook)`: the operations, sorted by code unit. */
export function reachesText(reach: TypeReach): string {
  return `(reaches ${[...reach.operations].sort(compare).join(', ')})`;
}

/** `in requests`, `in responses`, `in requests and responses`. */
export function directionText(reach: TypeReach): string {
  if (reach.request && reach.response) return 'in requests and responses';
  return reach.request ? 'in requests' : 'in responses';
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

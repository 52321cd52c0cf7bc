import type { ChoiceModel, ClassTypeModel, TypeModel } from '../model/type-model.js';
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
 * Which declared types each operation reaches, and in which direction. An operation carries the types its
 * parameters, results and headers declare, and the classes derived from them that the service registers (the
 * runtime writes and reads a derived class only where its serializer knows it: reached by some operation, or an
 * `[XmlInclude]` of the service or of a registered class); a carried class carries its members' types, and its
 * bases' members (each base is reached, without the base's other derived classes); `anyType` carries the
 * service's `[XmlInclude]` types. Types nothing reaches are absent.
 */
export function typeReach(
  model: ServiceModel,
  labelOf: (op: OperationModel) => string = operationLabel,
): ReadonlyMap<string, TypeReach> {
  return walk(model, labelOf, false);
}

/**
 * Where values of each declared type travel: where the type, or a base of it, is declared and the service registers
 * it ({@link typeReach} without the operations that carry only its members, as a base of another class). Where a
 * new derived class may stand in for it, and where an abstract class may no longer be sent.
 */
export function valueReach(
  model: ServiceModel,
  labelOf: (op: OperationModel) => string = operationLabel,
): ReadonlyMap<string, TypeReach> {
  return walk(model, labelOf, true);
}

function walk(
  model: ServiceModel,
  labelOf: (op: OperationModel) => string,
  valuesOnly: boolean,
): ReadonlyMap<string, TypeReach> {
  const types = new Map(model.types.map((t) => [t.name, t]));
  const registered = registeredClasses(model, types);
  const derived = new Map<string, string[]>();
  for (const t of model.types) {
    if (t.kind === 'class' && t.base !== undefined && registered.has(t.name)) {
      derived.set(t.base, [...(derived.get(t.base) ?? []), t.name]);
    }
  }
  const reach = new Map<string, MutableReach>();
  const seen = new Set<string>();

  /** `carry`: values of the type (or of a registered derived class) travel; `base`: its members travel. */
  const visit = (name: string, label: string, dir: 'request' | 'response', how: 'carry' | 'base'): void => {
    const type = types.get(name);
    const key = `${name}\n${label}\n${dir}\n${how}`;
    if (!type || seen.has(key)) return;
    seen.add(key);
    if (how === 'carry' || !valuesOnly) {
      let entry = reach.get(name);
      if (!entry) reach.set(name, (entry = { operations: new Set(), request: false, response: false }));
      entry.operations.add(label);
      entry[dir] = true;
    }
    if (type.kind === 'enum') return;
    for (const next of memberTypes(type, model)) visit(next, label, dir, 'carry');
    if (type.base !== undefined) visit(type.base, label, dir, 'base');
    if (how === 'carry') for (const d of derived.get(name) ?? []) visit(d, label, dir, 'carry');
  };
  const visitSite = (site: Site, label: string, dir: 'request' | 'response'): void => {
    for (const name of siteTypes(site, model)) visit(name, label, dir, 'carry');
  };

  for (const op of model.operations) {
    const label = labelOf(op);
    for (const p of op.parameters) {
      if (p.direction !== 'out') visitSite(p, label, 'request');
      if (p.direction !== 'in') visitSite(p, label, 'response');
    }
    if (op.result) visitSite(op.result, label, 'response');
    for (const h of op.headers) {
      if (h.input) visit(h.type, label, 'request', 'carry');
      if (h.output) visit(h.type, label, 'response', 'carry');
    }
  }
  return reach;
}

/**
 * The classes the service's serializer knows, as the runtime's reflection registers them: the service's
 * `[XmlInclude]` types and every type an operation names, then from each class its base, its members' types and
 * its `[XmlInclude]` types (never the classes derived from it).
 */
function registeredClasses(model: ServiceModel, types: ReadonlyMap<string, TypeModel>): ReadonlySet<string> {
  const registered = new Set<string>();
  const register = (name: string): void => {
    const type = types.get(name);
    if (type?.kind !== 'class' || registered.has(name)) return;
    registered.add(name);
    if (type.base !== undefined) register(type.base);
    for (const n of memberTypes(type, model)) register(n);
    for (const n of type.include) register(n);
  };
  for (const n of model.include) register(n);
  for (const op of model.operations) {
    for (const p of op.parameters) for (const n of siteTypes(p, model)) register(n);
    if (op.result) for (const n of siteTypes(op.result, model)) register(n);
    for (const h of op.headers) register(h.type);
  }
  return registered;
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
    case 'dictionary':
      return namesIn(ref.value, model);
  }
}

/** A parameter, result or member: its type, and the elements of its choice when it is one. */
interface Site {
  readonly type: TypeRef;
  readonly choice?: ChoiceModel | undefined;
}

/** The declared types a site names: its type's, and its choice elements' (any of which may be written there). */
function siteTypes(site: Site, model: ServiceModel): string[] {
  return [...namesIn(site.type, model), ...(site.choice?.elements ?? []).flatMap((e) => namesIn(e.type, model))];
}

/** The declared types a class's members name. */
function memberTypes(type: ClassTypeModel, model: ServiceModel): string[] {
  return type.members.flatMap((m) => siteTypes(m, model));
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

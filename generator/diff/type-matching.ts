import type { ClassTypeModel, EnumTypeModel, TypeModel } from '../model/type-model.js';
import { parseTypeText } from '../model/type-refs.js';
import type { ServiceModel } from '../model/types.js';
import { operationLabel, pairOperations } from './operation-pairs.js';
import { typeReach, valueReach, type TypeReach } from './type-reach.js';

/** How the declared types of two versions correspond. */
export interface TypeMatching {
  /** Types both versions have, old and new; `renamed` when the new one was found by its shape. */
  readonly pairs: readonly { readonly old: TypeModel; readonly new: TypeModel; readonly renamed: boolean }[];
  readonly removed: readonly TypeModel[];
  readonly added: readonly TypeModel[];
  /** Old declared name to new, for every pair whose declared name differs. */
  readonly names: ReadonlyMap<string, string>;
  readonly oldReach: ReadonlyMap<string, TypeReach>;
  readonly newReach: ReadonlyMap<string, TypeReach>;
  /** Where values of each type (not only its members, as a base) travel ({@link valueReach}). */
  readonly oldValues: ReadonlyMap<string, TypeReach>;
  readonly newValues: ReadonlyMap<string, TypeReach>;
}

/**
 * Pairs the declared types: by declared name; then, of the rest, by XSD name (the declared name is not on the
 * wire, so a spec and the WSDL it describes pair even when an importer named a type after its XSD name); then by
 * shape, when a removed and an added type have the same members (or values) and are reached by the same
 * operations in the same directions: one type renamed.
 */
export function matchTypes(a: ServiceModel, b: ServiceModel): TypeMatching {
  // Where both versions have an operation, the new one goes by its old label: a type reaches it once.
  const oldLabels = new Map(pairOperations(a, b).pairs.map(([x, y]) => [y, operationLabel(x)]));
  const oldReach = typeReach(a);
  const newLabel = (op: Parameters<typeof operationLabel>[0]) => oldLabels.get(op) ?? operationLabel(op);
  const newReach = typeReach(b, newLabel);
  const pairs: { old: TypeModel; new: TypeModel; renamed: boolean }[] = [];
  const names = new Map<string, string>();
  let removed = [...a.types];
  let added = [...b.types];
  const pair = (key: (t: TypeModel) => string | undefined, renamed: boolean) => {
    for (const t of [...removed]) {
      const k = key(t);
      const candidates = k === undefined ? [] : added.filter((u) => key(u) === k && u.kind === t.kind);
      if (candidates.length !== 1 || removed.filter((r) => key(r) === k).length !== 1) continue;
      const u = candidates[0]!;
      pairs.push({ old: t, new: u, renamed });
      if (t.name !== u.name) names.set(t.name, u.name);
      removed = removed.filter((r) => r !== t);
      added = added.filter((r) => r !== u);
    }
  };
  pair((t) => `name ${t.name}`, false);
  pair((t) => `xml ${t.xmlName}`, false);
  // Shapes are compared as written: member types that are themselves renamed do not match.
  pair((t) => {
    const reach = (a.types.includes(t) ? oldReach : newReach).get(t.name);
    return `${shapeOf(t)}\n${reach ? `${[...reach.operations].sort().join(',')} ${reach.request} ${reach.response}` : ''}`;
  }, true);
  const oldValues = valueReach(a);
  const newValues = valueReach(b, newLabel);
  return { pairs, removed, added, names, oldReach, newReach, oldValues, newValues };
}

/** A type's shape, its name left out: what two types must share to be taken for one renamed. */
function shapeOf(t: TypeModel): string {
  return JSON.stringify(t.kind === 'class' ? classShape(t) : enumShape(t));
}

function classShape(t: ClassTypeModel): unknown {
  return [
    t.struct,
    t.abstract,
    t.header,
    t.base ?? null,
    t.anyAttribute,
    t.members.map((m) => [
      m.name,
      m.xmlName,
      m.type.spec,
      m.form,
      m.unwrapped,
      m.minOccurs,
      m.nillable,
      m.default ?? null,
    ]),
  ];
}

function enumShape(t: EnumTypeModel): unknown {
  return [t.flags, t.values.map((v) => [v.name, v.xmlName])];
}

/** A type reference of the old version, spelled with the new version's names (`Book[]` to `Tome[]`). */
export function renameSpec(spec: string, names: ReadonlyMap<string, string>): string {
  const parsed = parseTypeText(spec);
  const name = parsed && names.get(parsed.name);
  if (!parsed || name === undefined) return spec;
  return `${name}${parsed.nullable ? '?' : ''}${'[]'.repeat(parsed.rank)}`;
}

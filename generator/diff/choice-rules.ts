/**
 * Choices of elements at a parameter or result (`choice`, `resultChoice`: several `[XmlElement(Name, typeof(T))]`,
 * in place or repeated in place): which elements there are and of what type. Elements are matched by name; what a
 * change breaks depends on who reads the site: the service (requests) or the caller (responses).
 */
import type { ChoiceModel } from '../model/type-model.js';
import { changeOf, type Change, type DiffRule } from './change.js';
import type { DiffContext } from './diff-context.js';
import { sameTypeSpec } from './diff-context.js';

export const CHOICE_CHANGED: DiffRule = {
  id: 'choice-changed',
  level: 'breaking',
  meaning:
    'A parameter or result became a choice of elements (`choice`, `resultChoice`), or stopped being one, its type ' +
    'unchanged.',
  why:
    'The elements on the wire are others: the choice writes each value as the element of its type, where the plain ' +
    'site writes one element named after the parameter or result. XmlSerializer skips what it does not expect.',
};

export const CHOICE_ELEMENT_ADDED: DiffRule = {
  id: 'choice-element-added',
  level: 'breaking',
  meaning: 'A choice of a parameter or result gained an element while it travels in responses.',
  why:
    'The service may now answer with the new element: callers of the old contract do not know it, and XmlSerializer ' +
    'skips it, so the value (an item of an array) is silently lost.',
};

export const CHOICE_ELEMENT_ADDED_COMPATIBLE: DiffRule = {
  id: 'choice-element-added-compatible',
  level: 'non-breaking',
  meaning: 'A choice of a parameter gained an element while it travels only in requests.',
  why: 'Only callers of the new contract send it; the service still reads every element old callers send.',
};

export const CHOICE_ELEMENT_REMOVED: DiffRule = {
  id: 'choice-element-removed',
  level: 'breaking',
  meaning: 'A choice of a parameter lost an element while it travels in requests.',
  why:
    'Callers of the old contract may still send it: the service skips an element it does not expect, and the ' +
    'operation gets nothing (or an array without those items) where the caller sent a value.',
};

export const CHOICE_ELEMENT_REMOVED_COMPATIBLE: DiffRule = {
  id: 'choice-element-removed-compatible',
  level: 'non-breaking',
  meaning: 'A choice of a parameter or result lost an element while it travels only in responses.',
  why: 'Old callers know an element the service no longer sends; what it sends they can still read.',
};

export const CHOICE_ELEMENT_TYPE_CHANGED: DiffRule = {
  id: 'choice-element-type-changed',
  level: 'breaking',
  meaning: 'An element of a choice of a parameter or result is of another type (`{ name: a, type: int }` to `string`).',
  why: 'The element picks the type its value is read as: what the other side writes by the old contract is read as the new type, and may not convert.',
};

export const CHOICE_RULES: readonly DiffRule[] = [
  CHOICE_CHANGED,
  CHOICE_ELEMENT_ADDED,
  CHOICE_ELEMENT_ADDED_COMPATIBLE,
  CHOICE_ELEMENT_REMOVED,
  CHOICE_ELEMENT_REMOVED_COMPATIBLE,
  CHOICE_ELEMENT_TYPE_CHANGED,
];

/**
 * Changes of the choice at a parameter or result both versions have, of the same type: `direction` says where it
 * travels in the new version (`in requests`, `in responses`, or both), `request` and `response` the same as flags.
 */
export function siteChoiceChanges(
  ctx: DiffContext,
  where: string,
  a: ChoiceModel | undefined,
  b: ChoiceModel | undefined,
  direction: string,
  response: boolean,
  request: boolean,
): Change[] {
  if (a === undefined && b === undefined) return [];
  if (a === undefined || b === undefined) {
    const message = b
      ? `became a choice of ${names(b)}, ${direction}`
      : `no longer a choice of ${names(a!)}, ${direction}`;
    return [changeOf(CHOICE_CHANGED, where, message, { old: a ? names(a) : '', new: b ? names(b) : '' })];
  }
  const changes: Change[] = [];
  const before = new Map(a.elements.map((e) => [e.name, e]));
  const after = new Map(b.elements.map((e) => [e.name, e]));
  for (const e of b.elements) {
    if (before.has(e.name)) continue;
    const rule = response ? CHOICE_ELEMENT_ADDED : CHOICE_ELEMENT_ADDED_COMPATIBLE;
    changes.push(
      changeOf(rule, `${where}<${e.name}>`, `element ${e.name} (${e.type.spec}) added, ${direction}`, {
        new: e.type.spec,
      }),
    );
  }
  for (const e of a.elements) {
    const now = after.get(e.name);
    if (now === undefined) {
      const rule = request ? CHOICE_ELEMENT_REMOVED : CHOICE_ELEMENT_REMOVED_COMPATIBLE;
      changes.push(
        changeOf(rule, `${where}<${e.name}>`, `element ${e.name} (${e.type.spec}) removed, ${direction}`, {
          old: e.type.spec,
        }),
      );
    } else if (!sameTypeSpec(ctx, e.type.spec, now.type.spec)) {
      const message = `element ${e.name} changed from ${e.type.spec} to ${now.type.spec}, ${direction}`;
      changes.push(
        changeOf(CHOICE_ELEMENT_TYPE_CHANGED, `${where}<${e.name}>`, message, {
          old: e.type.spec,
          new: now.type.spec,
        }),
      );
    }
  }
  return changes;
}

function names(choice: ChoiceModel): string {
  return choice.elements.map((e) => e.name).join(', ');
}

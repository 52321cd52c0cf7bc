import type { ServiceModel } from '../model/types.js';
import type { TypeRef } from '../model/type-refs.js';
import { changeOf, type Change, type DiffRule } from './change.js';
import type { DiffContext } from './diff-context.js';

export const ARRAY_ITEM_FORM_CHANGED: DiffRule = {
  id: 'array-item-form-changed',
  level: 'breaking',
  meaning:
    'The items of an array became unqualified or qualified (`[XmlArrayItem(Form = XmlSchemaForm.Unqualified)]`, ' +
    '`itemForm`, `resultItemForm`), wherever it travels.',
  why:
    'XmlSerializer reads items only in the namespace its contract gives them and skips the others: whoever reads ' +
    'by the old contract, caller or service, gets an empty array.',
};

export const ELEMENT_FORM_CHANGED: DiffRule = {
  id: 'element-form-changed',
  level: 'breaking',
  meaning:
    'The element of a parameter or result became unqualified or qualified (`[XmlElement(Form = ' +
    'XmlSchemaForm.Unqualified)]`, `form`, `resultForm`), wherever it travels.',
  why:
    'XmlSerializer reads the element only in the namespace its contract gives it and skips it otherwise: whoever ' +
    'reads by the old contract, caller or service, gets null or the default.',
};

export const ELEMENT_NAMESPACE_CHANGED: DiffRule = {
  id: 'element-namespace-changed',
  level: 'breaking',
  meaning:
    "The element of a parameter or result moved to another namespace, or back to the operation's (`[XmlElement(" +
    'Namespace)]`, `namespace`, `resultNamespace`), wherever it travels.',
  why:
    'XmlSerializer reads the element only in the namespace its contract gives it and skips it otherwise: whoever ' +
    'reads by the old contract, caller or service, gets null or the default.',
};

export const ITEM_FORM_RULES: readonly DiffRule[] = [
  ARRAY_ITEM_FORM_CHANGED,
  ELEMENT_FORM_CHANGED,
  ELEMENT_NAMESPACE_CHANGED,
];

/**
 * A parameter's or result's `[XmlElement(Namespace)]` (`namespace`, `resultNamespace`) that changed; `direction` is
 * where it travels.
 */
export function elementNamespaceChanges(
  where: string,
  before: string | undefined,
  after: string | undefined,
  direction: string,
): Change[] {
  if (before === after) return [];
  const name = (n: string | undefined) => (n === undefined ? "the operation's namespace" : n);
  return [
    changeOf(
      ELEMENT_NAMESPACE_CHANGED,
      where,
      `the element is now in ${name(after)}, no longer in ${name(before)}, ${direction}`,
      {
        old: before ?? '',
        new: after ?? '',
      },
    ),
  ];
}

/** A parameter's or result's element form (`form`, `resultForm`) that changed; `direction` is where it travels. */
export function elementFormChanges(
  where: string,
  before: 'unqualified' | undefined,
  after: 'unqualified' | undefined,
  direction: string,
): Change[] {
  if (before === after) return [];
  const form = (f: 'unqualified' | undefined) => f ?? 'qualified';
  return [
    changeOf(ELEMENT_FORM_CHANGED, where, `the element became ${form(after)}, ${direction}`, {
      old: form(before),
      new: form(after),
    }),
  ];
}

/**
 * The item forms of two array references of the same type, outermost first: their array types say it
 * (`[XmlArrayItem(Form = XmlSchemaForm.Unqualified)]`). `direction` is where the array travels (`in requests`).
 */
export function itemFormChanges(
  ctx: DiffContext,
  where: string,
  a: TypeRef,
  b: TypeRef,
  direction: string,
  suffix = '',
): Change[] {
  const changes: Change[] = [];
  let x: TypeRef = a;
  let y: TypeRef = b;
  let path = where;
  while (x.kind === 'array' && y.kind === 'array') {
    path += '[]';
    const before = itemForm(ctx.old, x);
    const after = itemForm(ctx.new, y);
    if (before !== undefined && after !== undefined && before !== after) {
      const message = `items became ${after}, ${direction}${suffix}`;
      changes.push(changeOf(ARRAY_ITEM_FORM_CHANGED, path, message, { old: before, new: after }));
    }
    x = x.item;
    y = y.item;
  }
  return changes;
}

/** The form of a wrapped array's items, as its array type says; `undefined` for unwrapped items. */
function itemForm(model: ServiceModel, ref: Extract<TypeRef, { kind: 'array' }>): string | undefined {
  if (ref.arrayType === undefined) return undefined;
  const array = model.arrayTypes.find((t) => t.name === ref.arrayType);
  if (array === undefined || array.choice) return undefined;
  return array.itemForm ?? 'qualified';
}

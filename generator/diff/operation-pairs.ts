import type { OperationModel, ServiceModel } from '../model/types.js';

/** How the operations of two versions correspond. */
export interface OperationPairs {
  readonly pairs: readonly (readonly [OperationModel, OperationModel])[];
  readonly removed: readonly OperationModel[];
  readonly added: readonly OperationModel[];
}

/**
 * Pairs operations by name and message name (overloads share a name); then an operation left alone with its name
 * on both sides pairs with the other: its message name changed.
 */
export function pairOperations(a: ServiceModel, b: ServiceModel): OperationPairs {
  const key = (op: OperationModel) => `${op.name}\n${op.messageName}`;
  const after = new Map(b.operations.map((op) => [key(op), op]));
  const taken = new Set<OperationModel>();
  const pairs: (readonly [OperationModel, OperationModel])[] = [];
  const leftOld: OperationModel[] = [];
  for (const op of a.operations) {
    const next = after.get(key(op));
    if (next && !taken.has(next)) {
      taken.add(next);
      pairs.push([op, next]);
    } else {
      leftOld.push(op);
    }
  }
  const leftNew = b.operations.filter((op) => !taken.has(op));
  const removed: OperationModel[] = [];
  for (const op of leftOld) {
    const olds = leftOld.filter((o) => o.name === op.name);
    const news = leftNew.filter((o) => o.name === op.name);
    if (olds.length === 1 && news.length === 1) {
      taken.add(news[0]!);
      pairs.push([op, news[0]!]);
    } else {
      removed.push(op);
    }
  }
  return { pairs, removed, added: b.operations.filter((op) => !taken.has(op)) };
}

/** How changes name an operation: its name, and its message name when it differs (`Add (AddIntegers)`). */
export function operationLabel(op: OperationModel): string {
  return op.ioName === undefined ? op.name : `${op.name} (${op.messageName})`;
}

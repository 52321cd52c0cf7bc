import { lowerFirst } from '../model/naming.js';

/**
 * Names for the service fields SOAP headers are bound to (`[SoapHeader("field")]`), which a WSDL does not carry:
 * the runtime sorts each operation's headers by field name (ordinal), so the names must sort in the order the
 * WSDL lists them. Given each operation's header classes in WSDL order, returns their field names:
 *
 * 1. the class name with a lower-case first letter (`Ticket` → `ticket`), one field per class, when those sort
 *    right in every operation;
 * 2. else `h{rank}{Class}`, one field per class, ranked in an order that agrees with every operation (ranks
 *    zero-padded to the same width: `h1AuthHeader`, `h2ZoneHeader`, …);
 * 3. else (operations order two classes differently: the service binds a class to several fields) per operation
 *    `h{position}{Class}`.
 */
export function headerFieldNames(operations: readonly (readonly string[])[]): string[][] {
  const sorted = (fields: readonly string[]) => fields.every((f, i) => i === 0 || fields[i - 1]! < f);
  const natural = operations.map((types) => types.map(lowerFirst));
  const classes = [...new Set(operations.flat())];
  const naturalNames = new Set(classes.map(lowerFirst));
  if (naturalNames.size === classes.length && natural.every(sorted)) return natural;
  const order = rankOrder(classes, operations);
  if (order) {
    const width = String(order.length).length;
    const field = new Map(order.map((c, i) => [c, `h${String(i + 1).padStart(width, '0')}${c}`]));
    return operations.map((types) => types.map((t) => field.get(t)!));
  }
  return operations.map((types) => {
    const width = String(types.length).length;
    return types.map((t, i) => `h${String(i + 1).padStart(width, '0')}${t}`);
  });
}

/** An order of `classes` in which every operation's list is ascending, the earliest-listed first; or none. */
function rankOrder(classes: readonly string[], operations: readonly (readonly string[])[]): string[] | undefined {
  const after = new Map(classes.map((c) => [c, new Set<string>()]));
  const before = new Map(classes.map((c) => [c, 0]));
  for (const types of operations) {
    for (let i = 1; i < types.length; i++) {
      const edges = after.get(types[i - 1]!)!;
      if (!edges.has(types[i]!)) {
        edges.add(types[i]!);
        before.set(types[i]!, before.get(types[i]!)! + 1);
      }
    }
  }
  const out: string[] = [];
  const ready = classes.filter((c) => before.get(c) === 0);
  while (ready.length > 0) {
    const next = ready.shift()!;
    out.push(next);
    for (const c of after.get(next)!) {
      before.set(c, before.get(c)! - 1);
      if (before.get(c) === 0) {
        ready.push(c);
        ready.sort((a, b) => classes.indexOf(a) - classes.indexOf(b));
      }
    }
  }
  return out.length === classes.length ? out : undefined;
}

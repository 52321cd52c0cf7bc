/**
 * What ScriptBag.asmx's C# methods do (../shared/reference/scriptservice/ScriptBag.asmx), as handlers of its spec
 * (test/golden/script-bag): the transcripts' replay and the interop test against the real runtime share them.
 */
import { clrFullName } from '../../runtime/src/json/clr-names.js';

/** The CLR type `value.GetType().FullName` names for a value JavaScriptSerializer bound to `object`. */
export function clrTypeOfBound(value: unknown): string {
  if (value instanceof Map) return clrFullName({ dictionary: { builtin: 'anyType' } });
  // JavaScriptObjectDeserializer.DeserializeList: an ArrayList.
  if (Array.isArray(value)) return 'System.Collections.ArrayList';
  return clrFullName({ builtin: (value as { $type: string }).$type });
}

/** What ScriptBag.asmx's methods do. */
export const BAG_HANDLERS = {
  // `r[k] = v; r[k + ":type"] = v == null ? "null" : v.GetType().FullName;` for each entry of the bag.
  EchoBag: ({ bag }: { bag: ReadonlyMap<string, unknown> | null }) => {
    if (bag === null) return null;
    const r = new Map<string, unknown>();
    for (const [k, v] of bag) {
      r.set(k, v);
      r.set(`${k}:type`, { $type: 'string', value: v === null ? 'null' : clrTypeOfBound(v) });
    }
    return r;
  },
  // `d["b"] = 2; d["a"] = 1;`
  Counts: () =>
    new Map([
      ['b', 2],
      ['a', 1],
    ]),
};

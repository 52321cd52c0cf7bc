/**
 * A handler's result as the lexical value of the result element. `null` or
 * `undefined` is an absent result for `string`/`base64Binary`; for a value
 * type, and for a value not of the result's type, it is the handler's bug:
 * a `TypeError` (answered as a Server fault). So is a string holding a
 * character XML 1.0 cannot carry.
 */
import { formatXsdValue, isReferenceType, type XsdValue } from '../xsd-values.js';
import type { OperationDescription } from '../service-description.js';
import { hasForbiddenCharacter } from '../xml-lexical.js';
import { simpleTypeOf } from '../value-type.js';

export function resultLexical(op: OperationDescription, value: unknown): string | undefined {
  const type = simpleTypeOf(op.result!.type);
  if (value === null || value === undefined) {
    if (isReferenceType(type)) return undefined;
    throw new TypeError(`${op.name} returned ${value}; its result is an xsd:${type}.`);
  }
  const lexical = formatXsdValue(type, value as XsdValue);
  if (hasForbiddenCharacter(lexical)) throw new TypeError(`${op.name} returned a string XML 1.0 cannot carry.`);
  return lexical;
}

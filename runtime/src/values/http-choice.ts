/**
 * A choice result (`[return: XmlElement(Name, typeof(T))]`s) over HTTP GET and POST. Their replies are written as
 * the result's declared C# type, with no `[return: XmlElement]` (`ArrayOfAnyType` of `object` items, `anyType`), so
 * the element a value was is not on the wire: the server writes each `{ $element, value }` as its value alone, typed
 * as an `object`'s is where the declared type is `object` (`{ $type: 'int', value }`, `$type` on a class value), and
 * the client names each value read back by the first element of its type.
 */
import type { OperationDescription } from '../service-description.js';
import type { ChoiceElementDescription, ValueType } from '../xsd/type-description.js';
import { isXsdType } from '../xsd/value-type.js';
import { choiceElement, type ValueContext } from './value-kinds.js';

/**
 * The choice of a result HTTP writes as another type: `[return: XmlElement(Name, typeof(T))]`s, or the items'
 * `[return: XmlArrayItem(Name, typeof(T))]`s (an `ArrayOfChoiceN` SOAP writes, an `ArrayOfAnyType` HTTP writes).
 */
export function httpResultChoice(op: OperationDescription): readonly ChoiceElementDescription[] | undefined {
  const result = op.result;
  if (result?.choice) return result.choice;
  if (result === undefined || result.httpType === undefined) return undefined;
  return typeof result.type === 'object' && 'array' in result.type ? result.type.choice : undefined;
}

/** `value` (a choice value, or an array of them) as the HTTP reply writes it. */
export function httpChoiceValue(
  ctx: ValueContext,
  choice: readonly ChoiceElementDescription[],
  value: unknown,
): unknown {
  const plain = (item: unknown): unknown => {
    if (item === null || typeof item !== 'object' || !('$element' in item)) return item;
    const chosen = choiceElement(choice, String(item.$element));
    const inner = (item as { value?: unknown }).value;
    if (chosen === undefined || inner === null || inner === undefined) return inner;
    const type = chosen.type;
    if (typeof type === 'string') return isXsdType(type) ? { $type: type, value: inner } : inner;
    if ('enum' in type) return { $type: typeName(ctx, type), value: inner };
    if ('class' in type && typeof inner === 'object' && !('$type' in inner)) {
      return { $type: typeName(ctx, type), ...inner };
    }
    return inner;
  };
  return Array.isArray(value) ? value.map(plain) : plain(value);
}

/** A value an HTTP reply held (or an array of them) as a choice value: the first element of its type names it. */
export function choiceValueOfHttp(
  ctx: ValueContext,
  choice: readonly ChoiceElementDescription[],
  value: unknown,
): unknown {
  const named = (item: unknown): unknown => {
    if (item === null || item === undefined) return item;
    const $type = typeof item === 'object' && '$type' in item ? String(item.$type) : undefined;
    const chosen = choice.find((c) => $type !== undefined && typeName(ctx, c.type) === $type);
    if (chosen === undefined) return item;
    const { $type: _, ...members } = item as { $type: string; value?: unknown };
    const simple = typeof chosen.type === 'string' || 'enum' in chosen.type;
    return { $element: chosen.element, value: simple ? members.value : members };
  };
  return Array.isArray(value) ? value.map(named) : named(value);
}

/** The name `$type` gives a value of `type` at an `object` site: an XSD type's own, a declared type's XML name. */
function typeName(ctx: ValueContext, type: ValueType): string | undefined {
  if (typeof type === 'string') return type;
  const declared = 'class' in type ? type.class : 'enum' in type ? type.enum : undefined;
  if (declared === undefined) return undefined;
  const description = ctx.types[declared];
  return description && 'xmlName' in description ? description.xmlName : declared;
}

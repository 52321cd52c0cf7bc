/**
 * JSON bodies compared as values (the replies of a `[ScriptService]`'s JSON calls, docs/migration.md#comparison),
 * read by the runtime's reader of JavaScriptSerializer's JSON:
 *
 * - an object's members by name, in any order: JavaScriptSerializer's order is the class's declaration order,
 *   which a rewrite may not keep, and a `Dictionary`'s, which no caller can rely on; but `__type`, where a side
 *   has it, must come first on both (JavaScriptSerializer reads a type name only there);
 * - numbers by value, an integer's every digit (`9007199254740993` ≠ `9007199254740992`; `12.5` = `12.50`);
 * - strings as text, dates included (`"\/Date(ms)\/"` is the string `/Date(ms)/`, so a different instant or an
 *   offset differs); `null`, `true`, `false` as themselves; arrays item by item.
 *
 * Each difference names its path from the root: `/d/Authors/0/Name`, `/d/__type`, `/Message`.
 */
import { isJsonObject, JsonDate, JsonNumber, type JsonValue } from '@asmxgen/runtime/json';
import type { ReplyDifference } from './reply-difference.js';
import { ABSENT, differenceOf } from './show-value.js';

const TYPE_KEY = '__type';

/** Every difference between two JSON values; empty when they are the same. */
export function compareJson(expected: JsonValue, actual: JsonValue, where = ''): ReplyDifference[] {
  if (isJsonObject(expected) && isJsonObject(actual)) return compareObjects(expected, actual, where);
  if (Array.isArray(expected) && Array.isArray(actual)) return compareArrays(expected, actual, where);
  if (expected instanceof JsonNumber && actual instanceof JsonNumber) {
    return sameNumber(expected.text, actual.text) ? [] : [differenceOf(where || '/', expected.text, actual.text)];
  }
  if (expected instanceof JsonDate && actual instanceof JsonDate && expected.text === actual.text) return [];
  if (expected === actual) return [];
  return [differenceOf(where || '/', showJson(expected), showJson(actual))];
}

function compareObjects(
  expected: ReadonlyMap<string, JsonValue>,
  actual: ReadonlyMap<string, JsonValue>,
  where: string,
): ReplyDifference[] {
  const differences: ReplyDifference[] = [];
  const expectedFirst = expected.keys().next().value;
  const actualFirst = actual.keys().next().value;
  if ((expected.has(TYPE_KEY) || actual.has(TYPE_KEY)) && (expectedFirst === TYPE_KEY) !== (actualFirst === TYPE_KEY)) {
    differences.push(
      differenceOf(
        `${where}/${TYPE_KEY}`,
        expectedFirst === TYPE_KEY ? 'first' : 'not first',
        actualFirst === TYPE_KEY ? 'first' : 'not first',
      ),
    );
  }
  for (const [name, value] of expected) {
    const other = actual.get(name);
    const path = `${where}/${name}`;
    if (other === undefined) differences.push(differenceOf(path, showJson(value), ABSENT));
    else differences.push(...compareJson(value, other, path));
  }
  for (const [name, value] of actual) {
    if (!expected.has(name)) differences.push(differenceOf(`${where}/${name}`, ABSENT, showJson(value)));
  }
  return differences;
}

function compareArrays(expected: readonly JsonValue[], actual: readonly JsonValue[], where: string): ReplyDifference[] {
  const differences: ReplyDifference[] = [];
  const shorter = Math.min(expected.length, actual.length);
  for (let i = 0; i < shorter; i++) differences.push(...compareJson(expected[i]!, actual[i]!, `${where}/${i}`));
  for (let i = shorter; i < expected.length; i++)
    differences.push(differenceOf(`${where}/${i}`, showJson(expected[i]!), ABSENT));
  for (let i = shorter; i < actual.length; i++)
    differences.push(differenceOf(`${where}/${i}`, ABSENT, showJson(actual[i]!)));
  return differences;
}

/** Integers by every digit, other numbers by their value. */
function sameNumber(expected: string, actual: string): boolean {
  const integer = /^-?\d+$/;
  if (integer.test(expected) && integer.test(actual)) return BigInt(expected) === BigInt(actual);
  return Number(expected) === Number(actual);
}

/** A value as a difference shows it: JSON text, members in their order. */
function showJson(value: JsonValue): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (value instanceof JsonNumber) return value.text;
  if (value instanceof JsonDate) return JSON.stringify(value.text);
  if (Array.isArray(value)) return `[${value.map(showJson).join(',')}]`;
  return `{${[...value].map(([name, member]) => `${JSON.stringify(name)}:${showJson(member)}`).join(',')}}`;
}

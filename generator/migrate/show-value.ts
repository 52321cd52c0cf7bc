import type { ReplyDifference } from './reply-difference.js';

/** The value of a side that has nothing where the other has something. */
export const ABSENT = '(absent)';

/** Longest value a message shows in full; longer ones are cut with `…`. */
const SHOWN_LENGTH = 100;

/** A difference whose message is `where: expected ≠ actual`, each value as `showValue` shows it. */
export function differenceOf(where: string, expected: string, actual: string): ReplyDifference {
  return { where, expected, actual, message: `${where}: ${showValue(expected)} ≠ ${showValue(actual)}` };
}

/**
 * A value as a one-line message shows it: as it is when that reads unambiguously, else JSON-quoted (empty, blank
 * at either end, line breaks or other control characters, or looking like `(absent)` while being text); cut to
 * about 100 characters.
 */
export function showValue(value: string): string {
  if (value === ABSENT) return value;
  const cut = value.length > SHOWN_LENGTH ? `${value.slice(0, SHOWN_LENGTH)}…` : value;
  // eslint-disable-next-line no-control-regex
  const plain = cut !== '' && !/^\s|\s$|[\u0000-\u001f\u007f]|^\(absent\)/.test(cut);
  return plain ? cut : JSON.stringify(cut);
}

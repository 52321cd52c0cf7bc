import type { ReplyDifference } from './reply-difference.js';
import { differenceOf } from './show-value.js';

/** Bytes of shared context shown before the first difference. */
const CONTEXT_BEFORE = 20;
/** Bytes shown from the first difference on. */
const SHOWN_AFTER = 60;

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8');

/** A body as bytes: text as its UTF-8 encoding. */
export function toBytes(body: string | Uint8Array): Uint8Array {
  return typeof body === 'string' ? encoder.encode(body) : body;
}

/**
 * Bodies compared byte for byte: none, or one difference at `body` naming the first byte that differs, with a
 * few bytes of each side from just before it (decoded as UTF-8 to be read, `(end)` where a body has ended).
 */
export function compareBytes(expected: Uint8Array, actual: Uint8Array): ReplyDifference[] {
  const shorter = Math.min(expected.length, actual.length);
  let at = 0;
  while (at < shorter && expected[at] === actual[at]) at++;
  if (at === shorter && expected.length === actual.length) return [];
  const from = Math.max(0, at - CONTEXT_BEFORE);
  const show = (bytes: Uint8Array) => {
    if (at >= bytes.length && from === at) return '(end)';
    const end = Math.min(bytes.length, at + SHOWN_AFTER);
    const text = decoder.decode(bytes.subarray(from, end));
    return `${from > 0 ? '…' : ''}${text}${end < bytes.length ? '…' : ''}${at >= bytes.length ? ' (end)' : ''}`;
  };
  const difference = differenceOf('body', show(expected), show(actual));
  return [{ ...difference, message: `body, byte ${at}: ${difference.message.slice('body: '.length)}` }];
}

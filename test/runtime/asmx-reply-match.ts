/**
 * How a reply is held to one the real ASMX runtime sent: status, content type and body byte for byte; a
 * recorded reply carrying a stack trace stands for "a fault of this code and status" and is matched on its
 * status, fault code and first line only (the runtime never sends stack traces). The first line is compared
 * without the exception type names (`System.InvalidOperationException: `), which .NET prints and the runtime
 * does not, and with Mono's unformatted `{0}`, `{1}`… standing for the names .NET puts there.
 */
import { expect } from 'vitest';

export interface ComparedReply {
  readonly status: number;
  readonly contentType: string | null | undefined;
  readonly body: string;
}

const STACK = /\n\s+at /;

/** A first line as compared (.NET ends lines with CRLF, Mono on Linux with LF): exception type names dropped. */
export function firstLine(text: string): string {
  return text.split(/\r?\n/)[0]!.replace(/System(?:\.\w+)*Exception: /g, '');
}

/** Mono's unformatted `{0}`, `{1}`… as wildcards. */
function pattern(line: string): RegExp {
  return new RegExp(`^${line.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\d\\\}/g, '.*')}$`);
}

function faultParts(body: string): { code: string; message: string } {
  const code = /<faultcode>([^<]*)<\/faultcode>|<soap:Value>([^<]*)<\/soap:Value>/.exec(body);
  const message = /<faultstring>([^<]*)|<soap:Text[^>]*>([^<]*)/.exec(body);
  return { code: code?.[1] ?? code?.[2] ?? '', message: firstLine(message?.[1] ?? message?.[2] ?? '') };
}

/** Asserts that `actual` answers as the runtime's `expected` does; `detail` names the exchange in failures. */
export function expectSameReply(actual: ComparedReply, expected: ComparedReply, detail = ''): void {
  expect(actual.status, detail).toBe(expected.status);
  expect(actual.contentType, detail).toBe(expected.contentType);
  if (!STACK.test(expected.body)) {
    expect(actual.body, detail).toBe(expected.body);
    return;
  }
  expect(actual.body, detail).not.toMatch(STACK);
  if (expected.contentType?.startsWith('text/plain')) {
    expect(actual.body.endsWith('\r\n'), detail).toBe(true);
    expect(firstLine(actual.body.trimEnd()), detail).toMatch(pattern(firstLine(expected.body)));
    return;
  }
  const want = faultParts(expected.body);
  const got = faultParts(actual.body);
  expect(got.code, detail).toBe(want.code);
  expect(got.message, detail).toMatch(pattern(want.message));
}

import type { XsdType } from '../model/xsd-types.js';

interface ServedOperation {
  readonly name: string;
  /** `json`: a typed JSON string, which a mock leaves absent (no value of its schema is known). */
  readonly result?: { readonly type: XsdType; readonly key?: string; readonly json?: unknown };
  readonly parameters?: readonly {
    readonly name: string;
    readonly type: unknown;
    readonly direction?: 'out' | 'ref';
  }[];
}

/** The value a mock answers for each result type: the type's zero. */
const ZERO: Record<XsdType, () => unknown> = {
  string: () => '',
  boolean: () => false,
  byte: () => 0,
  unsignedByte: () => 0,
  short: () => 0,
  unsignedShort: () => 0,
  int: () => 0,
  unsignedInt: () => 0,
  long: () => 0n,
  unsignedLong: () => 0n,
  float: () => 0,
  double: () => 0,
  decimal: () => '0',
  dateTime: () => new Date(0),
  base64Binary: () => new Uint8Array(0),
};

export interface CallLog {
  (line: string): void;
}

/**
 * Handlers for any service that log each call (operation, transport,
 * parameters, uploaded files) and answer the result type's zero (nothing for a
 * typed JSON string): an instant mock of a spec.
 */
export function mockHandlers(operations: readonly ServedOperation[], log: CallLog): Record<string, unknown> {
  const handlers: Record<string, unknown> = {};
  for (const op of operations) {
    handlers[op.name] = (input: Record<string, unknown>, ctx: { transport: string; files: readonly unknown[] }) => {
      const files = ctx.files.length > 0 ? ` +${ctx.files.length} file${ctx.files.length === 1 ? '' : 's'}` : '';
      log(`${op.name} ${ctx.transport} ${JSON.stringify(input, jsonSafe)}${files}`);
      const replied = (op.parameters ?? []).filter((p) => p.direction !== undefined);
      if (replied.length === 0) return op.result && !op.result.json ? ZERO[op.result.type]() : undefined;
      // With out and ref parameters: an object of the result and them, each its type's zero (absent when not simple).
      const reply: Record<string, unknown> = op.result ? { [op.result.key ?? 'result']: zeroOf(op.result.type) } : {};
      for (const p of replied) reply[p.name] = zeroOf(p.type);
      return reply;
    };
  }
  return handlers;
}

function zeroOf(type: unknown): unknown {
  return typeof type === 'string' && Object.hasOwn(ZERO, type) ? ZERO[type as XsdType]() : undefined;
}

function jsonSafe(_key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Uint8Array) return `<${value.length} bytes>`;
  return value;
}

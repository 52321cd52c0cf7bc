import { isTsIdentifier } from '../model/naming.js';

/**
 * TypeScript source text for a plain value (strings, finite numbers, booleans,
 * null, arrays, plain objects; `undefined` properties are left out), in the
 * value's own key order. Strings are printed with every control and non-ASCII
 * character escaped (`\u0000`), so the source is plain ASCII whatever the value
 * holds.
 */
export function tsLiteral(value: unknown): string {
  if (typeof value === 'string') return stringLiteral(value);
  if (typeof value === 'boolean' || value === null) return String(value);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (Array.isArray(value)) return `[${value.map(tsLiteral).join(', ')}]`;
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${isTsIdentifier(k) ? k : stringLiteral(k)}: ${tsLiteral(v)}`);
    return `{ ${entries.join(', ')} }`;
  }
  throw new TypeError(`asmxgen: cannot print ${String(value)} as a TypeScript literal`);
}

function stringLiteral(value: string): string {
  // JSON escapes quotes, backslashes, control characters and lone surrogates;
  // everything else outside ASCII is escaped too, which keeps the source plain
  // ASCII and spares prettier measuring the display width of long strings.
  return JSON.stringify(value).replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

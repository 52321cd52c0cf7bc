import { array, object, propertyKey, raw, string, type Expr } from './ts-syntax.js';

/**
 * A plain value (strings, finite numbers, booleans, null, arrays, plain
 * objects; `undefined` properties are left out) as a TypeScript expression,
 * in the value's own key order. Strings are printed with every control and
 * non-ASCII character escaped (`\u0000`), so the source is plain ASCII
 * whatever the value holds.
 */
export function tsLiteral(value: unknown): Expr {
  if (typeof value === 'function' && CODE_NAME in value) return raw((value as CodeReference)[CODE_NAME]);
  if (typeof value === 'string') return string(value, 'ascii');
  if (typeof value === 'boolean') return raw(String(value), 'boolean');
  if (value === null) return raw('null');
  if (typeof value === 'number' && Number.isFinite(value)) {
    // A negative number is a unary expression: it lays out as any other expression, not as a literal.
    return raw(String(value), value < 0 ? 'other' : 'number');
  }
  if (Array.isArray(value)) return array(value.map(tsLiteral));
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [propertyKey(k), tsLiteral(v)] as const);
    return object(entries);
  }
  throw new TypeError(`asmxgen: cannot print ${String(value)} as a TypeScript literal`);
}

const CODE_NAME = Symbol('asmxgen.codeName');

/** A function that `tsLiteral` prints as its name: a value of generated code that another module declares. */
export type CodeReference = (() => never) & { readonly [CODE_NAME]: string };

/**
 * A stand-in for a function generated code declares elsewhere (a validator in `json-schemas.ts`), in a value that
 * `tsLiteral` prints: printed as `name`, it throws if called.
 */
export function codeReference(name: string): CodeReference {
  const stand = () => {
    throw new Error(`asmxgen: ${name} is generated code, not callable here`);
  };
  return Object.assign(stand, { [CODE_NAME]: name });
}

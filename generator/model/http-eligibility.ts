import { BUILTIN_TYPES, type HttpParameterKind } from './builtin-types.js';
import type { TypeRef } from './type-refs.js';

/** What HttpGet/HttpPost need to know of a parameter. */
export interface HttpParameterFacts {
  readonly type: TypeRef;
  /** `out` and `ref` parameters cannot come from a form. */
  readonly direction: 'in' | 'out' | 'ref';
  /** A `List<T>` (or other collection): never bound from a form. */
  readonly list: boolean;
}

/**
 * How HttpGet/HttpPost bind a parameter (reference source `ScalarFormatter.IsTypeSupported`): one field for an
 * enum or a scalar built-in (`string`, `boolean`, the numbers, `decimal`, `dateTime`, `char`), repeated fields for
 * a one-dimensional array of those (`base64Binary`, `byte[]`, counts), `none` for anything else (`guid`,
 * `timeSpan`, `T?`, classes, structs, `anyType`, XML, nested arrays, lists, `out`/`ref`).
 */
export function httpParameterKind(p: HttpParameterFacts): HttpParameterKind {
  if (p.direction !== 'in' || p.list) return 'none';
  const t = p.type;
  if (t.kind === 'enum') return 'scalar';
  if (t.kind === 'builtin') return BUILTIN_TYPES[t.name].http;
  if (t.kind === 'array' && (t.item.kind === 'enum' || (t.item.kind === 'builtin' && scalar(t.item.name)))) {
    return 'array';
  }
  return 'none';
}

function scalar(name: keyof typeof BUILTIN_TYPES): boolean {
  return BUILTIN_TYPES[name].http === 'scalar';
}

/** HttpGet and HttpPost keep an operation iff every parameter can be bound; any result is fine. */
export function isHttpEligible(parameters: readonly HttpParameterFacts[]): boolean {
  return parameters.every((p) => httpParameterKind(p) !== 'none');
}

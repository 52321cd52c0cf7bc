import type { JsonSiteModel } from '../model/types.js';
import { tsLiteral } from '../printer/ts-literal.js';
import type { Expr } from '../printer/ts-syntax.js';

/**
 * The value the generated test suite sends or returns for a typed JSON string: the schema's first `examples` value,
 * else its `default`, `const` or first `enum` value, else one made from its keywords (an object of its required
 * properties, strings and arrays of their least length, numbers at their minimum). A schema whose rules this does
 * not meet (a `pattern`, say) gives its `examples`, or the suite's call of it fails with the server's fault.
 */
export function jsonSampleExpr(json: JsonSiteModel): Expr {
  return tsLiteral(sampleOf(json.schema, json.schema, 0));
}

type Schema = Readonly<Record<string, unknown>>;

function sampleOf(schema: unknown, root: Schema, depth: number): unknown {
  if (typeof schema !== 'object' || schema === null || depth > 16) return null;
  const s = schema as Schema;
  if (typeof s['$ref'] === 'string') return sampleOf(resolvePointer(root, s['$ref']), root, depth + 1);
  if (Array.isArray(s['examples']) && s['examples'].length > 0) return s['examples'][0];
  if ('default' in s) return s['default'];
  if ('const' in s) return s['const'];
  if (Array.isArray(s['enum']) && s['enum'].length > 0) return s['enum'][0];
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    const list = s[key];
    if (Array.isArray(list) && list.length > 0) return sampleOf(list[0], root, depth + 1);
  }
  const type = Array.isArray(s['type']) ? s['type'][0] : s['type'];
  switch (type) {
    case 'string':
      return 'x'.repeat(typeof s['minLength'] === 'number' ? s['minLength'] : 0);
    case 'integer':
    case 'number':
      return typeof s['minimum'] === 'number' ? s['minimum'] : 0;
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array': {
      const count = typeof s['minItems'] === 'number' ? s['minItems'] : 0;
      return Array.from({ length: count }, () => sampleOf(s['items'], root, depth + 1));
    }
    case 'object':
    case undefined: {
      if (type === undefined && s['properties'] === undefined) return null;
      const properties = (s['properties'] ?? {}) as Schema;
      const required = Array.isArray(s['required']) ? (s['required'] as string[]) : [];
      return Object.fromEntries(required.map((name) => [name, sampleOf(properties[name], root, depth + 1)]));
    }
    default:
      return null;
  }
}

function resolvePointer(root: Schema, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = typeof node === 'object' && node !== null ? (node as Schema)[key] : undefined;
  }
  return node;
}

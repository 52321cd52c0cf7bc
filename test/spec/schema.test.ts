import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { isTsIdentifier, isXmlName } from '../../generator/model/naming.js';
import { BINDING_KINDS } from '../../generator/model/types.js';
import { BUILTIN_NAMES } from '../../generator/model/builtin-types.js';
import { XSD_TYPE_NAMES } from '../../generator/model/xsd-types.js';
import { listScenarios } from '../golden/scenarios.js';
import { packageRoot } from '../../generator/package-root.js';
import { DEFAULT_SPEC_PATH } from '../../generator/spec/load-spec.js';

interface Schema {
  $ref?: string;
  description?: string;
  type?: 'object' | 'array' | 'string' | 'boolean' | 'integer' | readonly string[];
  anyOf?: Schema[];
  enum?: string[];
  pattern?: string;
  minLength?: number;
  minItems?: number;
  uniqueItems?: boolean;
  required?: string[];
  additionalProperties?: boolean | Schema;
  properties?: Record<string, Schema>;
  items?: Schema;
  $defs?: Record<string, Schema>;
}

const schema = JSON.parse(readFileSync(join(packageRoot(), 'spec', 'asmxgen.schema.json'), 'utf8')) as Schema;
const defs = schema.$defs!;

/** Just the keywords the asmxgen schema uses; returns the paths that fail. */
function validate(node: Schema, value: unknown, path = '(root)'): string[] {
  if (node.$ref) {
    const target = defs[node.$ref.replace('#/$defs/', '')];
    if (!target) return [`${path}: unresolved ${node.$ref}`];
    return validate(target, value, path);
  }
  if (node.anyOf) {
    const ok = node.anyOf.some((alt) => validate(alt, value, path).length === 0);
    return ok ? [] : [`${path}: matches no alternative`];
  }
  const errors: string[] = [];
  if (Array.isArray(node.type)) {
    return node.type.includes(typeof value) ? [] : [`${path}: not a ${node.type.join(' or ')}`];
  }
  if (node.type === 'boolean' && typeof value !== 'boolean') return [`${path}: not a boolean`];
  if (node.type === 'integer' && !Number.isInteger(value)) return [`${path}: not an integer`];
  if (node.enum && !node.enum.includes(value as string)) errors.push(`${path}: not in enum`);
  if (node.type === 'string') {
    if (typeof value !== 'string') return [`${path}: not a string`];
    if (node.minLength !== undefined && value.length < node.minLength) errors.push(`${path}: too short`);
    if (node.pattern && !new RegExp(node.pattern, 'u').test(value)) errors.push(`${path}: pattern`);
  } else if (node.type === 'array') {
    if (!Array.isArray(value)) return [`${path}: not an array`];
    if (node.minItems !== undefined && value.length < node.minItems) errors.push(`${path}: too few items`);
    if (node.uniqueItems && new Set(value.map((v) => JSON.stringify(v))).size !== value.length) {
      errors.push(`${path}: duplicate items`);
    }
    value.forEach((v, i) => errors.push(...validate(node.items!, v, `${path}[${i}]`)));
  } else if (node.type === 'object') {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${path}: not an object`];
    const obj = value as Record<string, unknown>;
    for (const key of node.required ?? []) if (!(key in obj)) errors.push(`${path}.${key}: required`);
    for (const [key, v] of Object.entries(obj)) {
      const prop = node.properties?.[key];
      if (prop) errors.push(...validate(prop, v, `${path}.${key}`));
      else if (node.additionalProperties === false) errors.push(`${path}.${key}: not allowed`);
      else if (typeof node.additionalProperties === 'object') {
        errors.push(...validate(node.additionalProperties, v, `${path}.${key}`));
      }
    }
  }
  return errors;
}

/** Every schema node below the root, with its path. */
function* nodes(node: Schema, path: string): Generator<[string, Schema]> {
  for (const [k, v] of Object.entries(node.properties ?? {})) {
    yield [`${path}.${k}`, v];
    yield* nodes(v, `${path}.${k}`);
  }
  for (const [k, v] of Object.entries(node.$defs ?? {})) {
    yield [`$defs.${k}`, v];
    yield* nodes(v, `$defs.${k}`);
  }
  if (node.items) yield* nodes(node.items, `${path}[]`);
  for (const [i, alt] of (node.anyOf ?? []).entries()) {
    yield [`${path}|${i}`, alt];
    yield* nodes(alt, `${path}|${i}`);
  }
  if (typeof node.additionalProperties === 'object') yield* nodes(node.additionalProperties, `${path}{}`);
}

describe('asmxgen.schema.json', () => {
  it('is draft 2020-12', () => {
    expect((schema as { $schema?: string }).$schema).toBe('https://json-schema.org/draft/2020-12/schema');
  });

  it('lists exactly the XSD types of the type table, in order', () => {
    expect(defs.xsdType!.enum).toEqual(XSD_TYPE_NAMES);
  });

  it('lists exactly the built-in types, in order', () => {
    expect(defs.builtinType!.enum).toEqual(BUILTIN_NAMES);
  });

  it('accepts every golden scenario spec: complex types, headers, message names, bindings', () => {
    for (const scenario of listScenarios()) {
      const spec = parse(readFileSync(scenario.spec, 'utf8')) as unknown;
      expect(validate(schema, spec), scenario.name).toEqual([]);
    }
  });

  it('lists exactly the binding kinds, in order', () => {
    expect(defs.binding!.enum).toEqual([...BINDING_KINDS]);
  });

  it('describes every field and closes every object', () => {
    expect(schema.description).toBeTruthy();
    for (const [path, node] of nodes(schema, '(root)')) {
      expect(node.description, path).toBeTruthy();
      // Objects are closed; a map (`types`) says what each of its values is.
      if (node.type === 'object') expect(node.additionalProperties, path).not.toBe(true);
      if (node.type === 'object') expect(node.additionalProperties, path).toBeDefined();
    }
    expect(schema.additionalProperties).toBe(false);
  });

  it('has name patterns that agree with the naming rules', () => {
    const opName = new RegExp(defs.operation!.properties!.name!.pattern!, 'u');
    const svcName = new RegExp(schema.properties!.service!.properties!.name!.pattern!, 'u');
    const paramName = new RegExp(defs.parameter!.properties!.name!.pattern!, 'u');
    for (const name of ['Ok', '_x', 'a1', '9Bad', 'my-op', '$x', 'a.b', 'b c', '', 'Über']) {
      const both = isXmlName(name) && isTsIdentifier(name);
      // Operation names are XML names; TypeScript gets an identifier made from them.
      expect(opName.test(name), name).toBe(isXmlName(name));
      expect(svcName.test(name), name).toBe(both);
      expect(paramName.test(name), name).toBe(isXmlName(name));
    }
  });

  it('accepts the wsdl section import writes, and rejects unknown prefixes and line ends', () => {
    const base = { service: { name: 'A', namespace: 'n' }, operations: [{ name: 'X' }] };
    const wsdl = {
      namespaceOrder: ['soap', 'tm', 'soapenc', 'mime', 'tns', 's1', 's', 'soap12', 'http'],
      lineEnds: 'crlf',
      finalNewline: true,
      dataSetSchema: 'legacy',
      xsdImport: true,
      prolog: '\r\n',
    };
    expect(validate(schema, { ...base, wsdl })).toEqual([]);
    expect(validate(schema, { ...base, bindings: ['soap11'], wsdl: { runtime: 'net1.1' } })).toEqual([]);
    expect(validate(schema, { ...base, bindings: ['soap11'], wsdl: { runtime: 'net1.0' } })).toEqual([]);
    expect(validate(schema, { ...base, wsdl: { runtime: 'net2' } })).toEqual(['(root).wsdl.runtime: not in enum']);
    expect(
      validate(schema, {
        ...base,
        wsdl: { namespaceOrder: ['xsd'], lineEnds: 'cr', dataSetSchema: 'v1', prolog: '<!DOCTYPE x>', extra: 1 },
      }),
    ).toEqual([
      '(root).wsdl.namespaceOrder[0]: pattern',
      '(root).wsdl.lineEnds: not in enum',
      '(root).wsdl.dataSetSchema: not in enum',
      '(root).wsdl.prolog: pattern',
      '(root).wsdl.extra: not allowed',
    ]);
  });

  it('accepts the default spec', () => {
    const spec = parse(readFileSync(DEFAULT_SPEC_PATH, 'utf8')) as unknown;
    expect(validate(schema, spec)).toEqual([]);
  });

  it('rejects what the loader rejects', () => {
    const bad = {
      service: { name: '9Bad', path: '/x.asmx?wsdl', extra: 1 },
      bindings: ['soap13', 'soap11', 'soap11'],
      types: { T: { members: [{ name: 'a', attribute: 'yes' }], enum: [{ value: 1 }] } },
      operations: [{ name: 'X', result: 'int[', parameters: [{ name: 'a', type: 'int?x' }] }],
    };
    expect(validate(schema, bad)).toEqual([
      '(root).service.namespace: required',
      '(root).service.name: pattern',
      '(root).service.path: pattern',
      '(root).service.extra: not allowed',
      '(root).bindings: duplicate items',
      '(root).bindings[0]: not in enum',
      '(root).types.T.members[0].attribute: not a boolean',
      '(root).types.T.enum[0]: matches no alternative',
      '(root).operations[0].result: matches no alternative',
      '(root).operations[0].parameters[0].type: matches no alternative',
    ]);
    expect(validate(schema, { service: { name: 'A', namespace: 'n' }, operations: [] })).toEqual([
      '(root).operations: too few items',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { loadSpecText, type ServiceModel } from '../../generator/index.js';
import { changesTo } from './helpers.js';

const ORDER = { type: 'object', required: ['sku'], properties: { sku: { type: 'string' } } };
const TIGHTER = { ...ORDER, required: ['sku', 'qty'], properties: { ...ORDER.properties, qty: { type: 'integer' } } };

/** `Svc` with `Order(orderJson) → string`, the parameter's and the result's schemas as given (none when undefined). */
function service(parameter?: object, result?: object): ServiceModel {
  const spec = {
    service: { name: 'Svc', namespace: 'urn:svc' },
    bindings: ['soap11'],
    operations: [
      {
        name: 'Order',
        parameters: [{ name: 'orderJson', ...(parameter && { json: parameter }) }],
        result: 'string',
        ...(result && { resultJson: result }),
      },
    ],
  };
  return loadSpecText(stringify(spec), 'svc.yaml');
}

const PARAMETER = 'operation Order, parameter orderJson';
const RESULT = 'operation Order, result';

describe('typed JSON string rules', () => {
  it('json-schema-added-to-parameter (breaking) and json-schema-removed-from-parameter (non-breaking)', () => {
    expect(changesTo(service(ORDER), service())).toEqual([
      {
        rule: 'json-schema-added-to-parameter',
        level: 'breaking',
        where: PARAMETER,
        message: 'JSON Schema added on parameter orderJson',
        new: '{"properties":{"sku":{"type":"string"}},"required":["sku"],"type":"object"}',
      },
    ]);
    expect(changesTo(service(), service(ORDER))).toMatchObject([
      { rule: 'json-schema-removed-from-parameter', level: 'non-breaking', where: PARAMETER },
    ]);
  });

  it('json-schema-changed-on-parameter (breaking), either way; annotations alone change nothing', () => {
    expect(changesTo(service(TIGHTER), service(ORDER))).toMatchObject([
      { rule: 'json-schema-changed-on-parameter', level: 'breaking', where: PARAMETER },
    ]);
    expect(changesTo(service(ORDER), service(TIGHTER))).toMatchObject([
      { rule: 'json-schema-changed-on-parameter', old: expect.stringContaining('"qty"') as unknown },
    ]);
    const annotated = {
      ...ORDER,
      title: 'Order',
      description: 'An order',
      properties: { sku: { type: 'string', description: 'The article', examples: ['A-1'] } },
    };
    expect(changesTo(service(annotated), service(ORDER))).toEqual([]);
    // A property named like an annotation is a property.
    const titled = { ...ORDER, properties: { ...ORDER.properties, title: { type: 'string' } } };
    expect(changesTo(service(titled), service(ORDER))).toMatchObject([
      { rule: 'json-schema-changed-on-parameter', level: 'breaking', where: PARAMETER },
    ]);
  });

  it('json-schema-added-to-result (non-breaking), json-schema-removed-from-result and -changed-on-result (breaking)', () => {
    expect(changesTo(service(undefined, ORDER), service())).toEqual([
      {
        rule: 'json-schema-added-to-result',
        level: 'non-breaking',
        where: RESULT,
        message: 'JSON Schema added on the result',
        new: '{"properties":{"sku":{"type":"string"}},"required":["sku"],"type":"object"}',
      },
    ]);
    expect(changesTo(service(), service(undefined, ORDER))).toMatchObject([
      { rule: 'json-schema-removed-from-result', level: 'breaking', where: RESULT },
    ]);
    expect(changesTo(service(undefined, ORDER), service(undefined, TIGHTER))).toMatchObject([
      { rule: 'json-schema-changed-on-result', level: 'breaking', where: RESULT },
    ]);
  });

  it('are compared only when both sides are specs (no WSDL carries a schema)', () => {
    expect(changesTo(service(ORDER), service(), { jsonSchemas: false })).toEqual([]);
  });
});

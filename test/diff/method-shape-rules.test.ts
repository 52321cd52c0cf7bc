import { describe, expect, it } from 'vitest';
import { BASE, brief, changesTo, modelOf, variant, withOperation } from './helpers.js';

const COUNT = 'operation Count';

describe('method shape rules ([SoapDocumentMethod])', () => {
  it('request-element-renamed (breaking)', () => {
    expect(changesTo(withOperation('Count', (op) => ({ ...op, requestElement: 'CountRequest' })))).toEqual([
      {
        rule: 'request-element-renamed',
        level: 'breaking',
        where: COUNT,
        message: 'request element changed from Count to CountRequest',
        old: 'Count',
        new: 'CountRequest',
      },
    ]);
  });

  it('response-element-renamed (breaking)', () => {
    expect(changesTo(withOperation('Count', (op) => ({ ...op, responseElement: 'CountReply' })))).toEqual([
      {
        rule: 'response-element-renamed',
        level: 'breaking',
        where: COUNT,
        message: 'response element changed from CountResponse to CountReply',
        old: 'CountResponse',
        new: 'CountReply',
      },
    ]);
  });

  it('a default element name that follows a changed message name is no change of its own', () => {
    const changes = changesTo(withOperation('Count', (op) => ({ ...op, messageName: 'CountItems' })));
    expect(brief(changes)).toEqual(['message-name-changed breaking operation Count']);
  });

  it('request-namespace-changed (breaking), in both directions', () => {
    const moved = withOperation('Count', (op) => ({ ...op, requestNamespace: 'urn:partner' }));
    expect(changesTo(moved)).toEqual([
      {
        rule: 'request-namespace-changed',
        level: 'breaking',
        where: COUNT,
        message: 'request namespace changed from urn:svc to urn:partner',
        old: 'urn:svc',
        new: 'urn:partner',
      },
    ]);
    expect(brief(changesTo(modelOf(BASE), moved))).toEqual(['request-namespace-changed breaking operation Count']);
  });

  it('response-namespace-changed (breaking)', () => {
    const changes = changesTo(withOperation('Count', (op) => ({ ...op, responseNamespace: 'urn:partner' })));
    expect(changes).toEqual([
      {
        rule: 'response-namespace-changed',
        level: 'breaking',
        where: COUNT,
        message: 'response namespace changed from urn:svc to urn:partner',
        old: 'urn:svc',
        new: 'urn:partner',
      },
    ]);
  });

  it('wrapper namespaces that follow a changed service namespace are reported as namespace-changed only', () => {
    const changes = changesTo(variant((s) => ({ ...s, service: { ...s.service, namespace: 'urn:svc2' } })));
    expect(changes.map((c) => c.rule)).not.toContain('request-namespace-changed');
    expect(changes.map((c) => c.rule)).not.toContain('response-namespace-changed');
  });

  it('parameter-style-changed (breaking)', () => {
    const changes = changesTo(withOperation('Count', (op) => ({ ...op, parameterStyle: 'bare' })));
    expect(changes).toEqual([
      {
        rule: 'parameter-style-changed',
        level: 'breaking',
        where: COUNT,
        message: 'parameter style changed from wrapped to bare',
        old: 'wrapped',
        new: 'bare',
      },
    ]);
  });

  it('operation-made-one-way (breaking) and operation-no-longer-one-way (non-breaking)', () => {
    const oneWay = withOperation('Ping', (op) => ({ ...op, oneWay: true }));
    expect(changesTo(oneWay)).toEqual([
      { rule: 'operation-made-one-way', level: 'breaking', where: 'operation Ping', message: 'became one-way' },
    ]);
    expect(changesTo(modelOf(BASE), oneWay)).toEqual([
      {
        rule: 'operation-no-longer-one-way',
        level: 'non-breaking',
        where: 'operation Ping',
        message: 'no longer one-way',
      },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { changesTo, variant } from './helpers.js';

describe('[ScriptService] namespace rule', () => {
  it('script-namespace-changed (breaking), either way, between script services', () => {
    const script = (ns?: string) =>
      variant((spec) => ({
        ...spec,
        service: { ...spec.service, scriptService: true, ...(ns !== undefined && { scriptNamespace: ns }) },
      }));
    expect(changesTo(script('A.B'), script())).toEqual([
      {
        rule: 'script-namespace-changed',
        level: 'breaking',
        where: 'service',
        message: 'proxy class namespace changed from (global) to A.B',
        old: '(global)',
        new: 'A.B',
      },
    ]);
    expect(changesTo(script(), script('A.B'))[0]!.message).toBe('proxy class namespace changed from A.B to (global)');
  });

  it('script-type-namespace-changed (breaking), either way, between script services', () => {
    const script = (ns?: string) =>
      variant((spec) => ({
        ...spec,
        service: { ...spec.service, scriptService: true, ...(ns !== undefined && { typeNamespace: ns }) },
      }));
    expect(changesTo(script(), script('Contoso.Models'))).toEqual([
      {
        rule: 'script-type-namespace-changed',
        level: 'breaking',
        where: 'service',
        message: 'type namespace changed from Contoso.Models to (global)',
        old: 'Contoso.Models',
        new: '(global)',
      },
    ]);
  });

  it('says nothing when either side is no script service', () => {
    const plain = variant((spec) => spec);
    const namespaced = variant((spec) => ({
      ...spec,
      service: { ...spec.service, scriptService: true, scriptNamespace: 'A.B' },
    }));
    expect(changesTo(namespaced, plain).map((c) => c.rule)).toEqual(['script-service-added']);
  });
});

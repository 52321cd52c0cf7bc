import { describe, expect, it } from 'vitest';
import { changesTo, variant, withOperation } from './helpers.js';

describe('soap-encoding-changed', () => {
  it('is breaking both ways between document/literal and rpc/encoded', () => {
    const rpc = withOperation('Ping', (op) => ({ ...op, style: 'rpc' }));
    const change = {
      rule: 'soap-encoding-changed',
      level: 'breaking',
      where: 'operation Ping',
      message: 'SOAP encoding changed from document/literal to rpc/encoded (request urn:svc, response urn:svc)',
      old: 'document/literal',
      new: 'rpc/encoded (request urn:svc, response urn:svc)',
    };
    expect(changesTo(rpc)).toEqual([change]);
    const back = changesTo(
      withOperation('Ping', (op) => ({ ...op })),
      rpc,
    );
    expect(back.map((c) => `${c.level} ${c.rule} ${c.message}`)).toEqual([
      'breaking soap-encoding-changed SOAP encoding changed from rpc/encoded (request urn:svc, response urn:svc) to document/literal',
    ]);
  });

  it('names document/encoded; an rpc request namespace that moved is the method-shape rule’s alone', () => {
    expect(changesTo(withOperation('Ping', (op) => ({ ...op, use: 'encoded' }))).map((c) => c.new)).toEqual([
      'document/encoded',
    ]);
    const rpc = withOperation('Ping', (op) => ({ ...op, style: 'rpc' }));
    const moved = withOperation('Ping', (op) => ({ ...op, style: 'rpc', requestNamespace: 'urn:other' }));
    // One requestNamespace field for both styles: reported once, by the method-shape rule, in either direction.
    expect(changesTo(moved, rpc).map((c) => `${c.level} ${c.rule} ${c.message}`)).toEqual([
      'breaking request-namespace-changed request namespace changed from urn:svc to urn:other',
    ]);
    expect(changesTo(rpc, moved).map((c) => `${c.level} ${c.rule} ${c.message}`)).toEqual([
      'breaking request-namespace-changed request namespace changed from urn:other to urn:svc',
    ]);
    // Moved together with a change of style, the encoding names both wrappers' namespaces.
    expect(
      changesTo(
        withOperation('Ping', (op) => ({ ...op })),
        moved,
      ).map((c) => c.rule),
    ).toContain('soap-encoding-changed');
  });

  it('sees every operation of a service that became [SoapRpcService]', () => {
    const changes = changesTo(variant((s) => ({ ...s, service: { ...s.service, style: 'rpc' } })));
    expect(changes.length).toBeGreaterThan(0);
    expect(changes.every((c) => c.rule === 'soap-encoding-changed')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import type { Addresses } from '../../generator/diff/index.js';
import type { Spec } from '../../generator/index.js';
import { changesTo, variant } from './helpers.js';

const offering = (bindings: Spec['bindings']) => variant((s) => ({ ...s, bindings }));

describe('binding rules', () => {
  it('binding-removed (breaking) and binding-added (non-breaking)', () => {
    expect(changesTo(offering(['soap11', 'httpPost']))).toEqual([
      {
        rule: 'binding-removed',
        level: 'breaking',
        where: 'binding soap12',
        message: 'removed: SOAP 1.2 callers can no longer call it',
      },
      {
        rule: 'binding-added',
        level: 'non-breaking',
        where: 'binding httpPost',
        message: 'added: the service can now be called by HTTP POST',
      },
    ]);
  });

  it('an omitted bindings list is all four', () => {
    expect(changesTo(offering(undefined), offering(['soap11', 'soap12', 'httpGet', 'httpPost']))).toEqual([]);
  });

  describe('address-changed (info)', () => {
    const old: Addresses = { soap11: 'http://a/Svc.asmx', soap12: 'http://a/Svc.asmx' };
    const moved: Addresses = { soap11: 'https://b/Svc.asmx', soap12: 'http://a/Svc.asmx' };
    const model = offering(['soap11', 'soap12']);

    it('is not reported without includeAddresses', () => {
      expect(changesTo(model, model, { addresses: { old, new: moved } })).toEqual([]);
    });

    it('is reported per binding both versions offer with includeAddresses', () => {
      expect(changesTo(model, model, { includeAddresses: true, addresses: { old, new: moved } })).toEqual([
        {
          rule: 'address-changed',
          level: 'info',
          where: 'binding soap11',
          message: 'address changed from http://a/Svc.asmx to https://b/Svc.asmx',
          old: 'http://a/Svc.asmx',
          new: 'https://b/Svc.asmx',
        },
      ]);
    });

    it('names a missing address (none)', () => {
      const changes = changesTo(model, model, {
        includeAddresses: true,
        addresses: { old, new: { soap11: old.soap11 } },
      });
      expect(changes).toEqual([
        {
          rule: 'address-changed',
          level: 'info',
          where: 'binding soap12',
          message: 'address changed from http://a/Svc.asmx to (none)',
          old: 'http://a/Svc.asmx',
        },
      ]);
    });

    it('leaves bindings only one side offers to binding-removed and binding-added', () => {
      const changes = changesTo(offering(['soap11']), model, {
        includeAddresses: true,
        addresses: { old, new: { soap11: old.soap11 } },
      });
      expect(changes.map((c) => c.rule)).toEqual(['binding-removed']);
    });
  });

  describe('operation-binding-changed (breaking)', () => {
    const spread = (pingIn: string | undefined, countIn: string | undefined) =>
      variant((s) => ({
        ...s,
        service: { ...s.service, soapBindings: ['default', { name: 'Admin' }, { name: 'Query' }] },
        operations: [
          { ...s.operations[0]!, ...(pingIn !== undefined && { binding: pingIn }) },
          { ...s.operations[1]!, ...(countIn !== undefined && { binding: countIn }) },
          { name: 'Keep', binding: 'Admin' },
          { name: 'Look', binding: 'Query' },
        ],
      }));

    it('is reported for each operation that moved, either way', () => {
      expect(changesTo(spread('Admin', undefined), spread(undefined, 'Query'))).toEqual([
        {
          rule: 'operation-binding-changed',
          level: 'breaking',
          where: 'operation Count',
          message: 'moved from SOAP binding Query to SvcSoap',
          old: 'Query',
          new: 'SvcSoap',
        },
        {
          rule: 'operation-binding-changed',
          level: 'breaking',
          where: 'operation Ping',
          message: 'moved from SOAP binding SvcSoap to Admin',
          old: 'SvcSoap',
          new: 'Admin',
        },
      ]);
    });

    it('is reported when the service spreads its operations over bindings it did not have', () => {
      const changes = changesTo(spread('Admin', undefined));
      expect(changes.map((c) => `${c.rule} ${c.where} ${c.message}`)).toEqual([
        'operation-binding-changed operation Ping moved from SOAP binding SvcSoap to Admin',
        'operation-added operation Keep added',
        'operation-added operation Look added',
      ]);
    });

    it('is not reported when bindings are reordered or one binding is renamed', () => {
      const reordered = variant((s) => ({
        ...s,
        service: { ...s.service, soapBindings: [{ name: 'Query' }, 'default', { name: 'Admin' }] },
        operations: [...s.operations, { name: 'Keep', binding: 'Admin' }, { name: 'Look', binding: 'Query' }],
      }));
      expect(changesTo(reordered, spread(undefined, undefined))).toEqual([]);
      const renamed = variant((s) => ({ ...s, service: { ...s.service, binding: 'Other' } }));
      expect(changesTo(renamed).map((c) => c.rule)).toEqual(['binding-name-changed']);
    });
  });
});

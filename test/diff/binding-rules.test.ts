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
});

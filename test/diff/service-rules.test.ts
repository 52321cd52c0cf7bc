import { describe, expect, it } from 'vitest';
import { BASE, brief, changesTo, modelOf, variant } from './helpers.js';

describe('service rules', () => {
  it('finds no change between a service and itself', () => {
    expect(changesTo(modelOf(BASE))).toEqual([]);
  });

  it('service-renamed (breaking): the name names the WSDL service, ports and bindings', () => {
    const changes = changesTo(variant((s) => ({ ...s, service: { ...s.service, name: 'Svc2', path: '/Svc.asmx' } })));
    expect(changes).toEqual([
      {
        rule: 'service-renamed',
        level: 'breaking',
        where: 'service',
        message: 'renamed from Svc to Svc2',
        old: 'Svc',
        new: 'Svc2',
      },
    ]);
  });

  it('a rename that moves the default path is also endpoint-path-changed', () => {
    const changes = changesTo(variant((s) => ({ ...s, service: { ...s.service, name: 'Svc2' } })));
    expect(changes.map((c) => c.rule)).toEqual(['endpoint-path-changed', 'service-renamed']);
    expect(changes[0]).toMatchObject({ message: 'endpoint path changed from /Svc.asmx to /Svc2.asmx' });
  });

  it('endpoint-path-changed (breaking)', () => {
    const changes = changesTo(variant((s) => ({ ...s, service: { ...s.service, path: '/v2/Svc.asmx' } })));
    expect(changes).toEqual([
      {
        rule: 'endpoint-path-changed',
        level: 'breaking',
        where: 'service',
        message: 'endpoint path changed from /Svc.asmx to /v2/Svc.asmx',
        old: '/Svc.asmx',
        new: '/v2/Svc.asmx',
      },
    ]);
  });

  it('namespace-changed (breaking), without a soap-action-changed per operation that only followed it', () => {
    const changes = changesTo(variant((s) => ({ ...s, service: { ...s.service, namespace: 'urn:svc:2' } })));
    expect(changes).toEqual([
      {
        rule: 'namespace-changed',
        level: 'breaking',
        where: 'service',
        message: 'namespace changed from urn:svc to urn:svc:2',
        old: 'urn:svc',
        new: 'urn:svc:2',
      },
    ]);
  });

  it('a namespace change still reports a SOAPAction that did not just follow it, and not one that stayed', () => {
    const to = variant((s) => ({
      ...s,
      service: { ...s.service, namespace: 'urn:svc:2' },
      operations: [
        { name: 'Ping', soapAction: 'urn:other/Ping' },
        { ...s.operations[1]!, soapAction: 'urn:svc/Count' },
      ],
    }));
    expect(changesTo(to).map((c) => `${c.rule} ${c.where}: ${c.message}`)).toEqual([
      'soap-action-changed operation Ping: SOAPAction changed from urn:svc/Ping to urn:other/Ping',
      'namespace-changed service: namespace changed from urn:svc to urn:svc:2',
    ]);
  });

  it('service-description-changed (info): added, changed, removed', () => {
    const described = (description: string) => variant((s) => ({ ...s, service: { ...s.service, description } }));
    expect(changesTo(described('Stock levels'))).toEqual([
      {
        rule: 'service-description-changed',
        level: 'info',
        where: 'service',
        message: 'description added: "Stock levels"',
        new: 'Stock levels',
      },
    ]);
    expect(changesTo(described('Stock'), described('Stock levels'))[0]).toMatchObject({
      message: 'description changed from "Stock levels" to "Stock"',
      old: 'Stock levels',
      new: 'Stock',
    });
    expect(changesTo(modelOf(BASE), described('Stock'))[0]).toMatchObject({
      message: 'description removed: "Stock"',
      old: 'Stock',
    });
  });

  it('shortens a long description in the message, never in old/new', () => {
    const long = 'word '.repeat(30).trim();
    const [change] = changesTo(variant((s) => ({ ...s, service: { ...s.service, description: long } })));
    expect(change!.message).toBe(`description added: "${long.slice(0, 59)}…"`);
    expect(change!.new).toBe(long);
  });

  it('binding-name-changed (breaking); not when only the service name moved the default', () => {
    const bound = (binding: string | undefined, name = 'Svc') =>
      variant((s) => ({ ...s, service: { ...s.service, name, ...(binding !== undefined && { binding }) } }));
    expect(changesTo(bound('SvcBinding'))).toEqual([
      {
        rule: 'binding-name-changed',
        level: 'breaking',
        where: 'service',
        message: 'SOAP binding name changed from SvcSoap to SvcBinding',
        old: 'SvcSoap',
        new: 'SvcBinding',
      },
    ]);
    expect(brief(changesTo(bound(undefined, 'Other')))).toEqual([
      'endpoint-path-changed breaking service',
      'service-renamed breaking service',
    ]);
    expect(brief(changesTo(bound('SvcSoap')))).toEqual([]);
  });
});

describe('routing rules', () => {
  const byElement = variant((s) => ({ ...s, service: { ...s.service, routingStyle: 'requestElement' } }));

  it('routing-by-element-started (non-breaking): callers sending the WSDL’s SOAPAction are routed as before', () => {
    expect(changesTo(byElement)).toEqual([
      {
        rule: 'routing-by-element-started',
        level: 'non-breaking',
        where: 'service',
        message: 'SOAP 1.1 requests are routed by their request element, no longer by SOAPAction',
        old: 'soapAction',
        new: 'requestElement',
      },
    ]);
  });

  it('routing-by-element-ended (breaking): a SOAPAction the service does not know is a fault again', () => {
    expect(changesTo(modelOf(BASE), byElement)).toEqual([
      {
        rule: 'routing-by-element-ended',
        level: 'breaking',
        where: 'service',
        message: 'SOAP 1.1 requests are routed by SOAPAction, no longer by their request element',
        old: 'requestElement',
        new: 'soapAction',
      },
    ]);
  });

  it('is not reported for a service without SOAP 1.1, which routes by element anyway', () => {
    const soap12 = (routing: 'soapAction' | 'requestElement') =>
      variant((s) => ({ ...s, bindings: ['soap12', 'httpPost'], service: { ...s.service, routingStyle: routing } }));
    expect(changesTo(soap12('requestElement'), soap12('soapAction'))).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import type { Spec, XsdType } from '../../generator/index.js';
import { stringify } from 'yaml';
import { loadSpecText } from '../../generator/index.js';
import { brief, changesTo, variant, withOperation } from './helpers.js';

const pingReturning = (result: XsdType | undefined, bindings?: Spec['bindings']) =>
  variant((s) => ({
    ...s,
    ...(bindings && { bindings }),
    operations: s.operations.map((op) => (op.name === 'Ping' ? { name: 'Ping', ...(result && { result }) } : op)),
  }));

describe('result rules', () => {
  it('result-added (non-breaking): SOAP callers skip the new Result element', () => {
    expect(changesTo(pingReturning('string'))).toEqual([
      {
        rule: 'result-added',
        level: 'non-breaking',
        where: 'operation Ping, result',
        message: 'added (string) to a void operation',
        new: 'string',
      },
    ]);
  });

  it('result-added-on-http (breaking): a void HTTP reply was empty', () => {
    expect(
      changesTo(pingReturning('int', ['soap11', 'httpGet']), pingReturning(undefined, ['soap11', 'httpGet'])),
    ).toEqual([
      {
        rule: 'result-added-on-http',
        level: 'breaking',
        where: 'operation Ping, result',
        message: 'added (int) to a void operation: its httpGet reply is no longer empty',
        new: 'int',
      },
    ]);
  });

  it('result-removed (breaking)', () => {
    expect(changesTo(withOperation('Count', (op) => ({ name: op.name, parameters: op.parameters })))).toEqual([
      {
        rule: 'result-removed',
        level: 'breaking',
        where: 'operation Count, result',
        message: 'removed (int): the operation is now void',
        old: 'int',
      },
    ]);
  });

  it('result-type-changed (breaking)', () => {
    expect(changesTo(withOperation('Count', (op) => ({ ...op, result: 'long' })))).toEqual([
      {
        rule: 'result-type-changed',
        level: 'breaking',
        where: 'operation Count, result',
        message: 'type changed from int to long',
        old: 'int',
        new: 'long',
      },
    ]);
    expect(brief(changesTo(withOperation('Count', (op) => ({ ...op, result: 'int' }))))).toEqual([]);
  });
});

describe('DataSet and DataTable results', () => {
  const returning = (result: string, dataSetSchema?: 'legacy') =>
    variant((s) => ({
      ...s,
      bindings: ['soap11'],
      operations: s.operations.map((op) => (op.name === 'Ping' ? { name: 'Ping', result } : op)),
      ...(dataSetSchema && { wsdl: { dataSetSchema } }),
    }));

  it('a DataTable result that becomes a DataSet is another type', () => {
    const changes = changesTo(returning('dataSet'), returning('dataTable'));
    expect(brief(changes)).toEqual(['result-type-changed breaking operation Ping, result']);
    expect(changes[0]).toMatchObject({ old: 'dataTable', new: 'dataSet' });
  });

  it('the DataSet schema a server writes (the wsdl section) is no change of the contract', () => {
    expect(changesTo(returning('dataSet', 'legacy'), returning('dataSet'))).toEqual([]);
  });
});

describe('a result element named by [XmlRoot]', () => {
  /** `GetInvoice` returns `Invoice`, with `[XmlRoot(root)]` on the class when `root` is given, as Mono writes it. */
  const invoices = (root?: string) =>
    loadSpecText(
      stringify({
        service: { name: 'Svc', namespace: 'urn:svc' },
        types: { Invoice: { ...(root && { elementName: root }), members: [{ name: 'Number' }] } },
        operations: [{ name: 'GetInvoice', parameters: [{ name: 'number' }], result: 'Invoice' }],
        wsdl: { runtime: 'mono' },
      }),
      'test.yaml',
    );

  it('result-element-renamed (breaking): old callers look for GetInvoiceResult and find Bill', () => {
    expect(changesTo(invoices('Bill'), invoices())).toEqual([
      {
        rule: 'result-element-renamed',
        level: 'breaking',
        where: 'operation GetInvoice, result',
        message: 'the result element is now Bill, no longer GetInvoiceResult',
        old: 'GetInvoiceResult',
        new: 'Bill',
      },
    ]);
    expect(brief(changesTo(invoices(), invoices('Bill')))).toEqual([
      'result-element-renamed breaking operation GetInvoice, result',
    ]);
    expect(brief(changesTo(invoices('Receipt'), invoices('Bill')))).toEqual([
      'result-element-renamed breaking operation GetInvoice, result',
    ]);
  });
});

describe('a result in the namespace of its class’s [XmlRoot(Namespace)]', () => {
  /** `Fetch` returns `Hamper`, with `[XmlRoot(Namespace = root)]` on the class when `root` is given (Mono). */
  const hampers = (root?: string) =>
    loadSpecText(
      stringify({
        service: { name: 'Svc', namespace: 'urn:svc' },
        types: { Hamper: { ...(root && { rootNamespace: root }), members: [{ name: 'Label' }] } },
        operations: [{ name: 'Fetch', parameters: [{ name: 'label' }], result: 'Hamper' }],
        wsdl: { runtime: 'mono' },
      }),
      'test.yaml',
    );

  it('result-root-namespace-changed (breaking): old callers look for FetchResult in the old namespace', () => {
    expect(changesTo(hampers('urn:elsewhere'), hampers())).toEqual([
      {
        rule: 'result-root-namespace-changed',
        level: 'breaking',
        where: 'operation Fetch, result',
        message: "the result is now in urn:elsewhere, no longer in the operation's namespace",
        old: '',
        new: 'urn:elsewhere',
      },
    ]);
    expect(brief(changesTo(hampers(), hampers('urn:elsewhere')))).toEqual([
      'result-root-namespace-changed breaking operation Fetch, result',
    ]);
    expect(changesTo(hampers('urn:elsewhere'), hampers('urn:elsewhere'))).toEqual([]);
  });
});

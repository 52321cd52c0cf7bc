import { describe, expect, it } from 'vitest';
import type { Spec, SpecParameter } from '../../generator/index.js';
import { stringify } from 'yaml';
import { loadSpecText } from '../../generator/index.js';
import { brief, changesTo, variant, withOperation } from './helpers.js';

const count = (parameters: SpecParameter[]) => withOperation('Count', (op) => ({ ...op, parameters }));
const CATEGORY: SpecParameter = { name: 'category' };
const SINCE: SpecParameter = { name: 'since', type: 'dateTime' };

describe('parameter rules', () => {
  it('parameter-added-required (breaking): a value type is minOccurs 1', () => {
    expect(changesTo(count([CATEGORY, SINCE, { name: 'limit', type: 'int' }]))).toEqual([
      {
        rule: 'parameter-added-required',
        level: 'breaking',
        where: 'operation Count, parameter limit',
        message: 'added (int, required)',
        new: 'int',
      },
    ]);
  });

  it('parameter-added-optional (non-breaking): a reference type, SOAP only', () => {
    expect(changesTo(count([CATEGORY, SINCE, { name: 'note' }, { name: 'photo', type: 'base64Binary' }]))).toEqual([
      {
        rule: 'parameter-added-optional',
        level: 'non-breaking',
        where: 'operation Count, parameter note',
        message: 'added (string, optional)',
        new: 'string',
      },
      {
        rule: 'parameter-added-optional',
        level: 'non-breaking',
        where: 'operation Count, parameter photo',
        message: 'added (base64Binary, optional)',
        new: 'base64Binary',
      },
    ]);
  });

  it('parameter-added-required-on-http (breaking): HTTP GET and POST callers must send every parameter', () => {
    const http = (bindings: Spec['bindings'], parameters: SpecParameter[]) =>
      variant((s) => ({
        ...s,
        bindings,
        operations: s.operations.map((op) => (op.name === 'Count' ? { ...op, parameters } : op)),
      }));
    const before = http(['soap11', 'httpPost'], [CATEGORY, SINCE]);
    expect(changesTo(http(['soap11', 'httpPost'], [CATEGORY, SINCE, { name: 'note' }]), before)).toEqual([
      {
        rule: 'parameter-added-required-on-http',
        level: 'breaking',
        where: 'operation Count, parameter note',
        message: 'added (string): optional in SOAP, but httpPost callers must send it',
        new: 'string',
      },
    ]);
    const all = http(undefined, [CATEGORY, SINCE]);
    expect(changesTo(http(undefined, [CATEGORY, SINCE, { name: 'note' }]), all)[0]!.message).toBe(
      'added (string): optional in SOAP, but httpGet and httpPost callers must send it',
    );
    // HTTP on only in the new version: no old HTTP caller can miss the parameter.
    expect(
      brief(
        changesTo(
          http(['soap11', 'httpGet'], [CATEGORY, SINCE, { name: 'note' }]),
          http(['soap11'], [CATEGORY, SINCE]),
        ),
      ),
    ).toEqual([
      'binding-added non-breaking binding httpGet',
      'parameter-added-optional non-breaking operation Count, parameter note',
    ]);
  });

  it('parameter-removed (breaking), optional or required', () => {
    expect(changesTo(count([SINCE]))).toEqual([
      {
        rule: 'parameter-removed',
        level: 'breaking',
        where: 'operation Count, parameter category',
        message: 'removed (string): what callers of the old contract send is ignored',
        old: 'string',
      },
    ]);
    expect(brief(changesTo(count([CATEGORY])))).toEqual([
      'parameter-removed breaking operation Count, parameter since',
    ]);
  });

  it('parameter-type-changed (breaking), also for a widening', () => {
    expect(changesTo(count([CATEGORY, { name: 'since', type: 'string' }]))).toEqual([
      {
        rule: 'parameter-type-changed',
        level: 'breaking',
        where: 'operation Count, parameter since',
        message: 'type changed from dateTime to string',
        old: 'dateTime',
        new: 'string',
      },
    ]);
    const intParam = count([CATEGORY, { name: 'since', type: 'int' }]);
    expect(brief(changesTo(count([CATEGORY, { name: 'since', type: 'long' }]), intParam))).toEqual([
      'parameter-type-changed breaking operation Count, parameter since',
    ]);
  });

  it('parameters-reordered (breaking): the request element is a sequence', () => {
    expect(changesTo(count([SINCE, CATEGORY]))).toEqual([
      {
        rule: 'parameters-reordered',
        level: 'breaking',
        where: 'operation Count, parameters',
        message: 'order changed from category, since to since, category',
        old: 'category, since',
        new: 'since, category',
      },
    ]);
  });

  it('judges order on the parameters both versions have: an insertion or a removal alone is no reorder', () => {
    expect(brief(changesTo(count([{ name: 'first' }, CATEGORY, SINCE])))).toEqual([
      'parameter-added-optional non-breaking operation Count, parameter first',
    ]);
    const three = count([CATEGORY, { name: 'middle' }, SINCE]);
    expect(brief(changesTo(count([CATEGORY, SINCE]), three))).toEqual([
      'parameter-removed breaking operation Count, parameter middle',
    ]);
    expect(brief(changesTo(count([SINCE, { name: 'extra' }, CATEGORY]), three))).toEqual([
      'parameter-removed breaking operation Count, parameter middle',
      'parameters-reordered breaking operation Count, parameters',
      'parameter-added-optional non-breaking operation Count, parameter extra',
    ]);
  });

  it('finds nothing when the parameters are the same (string is the default type)', () => {
    expect(changesTo(count([{ name: 'category', type: 'string' }, SINCE]))).toEqual([]);
  });
});

describe('a parameter in the namespace of its class’s [XmlRoot(Namespace)]', () => {
  /** `Send` takes a `Hamper`, with `[XmlRoot(Namespace = root)]` on the class when `root` is given (Mono). */
  const sending = (root?: string) =>
    loadSpecText(
      stringify({
        service: { name: 'Svc', namespace: 'urn:svc' },
        types: { Hamper: { ...(root && { rootNamespace: root }), members: [{ name: 'Label' }] } },
        operations: [{ name: 'Send', parameters: [{ name: 'hamper', type: 'Hamper', nillable: true }] }],
        wsdl: { runtime: 'mono' },
      }),
      'test.yaml',
    );

  it('parameter-root-namespace-changed (breaking): what old callers send is skipped', () => {
    expect(changesTo(sending('urn:elsewhere'), sending())).toEqual([
      {
        rule: 'parameter-root-namespace-changed',
        level: 'breaking',
        where: 'operation Send, parameter hamper',
        message:
          "the element is now in urn:elsewhere, no longer in the operation's namespace (in requests; the class's " +
          '[XmlRoot(Namespace)])',
        old: '',
        new: 'urn:elsewhere',
      },
    ]);
    expect(brief(changesTo(sending(), sending('urn:other')))).toEqual([
      'parameter-root-namespace-changed breaking operation Send, parameter hamper',
    ]);
  });
  it("parameter-part-renamed (info): a bare parameter's part name, which no message carries", () => {
    const bare = (partName?: string) =>
      variant((s) => ({
        ...s,
        bindings: ['soap11', 'soap12'],
        operations: s.operations.map((op) =>
          op.name === 'Count'
            ? { ...op, parameterStyle: 'bare', parameters: [{ ...CATEGORY, ...(partName && { partName }) }, SINCE] }
            : op,
        ),
      }));
    expect(changesTo(bare('Category'), bare())).toEqual([
      {
        rule: 'parameter-part-renamed',
        level: 'info',
        where: 'operation Count, parameter category',
        message:
          'message part renamed from "category" to "Category" (in requests); the element and the messages are unchanged',
        old: 'category',
        new: 'Category',
      },
    ]);
    expect(changesTo(bare('Category'), bare('Category'))).toEqual([]);
  });
  it('parameter-field-renamed (breaking): the C# name HTTP GET and POST name the field after', () => {
    const http = (partName?: string) =>
      variant((s) => ({
        ...s,
        bindings: undefined,
        operations: s.operations.map((op) =>
          op.name === 'Count' ? { ...op, parameters: [{ ...CATEGORY, ...(partName && { partName }) }, SINCE] } : op,
        ),
      }));
    expect(changesTo(http('Category'), http())).toEqual([
      {
        rule: 'parameter-field-renamed',
        level: 'breaking',
        where: 'operation Count, parameter category',
        message:
          'the C# name is now "Category", no longer "category": HTTP GET and POST (and JSON) name the field after it ' +
          '(in requests); SOAP messages are unchanged',
        old: 'category',
        new: 'Category',
      },
    ]);
  });
});

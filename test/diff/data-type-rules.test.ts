import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { loadSpecText, type ServiceModel } from '../../generator/index.js';
import { brief, changesTo, withOperation } from './helpers.js';

/** A service with a class `Stamp` travelling in both directions, its member `Day` of `type` and `dataType`. */
function stamp(member: Record<string, unknown>): ServiceModel {
  const spec = {
    service: { name: 'Svc', namespace: 'urn:svc' },
    bindings: ['soap11', 'soap12'],
    types: { Stamp: { members: [{ name: 'Day', ...member }] } },
    operations: [{ name: 'Echo', parameters: [{ name: 'stamp', type: 'Stamp' }], result: 'Stamp' }],
  };
  return loadSpecText(stringify(spec), 'test.yaml');
}

describe('data type rules', () => {
  it('data-type-changed (breaking): a date is written without its time', () => {
    expect(
      changesTo(
        withOperation('Count', (op) => ({ ...op, result: 'dateTime', resultDataType: 'date' })),
        withOperation('Count', (op) => ({ ...op, result: 'dateTime' })),
      ),
    ).toEqual([
      {
        rule: 'data-type-changed',
        level: 'breaking',
        where: 'operation Count, result',
        message: 'dataType changed from none (dateTime) to date',
        old: 'none (dateTime)',
        new: 'date',
      },
    ]);
  });

  it('data-type-changed (breaking): Name escapes what a string keeps, on a parameter and on a member', () => {
    const named = withOperation('Count', (op) => ({
      ...op,
      parameters: [{ name: 'category', dataType: 'Name' }, op.parameters![1]!],
    }));
    expect(brief(changesTo(named))).toEqual(['data-type-changed breaking operation Count, parameter category']);
    expect(brief(changesTo(stamp({ type: 'string', dataType: 'NMTOKEN' }), stamp({})))).toEqual([
      'data-type-changed breaking type Stamp, member Day',
    ]);
  });

  it('data-type-changed-compatible (non-breaking): both write a string as it is', () => {
    const changes = changesTo(
      stamp({ type: 'string', dataType: 'integer' }),
      stamp({ type: 'string', dataType: 'token' }),
    );
    expect(changes).toEqual([
      {
        rule: 'data-type-changed-compatible',
        level: 'non-breaking',
        where: 'type Stamp, member Day',
        message: expect.stringMatching(/^dataType changed from token to integer/) as string,
        old: 'token',
        new: 'integer',
      },
    ]);
  });

  it("data-type-changed on an array's items ([XmlArrayItem(DataType)]), beside the items' new name", () => {
    // The items are named after their DataType (`<date>`, `<integer>`): their elements change too.
    expect(brief(changesTo(stamp({ type: 'dateTime[]', dataType: 'date' }), stamp({ type: 'dateTime[]' })))).toEqual([
      'data-type-changed breaking type Stamp, member Day',
      'array-item-name-changed breaking type Stamp, member Day[]',
    ]);
    const integers = stamp({ type: 'string[]', dataType: 'integer' });
    expect(brief(changesTo(integers, stamp({ type: 'string[]', dataType: 'token' })))).toEqual([
      'array-item-name-changed breaking type Stamp, member Day[]',
      'data-type-changed-compatible non-breaking type Stamp, member Day',
    ]);
    const days = withOperation('Count', (op) => ({
      ...op,
      parameters: [{ name: 'days', type: 'dateTime[]', dataType: 'date' }],
      result: 'base64Binary[]',
      resultDataType: 'hexBinary',
    }));
    const stamps = withOperation('Count', (op) => ({
      ...op,
      parameters: [{ name: 'days', type: 'dateTime[]' }],
      result: 'base64Binary[]',
    }));
    expect(brief(changesTo(days, stamps))).toEqual([
      'data-type-changed breaking operation Count, parameter days',
      'array-item-name-changed breaking operation Count, parameter days[]',
      'data-type-changed breaking operation Count, result',
      'array-item-name-changed breaking operation Count, result[]',
    ]);
  });

  it('no change where only the C# type changed: that is the type rule', () => {
    expect(brief(changesTo(stamp({ type: 'dateTime', dataType: 'date' }), stamp({ type: 'string' })))).toEqual([
      'member-type-changed breaking type Stamp, member Day',
    ]);
  });
});

describe('nillable parameters and results', () => {
  it('parameter-nillable-changed (breaking): minOccurs="1", and null in the typed client', () => {
    const nillable = withOperation('Count', (op) => ({
      ...op,
      parameters: [{ name: 'category', nillable: true }, op.parameters![1]!],
    }));
    expect(changesTo(nillable)).toEqual([
      {
        rule: 'parameter-nillable-changed',
        level: 'breaking',
        where: 'operation Count, parameter category',
        message: 'became nillable',
      },
    ]);
    expect(
      brief(
        changesTo(
          withOperation('Count', (op) => op),
          nillable,
        ),
      ),
    ).toEqual(['parameter-nillable-changed breaking operation Count, parameter category']);
  });

  it('result-nillable-changed (breaking): a null result is written xsi:nil instead of left out', () => {
    const before = withOperation('Count', (op) => ({ ...op, result: 'string' }));
    const after = withOperation('Count', (op) => ({ ...op, result: 'string', resultNillable: true }));
    expect(changesTo(after, before)).toEqual([
      {
        rule: 'result-nillable-changed',
        level: 'breaking',
        where: 'operation Count, result',
        message: 'became nillable',
      },
    ]);
    expect(brief(changesTo(before, after))).toEqual(['result-nillable-changed breaking operation Count, result']);
  });
});

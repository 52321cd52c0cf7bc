import { describe, expect, it } from 'vitest';
import { diffModels } from '../../generator/diff/index.js';
import { libraryChanges, library, members, modelOfData, operation, type SpecData } from './type-helpers.js';

describe('item form rules', () => {
  it('array-item-form-changed (breaking): a member array whose items became unqualified, where it travels', () => {
    expect(
      libraryChanges((s) => {
        members(s, 'Book')[2]!.itemForm = 'unqualified';
      }),
    ).toMatchObject([
      {
        rule: 'array-item-form-changed',
        level: 'breaking',
        where: 'type Book, member Authors[]',
        message: 'items became unqualified, in requests and responses (reaches AddBook, GetBook)',
      },
    ]);
  });

  it('array-item-form-changed (breaking): a request parameter and a result, each in its direction', () => {
    const version = (itemForm: 'unqualified' | undefined) => {
      const s = library();
      operation(s, 'Search').parameters.push({ name: 'names', type: 'string[]', itemForm });
      operation(s, 'GetStats').result = 'Stats[]';
      operation(s, 'GetStats').resultItemForm = itemForm;
      return modelOfData(JSON.parse(JSON.stringify(s)) as SpecData);
    };
    expect(diffModels(version('unqualified'), version(undefined))).toMatchObject([
      {
        rule: 'array-item-form-changed',
        level: 'breaking',
        where: 'operation GetStats, result[]',
        message: 'items became qualified, in responses',
      },
      {
        rule: 'array-item-form-changed',
        level: 'breaking',
        where: 'operation Search, parameter names[]',
        message: 'items became qualified, in requests',
      },
    ]);
    expect(diffModels(version('unqualified'), version('unqualified'))).toEqual([]);
  });

  it('element-form-changed (breaking): a parameter and a result element, each in its direction', () => {
    const version = (form: 'unqualified' | undefined) => {
      const s = library();
      operation(s, 'Search').parameters.push({ name: 'code', type: 'string', form });
      operation(s, 'GetStats').resultForm = form;
      return modelOfData(JSON.parse(JSON.stringify(s)) as SpecData);
    };
    expect(diffModels(version(undefined), version('unqualified'))).toMatchObject([
      {
        rule: 'element-form-changed',
        level: 'breaking',
        where: 'operation GetStats, result',
        message: 'the element became unqualified, in responses',
      },
      {
        rule: 'element-form-changed',
        level: 'breaking',
        where: 'operation Search, parameter code',
        message: 'the element became unqualified, in requests',
      },
    ]);
    expect(diffModels(version('unqualified'), version('unqualified'))).toEqual([]);
  });

  it('element-namespace-changed (breaking): a parameter, an out parameter and a result, each in its direction', () => {
    const version = (namespace: string | undefined) => {
      const s = library();
      operation(s, 'Search').parameters.push({ name: 'code', type: 'string', namespace });
      operation(s, 'Search').parameters.push({ name: 'total', type: 'int', direction: 'out', namespace });
      operation(s, 'GetStats').resultNamespace = namespace;
      return modelOfData(JSON.parse(JSON.stringify(s)) as SpecData);
    };
    expect(diffModels(version(undefined), version('urn:example:codes'))).toMatchObject([
      {
        rule: 'element-namespace-changed',
        level: 'breaking',
        where: 'operation GetStats, result',
        message: "the element is now in urn:example:codes, no longer in the operation's namespace, in responses",
      },
      {
        rule: 'element-namespace-changed',
        level: 'breaking',
        where: 'operation Search, parameter code',
        message: "the element is now in urn:example:codes, no longer in the operation's namespace, in requests",
      },
      {
        rule: 'element-namespace-changed',
        level: 'breaking',
        where: 'operation Search, parameter total',
        message: "the element is now in urn:example:codes, no longer in the operation's namespace, in responses",
      },
    ]);
    expect(diffModels(version('urn:example:codes'), version('urn:example:other'))).toMatchObject([
      { rule: 'element-namespace-changed', where: 'operation GetStats, result' },
      { rule: 'element-namespace-changed', where: 'operation Search, parameter code' },
      { rule: 'element-namespace-changed', where: 'operation Search, parameter total' },
    ]);
    expect(diffModels(version('urn:example:codes'), version('urn:example:codes'))).toEqual([]);
  });
});

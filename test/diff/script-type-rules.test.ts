import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { loadSpecText, type ServiceModel } from '../../generator/index.js';
import { changesTo } from './helpers.js';

/** A script service with a class and an enum, `Get` returning `Book`, and `generateScriptTypes`. */
function script(types: string[]): ServiceModel {
  const spec = {
    service: { name: 'Svc', namespace: 'urn:svc', scriptService: true, generateScriptTypes: types },
    types: {
      Book: { members: [{ name: 'Title' }] },
      Shelf: { members: [{ name: 'Name' }] },
      Genre: { enum: ['Fiction', 'Poetry'] },
    },
    operations: [{ name: 'Get', result: 'Book' }],
  };
  return loadSpecText(stringify(spec), 'test.yaml');
}

describe('[GenerateScriptType] rules', () => {
  it('script-type-removed (breaking) for a type the proxy script no longer declares', () => {
    expect(changesTo(script([]), script(['Shelf', 'Genre']))).toEqual([
      {
        rule: 'script-type-removed',
        level: 'breaking',
        where: 'service',
        message: 'Genre no longer declared by the /js proxy script',
        old: 'Genre',
      },
      {
        rule: 'script-type-removed',
        level: 'breaking',
        where: 'service',
        message: 'Shelf no longer declared by the /js proxy script',
        old: 'Shelf',
      },
    ]);
  });

  it('script-type-added (non-breaking) the other way', () => {
    expect(changesTo(script(['Shelf']), script([]))).toEqual([
      {
        rule: 'script-type-added',
        level: 'non-breaking',
        where: 'service',
        message: 'Shelf added to generateScriptTypes',
        new: 'Shelf',
      },
    ]);
  });

  it('says nothing of a type an operation still names (the script still declares it)', () => {
    expect(changesTo(script([]), script(['Book']))).toEqual([]);
  });
});

import { stringify } from 'yaml';
import { diffModels, type Change } from '../../generator/diff/index.js';
import { loadSpecText, type ServiceModel } from '../../generator/index.js';

/** A spec as its YAML reads (types as a mapping), for tests that edit it as plain data. */

export type SpecData = Record<string, any>;

/**
 * A small lending service with a type for each direction: `Book` (and `Person`, `Author`, `Genre`) travels in
 * requests and responses, `Query` and `Filter` only in requests, `Stats`, `DetailedStats` and `Kind` only in
 * responses; `Spare` is reached by nothing; `Ticket` and `Trace` are headers.
 */
export function library(): SpecData {
  return {
    service: { name: 'Lib', namespace: 'urn:lib' },
    bindings: ['soap11', 'soap12'],
    types: {
      Genre: { enum: ['Fiction', 'Poetry'] },
      Filter: { enum: ['Recent', 'Popular'] },
      Kind: { enum: ['Daily', 'Weekly'] },
      Person: { members: [{ name: 'Name' }, { name: 'Born', type: 'int' }] },
      Author: { base: 'Person', members: [{ name: 'Country' }] },
      Book: {
        include: ['Author'],
        members: [
          { name: 'Title' },
          { name: 'Genre', type: 'Genre' },
          { name: 'Authors', type: 'Person[]' },
          { name: 'Tags', type: 'string[]' },
        ],
      },
      Query: { members: [{ name: 'Text' }, { name: 'Max', type: 'int' }, { name: 'Filter', type: 'Filter' }] },
      Stats: {
        include: ['DetailedStats'],
        members: [
          { name: 'Count', type: 'int' },
          { name: 'Kind', type: 'Kind' },
        ],
      },
      DetailedStats: { base: 'Stats', members: [{ name: 'Median', type: 'double' }] },
      Spare: { members: [{ name: 'Note' }] },
      Ticket: { header: true, members: [{ name: 'Token' }] },
      Trace: { header: true, members: [{ name: 'Id' }] },
    },
    operations: [
      { name: 'GetBook', parameters: [{ name: 'isbn' }], result: 'Book' },
      { name: 'AddBook', parameters: [{ name: 'book', type: 'Book' }] },
      {
        name: 'Search',
        parameters: [
          { name: 'q', type: 'Query' },
          { name: 'ids', type: 'int[]' },
        ],
      },
      { name: 'GetStats', result: 'Stats' },
      { name: 'Who', headers: [{ field: 'ticket', type: 'Ticket' }], result: 'string' },
      { name: 'Echo', headers: [{ field: 'trace', type: 'Trace', direction: 'inOut' }] },
    ],
  };
}

export function modelOfData(spec: SpecData): ServiceModel {
  return loadSpecText(stringify(spec), 'test.yaml');
}

/** The changes from {@link library} to the library after `edit`. */
export function libraryChanges(edit: (spec: SpecData) => void): Change[] {
  const after = library();
  edit(after);
  return diffModels(modelOfData(library()), modelOfData(after));
}

/** `rule level where` of each change. */
export function briefOf(changes: readonly Change[]): string[] {
  return changes.map((c) => `${c.rule} ${c.level} ${c.where}`);
}

/** The members of a class in the spec data. */
export function members(spec: SpecData, type: string): SpecData[] {
  return spec.types[type].members as SpecData[];
}

/** The operation named `name` in the spec data. */
export function operation(spec: SpecData, name: string): SpecData {
  return (spec.operations as SpecData[]).find((op) => op.name === name)!;
}

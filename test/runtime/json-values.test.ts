import { describe, expect, it } from 'vitest';
import { parseJson } from '../../runtime/src/json/json-text.js';
import { readJsonValue, writeJsonValue } from '../../runtime/src/json/json-values.js';
import { hostZone } from '../../runtime/src/values/host-zone.js';
import type { TypeTable } from '../../runtime/src/values/value-kinds.js';

const member = (name: string) => ({ name, xmlName: name, form: 'element' as const, type: 'string' as const });
const TYPES: TypeTable = {
  Shape: { kind: 'class', xmlName: 'Shape', elementName: 'Shape', abstract: true, derived: ['Circle'], members: [] },
  Circle: { kind: 'class', xmlName: 'Circle', elementName: 'Circle', base: 'Shape', members: [member('Label')] },
  Genre: {
    kind: 'enum',
    xmlName: 'Genre',
    elementName: 'Genre',
    values: [
      { xmlName: 'Fiction', value: 0 },
      { xmlName: 'Poetry', value: 1 },
    ],
  },
  Format: {
    kind: 'enum',
    xmlName: 'Format',
    elementName: 'Format',
    flags: true,
    values: [
      { xmlName: 'Hardcover', value: 1 },
      { xmlName: 'Audio', value: 2 },
    ],
  },
};
const CX = { types: TYPES, typeIds: new Map<string, string>(), zone: hostZone('UTC') };

describe('JSON values of the service types, as ObjectConverter binds them', () => {
  it('binds an abstract class only to the derived class its "__type" names', () => {
    expect(() => readJsonValue({ class: 'Shape' }, parseJson('{"Label":"x"}'), CX)).toThrow(
      'Cannot create an abstract class.',
    );
    expect(readJsonValue({ class: 'Shape' }, parseJson('{"__type":"Circle","Label":"x"}'), CX)).toEqual({
      $type: 'Circle',
      Label: 'x',
    });
  });

  it('binds an enum number no member has as the number (Enum.ToObject), and writes it back as it is', () => {
    expect(readJsonValue({ enum: 'Genre' }, parseJson('7'), CX)).toBe(7);
    expect(writeJsonValue({ enum: 'Genre' }, 7, CX)).toBe('7');
    expect(readJsonValue({ enum: 'Format' }, parseJson('3'), CX)).toEqual(['Hardcover', 'Audio']);
    expect(readJsonValue({ enum: 'Format' }, parseJson('12'), CX)).toBe(12);
    expect(writeJsonValue({ enum: 'Format' }, 12, CX)).toBe('12');
  });
});

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

  it('binds a JSON object in an object site to a Dictionary<string, object> (a Map), an array to object[]', () => {
    const json = '{"a":[1,"x",null,1.5,9007199254740993],"b":true,"c":{"__type":"Circle","Label":"o"},"d":{}}';
    const value = readJsonValue('anyType', parseJson(json), CX);
    expect(value).toEqual(
      new Map<string, unknown>([
        [
          'a',
          [
            { $type: 'int', value: 1 },
            { $type: 'string', value: 'x' },
            null,
            { $type: 'decimal', value: '1.5' },
            { $type: 'long', value: 9007199254740993n },
          ],
        ],
        ['b', { $type: 'boolean', value: true }],
        ['c', { $type: 'Circle', Label: 'o' }],
        ['d', new Map()],
      ]),
    );
    // Written back as it came, in its keys' order (a class value as its class, naming no __type here).
    expect(writeJsonValue('anyType', value, CX)).toBe(
      '{"a":[1,"x",null,1.5,9007199254740993],"b":true,"c":{"Label":"o"},"d":{}}',
    );
    // DeserializePrimitiveObject: no exponent, an Int32, an Int64, else a Decimal (its scale kept); an exponent, a Double.
    const numbers = '[2147483648,1.50,79228162514264337593543950336,1e300,1E3,12345678901234567890]';
    expect(readJsonValue('anyType', parseJson(numbers), CX)).toEqual([
      { $type: 'long', value: 2147483648n },
      { $type: 'decimal', value: '1.50' },
      { $type: 'double', value: 79228162514264337593543950336 },
      { $type: 'double', value: 1e300 },
      { $type: 'double', value: 1000 },
      { $type: 'decimal', value: '12345678901234567890' },
    ]);
    expect(writeJsonValue('anyType', readJsonValue('anyType', parseJson(numbers), CX), CX)).toBe(
      '[2147483648,1.50,7.9228162514264338E+28,1E+300,1000,12345678901234567890]',
    );
    // ObjectConverter: a __type the service does not know is an InvalidOperationException without a message of its own.
    expect(() => readJsonValue('anyType', parseJson('{"__type":"Square"}'), CX)).toThrow(
      'Operation is not valid due to the current state of the object.',
    );
  });
});

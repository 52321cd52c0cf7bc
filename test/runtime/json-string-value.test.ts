/**
 * The one rule of typed JSON strings (`runtime/src/json/json-string-value.ts`): strict JSON, located where it stops
 * being JSON without quoting it; the first schema problem by pointer and keyword; and the two helpers the generated
 * validators call.
 */
import { describe, expect, it } from 'vitest';
import { jsonEqual, jsonLength } from '../../runtime/src/json/json-schema-helpers.js';
import {
  describeIssue,
  JsonStringError,
  readJsonString,
  syntaxProblem,
  writeJsonString,
  type JsonSchemaValidator,
} from '../../runtime/src/json/json-string-value.js';

const anything: JsonSchemaValidator = () => true;
const nothing: JsonSchemaValidator = Object.assign(() => false, {
  errors: [{ instancePath: '/a/b~1c', keyword: 'type', params: { type: 'integer' }, message: 'must be integer' }],
});

describe('readJsonString', () => {
  it('reads strict JSON, and leaves an absent or nil string as it is', () => {
    expect(readJsonString({ validate: anything }, ' {"a":[1,2.5e3,null,true]} ', 'p')).toEqual({
      a: [1, 2500, null, true],
    });
    expect(readJsonString({ validate: anything }, undefined, 'p')).toBeUndefined();
    expect(readJsonString({ validate: anything }, null, 'p')).toBeNull();
  });

  it('says where a text stops being JSON, and never repeats the text', () => {
    const cases: [string, string][] = [
      ['', 'unexpected end'],
      ['{"a":1,}', 'unexpected "}" at character 8'],
      ["{'a':1}", `unexpected "'" at character 2`],
      ['[1 2]', 'unexpected "2" at character 4'],
      ['tru', 'unexpected end'],
      ['trux', 'unexpected "x" at character 4'],
      ['"a\tb"', 'unexpected U+0009 at character 3'],
      ['"\\x"', 'unexpected "x" at character 3'],
      ['"\\u12g4"', 'unexpected "g" at character 6'],
      ['01', 'unexpected "1" at character 2'],
      ['1.', 'unexpected end'],
      ['{"secret-value": 1} x', 'unexpected "x" at character 21'],
      ['😀', 'unexpected "😀" at character 1'],
    ];
    for (const [text, problem] of cases) {
      expect(() => JSON.parse(text), text).toThrow();
      expect(syntaxProblem(text), text).toBe(problem);
    }
    expect(() => readJsonString({ validate: anything }, '{"secret-value":', 'requestJson')).toThrow(
      new JsonStringError('requestJson is not JSON: unexpected end.'),
    );
  });

  it("names the schema's first problem by JSON pointer and keyword", () => {
    expect(() => readJsonString({ validate: nothing }, '{}', 'requestJson')).toThrow(
      new JsonStringError('requestJson does not match its schema: at /a/b~1c: must be integer (type).'),
    );
    expect(
      describeIssue({
        instancePath: '',
        keyword: 'additionalProperties',
        params: { additionalProperty: 'x/y' },
        message: 'must NOT have additional properties',
      }),
    ).toBe('at /x~1y: must NOT have additional properties (additionalProperties)');
    expect(describeIssue({ instancePath: '', keyword: 'required', message: "must have required property 'a'" })).toBe(
      "at (root): must have required property 'a' (required)",
    );
  });
});

describe('writeJsonString', () => {
  it('writes JSON text, nothing for undefined, and refuses what JSON cannot hold', () => {
    expect(writeJsonString({ a: 'é', b: [1] }, 'r')).toBe('{"a":"é","b":[1]}');
    expect(writeJsonString(undefined, 'r')).toBeUndefined();
    expect(() => writeJsonString(1n, 'The result')).toThrow(JsonStringError);
    expect(() => writeJsonString(() => 1, 'The result')).toThrow(
      new JsonStringError('The result cannot be written as JSON: it is a function.'),
    );
  });
});

describe('the validators’ helpers', () => {
  it('jsonLength counts code points, as JSON Schema lengths do', () => {
    expect(jsonLength('')).toBe(0);
    expect(jsonLength('ab😀c')).toBe(4);
    expect(jsonLength('\ud800x')).toBe(2);
  });

  it('jsonEqual compares JSON values deeply, object keys in any order', () => {
    expect(jsonEqual({ a: [1, { b: null }], c: 'x' }, { c: 'x', a: [1, { b: null }] })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
    expect(jsonEqual([], {})).toBe(false);
    expect(jsonEqual(1, '1')).toBe(false);
    expect(jsonEqual(null, {})).toBe(false);
  });
});

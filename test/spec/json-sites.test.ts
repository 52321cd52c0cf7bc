/**
 * `json:` on string parameters and `resultJson:` on operations: the schema resolved once (files read, `$ref`s to
 * other files inlined under `$defs`), what the model names, and each refusal at its `file:line:column` — in the
 * spec, or in the schema's own file.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../generator/package-root.js';
import { buildModel } from '../../generator/spec/build-model.js';
import { parseSpec } from '../../generator/spec/parse-spec.js';
import { formatProblem, SpecError } from '../../generator/spec/spec-error.js';

const dir = mkdtempSync(join(tmpdir(), 'asmxgen-json-sites-'));
const SPEC = join(dir, 'svc.yaml');
const HEAD = 'service:\n  name: Svc\n  namespace: urn:svc\noperations:\n';

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): void {
  mkdirSync(join(dir, name, '..'), { recursive: true });
  writeFileSync(join(dir, name), text);
}

function problemsOf(text: string): string[] {
  try {
    parseSpec(text, SPEC);
  } catch (err) {
    if (err instanceof SpecError) return err.problems.map((p) => formatProblem(p).replaceAll(dir, '<dir>'));
    throw err;
  }
  throw new Error('expected a SpecError');
}

describe('json: and resultJson:', () => {
  it('reads an inline schema and a file, inlining the files it refers to under $defs, each once', () => {
    file(
      'schemas/order.json',
      JSON.stringify({
        type: 'object',
        properties: {
          ship: { $ref: 'address.schema.json#/definitions/Address' },
          bill: { $ref: './address.schema.json#/definitions/Address' },
          lines: { type: 'array', items: { $ref: '../line.yaml' } },
        },
      }),
    );
    file(
      'schemas/address.schema.json',
      JSON.stringify({
        definitions: {
          Address: { type: 'object', properties: { zip: { $ref: '#/definitions/Zip' } } },
          Zip: { type: 'string', pattern: '^[0-9]{5}$' },
        },
      }),
    );
    file('line.yaml', 'type: object\nrequired: [sku]\nproperties:\n  sku: { type: string }\n');
    const spec = parseSpec(
      `${HEAD}  - name: Order\n    parameters:\n      - { name: orderJson, json: schemas/order.json }\n` +
        '    result: string\n    resultJson: { type: integer, minimum: 1 }\n',
      SPEC,
    );
    const op = spec.operations[0]!;
    expect(op.parameters![0]!.json).toEqual({
      file: 'schemas/order.json',
      schema: {
        type: 'object',
        properties: {
          ship: { $ref: '#/$defs/address/definitions/Address' },
          bill: { $ref: '#/$defs/address/definitions/Address' },
          lines: { type: 'array', items: { $ref: '#/$defs/line' } },
        },
        $defs: {
          address: {
            definitions: {
              Address: { type: 'object', properties: { zip: { $ref: '#/$defs/address/definitions/Zip' } } },
              Zip: { type: 'string', pattern: '^[0-9]{5}$' },
            },
          },
          line: { type: 'object', required: ['sku'], properties: { sku: { type: 'string' } } },
        },
      },
    });
    expect(op.resultJson).toEqual({ schema: { type: 'integer', minimum: 1 } });
    const model = buildModel(spec).operations[0]!;
    expect(model.parameters[0]!.tsType).toBe('OrderOrderJson');
    expect(model.parameters[0]!.json?.validator).toBe('validateOrderOrderJson');
    expect(model.parameters[0]!.valueType).toBe('string');
    expect(model.result!.tsType).toBe('OrderResultJson');
  });

  it('names a parameter that ends in Json once, and keeps | null for a nillable one', () => {
    const spec = parseSpec(
      `${HEAD}  - name: Auth\n    parameters:\n      - { name: requestJson, nillable: true, json: { type: object } }\n`,
      SPEC,
    );
    expect(buildModel(spec).operations[0]!.parameters[0]!.tsType).toBe('AuthRequestJson | null');
  });

  it('refuses json where the wire has no plain string, at the field', () => {
    expect(
      problemsOf(
        `${HEAD}  - name: A\n    parameters:\n` +
          '      - { name: n, type: int, json: { type: object } }\n' +
          '      - { name: o, direction: out, json: { type: object } }\n' +
          '      - { name: d, dataType: token, json: { type: object } }\n' +
          '    resultJson: { type: object }\n' +
          '  - name: B\n    result: string[]\n    resultJson: { type: object }\n',
      ),
    ).toEqual([
      '<dir>/svc.yaml:7:37: operations[0].parameters[0].json: json applies to a string parameter only (the wire carries the JSON as a string), not "int"',
      '<dir>/svc.yaml:8:42: operations[0].parameters[1].json: json applies to an in parameter only, not out',
      '<dir>/svc.yaml:9:43: operations[0].parameters[2].json: a JSON parameter is a plain string: no dataType',
      '<dir>/svc.yaml:10:17: operations[0].resultJson: a void operation has no result to describe',
      '<dir>/svc.yaml:13:17: operations[1].resultJson: json applies to a string result only (the wire carries the JSON as a string), not "string[]"',
    ]);
  });

  it('refuses an invalid inline schema at the keyword that is wrong', () => {
    expect(
      problemsOf(
        `${HEAD}  - name: A\n    parameters:\n      - name: aJson\n        json:\n          type: object\n` +
          '          properties:\n            age: { type: integr }\n',
      ),
    ).toEqual([
      '<dir>/svc.yaml:11:26: operations[0].parameters[0].json: not a valid JSON Schema at /properties/age/type: must be equal to one of the allowed values',
    ]);
  });

  it('refuses a schema file that is missing, unreadable as JSON, or invalid, at its own line and column', () => {
    file('broken.json', '{\n  "type": "object",\n  "properties": { "a": { "type": "string" }\n');
    file('invalid.json', '{\n  "type": "object",\n  "required": "a"\n}\n');
    file('refs-missing.json', '{ "type": "object", "properties": { "a": { "$ref": "nowhere.json" } } }\n');
    expect(
      problemsOf(
        `${HEAD}  - name: A\n    parameters:\n` +
          '      - { name: a, json: missing.json }\n' +
          '      - { name: b, json: broken.json }\n' +
          '      - { name: c, json: invalid.json }\n' +
          '      - { name: d, json: refs-missing.json }\n' +
          '      - { name: e, json: schema.txt }\n',
      ),
    ).toEqual([
      '<dir>/invalid.json:3:15: operations[0].parameters[2].json: not a valid JSON Schema at /required: must be array',
      '<dir>/broken.json:4:1: operations[0].parameters[1].json: the JSON Schema file is not JSON or YAML: Flow map in block collection must be sufficiently indented and end with a }',
      '<dir>/svc.yaml:7:26: operations[0].parameters[0].json: cannot read the JSON Schema file <dir>/missing.json: no such file',
      '<dir>/svc.yaml:10:26: operations[0].parameters[3].json: cannot read the JSON Schema file <dir>/nowhere.json: no such file',
      '<dir>/svc.yaml:11:26: operations[0].parameters[4].json: expected a JSON Schema: a mapping, or the path of a .json or .yaml file (got "schema.txt")',
    ]);
  });

  it('refuses a $ref that is no local file, another draft, and a schema that does not compile', () => {
    expect(
      problemsOf(
        `${HEAD}  - name: A\n    parameters:\n` +
          "      - { name: a, json: { $ref: 'https://example.com/s.json' } }\n" +
          "      - { name: b, json: { $schema: 'https://json-schema.org/draft/2020-12/schema' } }\n" +
          "      - { name: c, json: { $ref: '#/definitions/Nope' } }\n",
      ),
    ).toEqual([
      '<dir>/svc.yaml:7:26: operations[0].parameters[0].json: $ref "https://example.com/s.json" is not a local file: only refs to files beside the schema (and pointers into it) are inlined',
      '<dir>/svc.yaml:8:37: operations[0].parameters[1].json: asmxgen reads JSON Schema draft-07 ("$schema": "http://json-schema.org/draft-07/schema#"); not "https://json-schema.org/draft/2020-12/schema"',
      "<dir>/svc.yaml:9:26: operations[0].parameters[2].json: the JSON Schema does not compile: can't resolve reference #/definitions/Nope from id #",
    ]);
  });
});

describe('asmxgen.schema.json on json: and resultJson:', () => {
  it('accepts them on strings only, as the loader does', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: false });
    const validate = ajv.compile(JSON.parse(readFileSync(join(packageRoot(), 'spec', 'asmxgen.schema.json'), 'utf8')));
    const spec = (operation: object) => ({ service: { name: 'S', namespace: 'urn:s' }, operations: [operation] });
    const ok = (operation: object) => validate(spec(operation));
    expect(ok({ name: 'A', parameters: [{ name: 'a', json: { type: 'object' } }] })).toBe(true);
    expect(ok({ name: 'A', parameters: [{ name: 'a', type: 'string', json: 'a.schema.json' }] })).toBe(true);
    expect(ok({ name: 'A', result: 'string', resultJson: { type: 'array' } })).toBe(true);
    expect(ok({ name: 'A', parameters: [{ name: 'a', type: 'int', json: { type: 'object' } }] })).toBe(false);
    expect(ok({ name: 'A', parameters: [{ name: 'a', direction: 'out', json: { type: 'object' } }] })).toBe(false);
    expect(ok({ name: 'A', parameters: [{ name: 'a', json: 42 }] })).toBe(false);
    expect(ok({ name: 'A', resultJson: { type: 'array' } })).toBe(false);
    expect(ok({ name: 'A', result: 'int', resultJson: { type: 'array' } })).toBe(false);
  });
});

/**
 * `dataType` (members, parameters, `resultDataType`) and `nillable` on parameters and results
 * (`resultNillable`): what the spec accepts, what the model makes of it, and each refusal at its
 * `file:line:column`.
 */
import { describe, expect, it } from 'vitest';
import { buildModel } from '../../generator/spec/build-model.js';
import { parseSpec } from '../../generator/spec/parse-spec.js';
import { formatProblem, SpecError } from '../../generator/spec/spec-error.js';

const HEAD = 'service:\n  name: Svc\n  namespace: urn:svc\n';

function problemsOf(text: string): string[] {
  try {
    parseSpec(text, 'f.yaml');
  } catch (err) {
    if (err instanceof SpecError) return err.problems.map(formatProblem);
    throw err;
  }
  throw new Error('expected a SpecError');
}

describe('dataType', () => {
  it('gives members, attributes, parameters and results the XSD type, and keeps the C# type elsewhere', () => {
    const spec = parseSpec(
      `${HEAD}types:\n  Stamp:\n    members:\n` +
        '      - { name: Day, type: dateTime, dataType: date }\n' +
        '      - { name: Serial, attribute: true, dataType: integer }\n' +
        '      - { name: Maybe, type: dateTime?, dataType: time }\n' +
        'operations:\n  - name: Echo\n' +
        '    parameters: [{ name: data, type: base64Binary, dataType: hexBinary }, { name: s, type: Stamp }]\n' +
        '    result: string\n    resultDataType: token\n' +
        '  - name: Today\n    result: dateTime\n    resultDataType: date\n',
      'f.yaml',
    );
    const model = buildModel(spec);
    const op = model.operations[0]!;
    expect(op.parameters[0]!.valueType).toBe('hexBinary');
    expect(op.parameters[0]!.tsType).toBe('Uint8Array');
    expect(op.parameters[0]!.minOccurs).toBe(0);
    expect(op.result!.valueType).toBe('token');
    // HTTP GET and POST write the C# type.
    expect(model.operations[1]!.result!.httpElement).toBe('dateTime');
    const stamp = model.typeDescriptions.Stamp;
    expect(stamp?.kind === 'class' && stamp.members.map((m) => [m.name, m.type, m.nillable ?? false])).toEqual([
      ['Day', 'date', false],
      ['Serial', 'integer', false],
      ['Maybe', 'time', true],
    ]);
  });

  it('is refused where it does not apply, at the field', () => {
    expect(
      problemsOf(
        `${HEAD}types:\n  Stamp:\n    members:\n` +
          '      - { name: Day, type: string, dataType: date }\n' +
          '      - { name: Days, type: "dateTime[][]", dataType: date }\n' +
          '      - { name: Odd, dataType: int }\n' +
          'operations:\n  - name: Echo\n' +
          '    parameters: [{ name: p, type: int, dataType: integer }]\n' +
          '    resultDataType: date\n',
      ),
    ).toEqual([
      'f.yaml:7:46: types.Stamp.members[0].dataType: dataType date applies to a dateTime or dateTime? or a one-dimensional array of it, not "string"',
      'f.yaml:8:55: types.Stamp.members[1].dataType: dataType date applies to a dateTime or dateTime? or a one-dimensional array of it, not "dateTime[][]"',
      'f.yaml:9:32: types.Stamp.members[2].dataType: unknown dataType "int": one of integer, nonNegativeInteger, positiveInteger, negativeInteger, nonPositiveInteger, token, normalizedString, language, Name, NCName, NMTOKEN, NMTOKENS, ID, IDREF, IDREFS, ENTITY, ENTITIES, NOTATION, anyURI, duration, gYear, gYearMonth, gMonth, gMonthDay, gDay, date, time, hexBinary',
      'f.yaml:12:50: operations[0].parameters[0].dataType: dataType integer applies to a string or a one-dimensional array of it, not "int"',
      'f.yaml:13:21: operations[0].resultDataType: a void operation has no result to describe',
    ]);
  });
});

describe('nillable parameters and results', () => {
  it('are minOccurs="1" nillable="true", and null in TypeScript', () => {
    const spec = parseSpec(
      `${HEAD}operations:\n  - name: Echo\n    parameters: [{ name: text, nillable: true }]\n` +
        '    result: string\n    resultNillable: true\n',
      'f.yaml',
    );
    const op = buildModel(spec).operations[0]!;
    expect([op.parameters[0]!.minOccurs, op.parameters[0]!.nillable, op.parameters[0]!.tsType]).toEqual([
      1,
      true,
      'string | null',
    ]);
    expect([op.result!.minOccurs, op.result!.nillable, op.result!.tsType]).toEqual([1, true, 'string | null']);
  });

  it('are refused on value types, which are T? instead', () => {
    expect(
      problemsOf(
        `${HEAD}operations:\n  - name: Echo\n    parameters: [{ name: n, type: int, nillable: true }]\n` +
          '    result: int?\n    resultNillable: true\n',
      ),
    ).toEqual([
      'f.yaml:6:50: operations[0].parameters[0].nillable: nillable applies to a reference type; "int" is a value type',
      'f.yaml:8:21: operations[0].resultNillable: nillable applies to a reference type; "int?" is nillable already',
    ]);
  });
});

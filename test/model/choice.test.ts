import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ClassDescription } from '@asmxgen/runtime';
import { buildModel } from '../../generator/spec/build-model.js';
import { parseSpec } from '../../generator/spec/parse-spec.js';
import { formatProblem, SpecError } from '../../generator/spec/spec-error.js';

const SPEC = new URL('../golden/corpus-choices/spec.yaml', import.meta.url);

function problemsOf(text: string): string[] {
  try {
    parseSpec(text, 'c.yaml');
  } catch (err) {
    if (err instanceof SpecError) return err.problems.map(formatProblem);
    throw err;
  }
  throw new Error('expected a SpecError');
}

const HEAD = 'service:\n  name: C\n  namespace: urn:c\n';

describe('choice members and parameters ([XmlElement(Name, typeof(T))]s)', () => {
  const model = buildModel(parseSpec(readFileSync(SPEC, 'utf8'), 'spec.yaml'));

  it('types a choice as a union of its elements, each named by $element, so that a value says which element it is', () => {
    const plan = model.tsDeclarations.find((d) => d.name === 'Plan');
    if (plan?.kind !== 'class') throw new Error('Plan is a class');
    const types = Object.fromEntries(plan.members.map((m) => [m.name, [m.tsType, m.optional]]));
    expect(types).toEqual({
      Name: ['string', true],
      Item: [
        "{ $element: 'ScheduleReference'; value: ScheduleReference } | { $element: 'NoSchedule'; value: NoSchedule }",
        true,
      ],
      Item1: [
        "{ $element: 'Count'; value: number } | { $element: 'Label'; value: string } | { $element: 'Ref'; value: ScheduleReference }",
        true,
      ],
      Items: ["({ $element: 'N'; value: number } | { $element: 'S'; value: string })[]", true],
      Schedules: [
        "({ $element: 'Ref'; value: ScheduleReference | null } | { $element: 'None'; value: NoSchedule | null })[]",
        true,
      ],
      Tail: ['number', false],
    });
    const count = model.operations.find((o) => o.name === 'Count')!;
    expect(count.parameters[0]!.tsType).toBe(
      "({ $element: 'NoSchedule'; value: NoSchedule | null } | { $element: 'ScheduleReference'; value: ScheduleReference | null })[]",
    );
  });

  it('names the wrapped arrays of choices ArrayOfChoice1, 2, … one per site, as the runtime does', () => {
    expect(model.arrayTypes.map((a) => a.name)).toEqual(['ArrayOfChoice1', 'ArrayOfChoice2', 'ArrayOfChoice3']);
  });

  it('describes every choice to the runtime, element by element in order, so generated code carries it', () => {
    expect(model.codeBlockers).toEqual([]);
    const plan = model.typeDescriptions.Plan as ClassDescription;
    const member = (name: string) => plan.members.find((m) => m.name === name)!;
    const references = [
      { element: 'ScheduleReference', type: { class: 'ScheduleReference' } },
      { element: 'NoSchedule', type: { class: 'NoSchedule' } },
    ];
    expect(member('Item').choice).toEqual(references);
    expect(member('Item1').choice).toEqual([
      { element: 'Count', type: 'int' },
      { element: 'Label', type: 'string' },
      { element: 'Ref', type: { class: 'ScheduleReference' } },
    ]);
    expect(member('Items')).toMatchObject({ unwrapped: true, choice: [{ element: 'N' }, { element: 'S' }] });
    // A wrapped array of choices: its items are the choice, nillable as ArrayOfChoice1 says.
    expect(member('Schedules').choice).toBeUndefined();
    expect(member('Schedules').type).toMatchObject({
      choice: [
        { element: 'Ref', type: { class: 'ScheduleReference' }, nillable: true },
        { element: 'None', type: { class: 'NoSchedule' }, nillable: true },
      ],
    });
    const setOptions = model.operations.find((o) => o.name === 'SetOptions')!;
    expect(setOptions.parameters[1]!.valueChoice).toEqual(references);
  });

  it('refuses a choice of one element, array elements, and what a choice cannot have', () => {
    const text =
      HEAD +
      'types:\n  A:\n    members:\n' +
      '      - name: One\n        choice: [{ name: X, type: int }]\n' +
      '      - name: Arr\n        choice: [{ name: X, type: "int[]" }, { name: Y }]\n' +
      '      - name: Attr\n        attribute: true\n        choice: [{ name: P, type: int }, { name: Q }]\n' +
      '      - name: Id\n        choiceIdentifier: Which\n' +
      '      - name: Num\n        type: int\n        choice: [{ name: R, type: int }, { name: S }]\n' +
      'operations:\n  - name: Op\n';
    expect(problemsOf(text)).toEqual([
      'c.yaml:8:17: types.A.members[0].choice: a choice needs at least two elements (one element is an ordinary member or parameter)',
      'c.yaml:10:35: types.A.members[1].choice[0].type: a choice element is of one type, not an array; got "int[]"',
      'c.yaml:12:20: types.A.members[2].attribute: a choice member cannot have an attribute',
      'c.yaml:15:27: types.A.members[3].choiceIdentifier: choiceIdentifier applies to a member with a choice only',
      'c.yaml:17:15: types.A.members[4].type: a choice is held by a member or parameter of type anyType or a class, or an array of one; got "int"',
    ]);
  });
});

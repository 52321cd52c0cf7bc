import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
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

  it('blocks the TypeScript emitters with one line per choice, naming the member or parameter', () => {
    expect(model.codeBlockers).toHaveLength(7);
    expect(model.codeBlockers[0]).toBe(
      'type "Plan": member "Item" is a choice of elements ([XmlElement(Name, typeof(T))]s or ' +
        '[XmlArrayItem(Name, typeof(T))]s): the generated server and client do not read or write choices yet',
    );
    expect(model.codeBlockers[4]).toMatch(/^operation "SetOptions": parameter "Item" is a choice of elements/);
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

import { describe, expect, it } from 'vitest';
import type { ChoiceElementDeclaration } from '../../generator/model/type-declarations.js';
import type { SpecOperation, SpecParameter } from '../../generator/index.js';
import { brief, changesTo, withOperation } from './helpers.js';

const AB: ChoiceElementDeclaration[] = [
  { name: 'a', type: 'int' },
  { name: 'b', type: 'string' },
];

/** `Count` with one unwrapped choice parameter `items` (`[XmlElement("a", typeof(int))]`, …) of `direction`. */
function items(choice: ChoiceElementDeclaration[] | undefined, direction: SpecParameter['direction'] = 'in') {
  return withOperation('Count', (op) => ({
    ...op,
    parameters: [
      {
        name: 'items',
        type: 'anyType[]',
        unwrapped: true,
        ...(choice && { choice }),
        ...(direction !== 'in' && { direction }),
      },
    ],
  }));
}

/** `Count` returning an unwrapped choice (`[return: XmlElement("a", typeof(int))]`, …). */
function mixed(choice: ChoiceElementDeclaration[] | undefined) {
  return withOperation('Count', (op): SpecOperation => ({
    ...op,
    result: 'anyType[]',
    resultUnwrapped: true,
    ...(choice && { resultChoice: choice }),
  }));
}

describe('choice rules', () => {
  it('choice-element-added-compatible (non-breaking): a request choice gains an element', () => {
    expect(changesTo(items([...AB, { name: 'c', type: 'boolean' }]), items(AB))).toEqual([
      {
        rule: 'choice-element-added-compatible',
        level: 'non-breaking',
        where: 'operation Count, parameter items<c>',
        message: 'element c (boolean) added, in requests',
        new: 'boolean',
      },
    ]);
  });

  it('choice-element-added (breaking): a result, or an out or ref parameter, gains an element', () => {
    const more = [...AB, { name: 'c', type: 'boolean' }];
    expect(changesTo(mixed(more), mixed(AB))).toEqual([
      {
        rule: 'choice-element-added',
        level: 'breaking',
        where: 'operation Count, result<c>',
        message: 'element c (boolean) added, in responses',
        new: 'boolean',
      },
    ]);
    expect(brief(changesTo(items(more, 'ref'), items(AB, 'ref')))).toEqual([
      'choice-element-added breaking operation Count, parameter items<c>',
    ]);
  });

  it('choice-element-removed (breaking): a request choice loses an element old callers may send (breaking first)', () => {
    expect(changesTo(items(AB.slice(0, 1).concat({ name: 'c', type: 'string' })), items(AB))).toEqual([
      {
        rule: 'choice-element-removed',
        level: 'breaking',
        where: 'operation Count, parameter items<b>',
        message: 'element b (string) removed, in requests',
        old: 'string',
      },
      {
        rule: 'choice-element-added-compatible',
        level: 'non-breaking',
        where: 'operation Count, parameter items<c>',
        message: 'element c (string) added, in requests',
        new: 'string',
      },
    ]);
  });

  it('choice-element-removed-compatible (non-breaking): a result or an out parameter loses an element', () => {
    const fewer = [...AB.slice(0, 1), { name: 'c', type: 'string' }];
    expect(brief(changesTo(mixed(fewer), mixed(AB)))).toEqual([
      'choice-element-added breaking operation Count, result<c>',
      'choice-element-removed-compatible non-breaking operation Count, result<b>',
    ]);
    expect(changesTo(items(fewer, 'out'), items(AB, 'out'))).toContainEqual({
      rule: 'choice-element-removed-compatible',
      level: 'non-breaking',
      where: 'operation Count, parameter items<b>',
      message: 'element b (string) removed, in responses',
      old: 'string',
    });
  });

  it('choice-element-type-changed (breaking): the element picks another type', () => {
    expect(changesTo(mixed([AB[0]!, { name: 'b', type: 'dateTime' }]), mixed(AB))).toEqual([
      {
        rule: 'choice-element-type-changed',
        level: 'breaking',
        where: 'operation Count, result<b>',
        message: 'element b changed from string to dateTime, in responses',
        old: 'string',
        new: 'dateTime',
      },
    ]);
  });

  it('choice-changed (breaking): a plain unwrapped array becomes a choice, or back', () => {
    expect(changesTo(items(AB), items(undefined))).toEqual([
      {
        rule: 'choice-changed',
        level: 'breaking',
        where: 'operation Count, parameter items',
        message: 'became a choice of a, b, in requests',
        old: '',
        new: 'a, b',
      },
    ]);
    expect(brief(changesTo(mixed(undefined), mixed(AB)))).toEqual(['choice-changed breaking operation Count, result']);
  });
});

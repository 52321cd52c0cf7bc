/**
 * What the model derives once for the TypeScript emitters: names that never collide, the TypeScript type of every
 * site, and the runtime's descriptions of declared types.
 */
import { describe, expect, it } from 'vitest';
import { RUNTIME } from '../../generator/emit/runtime-symbols.js';
import { loadSpecText } from '../../generator/index.js';
import { RUNTIME_NAMES } from '../../generator/model/ts-names.js';

const HIERARCHY = `
service: { name: Zoo, namespace: "urn:zoo" }
types:
  Person: { members: [{ name: Name }, { name: BirthYear, type: int? }] }
  Author: { base: Person, members: [{ name: Country }] }
  Poet: { base: Author, members: [] }
  Shape: { abstract: true, members: [{ name: Label }] }
  Circle: { base: Shape, members: [{ name: Radius, type: double }] }
  Mode: { enum: [Fast, { name: Safe, value: 5 }, Slow, { name: Odd, xmlName: odd-one }] }
  Access: { flags: [{ name: None, value: 0 }, { name: Read, value: 1 }, { name: Write, value: 2 }] }
  Holder:
    members:
      - { name: People, type: 'Person[]' }
      - { name: Counts, type: 'int?[]' }
      - { name: Grid, type: 'int[][]' }
      - { name: Tags, type: 'string[]', unwrapped: true, xmlName: Tag }
      - { name: Note, nillable: true }
      - { name: Level, type: int, optional: true }
      - { name: Code, attribute: true }
      - { name: When, type: dateTime }
      - { name: Span, type: timeSpan }
      - { name: Xml, type: xmlElement, any: true }
operations:
  - { name: Get, parameters: [{ name: mode, type: Mode? }], result: Holder }
  - { name: Draw, parameters: [{ name: shape, type: Shape }], result: Access }
`;

describe('TypeScript names', () => {
  it('keep declared types as declared; generated names that would collide take a "_"', () => {
    const model = loadSpecText(`
service: { name: Shop, namespace: "urn:shop" }
types:
  LoginResult: { members: [{ name: Ok, type: boolean }] }
  Promise: { members: [] }
  CallContext: { members: [] }
  ShopClient: { members: [] }
  Person: { members: [] }
  Author: { base: Person, members: [] }
  PersonValue: { members: [] }
operations:
  - { name: Login, result: LoginResult }
  - { name: Use, parameters: [{ name: a, type: Promise }, { name: b, type: CallContext }, { name: c, type: ShopClient }] }
  - { name: Meet, parameters: [{ name: p, type: Person }, { name: v, type: PersonValue }] }
`);
    expect(model.tsDeclarations.map((d) => d.tsName)).toEqual([
      'LoginResult',
      'Promise_',
      'CallContext_',
      'ShopClient_',
      'Person',
      'Author',
      'PersonValue',
    ]);
    const person = model.tsDeclarations.find((d) => d.name === 'Person');
    expect(person?.kind === 'class' && person.valueUnion).toEqual({
      name: 'PersonValue_',
      members: ['Person', 'Author'],
    });
    const [login, use, meet] = model.operations;
    expect(login!.ts).toMatchObject({ method: 'Login', inputType: 'LoginInput', resultType: 'LoginResult_' });
    expect(login!.result!.tsType).toBe('LoginResult');
    expect(use!.parameters.map((p) => p.tsType)).toEqual(['Promise_', 'CallContext_', 'ShopClient_']);
    expect(meet!.parameters.map((p) => p.tsType)).toEqual(['PersonValue_', 'PersonValue']);
  });

  it('name handlers and client methods by message name, so overloads do not collide', () => {
    const model = loadSpecText(`
service: { name: Calc, namespace: "urn:calc" }
operations:
  - { name: Add, messageName: AddInts, parameters: [{ name: a, type: int }], result: int }
  - { name: Add, parameters: [{ name: a, type: double }], result: double }
`);
    expect(model.operations.map((op) => [op.ts.method, op.ts.inputType, op.ts.resultType])).toEqual([
      ['AddInts', 'AddIntsInput', 'AddIntsResult'],
      ['Add', 'AddInput', 'AddResult'],
    ]);
    expect(model.codeBlockers).toEqual([]);
  });

  it('reserve every runtime symbol generated code imports', () => {
    for (const name of Object.keys(RUNTIME)) expect(RUNTIME_NAMES).toContain(name);
  });

  it('name header types per operation, and the headers a client sends', () => {
    const model = loadSpecText(`
service: { name: H, namespace: "urn:h" }
types:
  Ticket: { header: true, members: [{ name: Token }] }
  Trace: { header: true, members: [{ name: Id }] }
operations:
  - { name: Plain }
  - name: Renew
    headers: [{ field: ticket, type: Ticket }, { field: trace, type: Trace, direction: inOut }]
  - { name: Log, headers: [{ field: trace, type: Trace, direction: out }] }
`);
    expect(model.operations.map((op) => op.ts.headers)).toEqual([
      undefined,
      { in: 'RenewHeaders', out: 'RenewOutHeaders', context: 'RenewContext', callOptions: 'RenewCallOptions' },
      { in: undefined, out: 'LogOutHeaders', context: 'LogContext', callOptions: 'LogCallOptions' },
    ]);
    expect(model.soapHeaderFields).toEqual([
      { field: 'ticket', tsType: 'Ticket' },
      { field: 'trace', tsType: 'Trace' },
    ]);
  });
});

describe('TypeScript types of sites', () => {
  const model = loadSpecText(HIERARCHY);

  it('follow docs/types.md: unions for hierarchies, null only where nillable, ? where absent is possible', () => {
    const holder = model.tsDeclarations.find((d) => d.name === 'Holder');
    if (holder?.kind !== 'class') throw new Error('a class');
    expect(holder.members.map((m) => `${m.name}${m.optional ? '?' : ''}: ${m.tsType}`)).toEqual([
      'People?: (PersonValue | null)[]',
      'Counts?: (number | null)[]',
      'Grid?: (number[] | null)[]',
      'Tags?: string[]',
      'Note: string | null',
      'Level?: number',
      'Code?: string',
      'When: XsdDateTime',
      'Span: Record<string, never>',
      'Xml?: XmlFragment',
    ]);
    expect(model.operations[0]!.parameters[0]!.tsType).toBe('Mode | null');
    expect(model.operations[1]!.parameters[0]!.tsType).toBe('ShapeValue');
    expect(model.runtimeValues).toEqual(['XsdDateTime', 'XmlFragment']);
  });

  it('discriminate hierarchies by $type: optional at the root, required below; abstract classes leave unions', () => {
    const byName = new Map(model.tsDeclarations.map((d) => [d.name, d]));
    const facts = (name: string) => {
      const d = byName.get(name);
      if (d?.kind !== 'class') throw new Error('a class');
      return [d.base, d.discriminator, d.valueUnion];
    };
    expect(facts('Person')).toEqual([
      undefined,
      'optional',
      { name: 'PersonValue', members: ['Person', 'Author', 'Poet'] },
    ]);
    expect(facts('Author')).toEqual(['Person', 'required', { name: 'AuthorValue', members: ['Author', 'Poet'] }]);
    expect(facts('Poet')).toEqual(['Author', 'required', undefined]);
    expect(facts('Shape')).toEqual([undefined, 'optional', { name: 'ShapeValue', members: ['Circle'] }]);
    expect(facts('Holder')).toEqual([undefined, 'none', undefined]);
  });
});

describe('type descriptions', () => {
  const model = loadSpecText(HIERARCHY);

  it('list members inherited first and derived classes at any depth', () => {
    expect(model.typeDescriptions.Poet).toEqual({
      kind: 'class',
      xmlName: 'Poet',
      elementName: 'Poet',
      base: 'Author',
      members: [
        { name: 'Name', xmlName: 'Name', form: 'element', type: 'string' },
        { name: 'BirthYear', xmlName: 'BirthYear', form: 'element', type: 'int', nillable: true },
        { name: 'Country', xmlName: 'Country', form: 'element', type: 'string' },
      ],
    });
    expect(model.typeDescriptions.Person).toMatchObject({ derived: ['Author', 'Poet'] });
    expect(model.typeDescriptions.Shape).toMatchObject({ abstract: true, derived: ['Circle'] });
  });

  it('describe arrays with their item names, unwrapped items by the member name, [XmlAnyElement] as XML', () => {
    const holder = model.typeDescriptions.Holder;
    if (holder?.kind !== 'class') throw new Error('a class');
    expect(holder.members.map((m) => m.type)).toEqual([
      { array: { class: 'Person' }, item: 'Person', nillable: true },
      { array: 'int', item: 'int', nillable: true },
      { array: { array: 'int', item: 'int', nillable: false }, item: 'ArrayOfInt1', nillable: true },
      { array: 'string', item: 'Tag', nillable: false },
      'string',
      'int',
      'string',
      'dateTime',
      'timeSpan',
      'xmlElement',
    ]);
    expect(holder.members.find((m) => m.name === 'Level')).toMatchObject({ optional: true });
    expect(holder.members.find((m) => m.name === 'Tags')).toMatchObject({ unwrapped: true, xmlName: 'Tag' });
  });

  it('number enum values as C# does (as given, else one more than the one before); C# names where renamed', () => {
    expect(model.typeDescriptions.Mode).toEqual({
      kind: 'enum',
      xmlName: 'Mode',
      elementName: 'Mode',
      values: [
        { xmlName: 'Fast', value: 0 },
        { xmlName: 'Safe', value: 5 },
        { xmlName: 'Slow', value: 6 },
        { xmlName: 'odd-one', name: 'Odd', value: 7 },
      ],
    });
    expect(model.typeDescriptions.Access).toMatchObject({ flags: true });
  });
});

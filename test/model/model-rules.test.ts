import { describe, expect, it } from 'vitest';
import { httpParameterKind, isHttpEligible } from '../../generator/model/http-eligibility.js';
import { TypeResolver } from '../../generator/model/resolve-types.js';
import { rootNamespaces } from '../../generator/model/root-namespaces.js';
import { parseTypeText } from '../../generator/model/type-refs.js';
import type { TypeDeclaration } from '../../generator/model/type-declarations.js';
import { loadSpecText } from '../../generator/index.js';
import type { SchemaNode } from '../../generator/model/wsdl-model.js';

const LINE: TypeDeclaration = { kind: 'class', name: 'Line', members: [{ name: 'Sku', type: 'string' }] };

describe('type references', () => {
  it('split into a name, a "?" and a rank', () => {
    expect(parseTypeText('int?[][]')).toEqual({ name: 'int', nullable: true, rank: 2 });
    expect(parseTypeText('Person')).toEqual({ name: 'Person', nullable: false, rank: 0 });
    expect(parseTypeText('int[]?')).toBeUndefined();
    expect(parseTypeText('List<int>')).toBeUndefined();
  });

  it('resolve arrays to ArrayOfX names, numbered per item name in reflection order', () => {
    const r = new TypeResolver([LINE]);
    const names = [
      r.ref('Line[]'),
      r.ref('Line[]', 'Item'),
      r.ref('Line[]'),
      r.ref('Line[]', 'Entry'),
      r.ref('int[][]'),
      r.ref('int?[]'),
      r.ref('base64Binary[]'),
      r.ref('anyType[]'),
    ].map((t) => (t.kind === 'array' ? `${t.arrayType}/${t.itemName}` : t.kind));
    expect(names).toEqual([
      'ArrayOfLine/Line',
      'ArrayOfLine1/Item',
      'ArrayOfLine/Line',
      'ArrayOfLine2/Entry',
      'ArrayOfArrayOfInt/ArrayOfInt',
      'ArrayOfInt1/int',
      'ArrayOfBase64Binary/base64Binary',
      'ArrayOfAnyType/anyType',
    ]);
    const arrays = r.finish().arrayTypes;
    expect(arrays.find((a) => a.name === 'ArrayOfInt')!.itemNillable).toBe(false);
    expect(arrays.find((a) => a.name === 'ArrayOfInt1')!.itemNillable).toBe(true);
  });

  it('name ArrayOfX after the item made Pascal-case as CodeIdentifier.MakePascal does (RuntimeOrder.wsdl)', () => {
    const named = (name: string, xmlName?: string): TypeDeclaration => ({
      kind: 'class',
      name,
      ...(xmlName !== undefined && { xmlName }),
      members: [],
    });
    const r = new TypeResolver([
      named('cServico'),
      named('NamedLower', 'lowerItem'),
      named('TwoLetters', 'ab'),
      named('HyphenItem', 'my-item'),
      named('Odd', '_1st'),
      { kind: 'enum', name: 'eStatus', values: [{ name: 'on' }] },
    ]);
    const refs = ['cServico[]', 'cServico[][]', 'NamedLower[]', 'TwoLetters[]', 'HyphenItem[]', 'Odd[]', 'eStatus[]'];
    expect(
      refs.map((t) => r.ref(t)).map((t) => (t.kind === 'array' ? `${t.arrayType}/${t.itemName}` : t.kind)),
    ).toEqual([
      'ArrayOfCServico/cServico',
      'ArrayOfArrayOfCServico/ArrayOfCServico',
      'ArrayOfLowerItem/lowerItem',
      'ArrayOfAB/ab',
      'ArrayOfMyitem/my-item',
      'ArrayOf_1st/_1st',
      'ArrayOfEStatus/eStatus',
    ]);
  });

  it('give items written without nillable ([XmlArrayItem(IsNullable = false)]) an array type of their own', () => {
    const r = new TypeResolver([LINE]);
    const names = [
      r.ref('Line[]', undefined, false, undefined, false),
      r.ref('Line[]'),
      r.ref('Line[]', undefined, false, undefined, false),
      r.ref('int[]', undefined, false, undefined, false),
      r.ref('int[]'),
    ].map((t) => (t.kind === 'array' ? t.arrayType : t.kind));
    expect(names).toEqual(['ArrayOfLine', 'ArrayOfLine1', 'ArrayOfLine', 'ArrayOfInt', 'ArrayOfInt']);
    expect(r.finish().arrayTypes.map((a) => [a.name, a.itemNillable])).toEqual([
      ['ArrayOfLine', false],
      ['ArrayOfLine1', true],
      ['ArrayOfInt', false],
    ]);
  });

  it('give members their occurrence as the runtime writes it', () => {
    const r = new TypeResolver([
      { kind: 'class', name: 'P', struct: true, members: [{ name: 'X', type: 'int' }] },
      {
        kind: 'class',
        name: 'C',
        members: [
          { name: 'S', type: 'string' },
          { name: 'I', type: 'int' },
          { name: 'N', type: 'int?' },
          { name: 'R', type: 'string', nillable: true },
          { name: 'D', type: 'string', default: 'x' },
          { name: 'U', type: 'string[]', unwrapped: true },
          { name: 'P', type: 'P' },
          { name: 'A', type: 'int', attribute: true },
        ],
      },
    ]);
    const c = r.finish().types.find((t) => t.name === 'C')!;
    if (c.kind !== 'class') throw new Error('a class');
    expect(
      c.members.map(
        (m) => `${m.name} ${m.minOccurs}..${m.maxOccurs}${m.nillable ? ' nil' : ''}${m.required ? ' req' : ''}`,
      ),
    ).toEqual(['S 0..1', 'I 1..1', 'N 1..1 nil', 'R 1..1 nil', 'D 0..1', 'U 0..unbounded', 'P 1..1', 'A 1..1 req']);
  });
});

describe('HTTP eligibility (ScalarFormatter.IsTypeSupported)', () => {
  const r = new TypeResolver([{ kind: 'enum', name: 'Mode', values: [{ name: 'A' }] }, LINE]);
  const kind = (type: string, more: { direction?: 'in' | 'out' | 'ref'; list?: boolean } = {}) =>
    httpParameterKind({ type: r.ref(type), direction: more.direction ?? 'in', list: more.list ?? false });

  it('binds scalars, enums and one-dimensional arrays of them; leaves out the rest', () => {
    expect(['string', 'char', 'dateTime', 'decimal', 'Mode'].map((t) => kind(t))).toEqual(Array(5).fill('scalar'));
    expect(['base64Binary', 'int[]', 'Mode[]', 'string[]'].map((t) => kind(t))).toEqual(Array(4).fill('array'));
    const none = [
      'guid',
      'timeSpan',
      'int?',
      'Line',
      'anyType',
      'xmlElement',
      'dataSet',
      'int[][]',
      'guid[]',
      'Line[]',
    ];
    expect(none.map((t) => kind(t))).toEqual(Array(none.length).fill('none'));
    expect(kind('int[]', { list: true })).toBe('none');
    expect(kind('int', { direction: 'out' })).toBe('none');
    expect(isHttpEligible([{ type: r.ref('int'), direction: 'in', list: false }])).toBe(true);
  });
});

describe('the root namespace declarations', () => {
  it('follow the runtime hash order for the number of extra schemas', () => {
    expect(rootNamespaces('urn:x', []).map((d) => d.prefix)).toEqual([
      'soapenc',
      'soap12',
      'http',
      'tns',
      'mime',
      'tm',
      's',
      'soap',
    ]);
    const two = rootNamespaces('urn:x', ['http://microsoft.com/wsdl/types/', 'urn:x/AbstractTypes']);
    expect(two.slice(0, 4)).toEqual([
      { prefix: 's2', uri: 'urn:x/AbstractTypes' },
      { prefix: 'soapenc', uri: 'http://schemas.xmlsoap.org/soap/encoding/' },
      { prefix: 'soap12', uri: 'http://schemas.xmlsoap.org/wsdl/soap12/' },
      { prefix: 's1', uri: 'http://microsoft.com/wsdl/types/' },
    ]);
  });
});

/** The names of a schema's items, in order. */
function itemNames(items: readonly SchemaNode[]): string[] {
  return items.map((i) => ('name' in i ? i.name : i.partial));
}

describe('the schema plan', () => {
  it('writes derived classes after their base, newest registration first', () => {
    const model = loadSpecText(
      [
        'service: { name: S, namespace: "urn:s" }',
        'types:',
        '  Base: { include: [A, B, C], members: [] }',
        '  A: { base: Base, members: [] }',
        '  B: { base: Base, members: [] }',
        '  C: { base: Base, members: [] }',
        'operations:',
        '  - { name: Get, result: Base }',
      ].join('\n'),
    );
    expect(itemNames(model.wsdl.schemas[0]!.items)).toEqual(['Get', 'GetResponse', 'Base', 'C', 'B', 'A', 'Base']);
  });

  it('once an object is written, writes what was reflected after each top-level element', () => {
    const model = loadSpecText(
      [
        'service: { name: S, namespace: "urn:s" }',
        'types:',
        '  Later: { members: [{ name: X }] }',
        'operations:',
        '  - { name: Any, parameters: [{ name: v, type: anyType }] }',
        '  - { name: Get, parameters: [{ name: v }], result: Later }',
      ].join('\n'),
    );
    expect(itemNames(model.wsdl.schemas[0]!.items)).toEqual([
      'Any',
      'AnyResponse',
      'Get',
      'Later',
      'GetResponse',
      'Later',
    ]);
  });

  it('adds the Microsoft and AbstractTypes schemas only when used, and the HTTP parts name StringArray', () => {
    const model = loadSpecText(
      [
        'service: { name: S, namespace: "urn:s" }',
        'operations:',
        '  - { name: Ids, parameters: [{ name: n, type: "int[]" }], result: guid }',
      ].join('\n'),
    );
    expect(model.wsdl.schemas.map((s) => [s.prefix, s.namespace])).toEqual([
      ['tns', 'urn:s'],
      ['s1', 'http://microsoft.com/wsdl/types/'],
      ['s2', 'urn:s/AbstractTypes'],
    ]);
    expect(model.wsdl.schemas[0]!.imports).toEqual(['http://microsoft.com/wsdl/types/']);
    expect(model.operations[0]!.http!.parts).toEqual([{ name: 'n', type: 's2:StringArray' }]);
    expect(model.codeBlockers).toEqual([]);
  });

  it('sorts headers by field name and names their messages after the message name and element', () => {
    const model = loadSpecText(
      [
        'service: { name: S, namespace: "urn:s" }',
        'types:',
        '  Zone: { header: true, members: [] }',
        '  Session: { header: true, elementName: Sess, members: [] }',
        'operations:',
        '  - name: Route',
        '    headers: [{ field: Session, type: Session }, { field: Area, type: Zone, direction: out }]',
      ].join('\n'),
    );
    expect(model.operations[0]!.headers.map((h) => [h.field, h.message, h.input, h.output])).toEqual([
      ['Area', 'RouteZone', false, true],
      ['Session', 'RouteSess', true, false],
    ]);
  });
});

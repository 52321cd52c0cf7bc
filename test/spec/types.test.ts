import { describe, expect, it } from 'vitest';
import { parseSpec } from '../../generator/spec/parse-spec.js';
import { SpecError } from '../../generator/spec/spec-error.js';

const HEAD = 'service:\n  name: S\n  namespace: urn:s\n';

function problems(text: string): string[] {
  try {
    parseSpec(text, 't.yaml');
  } catch (e) {
    if (e instanceof SpecError) return e.message.replace(/expected one of: [^\n]*/g, 'expected one of: …').split('\n');
    throw e;
  }
  return [];
}

describe('types in a spec', () => {
  it('parses classes, structs, enums, flags, headers and every kind of type reference', () => {
    const spec = parseSpec(
      HEAD +
        [
          'types:',
          '  Color: { enum: [Red, { name: DarkBlue, xmlName: dark-blue }] }',
          '  Perm: { flags: [{ name: None, value: 0 }, { name: Read, value: 1 }] }',
          '  Point: { struct: true, members: [{ name: X, type: int }] }',
          '  Base: { abstract: true, include: [Derived], members: [{ name: Id, attribute: true }] }',
          '  Derived: { base: Base, members: [{ name: Tags, type: "string[]", unwrapped: true, xmlName: Tag }] }',
          '  Auth: { header: true, elementName: Credentials, members: [{ name: User }] }',
          'operations:',
          '  - name: Op',
          '    messageName: OpMessage',
          '    headers: [{ field: auth, type: Auth, direction: inOut, required: false }]',
          '    parameters: [{ name: a, type: "Color?[]" }, { name: b, type: Point?, direction: ref }, { name: c, type: "int[]", list: true }]',
          '    result: Base[][]',
          '    resultItemName: Row',
        ].join('\n'),
      't.yaml',
    );
    expect(spec.types?.map((t) => [t.name, t.kind])).toEqual([
      ['Color', 'enum'],
      ['Perm', 'enum'],
      ['Point', 'class'],
      ['Base', 'class'],
      ['Derived', 'class'],
      ['Auth', 'class'],
    ]);
    expect(spec.operations[0]).toMatchObject({
      messageName: 'OpMessage',
      headers: [{ field: 'auth', type: 'Auth', direction: 'inOut', required: false }],
      result: 'Base[][]',
      resultItemName: 'Row',
    });
  });

  it('reports every mistake at once, each at its node', () => {
    const text =
      HEAD +
      [
        'types:',
        '  A: { base: B, members: [{ name: X }] }',
        '  B: { base: A, members: [] }',
        '  C:',
        '    members:',
        '      - { name: X, type: Nope }',
        '      - { name: X }',
        '      - { name: Y, xmlName: Z }',
        '      - { name: Z }',
        '      - { name: P, type: C, attribute: true }',
        '      - { name: Q, type: string? }',
        '  F: { flags: [] }',
        '  G: { flags: [{ name: One }] }',
        '  S: { struct: true, members: [{ name: V, type: int }] }',
        '  D: { base: S }',
        '  int: { members: [] }',
        'operations:',
        '  - name: Op',
        '    headers: [{ field: h, type: C }]',
        "    parameters: [{ name: p, type: 'int[' }, { name: q, list: true }]",
        '    result: C?',
      ].join('\n');
    expect(problems(text)).toEqual([
      't.yaml:5:14: types.A.base: inheritance cycle: A → B → A',
      't.yaml:6:14: types.B.base: inheritance cycle: B → A → B',
      't.yaml:9:26: types.C.members[0].type: unknown type "Nope"; expected one of: …',
      't.yaml:10:17: types.C.members[1].name: duplicate member "X" (first defined at line 9)',
      't.yaml:12:17: types.C.members[3].name: duplicate element name "Z" (first defined at line 11)',
      't.yaml:13:26: types.C.members[4].type: "C" cannot be an attribute: attributes are of simple types and enums (not classes, arrays, anyType or XML)',
      't.yaml:14:26: types.C.members[5].type: "string?": "?" applies to value types only (built-in value types, enums, structs); "string" is a reference type',
      't.yaml:15:15: types.F.flags: a flags enum needs values',
      't.yaml:16:16: types.G.flags[0]: flags value "One" needs a number ("value:"), a power of two or a combination',
      't.yaml:18:14: types.D.base: "S" is a struct: structs cannot be derived from',
      't.yaml:19:3: types.int: type name "int" is a built-in type',
      't.yaml:22:33: operations[0].headers[0].type: "C" is not a header class: declare it with "header: true"',
      't.yaml:23:35: operations[0].parameters[0].type: invalid type reference "int[": expected a type name, then an optional "?", then any number of "[]"',
      't.yaml:23:62: operations[0].parameters[1].list: list applies to an array parameter only',
      't.yaml:24:13: operations[0].result: "C?": "?" applies to value types only (built-in value types, enums, structs); "C" is a reference type',
    ]);
  });

  it('reads itemNullable on wrapped arrays ([XmlArrayItem(IsNullable = false)]) and refuses it elsewhere', () => {
    const spec = parseSpec(
      HEAD +
        [
          'types:',
          '  W: { members: [{ name: Parts, type: "W[]", itemNullable: false }] }',
          'operations:',
          '  - name: Op',
          '    parameters: [{ name: from, type: "W[]", itemNullable: false }]',
          '    result: W[]',
          '    resultItemNullable: false',
        ].join('\n'),
      't.yaml',
    );
    expect(spec.types?.[0]).toMatchObject({ members: [{ name: 'Parts', type: 'W[]', itemNullable: false }] });
    expect(spec.operations[0]).toMatchObject({
      parameters: [{ name: 'from', type: 'W[]', itemNullable: false }],
      resultItemNullable: false,
    });
    const text =
      HEAD +
      [
        'types:',
        '  W:',
        '    members:',
        '      - { name: A, type: W, itemNullable: false }',
        '      - { name: B, type: "W[]", unwrapped: true, itemNullable: false }',
        '      - { name: C, type: "W[]", itemNullable: no }',
        'operations:',
        '  - name: Op',
        '    parameters: [{ name: p, type: W, itemNullable: false }]',
        '    result: W',
        '    resultItemNullable: false',
      ].join('\n');
    expect(problems(text)).toEqual([
      't.yaml:7:43: types.W.members[0].itemNullable: itemNullable applies to a wrapped array member only',
      't.yaml:8:64: types.W.members[1].itemNullable: itemNullable applies to a wrapped array member only',
      't.yaml:9:47: types.W.members[2].itemNullable: expected true or false',
      't.yaml:12:52: operations[0].parameters[0].itemNullable: itemNullable applies to an array parameter only',
      't.yaml:14:25: operations[0].resultItemNullable: resultItemNullable applies to an array result only',
    ]);
  });

  it('reads itemForm on wrapped arrays ([XmlArrayItem(Form = Unqualified)]) and refuses it elsewhere', () => {
    const spec = parseSpec(
      HEAD +
        [
          'types:',
          '  W: { members: [{ name: Parts, type: "W[]", itemForm: unqualified }] }',
          'operations:',
          '  - name: Op',
          '    parameters: [{ name: from, type: "string[]", itemForm: unqualified }]',
          '    result: W[]',
          '    resultItemForm: unqualified',
        ].join('\n'),
      't.yaml',
    );
    expect(spec.types?.[0]).toMatchObject({ members: [{ name: 'Parts', type: 'W[]', itemForm: 'unqualified' }] });
    expect(spec.operations[0]).toMatchObject({
      parameters: [{ name: 'from', type: 'string[]', itemForm: 'unqualified' }],
      resultItemForm: 'unqualified',
    });
    const text =
      HEAD +
      [
        'types:',
        '  W:',
        '    members:',
        '      - { name: A, type: W, itemForm: unqualified }',
        '      - { name: B, type: "W[]", unwrapped: true, itemForm: unqualified }',
        '      - { name: C, type: "W[]", itemForm: qualified }',
        'operations:',
        '  - name: Op',
        '    parameters: [{ name: p, type: W, itemForm: unqualified }]',
        '    result: W',
        '    resultItemForm: unqualified',
      ].join('\n');
    expect(problems(text)).toEqual([
      't.yaml:7:39: types.W.members[0].itemForm: itemForm applies to a wrapped array member only',
      't.yaml:8:60: types.W.members[1].itemForm: itemForm applies to a wrapped array member only',
      't.yaml:9:43: types.W.members[2].itemForm: unknown value "qualified"; did you mean "unqualified"? Expected one of: unqualified',
      't.yaml:12:48: operations[0].parameters[0].itemForm: itemForm applies to an array parameter only',
      't.yaml:14:21: operations[0].resultItemForm: resultItemForm applies to an array result only',
    ]);
  });

  it('reads unwrapped array parameters and results ([XmlElement] on an array) and refuses them where they cannot be', () => {
    const spec = parseSpec(
      HEAD +
        [
          'operations:',
          '  - name: Op',
          '    parameters: [{ name: ids, type: "int[]", unwrapped: true }, { name: tags, type: "string[]", unwrapped: true, nillable: true }]',
          '    result: string[]',
          '    resultElement: Tag',
          '    resultUnwrapped: true',
          '    resultNillable: true',
        ].join('\n'),
      't.yaml',
    );
    expect(spec.operations[0]).toMatchObject({
      parameters: [
        { name: 'ids', type: 'int[]', unwrapped: true },
        { name: 'tags', type: 'string[]', unwrapped: true, nillable: true },
      ],
      resultElement: 'Tag',
      resultUnwrapped: true,
      resultNillable: true,
    });
    const text =
      HEAD +
      [
        'operations:',
        '  - name: Op',
        '    parameters:',
        '      - { name: a, type: int, unwrapped: true }',
        '      - { name: b, type: "int[]", unwrapped: true, itemName: x }',
        '      - { name: c, type: "int[]", unwrapped: true, nillable: true }',
        '    result: string',
        '    resultUnwrapped: true',
        '  - name: Bare',
        '    parameterStyle: bare',
        '    parameters: [{ name: d, type: "int[]", unwrapped: true }]',
        '    result: string[]',
        '    resultUnwrapped: true',
        '  - name: Void',
        '    resultUnwrapped: true',
        '  - name: Rpc',
        '    style: rpc',
        '    parameters: [{ name: e, type: "int[]", unwrapped: true }]',
      ].join('\n');
    expect(problems(text)).toEqual([
      't.yaml:7:42: operations[0].parameters[0].unwrapped: unwrapped applies to an array parameter only',
      "t.yaml:8:62: operations[0].parameters[1].itemName: an unwrapped array's items are elements named after it: no itemName",
      't.yaml:9:62: operations[0].parameters[2].nillable: nillable applies to a reference type; "int" is a value type',
      't.yaml:11:22: operations[0].resultUnwrapped: resultUnwrapped applies to an array result only',
      't.yaml:14:55: operations[1].parameters[0].unwrapped: a bare operation has no wrapper element to repeat an ' +
        'array\'s items in: the runtime refuses such a service ("An element declared at the top level of a schema ' +
        'cannot have maxOccurs > 1"); remove unwrapped (the array then has an ArrayOfX wrapper) or make the ' +
        'operation wrapped',
      "t.yaml:16:22: operations[1].resultUnwrapped: a bare operation has no wrapper element to repeat an array's " +
        'items in: the runtime refuses such a service ("An element declared at the top level of a schema cannot ' +
        'have maxOccurs > 1"); remove resultUnwrapped (the array then has an ArrayOfX wrapper) or make ' +
        'the operation wrapped',
      't.yaml:18:22: operations[2].resultUnwrapped: a void operation has no result to describe',
      't.yaml:21:55: operations[3].parameters[0].unwrapped: an encoded operation (SOAP section 5) ignores ' +
        '[XmlElement] on an array: the runtime writes it as a soapenc:Array, as any array; remove unwrapped',
    ]);
  });

  it('reads choices repeated in place on parameters and results, and refuses what a choice cannot have', () => {
    const spec = parseSpec(
      HEAD +
        [
          'types:',
          '  Book: { members: [{ name: Title }] }',
          'operations:',
          '  - name: Op',
          '    parameters:',
          '      - name: items',
          '        type: "anyType[]"',
          '        unwrapped: true',
          '        choice: [{ name: a, type: int }, { name: b, type: Book }]',
          '    result: "anyType[]"',
          '    resultUnwrapped: true',
          '    resultChoice: [{ name: x, type: Book }, { name: y }]',
          '  - name: One',
          '    result: anyType',
          '    resultChoice: [{ name: x, type: Book }, { name: y }]',
        ].join('\n'),
      't.yaml',
    );
    expect(spec.operations[0]).toMatchObject({
      parameters: [
        {
          name: 'items',
          type: 'anyType[]',
          unwrapped: true,
          choice: [
            { name: 'a', type: 'int' },
            { name: 'b', type: 'Book' },
          ],
        },
      ],
      result: 'anyType[]',
      resultUnwrapped: true,
      resultChoice: [
        { name: 'x', type: 'Book' },
        { name: 'y', type: 'string' },
      ],
    });
    expect(spec.operations[1]).toMatchObject({ result: 'anyType', resultChoice: [{ name: 'x' }, { name: 'y' }] });
    const text =
      HEAD +
      [
        'operations:',
        '  - name: Op',
        '    parameters:',
        '      - { name: a, type: anyType, unwrapped: true, choice: [{ name: x, type: int }, { name: y }] }',
        '      - { name: b, type: "int[]", unwrapped: true, choice: [{ name: x, type: int }, { name: y }] }',
        '    result: "anyType[]"',
        '    resultUnwrapped: true',
        '    resultElement: R',
        '    resultNillable: true',
        '    resultChoice: [{ name: x, type: int }, { name: y }]',
        '  - name: Void',
        '    resultChoice: [{ name: x, type: int }, { name: y }]',
        '  - name: Bare',
        '    parameterStyle: bare',
        '    result: anyType',
        '    resultChoice: [{ name: x, type: int }, { name: y }]',
      ].join('\n');
    expect(problems(text)).toEqual([
      't.yaml:7:46: operations[0].parameters[0].unwrapped: unwrapped applies to an array parameter only',
      't.yaml:8:26: operations[0].parameters[1].type: a choice is held by a member or parameter of type anyType or a class, or an array of one; got "int[]"',
      't.yaml:11:20: operations[0].resultElement: a choice result names its elements (resultChoice): no resultElement',
      't.yaml:12:21: operations[0].resultNillable: a choice result names its elements (resultChoice): no resultNillable',
      't.yaml:15:19: operations[1].resultChoice: a void operation has no result to describe',
      't.yaml:19:19: operations[2].resultChoice: a bare operation has no wrapper element to hold a choice: remove resultChoice',
    ]);
  });

  it('reads form on parameters and resultForm ([XmlElement(Form = Unqualified)]) and refuses them elsewhere', () => {
    const spec = parseSpec(
      HEAD +
        [
          'operations:',
          '  - name: Op',
          '    parameters: [{ name: code, form: unqualified }]',
          '    result: string',
          '    resultForm: unqualified',
        ].join('\n'),
      't.yaml',
    );
    expect(spec.operations[0]).toMatchObject({
      parameters: [{ name: 'code', form: 'unqualified' }],
      resultForm: 'unqualified',
    });
    const text =
      HEAD +
      [
        'operations:',
        '  - name: Op',
        '    parameters: [{ name: code, form: qualified }]',
        '    resultForm: unqualified',
      ].join('\n');
    expect(problems(text)).toEqual([
      't.yaml:6:38: operations[0].parameters[0].form: unknown value "qualified"; did you mean "unqualified"? Expected one of: unqualified',
      't.yaml:7:17: operations[0].resultForm: a void operation has no result element',
    ]);
  });

  it('reads namespace on parameters and resultNamespace ([XmlElement(Namespace)]) and refuses them elsewhere', () => {
    const spec = parseSpec(
      HEAD +
        [
          'operations:',
          '  - name: Op',
          '    parameters: [{ name: code, namespace: "urn:x" }, { name: n, type: int, direction: out, namespace: "urn:y" }]',
          '    result: string',
          '    resultNamespace: urn:x',
        ].join('\n'),
      't.yaml',
    );
    expect(spec.operations[0]).toMatchObject({
      parameters: [
        { name: 'code', namespace: 'urn:x' },
        { name: 'n', namespace: 'urn:y' },
      ],
      resultNamespace: 'urn:x',
    });
    const text =
      HEAD +
      [
        'operations:',
        '  - name: Op',
        '    parameters: [{ name: code, namespace: "urn:x", form: unqualified }]',
        '    resultNamespace: urn:x',
        '  - name: Bare',
        '    parameterStyle: bare',
        '    parameters: [{ name: code, namespace: "urn:x" }]',
        '    result: string',
        '    resultNamespace: urn:x',
        '  - name: Encoded',
        '    use: encoded',
        '    parameters: [{ name: code, namespace: "urn:x" }]',
      ].join('\n');
    expect(problems(text)).toEqual([
      't.yaml:6:58: operations[0].parameters[0].form: an element in another namespace (namespace) is qualified: no form',
      't.yaml:7:22: operations[0].resultNamespace: a void operation has no result element',
      "t.yaml:10:17: operations[1].parameters: a bare operation has no wrapper element to refer to an element of another namespace: remove the parameters' namespace",
      't.yaml:12:22: operations[1].resultNamespace: a bare operation has no wrapper element to refer to an element of another namespace: remove resultNamespace',
      "t.yaml:15:17: operations[2].parameters: an encoded operation (SOAP section 5) has no wrapper element to refer to an element of another namespace: remove the parameters' namespace",
    ]);
  });

  it('lets overloads share a name when their message names differ, and refuses a duplicate message name', () => {
    const ok = HEAD + 'operations:\n  - { name: Add, messageName: AddInts }\n  - { name: Add }\n';
    expect(problems(ok)).toEqual([]);
    const dup = HEAD + 'operations:\n  - { name: Add, messageName: X }\n  - { name: Sub, messageName: X }\n';
    expect(problems(dup)).toEqual([
      't.yaml:6:31: operations[1].messageName: duplicate message name "X" (first defined at line 5)',
    ]);
  });

  it('refuses a header class used as a parameter, an "any" member of another type, and unwrapped on a non-array', () => {
    const text =
      HEAD +
      [
        'types:',
        '  H: { header: true, members: [] }',
        '  W: { members: [{ name: A, type: string, any: true }, { name: B, unwrapped: true }] }',
        'operations:',
        '  - { name: Op, parameters: [{ name: h, type: H }] }',
      ].join('\n');
    expect(problems(text)).toEqual([
      't.yaml:6:35: types.W.members[0].type: an "any" member is of type xmlElement or xmlElement[]; got "string"',
      't.yaml:6:78: types.W.members[1].unwrapped: unwrapped applies to an array member only',
      't.yaml:8:47: operations[0].parameters[0].type: "H" is a header class: use it in an operation\'s "headers", not as a parameter',
    ]);
  });
  it('parses anonymous classes ([XmlType(AnonymousType = true)]) and refuses what an inline type cannot be', () => {
    const spec = parseSpec(
      HEAD +
        [
          'types:',
          '  Line: { anonymous: true, members: [{ name: Sku }, { name: Unit, attribute: true }] }',
          'operations:',
          '  - { name: Op, parameters: [{ name: line, type: Line }], result: "Line[]" }',
        ].join('\n'),
      't.yaml',
    );
    expect(spec.types?.[0]).toMatchObject({ name: 'Line', kind: 'class', anonymous: true });
    expect(
      problems(
        HEAD +
          [
            'types:',
            '  A: { anonymous: true, abstract: true, members: [] }',
            '  B: { anonymous: true, namespace: "urn:b", members: [] }',
            '  C: { anonymous: true, members: [{ name: V, text: true }] }',
            '  D: { anonymous: true, members: [] }',
            '  E: { base: D, members: [] }',
            'operations:',
            '  - { name: Op, parameters: [{ name: a, type: A }, { name: b, type: B }, { name: c, type: C }, { name: e, type: E }] }',
          ].join('\n'),
      ),
    ).toEqual([
      't.yaml:5:19: types.A.anonymous: an anonymous class (the schema writes it inline, where its elements are) cannot have "abstract"',
      't.yaml:6:19: types.B.anonymous: an anonymous class (the schema writes it inline, where its elements are) cannot have "namespace"',
      't.yaml:7:19: types.C.anonymous: an anonymous class has elements and attributes, no text member',
      't.yaml:9:14: types.E.base: "D" is an anonymous class (written inline): anonymous classes cannot be derived from',
    ]);
  });

  it('parses namespaces, forms and text members, and refuses what the runtime does not write', () => {
    const ok = parseSpec(
      HEAD +
        [
          'types:',
          '  G: { namespace: urn:g, enum: [A] }',
          '  P: { namespace: urn:g, members: [{ name: C, attribute: true, form: qualified }, { name: V, type: decimal, text: true }] }',
          '  R: { members: [{ name: N, namespace: urn:n }, { name: L, form: unqualified }, { name: P, type: P }] }',
          'operations:',
          '  - { name: Op, result: R }',
        ].join('\n'),
      't.yaml',
    );
    expect(ok.types).toEqual([
      { kind: 'enum', name: 'G', namespace: 'urn:g', values: [{ name: 'A' }] },
      {
        kind: 'class',
        name: 'P',
        namespace: 'urn:g',
        members: [
          { name: 'C', type: 'string', attribute: true, form: 'qualified' },
          { name: 'V', type: 'decimal', text: true },
        ],
      },
      {
        kind: 'class',
        name: 'R',
        members: [
          { name: 'N', type: 'string', namespace: 'urn:n' },
          { name: 'L', type: 'string', form: 'unqualified' },
          { name: 'P', type: 'P' },
        ],
      },
    ]);
    const text =
      HEAD +
      [
        'types:',
        '  T: { namespace: urn:t, members: [{ name: A, form: qualified }, { name: B, attribute: true, form: unqualified }, { name: C, type: "int[]" }] }',
        '  X: { members: [{ name: V, type: "int[]", text: true }, { name: E }] }',
        '  Y: { members: [{ name: N, attribute: true, namespace: urn:n, form: qualified }, { name: F, form: unqualified, namespace: urn:f }, { name: G, type: xmlElement, any: true, namespace: urn:g }] }',
        'operations:',
        '  - { name: Op }',
      ].join('\n');
    expect(problems(text)).toEqual([
      't.yaml:5:53: types.T.members[0].form: an element is qualified by default: form applies to elements as "unqualified" only',
      't.yaml:5:100: types.T.members[1].form: an attribute is unqualified by default: form applies to attributes as "qualified" only',
      't.yaml:6:17: types.X.members: a class with a text member has attributes besides it only (simple content)',
      't.yaml:6:35: types.X.members[0].type: "int[]" cannot be text: text is of simple types and enums (not classes, arrays, anyType or XML)',
      "t.yaml:7:70: types.Y.members[0].form: a qualified attribute is in its class's namespace: give form or namespace, not both",
      't.yaml:7:100: types.Y.members[1].form: an unqualified element has no namespace: give form or namespace, not both',
      't.yaml:7:184: types.Y.members[2].namespace: namespace applies to an element or attribute member (not an any, text or choice member)',
    ]);
  });
});

describe('optional ({Name}Specified)', () => {
  it('applies to value types and nillable members; a reference type is refused at its optional', () => {
    const text =
      HEAD +
      [
        'types:',
        '  E: { enum: [A, B] }',
        '  T: { members: [{ name: I, type: int, optional: true }, { name: N, type: "int?", optional: true }, { name: En, type: E, optional: true }] }',
        '  U: { members: [{ name: S, type: string, nillable: true, optional: true }, { name: S2, optional: true }] }',
        '  V: { members: [{ name: A, type: "int[]", optional: true }, { name: C, type: T, optional: true }] }',
        'operations:',
        '  - { name: Op }',
      ].join('\n');
    const why = (t: string) =>
      `optional ({Name}Specified) applies to a value type or a nillable member; "${t}" is a reference type, ` +
      'optional already (minOccurs="0"): leave optional out';
    expect(problems(text)).toEqual([
      `t.yaml:7:99: types.U.members[1].optional: ${why('string')}`,
      `t.yaml:8:54: types.V.members[0].optional: ${why('int[]')}`,
      `t.yaml:8:92: types.V.members[1].optional: ${why('T')}`,
    ]);
  });
});

describe('attributes of the XML namespace (xml:lang, xml:space)', () => {
  const XML = 'http://www.w3.org/XML/1998/namespace';

  it('reads a string attribute in the XML namespace', () => {
    const spec = parseSpec(
      HEAD +
        [
          'types:',
          `  T: { members: [{ name: lang, attribute: true, namespace: "${XML}" }, { name: V, text: true }] }`,
          'operations:',
          '  - { name: Op, result: T }',
        ].join('\n'),
      't.yaml',
    );
    expect(spec.types?.[0]).toMatchObject({
      members: [{ name: 'lang', attribute: true, namespace: XML }, { name: 'V' }],
    });
  });

  it('refuses an element, another type, or a default there, at the namespace', () => {
    const text =
      HEAD +
      [
        'types:',
        `  T: { members: [{ name: lang, namespace: "${XML}" }] }`,
        `  U: { members: [{ name: space, type: int, attribute: true, namespace: "${XML}" }] }`,
        `  V: { members: [{ name: lang, attribute: true, default: en, namespace: "${XML}" }] }`,
        'operations:',
        '  - { name: Op }',
      ].join('\n');
    const why =
      'a member of the XML namespace (xml:lang, xml:space) is a string attribute without a default: the runtime ' +
      'writes no other';
    expect(problems(text)).toEqual([
      `t.yaml:5:43: types.T.members[0].namespace: ${why}`,
      `t.yaml:6:72: types.U.members[0].namespace: ${why}`,
      `t.yaml:7:73: types.V.members[0].namespace: ${why}`,
    ]);
  });
});

describe('rootNamespace ([XmlRoot(Namespace)])', () => {
  it('is read on a class', () => {
    const spec = parseSpec(
      HEAD +
        'types:\n  Hamper: { rootNamespace: urn:elsewhere, members: [{ name: Label }] }\noperations: [{ name: Op }]\n',
      't.yaml',
    );
    expect(spec.types).toStrictEqual([
      { kind: 'class', name: 'Hamper', rootNamespace: 'urn:elsewhere', members: [{ name: 'Label', type: 'string' }] },
    ]);
  });

  it('is refused on a struct and an enum, at the field (a header class takes it: its element in that namespace)', () => {
    const text =
      HEAD +
      [
        'types:',
        '  P: { struct: true, rootNamespace: urn:x, members: [{ name: X, type: int }] }',
        '  H: { header: true, rootNamespace: urn:x, members: [{ name: U }] }',
        '  E: { enum: [A], rootNamespace: urn:x }',
        'operations: [{ name: Op }]',
      ].join('\n') +
      '\n';
    expect(problems(text)).toEqual([
      't.yaml:5:37: types.P.rootNamespace: rootNamespace ([XmlRoot(Namespace)]) is not supported on a struct',
      't.yaml:7:19: types.E.rootNamespace: unknown field "rootNamespace"; expected one of: …',
    ]);
  });
});

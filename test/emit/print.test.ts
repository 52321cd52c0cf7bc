import { serialize } from 'node:v8';
import fc from 'fast-check';
import { format } from 'prettier';
import { describe, expect, it } from 'vitest';
import { group, hardline, ifBreak, indent, line, printDoc, softline } from '../../generator/printer/doc.js';
import {
  array,
  arrow,
  assignment,
  call,
  callWithObject,
  concatenation,
  flat,
  generic,
  laidOutObject,
  object,
  print,
  raw,
  shorthandObject,
  string,
  stringLiteral,
  typeAssignment,
  union,
  type Expr,
} from '../../generator/printer/ts-syntax.js';
import { contentText } from '../../generator/model/file-content.js';
import { PRETTIER_OPTIONS, printTsModule, type Statement, type TsModule } from '../../generator/printer/ts-module.js';

describe('the document printer', () => {
  it('keeps a group on one line when it fits, with what follows up to the next line break', () => {
    const doc = group(['f(', indent([softline, 'aaaa,', line, 'bbbb']), softline, ')']);
    expect(printDoc(doc, 13)).toBe('f(aaaa, bbbb)');
    expect(printDoc([doc, ';'], 14)).toBe('f(aaaa, bbbb);');
    expect(printDoc([doc, ';'], 13)).toBe('f(\n  aaaa,\n  bbbb\n);');
  });

  it('breaks every group around a hard line, prints if-break by the group, and leaves no trailing spaces', () => {
    expect(printDoc(group(['{', indent([line, 'a', ifBreak(',')]), hardline, '}']), 80)).toBe('{\n  a,\n}');
    expect(printDoc(group(['x:', indent([line, '']), hardline, 'y']), 80)).toBe('x:\n\ny');
  });

  it('starts at a column, indenting from it', () => {
    expect(printDoc(group(['(', indent([softline, 'abc']), softline, ')']), 6, 2)).toBe('(\n    abc\n  )');
  });
});

/** A module's printed text, whole. */
function textOf(module: TsModule): string {
  return contentText(printTsModule(module).content);
}

/** prettier's output for a statement, with the repository's options. */
async function prettier(source: string): Promise<string> {
  return format(source, { ...PRETTIER_OPTIONS, parser: 'typescript' });
}

/** `const name = expr;` laid out here, and by prettier from the same code on one line. */
async function both(name: string, expr: Expr): Promise<[string, string]> {
  const ours = print([assignment(`const ${name}`, ' =', expr), ';']) + '\n';
  return [ours, await prettier(`const ${name} = ${flat(expr)};`)];
}

/** Lengths around the width limit. */
const AROUND = [
  1, 40, 80, 95, 100, 104, 105, 106, 107, 108, 110, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 125,
];
const word = (n: number) => 'abcdefghij'.repeat(13).slice(0, Math.max(1, n));

describe('layouts match prettier around the width limit', () => {
  it.each(AROUND)('objects of strings, numbers, identifiers and arrays (%i)', async (n) => {
    const expr = object([
      [word(Math.min(n, 3)), string(word(n))],
      [word((n % 7) + 4), string(word(n - 20))],
      ['count', raw(String(n), 'number')],
      ['negative', raw(`-${n}`)],
      [word(n - 10), raw('HOSTILE_STRING')],
      ['flag', raw('true', 'boolean')],
      [`'my-${word(5)}'`, array([string('soap11'), string(word(n - 30))])],
      [
        'nested',
        object([
          ['a', string(word(n))],
          ['b', raw('1', 'number')],
        ]),
      ],
      [
        'items',
        array([
          object([
            ['name', string(word(n / 2))],
            ['type', string('x')],
          ]),
          object([
            ['name', string('y')],
            ['type', string('z')],
          ]),
        ]),
      ],
      [
        'one',
        array([
          object([
            ['name', string(word(n - 40))],
            ['type', string('x')],
          ]),
        ]),
      ],
    ]);
    const [ours, theirs] = await both('x', expr);
    expect(ours).toBe(theirs);
  });

  it.each(AROUND)('calls, arrows and hugged objects (%i)', async (n) => {
    const callee = `create${word(n)}`;
    for (const expr of [
      call(callee, [raw('handlers')]),
      call(callee, [raw('service'), string(`http://localhost:8080/${word(n)}.asmx`), raw('options')]),
      call('new TextEncoder().encode', [string(word(n))]),
      call('new Date', [string('2026-02-01T10:00:00.250Z')]),
      callWithObject(callee, shorthandObject('url')),
      object([
        [word(n), arrow(['input', 'callOptions'], call('call', [string(word(n)), raw('input'), raw('callOptions')]))],
        ['B', arrow(['input', 'callOptions'], call('call', [string('B'), raw('input'), raw('callOptions')]))],
      ]),
    ]) {
      const [ours, theirs] = await both(word((n % 9) + 1), expr);
      expect(ours).toBe(theirs);
    }
  });

  it.each(AROUND)('type aliases (%i)', async (n) => {
    for (const type of [
      union(stringLiteral('soap11'), stringLiteral('soap12'), stringLiteral('httpGet')),
      union('Uint8Array', 'undefined'),
      generic('ClientOptions', `${word(n)}Transport`),
      generic('Record', 'string', 'never'),
      'void',
      word(n),
    ]) {
      const ours = print([typeAssignment(`export type ${word(n)}`, type), ';']) + '\n';
      const source = `export type ${word(n)} = ${typeof type === 'string' ? type : flatType(type)};`;
      expect(ours).toBe(await prettier(source));
    }
  });

  it.each(AROUND)('interfaces, functions, imports and exports (%i)', async (n) => {
    const t = word(n);
    const statements: Statement[] = [
      { kind: 'import', names: ['a', t, { name: 'B', typeOnly: true }], from: './runtime/server.js' },
      { kind: 'import', typeOnly: true, names: [t], from: './types.js' },
      {
        kind: 'interface',
        name: `${t}Handlers`,
        docs: ['/** Doc. */'],
        members: [
          {
            kind: 'method',
            name: t,
            params: [
              { name: 'input', type: `${t}Input` },
              { name: 'ctx', type: 'CallContext' },
            ],
            returnType: union(`${t}Result`, generic('Promise', `${t}Result`)),
          },
          {
            kind: 'method',
            name: 'Op',
            params: [
              { name: 'input', type: `${t}Input`, optional: true },
              { name: 'options', type: 'CallOptions', optional: true },
            ],
            returnType: generic('Promise', 'void'),
          },
          { kind: 'property', name: t, type: 'string', optional: true },
        ],
      },
      {
        kind: 'function',
        name: `create${t}Client`,
        params: [{ name: 'options', type: `${t}ClientOptions`, initializer: '{}' }],
        returnType: `${t}Client`,
        body: [['return ', call(`create${t}`, [raw('service'), raw('documents'), raw('options')]).doc, ';']],
      },
      { kind: 'export', names: ['SoapFault', t, { name: 'CallContext', typeOnly: true }] },
    ];
    const content = textOf({ path: 'x.ts', statements });
    expect(content).toBe(await prettier(content));
  });
});

describe('concatenations and module constants match prettier', () => {
  it.each(AROUND)('a concatenation as a property value, whatever the key, and as a constant (%i)', async (n) => {
    const page = (k: number) => concatenation([string(word(k)), raw('style'), string(`${word(k / 2)}"'"`)]);
    const statements: Statement[] = [
      { kind: 'const', name: 'style', exported: false, value: string(word(n)) },
      { kind: 'const', name: 'page', exported: false, value: page(n) },
      {
        kind: 'const',
        name: 'documents',
        type: 'ServiceDocuments',
        value: object([
          ['wsdl', string(word(n + 10))],
          ['disco', string(word(n))],
          ['Add', page(n)],
          ['helpPage', page(n - 40)],
          ["'my-op'", page(n - 80)],
          ['one', concatenation([string(word(n))])],
          ['pages', object([[word(n / 3), page(n - 60)]])],
        ]),
      },
    ];
    const content = textOf({ path: 'x.ts', statements });
    expect(content).toBe(await prettier(content));
  });
});

describe('an object laid out property by property', () => {
  it.each(AROUND)('is the expanded object, as prettier prints it (%i)', async (n) => {
    const rows: [string, Expr][] = [
      ['Short', object([['input', object([['a', string(word(n))]])]])],
      [
        'Nested',
        object([
          ['input', object([['b', object([['c', string(word(n - 20))]], true)]])],
          ['result', raw('1')],
        ]),
      ],
      ['List', object([['items', array([string(word(n / 4)), string(word(n / 4)), string(word(n / 3))])]])],
      ["'odd-name'", object([['value', concatenation([string(word(n)), raw('style')])]])],
    ];
    const { expr } = laidOutObject(rows);
    const statement = (value: Expr): Statement => ({ kind: 'const', name: 'TABLE', exported: false, type: 'T', value });
    const content = textOf({ path: 'x.ts', statements: [statement(expr)] });
    expect(content).toBe(textOf({ path: 'x.ts', statements: [statement(object(rows, true))] }));
    expect(content).toBe(await prettier(content));
  });

  it.each(AROUND)('is the object, as a property of another (documents.ts: pages of kilobytes) (%i)', async (n) => {
    // Help pages: a long literal, the shared stylesheet, another literal; keys an identifier or quoted.
    const page = (i: number) => concatenation([string(`<p>${word(n)}\n`.repeat(i + 1)), raw('style'), string('</p>')]);
    const pages: [string, Expr][] = [
      ['Add', page(0)],
      ["'Odd-Name'", page(2)],
      ['Short', concatenation([string(word(n / 8)), raw('style'), string('x')])],
    ];
    const documents = (value: Expr): Statement => ({
      kind: 'const',
      name: 'documents',
      type: 'ServiceDocuments',
      value: object([
        ['wsdl', string(word(n))],
        ['operationPages', value],
        ['methodNotFoundPage', page(1)],
      ]),
    });
    const content = textOf({ path: 'x.ts', statements: [documents(laidOutObject(pages, 2).expr)] });
    expect(content).toBe(textOf({ path: 'x.ts', statements: [documents(object(pages))] }));
    expect(content).toBe(await prettier(content));
  });
});

function flatType(type: Exclude<Parameters<typeof typeAssignment>[1], string>): string {
  if ('union' in type) return type.union.map((t) => (typeof t === 'string' ? t : flatType(t))).join(' | ');
  return `${type.name}<${type.args.map((t) => (typeof t === 'string' ? t : flatType(t))).join(', ')}>`;
}

describe('string literals', () => {
  it('are quoted and escaped as prettier prints them', async () => {
    const values = [
      "it's",
      'say "hi"',
      'a\'b"c"',
      'x\\y',
      'tab\there',
      'é – 😀',
      '\u0000\u2028',
      '\b\f\u007f\u0085\ud800',
    ];
    for (const value of values) {
      const literal = stringLiteral(value);
      expect(Function(`return ${literal};`)()).toBe(value);
      expect(await prettier(`x = ${literal};`)).toBe(`x = ${literal};\n`);
      const printable = stringLiteral(value, 'printable');
      expect(Function(`return ${printable};`)()).toBe(value);
      expect(await prettier(`x = ${printable};`)).toBe(`x = ${printable};\n`);
    }
  });

  it('are plain ASCII with `ascii`: \\u escapes for the rest, a surrogate pair outside the BMP', () => {
    expect(stringLiteral('é\u007f\u0000😀\n"\'"')).toBe("'\\u00e9\\u007f\\u0000\\ud83d\\ude00\\n\"\\'\"'");
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.constantFrom('ascii' as const, 'printable' as const), (v, e) => {
        const literal = stringLiteral(v, e);
        expect(Function(`return ${literal};`)()).toBe(v);
        if (e === 'ascii') expect(literal).toMatch(/^[\x20-\x7e]*$/);
      }),
    );
  });

  it('are stored a byte a character with `ascii`, even made from text that holds characters beyond Latin-1', () => {
    // V8's serializer tags a string by how it is stored: `"` one byte a character, `c` two (after padding).
    const storedAsOneByte = (text: string) => {
      const bytes = serialize(text);
      let at = 2;
      while (bytes[at] === 0) at++;
      return bytes[at] === 0x22;
    };
    const page = `<title>Op \u2013 Service</title>${'<p>text</p>\n'.repeat(100)}`;
    expect(storedAsOneByte(page.slice(30))).toBe(false);
    expect(storedAsOneByte(stringLiteral(page))).toBe(true);
    expect(storedAsOneByte(stringLiteral(page.slice(30)))).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { ImplError, mergeImpl, type ImplMerge } from '../../generator/impl/index.js';
import { loadSpecText } from '../../generator/index.js';
import { typeErrors } from './helpers.js';

/** A service `Svc` with the operations named, each taking `requestJson` and returning nothing. */
function service(...operations: string[]) {
  const ops = operations.map((name) => `  - name: ${name}\n    parameters: [{ name: requestJson }]\n`).join('');
  return loadSpecText(`service:\n  name: Svc\n  namespace: urn:svc\noperations:\n${ops}`);
}

const options = { fileName: 'src/handlers.ts', importPath: './generated/index.js' };
const merge = (model: ReturnType<typeof service>, text: string | undefined): ImplMerge =>
  mergeImpl(model, text, options);
const HEAD = "import { SoapFault, type SvcHandlers } from './generated/index.js';\n\n";
const stub = (name: string, indent = '  ') =>
  `${indent}async ${name}(input, ctx) {\n${indent}  throw new SoapFault('Server', '${name} is not implemented yet.');\n${indent}},\n`;
const marker = (name: string) =>
  `// @ts-ignore asmxgen: "${name}" is no longer an operation of Svc; remove it when you no longer need it.`;
/** The marker as earlier versions wrote it, without the directive that keeps the file compiling. */
const oldMarker = (name: string) =>
  `// asmxgen: "${name}" is no longer an operation of Svc; remove it when you no longer need it.`;

function refusal(run: () => unknown): ImplError {
  try {
    run();
  } catch (error) {
    if (error instanceof ImplError) return error;
    throw error;
  }
  throw new Error('expected an ImplError');
}

describe('mergeImpl', () => {
  it('creates a file that type-checks against the generated interface, for every shape of operation', () => {
    const model = loadSpecText(
      [
        'service: { name: Svc, namespace: "urn:svc" }',
        'operations:',
        '  - name: Ping',
        '  - name: Add',
        '    description: "Adds two numbers. Ends a comment early: */ and spans\\n\\nmore lines."',
        '    parameters: [{ name: a, type: int }, { name: b, type: int }]',
        '    result: int',
        '  - name: Upload',
        '    group: Files',
        `    description: "${'A long description. '.repeat(8).trim()}"`,
        '    parameters: [{ name: data, type: base64Binary }]',
        '    result: boolean',
      ].join('\n'),
    );
    const created = merge(model, undefined);
    expect(created.created).toBe(true);
    expect(created.added).toEqual(['Ping', 'Add', 'Upload']);
    expect(created.text).toContain('  async Ping(input, ctx) {\n');
    expect(created.text).toContain(
      '  /**\n   * Adds two numbers. Ends a comment early: *\\/ and spans\n   *\n   * more lines.\n   */\n  async Add(',
    );
    expect(created.text).toContain('  /**\n   * Files: A long description.');
    expect(created.text.split('\n').filter((line) => line.length > 120)).toEqual([]);
    expect(typeErrors(model, created.text)).toEqual([]);
    expect(merge(model, created.text).changed).toBe(false);
  });

  it('treats an empty or whitespace-only file as missing', () => {
    const created = merge(service('A'), ' \n\n');
    expect(created.created).toBe(true);
    expect(created.text).toBe(merge(service('A'), undefined).text);
    expect(created.edits).toEqual([{ start: 0, end: 3, text: created.text }]);
  });

  it('keeps CRLF line ends and a byte order mark, and writes its own lines with CRLF', () => {
    const before =
      '\uFEFFimport { SoapFault, type SvcHandlers } from "./generated/index.js";\r\n\r\n' +
      'export const handlers: SvcHandlers = {\r\n  A() {},\r\n  Old() {},\r\n};\r\n';
    const result = merge(service('A', 'B'), before);
    expect(result.text).toBe(
      '\uFEFFimport { SoapFault, type SvcHandlers } from "./generated/index.js";\r\n\r\n' +
        'export const handlers: SvcHandlers = {\r\n  A() {},\r\n' +
        `  ${marker('Old')}\r\n  Old() {},\r\n` +
        '  async B(input, ctx) {\r\n    throw new SoapFault("Server", "B is not implemented yet.");\r\n  },\r\n};\r\n',
    );
  });

  it('counts methods, arrow and function properties, shorthands, accessors and literal names as present', () => {
    const before =
      HEAD +
      'const E = () => {};\n' +
      'export const handlers: SvcHandlers = {\n' +
      '  A() {},\n  B: () => {},\n  C: function () {},\n  D: async function named() {},\n  E,\n' +
      '  get F() { return () => {}; },\n  \'G\': () => {},\n  ["H"]: () => {},\n  [`I`]() {},\n};\n';
    const result = merge(service('A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'), before);
    expect(result).toMatchObject({ changed: false, added: [], orphans: [], warnings: [] });
    expect(result.text).toBe(before);
  });

  it('adds stubs in the nesting and indentation of an object that is not at the top level', () => {
    const before =
      HEAD +
      'export function start(): void {\n' +
      '    serve({\n' +
      '        A() {},\n' +
      '    } satisfies SvcHandlers);\n' +
      '}\n' +
      'declare function serve(handlers: SvcHandlers): void;\n';
    const result = merge(service('A', 'B'), before);
    expect(result.text).toBe(
      before.replace(
        '        A() {},\n',
        `        A() {},\n${stub('B', '        ').replace(/ {2}throw/, '    throw')}`,
      ),
    );
    expect(result.warnings).toEqual([
      'src/handlers.ts: the handlers object is not exported as `handlers`, the name asmxgen loads it by ' +
        '(`export const handlers: SvcHandlers = { … }`).',
    ]);
  });

  it('puts a comma after a last member that has none, before its trailing comment', () => {
    const before = HEAD + 'export const handlers: SvcHandlers = {\n  A() {} // the first\n};\n';
    const result = merge(service('A', 'B', 'C'), before);
    expect(result.text).toBe(
      HEAD +
        'export const handlers: SvcHandlers = {\n  A() {}, // the first\n' +
        stub('B') +
        stub('C').replace(/,\n$/, '\n') +
        '};\n',
    );
  });

  it('marks an orphan on the same line as other members on a line of its own, once', () => {
    const before = HEAD + 'export const handlers: SvcHandlers = { A() {}, Old() {},\n};\n';
    const first = merge(service('A'), before);
    expect(first.text).toBe(
      HEAD + `export const handlers: SvcHandlers = { A() {}, \n  ${marker('Old')}\n  Old() {},\n};\n`,
    );
    expect(first.marked).toEqual(['Old']);
    expect(typeErrors(service('A'), first.text)).toEqual([]);
    const second = merge(service('A'), first.text);
    expect(second).toMatchObject({ changed: false, orphans: ['Old'], marked: [] });
  });

  it('removes its marker, line or block, when the operation is back, and leaves other comments alone', () => {
    const before =
      HEAD +
      'export const handlers: SvcHandlers = {\n' +
      `  ${oldMarker('A')}\n` +
      `  ${marker('A')}\n` +
      '  // keep: asmxgen: "A" is no longer an operation of Svc; remove it when you no longer need it.\n' +
      '  A() {},\n' +
      `  /* ${oldMarker('B').slice(3)} */ B() {},\n` +
      '};\n';
    const result = merge(service('A', 'B'), before);
    expect(result.unmarked).toEqual(['A', 'B']);
    expect(result.text).toBe(
      HEAD +
        'export const handlers: SvcHandlers = {\n' +
        '  // keep: asmxgen: "A" is no longer an operation of Svc; remove it when you no longer need it.\n' +
        '  A() {},\n' +
        '  B() {},\n' +
        '};\n',
    );
  });

  it('recognizes a marker naming the service by its old name after a rename', () => {
    const before =
      "import type { NewHandlers } from './generated/index.js';\n" +
      'export const handlers: NewHandlers = {\n' +
      '  // @ts-ignore asmxgen: "Old" is no longer an operation of OldName; remove it when you no longer need it.\n' +
      '  Old() {},\n' +
      '};\n';
    const model = loadSpecText('service: { name: New, namespace: "urn:new" }\noperations: [{ name: Old2 }]\n');
    const result = mergeImpl(model, before, options);
    expect(result.marked).toEqual([]);
    expect(result.orphans).toEqual(['Old']);
  });

  it('keeps a file whose operations were removed compiling: one @ts-ignore marker right above each orphan', () => {
    const before =
      HEAD +
      'export const handlers: SvcHandlers = {\n' +
      '  async A(input, ctx) {\n    return void [input.requestJson, ctx];\n  },\n' +
      '  async B(input, ctx) {\n    throw new SoapFault("Server", String(input.requestJson) + String(ctx));\n  },\n' +
      '  /** Documented. */\n  async C(input) {\n    return void input.requestJson;\n  },\n' +
      '  D: () => undefined,\n' +
      '};\n';
    expect(typeErrors(service('A', 'B', 'C', 'D'), before)).toEqual([]);
    const model = service('A');
    // Without the markers, TypeScript reports the first excess member and every parameter that lost its type.
    expect(typeErrors(model, before).length).toBeGreaterThan(0);
    const result = merge(model, before);
    expect(result.marked).toEqual(['B', 'C', 'D']);
    expect(result.text).toContain(`  /** Documented. */\n  ${marker('C')}\n  async C(input) {`);
    expect(typeErrors(model, result.text)).toEqual([]);
    expect(merge(model, result.text)).toMatchObject({ changed: false, marked: [], orphans: ['B', 'C', 'D'] });
  });

  it('upgrades a marker written without the directive, or above the orphan’s comments', () => {
    const before =
      HEAD +
      'export const handlers: SvcHandlers = {\n' +
      '  A() {},\n' +
      `  ${oldMarker('Old')}\n` +
      '  /** Kept. */\n' +
      '  Old() {},\n' +
      '};\n';
    const result = merge(service('A'), before);
    expect(result.marked).toEqual(['Old']);
    expect(result.text).toBe(
      HEAD + `export const handlers: SvcHandlers = {\n  A() {},\n  /** Kept. */\n  ${marker('Old')}\n  Old() {},\n};\n`,
    );
  });

  it('adds no stubs next to a spread or a computed name it cannot read, and says why', () => {
    const before = HEAD + 'const key = "A";\nexport const handlers: SvcHandlers = {\n  [key]: () => {},\n};\n';
    const result = merge(service('A', 'B'), before);
    expect(result).toMatchObject({ changed: false, added: [], unknown: ['A', 'B'] });
    expect(result.warnings).toEqual([
      'src/handlers.ts: the handlers object has members asmxgen cannot name (`[key]: () => {}`), so it cannot tell ' +
        'whether the object handles A, B; it added no stub for them (TypeScript reports any operation the object lacks).',
    ]);
  });

  it('parses a .tsx file as TSX', () => {
    const before = HEAD + 'export const handlers: SvcHandlers = {\n  A() { return void <b />; },\n};\n';
    const result = mergeImpl(service('A', 'B'), before, { ...options, fileName: 'src/handlers.tsx' });
    expect(result.added).toEqual(['B']);
    expect(() => merge(service('A', 'B'), before)).toThrow(ImplError);
  });

  it('refuses a file with syntax errors, naming file:line:column of each (at most ten)', () => {
    const before = HEAD + 'export const handlers: SvcHandlers = {\n' + '  A() {}\n'.repeat(13) + '};\n';
    const error = refusal(() => merge(service('A'), before));
    expect(error.kind).toBe('syntax');
    const lines = error.message.split('\n');
    expect(lines[0]).toBe(
      'src/handlers.ts has 12 syntax errors, so asmxgen left it untouched and wrote nothing; fix them and run asmxgen again.',
    );
    expect(lines.slice(1, 3)).toEqual([
      "src/handlers.ts:5:3: ',' expected. (TS1005)",
      "src/handlers.ts:6:3: ',' expected. (TS1005)",
    ]);
    expect(lines).toHaveLength(12);
    expect(lines[11]).toBe('… and 2 more');
  });

  it('refuses when the type names the handlers interface but the value is not an object literal', () => {
    const error = refusal(() =>
      merge(service('A'), HEAD + 'export const handlers = make() as SvcHandlers satisfies SvcHandlers;\n'),
    );
    expect(error.kind).toBe('not-object-literal');
  });
});

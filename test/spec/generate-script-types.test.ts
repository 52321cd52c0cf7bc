/**
 * `service.generateScriptTypes` (`[GenerateScriptType(typeof(T))]` on a `[ScriptService]`'s class): the spec (errors
 * at file:line:col), the model, the spec writer and the proxy script, which declares the types before those the
 * operations name (the diff rules: test/diff/script-type-rules.test.ts; the whole script as .NET writes it:
 * test/server/script-service-transcripts.test.ts, `proxy js`).
 */
import { describe, expect, it } from 'vitest';
import { describeService } from '../../generator/emit/describe-service.js';
import { renderSpecYaml } from '../../generator/emit/spec-yaml.js';
import { buildModel } from '../../generator/spec/build-model.js';
import { parseSpec } from '../../generator/spec/parse-spec.js';
import { formatProblem, SpecError } from '../../generator/spec/spec-error.js';
import { buildProxyScript } from '../../runtime/src/json/proxy-script.js';

const SPEC = `service:
  name: Svc
  namespace: urn:svc
  scriptService: true
  generateScriptTypes: [Shelf, Genre]
types:
  Book: { members: [{ name: Title }] }
  Shelf: { members: [{ name: Name }] }
  Shape: { abstract: true, members: [{ name: Id, type: int }] }
  Genre: { enum: [Fiction, Poetry] }
operations:
  - name: Get
    result: Book
`;

function problemsOf(text: string): string[] {
  try {
    parseSpec(text, 'f.yaml');
  } catch (err) {
    if (err instanceof SpecError) return err.problems.map(formatProblem);
    throw err;
  }
  throw new Error('expected a SpecError');
}

describe('service.generateScriptTypes', () => {
  it('is read into the model and the service description, and written back by the spec writer', () => {
    const spec = parseSpec(SPEC, 'f.yaml');
    expect(spec.service.generateScriptTypes).toEqual(['Shelf', 'Genre']);
    const model = buildModel(spec);
    expect(model.generateScriptTypes).toEqual(['Shelf', 'Genre']);
    expect(describeService(model).generateScriptTypes).toEqual(['Shelf', 'Genre']);
    expect(renderSpecYaml(spec)).toContain('  scriptService: true\n  generateScriptTypes: [Shelf, Genre]\n');
  });

  it('declares the types first, then those the operations name (WebServiceData.ProcessClientTypes)', () => {
    const script = buildProxyScript(describeService(buildModel(parseSpec(SPEC, 'f.yaml'))), false)!;
    const types = script.slice(script.indexOf('var gtc = '));
    expect(types).toBe(
      [
        'var gtc = Sys.Net.WebServiceProxy._generateTypedConstructor;',
        "if (typeof(Shelf) === 'undefined') {",
        'var Shelf=gtc("Shelf");',
        "Shelf.registerClass('Shelf');",
        '}',
        "if (typeof(Book) === 'undefined') {",
        'var Book=gtc("Book");',
        "Book.registerClass('Book');",
        '}',
        "if (typeof(Genre) === 'undefined') {",
        'var Genre = function() { throw Error.invalidOperation(); }',
        'Genre.prototype = {Fiction: 0,Poetry: 1}',
        "Genre.registerEnum('Genre', true);",
        '}',
        '',
      ].join('\r\n'),
    );
  });

  it('reports what the page cannot build, an unknown type, and a list without scriptService, at file:line:col', () => {
    expect(problemsOf(SPEC.replace('[Shelf, Genre]', "[Shape, string, 'Shelf[]', Nope]"))).toEqual([
      'f.yaml:5:25: service.generateScriptTypes[0]: a generateScriptTypes entry must be a declared enum or class ' +
        '(not abstract, not a header class); "Shape" is not',
      'f.yaml:5:32: service.generateScriptTypes[1]: a generateScriptTypes entry must be a declared enum or class ' +
        '(not abstract, not a header class); "string" is not',
      'f.yaml:5:40: service.generateScriptTypes[2]: a generateScriptTypes entry must be a declared enum or class ' +
        '(not abstract, not a header class); "Shelf[]" is not',
      expect.stringMatching(/^f\.yaml:5:51: service\.generateScriptTypes\[3\]: unknown type "Nope"; /),
    ]);
    expect(problemsOf(SPEC.replace('  scriptService: true\n', ''))).toEqual([
      'f.yaml:4:24: service.generateScriptTypes: generateScriptTypes adds types to the /js proxy script of a ' +
        '[ScriptService] service: set service.scriptService: true (or remove generateScriptTypes)',
    ]);
  });

  it("on a method: declared before the method's own types, in the spec written back, and checked alike", () => {
    const text = SPEC.replace('  generateScriptTypes: [Shelf, Genre]\n', '').replace(
      '    result: Book\n',
      '    result: Book\n    generateScriptTypes: [Shelf]\n',
    );
    const spec = parseSpec(text, 'f.yaml');
    expect(spec.operations[0]!.generateScriptTypes).toEqual(['Shelf']);
    expect(renderSpecYaml(spec)).toContain('generateScriptTypes: [Shelf]');
    const script = buildProxyScript(describeService(buildModel(spec)), false)!;
    expect(script.indexOf('gtc("Shelf")')).toBeGreaterThan(-1);
    expect(script.indexOf('gtc("Shelf")')).toBeLessThan(script.indexOf('gtc("Book")'));
    expect(problemsOf(text.replace('[Shelf]', '[Nope]'))).toEqual([
      expect.stringMatching(/^f\.yaml:13:27: operations\[0\]\.generateScriptTypes\[0\]: unknown type "Nope"; /),
    ]);
    expect(problemsOf(text.replace('  scriptService: true\n', ''))).toEqual([
      'f.yaml:12:26: operations[0].generateScriptTypes: generateScriptTypes adds types to the /js proxy script of a ' +
        '[ScriptService] service: set service.scriptService: true (or remove generateScriptTypes)',
    ]);
  });
});

/**
 * `dictionary<T>` (C# `Dictionary<string, T>`): a `[ScriptService]`'s parameter and result type, JSON only. The
 * model carries the reflection error ASMX gives such a service, and no WSDL is written for it.
 */
import { describe, expect, it } from 'vitest';
import { generate, generateWsdl, NoWsdlError } from '../../generator/index.js';
import { buildModel } from '../../generator/spec/build-model.js';
import { parseSpec } from '../../generator/spec/parse-spec.js';
import { formatProblem, SpecError } from '../../generator/spec/spec-error.js';

const SCRIPT_HEAD = 'service:\n  name: Svc\n  namespace: urn:svc\n  scriptService: true\n';
const PLAIN_HEAD = 'service:\n  name: Svc\n  namespace: urn:svc\n';
const MSCORLIB = 'mscorlib, Version=4.0.0.0, Culture=neutral, PublicKeyToken=b77a5c561934e089';

function problemsOf(text: string): string[] {
  try {
    parseSpec(text, 'f.yaml');
  } catch (err) {
    if (err instanceof SpecError) return err.problems.map(formatProblem);
    throw err;
  }
  throw new Error('expected a SpecError');
}

describe('dictionary<T>', () => {
  it('resolves nested values, arrays of it and T? values, and their TypeScript and runtime types', () => {
    const model = buildModel(
      parseSpec(
        `${SCRIPT_HEAD}types:\n  Genre:\n    enum: [A, B]\noperations:\n` +
          '  - name: Op\n    parameters:\n      - { name: a, type: "dictionary<int?>" }\n' +
          '      - { name: b, type: "dictionary<dictionary<string[]>>[]" }\n' +
          '      - { name: c, type: "dictionary<Genre>" }\n    result: dictionary<anyType>\n',
        'f.yaml',
      ),
    );
    const [a, b, c] = model.operations[0]!.parameters;
    expect([a!.tsType, b!.tsType, c!.tsType, model.operations[0]!.result!.tsType]).toEqual([
      'ReadonlyMap<string, number | null>',
      '(ReadonlyMap<string, ReadonlyMap<string, (string | null)[] | null> | null> | null)[]',
      'ReadonlyMap<string, Genre>',
      'ReadonlyMap<string, AnyValue | null>',
    ]);
    expect(a!.valueType).toEqual({ dictionary: 'int', nillable: true });
    expect(c!.valueType).toEqual({ dictionary: { enum: 'Genre' }, nillable: false });
    expect(model.reflectionError).toEqual([
      'Method Svc.Op can not be reflected.',
      "There was an error reflecting 'a'.",
      `The type System.Collections.Generic.Dictionary\`2[[System.String, ${MSCORLIB}],[System.Nullable\`1[[System.Int32, ${MSCORLIB}]], ${MSCORLIB}]] is not supported because it implements IDictionary.`,
    ]);
  });

  it("names a result's member {MessageName}Result and a declared type in the service's assembly", () => {
    const model = buildModel(
      parseSpec(
        `${SCRIPT_HEAD}  typeNamespace: Contoso.Models\ntypes:\n  Book:\n    members: [{ name: Title }]\n` +
          'operations:\n  - name: Ping\n  - name: Get\n    messageName: GetBooks\n    result: dictionary<Book>\n',
        'f.yaml',
      ),
    );
    expect(model.reflectionError).toEqual([
      'Method Svc.Get can not be reflected.',
      "There was an error reflecting 'GetBooksResult'.",
      `The type System.Collections.Generic.Dictionary\`2[[System.String, ${MSCORLIB}],[Contoso.Models.Book, App_Code, Version=0.0.0.0, Culture=neutral, PublicKeyToken=null]] is not supported because it implements IDictionary.`,
    ]);
  });

  it('writes no WSDL: generate leaves it out, generateWsdl refuses with the reason', async () => {
    const model = buildModel(
      parseSpec(`${SCRIPT_HEAD}operations:\n  - name: Counts\n    result: dictionary<int>\n`, 'f.yaml'),
    );
    const files = await generate(model, { tests: false });
    expect(files.map((f) => f.path)).not.toContain('Svc.wsdl');
    expect(files.map((f) => f.path)).toContain('server.ts');
    await expect(generateWsdl(model)).rejects.toThrow(NoWsdlError);
    await expect(generateWsdl(model)).rejects.toThrow(
      /^Svc has no WSDL: XmlSerializer cannot reflect it \(Method Svc\.Counts/,
    );
  });

  it('is refused, with the reason and the place, outside a [ScriptService] parameter or result', () => {
    expect(problemsOf(`${PLAIN_HEAD}operations:\n  - name: Op\n    result: dictionary<int>\n`)).toEqual([
      expect.stringMatching(
        /^f\.yaml:6:13: operations\[0\]\.result: "dictionary<int>" is carried by a \[ScriptService\]'s JSON only: .*set service\.scriptService: true/,
      ),
    ]);
    expect(
      problemsOf(
        `${SCRIPT_HEAD}types:\n  C:\n    members: [{ name: m, type: "dictionary<int>" }]\noperations:\n  - name: Op\n`,
      ),
    ).toEqual([
      expect.stringMatching(
        /"dictionary<int>" cannot be a class member: a dictionary .* is an operation's parameter or result type only/,
      ),
    ]);
    expect(
      problemsOf(
        `${SCRIPT_HEAD}operations:\n  - name: Op\n    scriptMethod: { responseFormat: xml }\n    result: dictionary<int>\n`,
      ),
    ).toEqual([
      expect.stringMatching(
        /responseFormat: xml writes the result by XmlSerializer, which cannot reflect "dictionary<int>"/,
      ),
    ]);
    expect(
      problemsOf(
        `${SCRIPT_HEAD}operations:\n  - name: Op\n    parameters: [{ name: p, type: "dictionary<int>", direction: out }]\n`,
      ),
    ).toEqual([expect.stringMatching(/is carried by JSON only, which has no out parameters/)]);
    expect(
      problemsOf(
        `${SCRIPT_HEAD}operations:\n  - name: Op\n    parameters: [{ name: p, type: "dictionary<int>", itemName: x }]\n`,
      ),
    ).toContainEqual(expect.stringMatching(/has no XML form to shape \(JSON only\): remove itemName/));
    expect(problemsOf(`${SCRIPT_HEAD}operations:\n  - name: Op\n    result: dictionary<Nope>\n`)).toEqual([
      expect.stringMatching(/in "dictionary<Nope>": unknown type "Nope"/),
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { buildModel } from '../../generator/spec/build-model.js';
import { parseSpec } from '../../generator/spec/parse-spec.js';
import { formatProblem, SpecError } from '../../generator/spec/spec-error.js';

function problemsOf(text: string): string[] {
  try {
    parseSpec(text, 'f.yaml');
  } catch (err) {
    if (err instanceof SpecError) return err.problems.map(formatProblem);
    throw err;
  }
  throw new Error('expected a SpecError');
}

const HEAD = 'service:\n  name: Svc\n  namespace: urn:x\n';

describe('service.soapBindings', () => {
  it('groups operations binding by binding, in the listed order, and names them as the runtime does', () => {
    const spec = parseSpec(
      `${HEAD}  soapBindings: [{ name: B, conformanceClaim: true }, default, { name: A }]\n` +
        'operations:\n  - { name: W }\n  - { name: X, binding: A }\n  - { name: Y, binding: B }\n  - { name: Z }\n',
      'f.yaml',
    );
    const model = buildModel(spec);
    expect(
      model.soapBindings.map((b) => [b.portType, b.soap11Binding, b.soap12Binding, b.conformanceClaim, b.name]),
    ).toEqual([
      ['B', 'B', 'B1', true, 'B'],
      ['SvcSoap', 'SvcSoap', 'SvcSoap12', false, undefined],
      ['A', 'A', 'A1', false, 'A'],
    ]);
    expect(model.soapBindings.map((b) => b.operations.map((o) => o.name))).toEqual([['Y'], ['W', 'Z'], ['X']]);
    expect(model.soapOperations.map((o) => o.name)).toEqual(['Y', 'W', 'Z', 'X']);
    expect(model.operations.map((o) => o.name)).toEqual(['W', 'X', 'Y', 'Z']);
    expect(model.httpOperations.map((o) => o.name)).toEqual(['W', 'X', 'Y', 'Z']);
  });

  it('gives a name the runtime has taken already the first free number', () => {
    const spec = parseSpec(
      `${HEAD}  soapBindings: [{ name: X }, { name: X1 }, { name: SvcHttpGet }]\n` +
        'operations:\n  - { name: A, binding: X }\n  - { name: B, binding: X1 }\n  - { name: C, binding: SvcHttpGet }\n',
      'f.yaml',
    );
    const model = buildModel(spec);
    expect(model.soapBindings.map((b) => [b.soap11Binding, b.soap12Binding])).toEqual([
      ['X', 'X2'],
      ['X1', 'X11'],
      ['SvcHttpGet', 'SvcHttpGet1'],
    ]);
    expect(model.wsdlNames.httpGetBinding).toBe('SvcHttpGet2');
  });

  it('refuses bindings no operation uses, unknown and unlisted ones, and a missing or needless default', () => {
    expect(
      problemsOf(
        `${HEAD}  soapBindings: [{ name: A }, { name: B }, default]\noperations:\n  - { name: X, binding: A }\n` +
          '  - { name: Y, binding: C }\n',
      ),
    ).toEqual([
      'f.yaml:4:39: service.soapBindings[1].name: no operation is in binding "B": the runtime writes a binding only for the methods in it; remove it or set an operation\'s "binding"',
      'f.yaml:4:44: service.soapBindings[2]: every operation names its binding, so the default binding (SvcSoap) holds none and the runtime does not write it; remove "default"',
      'f.yaml:7:25: operations[1].binding: unknown binding "C"; did you mean "A"? Expected one of: A, B',
    ]);
    expect(
      problemsOf(`${HEAD}  soapBindings: [{ name: A }]\noperations:\n  - { name: X, binding: A }\n  - { name: Y }\n`),
    ).toEqual([
      'f.yaml:4:17: service.soapBindings: operation "Y" has no binding, so it is in the default binding (SvcSoap): list "default" where the WSDL writes that binding',
    ]);
    expect(problemsOf(`${HEAD}operations:\n  - { name: X, binding: A }\n`)).toEqual([
      'f.yaml:5:25: operations[0].binding: binding "A" is not listed: an operation\'s binding names an entry of service.soapBindings',
    ]);
  });

  it('refuses duplicates, other entries, service.binding beside it and a claim for an empty default', () => {
    expect(
      problemsOf(
        `${HEAD}  binding: Z\n  conformanceClaim: true\n  soapBindings: [{ name: A }, { name: A }, default, default, other]\n` +
          'operations:\n  - { name: X, binding: A }\n',
      ),
    ).toEqual([
      "f.yaml:4:12: service.binding: service.binding puts every operation in one named binding; with service.soapBindings, name each operation's binding instead",
      'f.yaml:6:39: service.soapBindings[1].name: duplicate binding "A" (first defined at line 6)',
      'f.yaml:6:44: service.soapBindings[2]: every operation names its binding, so the default binding (SvcSoap) holds none and the runtime does not write it; remove "default"',
      'f.yaml:6:53: service.soapBindings[3]: "default" is listed twice (first at line 6)',
      'f.yaml:6:62: service.soapBindings[4]: "other" is not a binding: an entry is "default" (the {Service}Soap binding) or { name, conformanceClaim }',
    ]);
  });

  it('refuses service.conformanceClaim when the default binding holds no operation', () => {
    expect(
      problemsOf(
        `${HEAD}  conformanceClaim: true\n  soapBindings: [{ name: A }]\noperations:\n  - { name: X, binding: A }\n`,
      ),
    ).toEqual([
      "f.yaml:4:21: service.conformanceClaim: service.conformanceClaim is the default binding's, which holds no operation; set conformanceClaim on the entry of service.soapBindings instead",
    ]);
  });
});

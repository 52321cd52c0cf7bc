import { describe, expect, it } from 'vitest';
import { buildModel } from '../../generator/spec/build-model.js';
import { loadSpecText } from '../../generator/spec/load-spec.js';
import { formatProblem, SpecError } from '../../generator/spec/spec-error.js';

function problemsOf(text: string): string[] {
  try {
    loadSpecText(text, 'f.yaml');
  } catch (err) {
    if (err instanceof SpecError) return err.problems.map(formatProblem);
    throw err;
  }
  throw new Error('expected a SpecError');
}

const HEAD = 'service:\n  name: Svc\n  namespace: urn:s\n';

describe('style and use', () => {
  it("refuses rpc/literal and unknown styles at their place, and takes a document operation's wrapper namespace", () => {
    const text = [
      `${HEAD}operations:`,
      '  - name: A',
      '    style: rpc',
      '    use: literal',
      '  - name: B',
      '    requestNamespace: urn:other',
      '  - name: C',
      '    style: bare',
    ].join('\n');
    expect(problemsOf(text)).toEqual([
      'f.yaml:7:10: operations[0].use: an rpc operation is encoded ([SoapRpcMethod] with SOAP section 5 encoding): ' +
        'rpc/literal is not expressible',
      'f.yaml:11:12: operations[2].style: unknown value "bare"; expected one of: document, rpc',
    ]);
  });

  it('refuses headers and out parameters on an encoded operation, and a literal one in an rpc service', () => {
    const text = [
      `${HEAD}  style: rpc`,
      'types:',
      '  Ticket: { header: true, members: [{ name: Token }] }',
      'operations:',
      '  - name: A',
      '    headers: [{ field: ticket, type: Ticket }]',
      '  - name: B',
      '    parameters: [{ name: x, direction: out }]',
      '  - name: C',
      '    style: document',
      '    use: literal',
    ].join('\n');
    expect(problemsOf(text)).toEqual([
      'f.yaml:9:14: operations[0].headers: an encoded operation (SOAP section 5) with SOAP headers is not expressible',
      'f.yaml:11:17: operations[1].parameters: an encoded operation (SOAP section 5) takes in parameters only, not out or ref',
      'f.yaml:14:10: operations[2].use: a document/literal operation in an rpc service (service.style: rpc) is not expressible',
    ]);
  });

  it('refuses an rpc service style that is not one', () => {
    expect(problemsOf(`${HEAD}  style: RPC\noperations: [{ name: A }]\n`)).toEqual([
      'f.yaml:4:10: service.style: unknown value "RPC"; did you mean "rpc"? Expected one of: document, rpc',
    ]);
  });

  it('makes every operation of an rpc service rpc/encoded, and a document one document/encoded by default', () => {
    const model = buildModel(
      loadSpecText(
        [
          `${HEAD}  style: rpc`,
          'operations:',
          '  - { name: A, parameters: [{ name: x, type: int }], result: string }',
          '  - { name: B, style: document }',
          '  - { name: C, requestNamespace: urn:req, responseNamespace: urn:res }',
        ].join('\n'),
        'f.yaml',
      ),
    );
    expect(model.rpc).toBe(true);
    expect(
      model.operations.map((o) => o.encoded && [o.encoded.style, o.encoded.inputNamespace, o.encoded.outputNamespace]),
    ).toEqual([
      ['rpc', 'urn:s', 'urn:s'],
      ['document', 'urn:s', 'urn:s'],
      ['rpc', 'urn:req', 'urn:res'],
    ]);
    expect(model.operations[0]!.encoded!.inputParts).toEqual([{ name: 'x', type: 's:int' }]);
    expect(model.operations[0]!.encoded!.outputParts).toEqual([{ name: 'AResult', type: 's:string' }]);
    expect(model.operations[1]!.encoded!.inputParts).toEqual([{ name: 'parameters', type: 'tns:B' }]);
  });

  it('keeps document/literal the default, and puts document/encoded types in {namespace}/encodedTypes', () => {
    const model = buildModel(
      loadSpecText(
        [`${HEAD}operations:`, '  - { name: A }', '  - { name: B, use: encoded, parameters: [{ name: x }] }'].join(
          '\n',
        ),
        'f.yaml',
      ),
    );
    expect(model.rpc).toBe(false);
    expect(model.operations[0]!.encoded).toBeUndefined();
    expect(model.operations[1]!.encoded).toMatchObject({
      style: 'document',
      inputNamespace: 'urn:s/encodedTypes',
      inputParts: [{ name: 'parameters', type: 's1:B' }],
    });
    expect(model.wsdl.schemas.map((s) => [s.prefix, s.namespace])).toEqual([
      ['tns', 'urn:s'],
      ['s1', 'urn:s/encodedTypes'],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { buildModel } from '../../generator/spec/build-model.js';
import { parseSpec } from '../../generator/spec/parse-spec.js';
import { formatProblem, SpecError } from '../../generator/spec/spec-error.js';

const HEAD = 'service:\n  name: Svc\n  namespace: urn:svc\noperations:\n';

function problemsOf(text: string): string[] {
  try {
    parseSpec(text, 'f.yaml');
  } catch (err) {
    if (err instanceof SpecError) return err.problems.map(formatProblem);
    throw err;
  }
  throw new Error('expected a SpecError');
}

describe("an operation's [SoapDocumentMethod] settings", () => {
  it('are read and given their defaults in the model', () => {
    const spec = parseSpec(
      `${HEAD}  - name: Send\n    requestElement: SendRequest\n    responseElement: SendReply\n` +
        '    requestNamespace: urn:in\n    responseNamespace: urn:out\n' +
        '  - name: Echo\n    parameterStyle: bare\n    parameters: [{ name: text }]\n    result: string\n' +
        '  - name: Notify\n    oneWay: true\n',
      'f.yaml',
    );
    const [send, echo, notify] = buildModel(spec).operations;
    expect(send).toMatchObject({
      requestElement: 'SendRequest',
      responseElement: 'SendReply',
      requestNamespace: 'urn:in',
      responseNamespace: 'urn:out',
      parameterStyle: 'wrapped',
      oneWay: false,
      soapParts: {
        input: [{ name: 'parameters', element: 's0:SendRequest' }],
        output: [{ name: 'parameters', element: 's1:SendReply' }],
      },
    });
    expect(echo).toMatchObject({
      requestElement: 'Echo',
      requestNamespace: 'urn:svc',
      parameterStyle: 'bare',
      soapActionRequired: false,
      soapParts: {
        input: [{ name: 'text', element: 'tns:text' }],
        output: [{ name: 'EchoResult', element: 'tns:EchoResult' }],
      },
    });
    expect(notify).toMatchObject({ oneWay: true, soapParts: { output: undefined } });
  });

  it('service.parameterStyle: bare makes every operation bare but one that says wrapped', () => {
    const spec = parseSpec(
      'service:\n  name: Svc\n  namespace: urn:svc\n  parameterStyle: bare\noperations:\n' +
        '  - name: A\n    parameters: [{ name: a }, { name: b }]\n' +
        '  - name: B\n    parameterStyle: wrapped\n    requestElement: BRequest\n' +
        '  - name: C\n',
      'f.yaml',
    );
    const [a, b, c] = buildModel(spec).operations;
    // A and C have no request element to be routed by (two parameters, none): SOAP 1.2 needs their SOAPAction.
    expect(a).toMatchObject({ parameterStyle: 'bare', soapActionRequired: true });
    expect(c).toMatchObject({ parameterStyle: 'bare', soapActionRequired: true });
    expect(b).toMatchObject({ parameterStyle: 'wrapped', requestElement: 'BRequest', soapActionRequired: false });
    expect(
      problemsOf(
        'service:\n  name: Svc\n  namespace: urn:svc\n  parameterStyle: bare\noperations:\n  - name: A\n    requestElement: X\n',
      ),
    ).toEqual([
      'f.yaml:7:21: operations[0].requestElement: a bare operation has no wrapper element to rename: remove requestElement',
    ]);
  });

  it('refuses bare elements of one name and namespace with different types, and takes them with one type', () => {
    const ops =
      '  - name: A\n    parameterStyle: bare\n    parameters: [{ name: id, type: int }]\n' +
      '  - name: B\n    parameterStyle: bare\n    parameters: [{ name: id }]\n' +
      '  - name: C\n    parameterStyle: bare\n    requestNamespace: urn:other\n    parameters: [{ name: id }]\n' +
      '  - name: D\n    parameterStyle: bare\n    parameters: [{ name: id, type: int }]\n';
    expect(problemsOf(`${HEAD}${ops}`)).toEqual([
      'f.yaml:10:17: operations[1].parameters: the bare element "id" (namespace urn:svc) is of type string here but int at line 7: a bare parameter or result is a top-level element, declared once per namespace; rename one',
    ]);
  });

  it('refuses wrong values, each at its place', () => {
    expect(
      problemsOf(
        `${HEAD}  - name: A\n    requestElement: "1x"\n    requestNamespace: ""\n    parameterStyle: rpc\n    oneWay: yes please\n`,
      ),
    ).toEqual([
      'f.yaml:6:21: operations[0].requestElement: invalid element name "1x": it is not a valid XML name (must start with a letter or "_" and contain only letters, digits, "_", "-" and ".")',
      'f.yaml:7:23: operations[0].requestNamespace: must not be empty',
      'f.yaml:8:21: operations[0].parameterStyle: unknown value "rpc"; expected one of: wrapped, bare',
      'f.yaml:9:13: operations[0].oneWay: expected true or false',
    ]);
  });

  it('refuses element names on a bare operation, and a result or a response on a one-way one', () => {
    expect(
      problemsOf(
        `${HEAD}  - name: A\n    parameterStyle: bare\n    requestElement: AReq\n` +
          '  - name: B\n    oneWay: true\n    result: int\n    responseNamespace: urn:x\n' +
          '    parameters: [{ name: n, type: int, direction: out }]\n',
      ),
    ).toEqual([
      'f.yaml:7:21: operations[0].requestElement: a bare operation has no wrapper element to rename: remove requestElement',
      'f.yaml:10:13: operations[1].result: a one-way operation returns nothing: remove the result (or oneWay)',
      'f.yaml:11:24: operations[1].responseNamespace: a one-way operation has no response: remove responseNamespace',
      'f.yaml:12:17: operations[1].parameters: a one-way operation has no out or ref parameters (it sends no response)',
    ]);
  });
  it("partName keeps a renamed parameter's C# name: on a bare one's part, and as HTTP's field", () => {
    const spec = parseSpec(
      'service:\n  name: Svc\n  namespace: urn:svc\nbindings: [soap11, soap12]\noperations:\n' +
        '  - name: Find\n    parameterStyle: bare\n' +
        '    parameters: [{ name: findRequest, partName: Request }, { name: n, type: int, direction: out, partName: count }]\n',
      'f.yaml',
    );
    const [find] = buildModel(spec).operations;
    expect(find!.parameters.map((p) => [p.name, p.partName])).toEqual([
      ['findRequest', 'Request'],
      ['n', 'count'],
    ]);
    expect(find!.soapParts).toEqual({
      input: [{ name: 'Request', element: 'tns:findRequest' }],
      output: [{ name: 'count', element: 'tns:n' }],
    });
    // [XmlElement("a")] string A on a wrapped operation HTTP offers: SOAP's element a, HTTP's part and field A.
    const wrapped = buildModel(
      parseSpec(`${HEAD}  - name: A\n    parameters: [{ name: a, partName: A }, { name: b, type: int }]\n`, 'f.yaml'),
    ).operations[0]!;
    expect(wrapped.requestParameters.map((p) => p.name)).toEqual(['a', 'b']);
    expect(wrapped.http?.parts.map((p) => p.name)).toEqual(['A', 'b']);
    expect(
      problemsOf(`${HEAD}  - name: C\n    parameterStyle: bare\n    parameters: [{ name: c, partName: "1c" }]\n`),
    ).toEqual([
      'f.yaml:7:39: operations[0].parameters[0].partName: invalid part name "1c": it is not a valid XML name (must start with a letter or "_" and contain only letters, digits, "_", "-" and ".")',
    ]);
  });
});

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildModel } from '../../generator/spec/build-model.js';
import { BUILTIN_NAMES } from '../../generator/model/builtin-types.js';
import { DEFAULT_SPEC_PATH, loadSpec, loadSpecText } from '../../generator/spec/load-spec.js';
import { parseSpec } from '../../generator/spec/parse-spec.js';
import { formatProblem, SpecError } from '../../generator/spec/spec-error.js';

/** The formatted problems `fn` throws, or a failure when it does not throw a SpecError. */
function problemsOf(fn: () => unknown): string[] {
  try {
    fn();
  } catch (err) {
    if (err instanceof SpecError) return err.problems.map(formatProblem);
    throw err;
  }
  throw new Error('expected a SpecError');
}

async function problemsOfAsync(promise: Promise<unknown>): Promise<string[]> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (err instanceof SpecError) return err.problems.map(formatProblem);
  throw new Error(`expected a SpecError, got ${String(err)}`);
}

const HEAD = 'service:\n  name: Svc\n  namespace: http://tempuri.org/\n';
const TYPES = BUILTIN_NAMES.join(', ');

const DEFAULT_ORDER = [
  'SocAuthorize',
  'AuthenticateSocAndApp',
  'RegisterByMobilePhoneSend',
  'RegisterByMobilePhone',
  'Authenticate',
  'SocAuthentication',
  'BindMobilePhoneSend',
  'BindMobilePhoneCheck',
  'LoginByMobilePhone',
  'LoginByMobilePhoneCheck',
  'AuthenticationBySocial',
  'GetPhoneNumberByUni',
  'GetSocialMobilePhone',
  'LoginByMobilePhoneOnetouch',
  'LoginOut',
  'GetTerm',
  'FindPwdByMobilePhone',
  'FindPwdByMobilePhoneSend',
  'FindPwdByMobilePhoneCheck',
  'UploadImage',
];

describe('the default spec', () => {
  it('loads and builds a model of 20 operations in order', async () => {
    const spec = await loadSpec(DEFAULT_SPEC_PATH);
    const model = buildModel(spec);
    expect(model.name).toBe('AuthenticationWebService');
    expect(model.namespace).toBe('App.WebService');
    expect(model.path).toBe('/AuthenticationWebService.asmx');
    expect(model.bindings).toEqual(['soap11', 'soap12', 'httpGet', 'httpPost']);
    expect(model.operations.map((o) => o.name)).toEqual(DEFAULT_ORDER);
    for (const op of model.operations) {
      expect(op.group).toBeTruthy();
      expect(op.description).toBeUndefined();
      expect(op.result).toBeUndefined();
      expect(op.parameters.map((p) => [p.name, p.type.spec])).toEqual(
        op.name === 'UploadImage' ? [] : [['requestJson', 'string']],
      );
    }
    expect(model.operations.find((o) => o.name === 'AuthenticationBySocial')?.group).toBe('Login by phone');
  });

  it('is a plain object with only known fields', async () => {
    const spec = await loadSpec(DEFAULT_SPEC_PATH);
    expect(spec.operations[0]).toEqual({
      name: 'SocAuthorize',
      group: 'Social-account authorization',
      parameters: [{ name: 'requestJson', type: 'string' }],
    });
    expect(Object.keys(spec)).toEqual(['service', 'bindings', 'operations']);
  });

  it('is found relative to the package', () => {
    expect(DEFAULT_SPEC_PATH.replaceAll('\\', '/')).toMatch(/\/spec\/authentication-web-service\.yaml$/);
  });
});

describe('parseSpec', () => {
  it('omits absent optional fields', () => {
    const spec = parseSpec(`${HEAD}operations:\n  - name: Ping\n`, 'f.yaml');
    expect(spec).toEqual({
      service: { name: 'Svc', namespace: 'http://tempuri.org/' },
      operations: [{ name: 'Ping' }],
    });
  });

  it('accepts a $schema key, typed parameters and results', () => {
    const spec = parseSpec(
      `$schema: ./asmxgen.schema.json\n${HEAD}operations:\n  - name: Add\n    parameters: [{ name: a, type: int }, { name: b }]\n    result: long\n`,
      'f.yaml',
    );
    expect(spec.operations[0]).toEqual({
      name: 'Add',
      parameters: [{ name: 'a', type: 'int' }, { name: 'b' }],
      result: 'long',
    });
  });

  it('reports a duplicate operation, a bad name and an unknown type together, in order', () => {
    const text = `${HEAD}operations:
  - name: Hello
  - name: 9Bad
  - name: Hello
    parameters:
      - { name: a, type: foo }
`;
    expect(problemsOf(() => parseSpec(text, 'svc.yaml'))).toEqual([
      'svc.yaml:6:11: operations[1].name: invalid operation name "9Bad": it is not a valid XML name (must start with a letter or "_" and contain only letters, digits, "_", "-" and ".")',
      'svc.yaml:7:11: operations[2].name: duplicate operation "Hello" (first defined at line 5)',
      `svc.yaml:9:26: operations[2].parameters[0].type: unknown type "foo"; expected one of: ${TYPES}`,
    ]);
  });

  it('refuses an operation named like the response element of another', () => {
    const text = `${HEAD}operations:\n  - name: Login\n  - name: LoginResponse\n`;
    expect(problemsOf(() => parseSpec(text, 'f.yaml'))).toEqual([
      'f.yaml:6:11: operations[1].name: operation "LoginResponse" declares the same WSDL element as the response of operation "Login" (line 5); rename one of them',
    ]);
  });

  it('refuses the names of JavaScript object internals', () => {
    const text = `${HEAD}operations:\n  - name: constructor\n    parameters: [{ name: __proto__ }]\n`;
    expect(problemsOf(() => parseSpec(text, 'f.yaml'))).toEqual([
      'f.yaml:5:11: operations[0].name: invalid operation name "constructor": the names __proto__, constructor, prototype are reserved',
      'f.yaml:6:26: operations[0].parameters[0].name: invalid parameter name "__proto__": the names __proto__, constructor, prototype are reserved',
    ]);
  });

  it('takes an operation name that is an XML name but no TypeScript identifier, and refuses one that is no XML name', () => {
    const text = `${HEAD}operations:\n  - name: my-op\n  - name: $x\n`;
    expect(problemsOf(() => parseSpec(text, 'f.yaml'))).toEqual([
      'f.yaml:6:11: operations[1].name: invalid operation name "$x": it is not a valid XML name (must start with a letter or "_" and contain only letters, digits, "_", "-" and ".")',
    ]);
    expect(parseSpec(`${HEAD}operations:\n  - name: my-op\n`, 'f.yaml').operations[0]!.name).toBe('my-op');
  });

  it('reports duplicate and non-XML parameter names', () => {
    const text = `${HEAD}operations:\n  - name: X\n    parameters: [{ name: a }, { name: a, type: int }, { name: "b c" }]\n`;
    expect(problemsOf(() => parseSpec(text, 'f.yaml'))).toEqual([
      'f.yaml:6:39: operations[0].parameters[1].name: duplicate parameter "a" (first defined at line 6)',
      'f.yaml:6:63: operations[0].parameters[2].name: invalid parameter name "b c": it is not a valid XML name (must start with a letter or "_" and contain only letters, digits, "_", "-" and ".")',
    ]);
  });

  it('reports unknown and duplicate bindings', () => {
    const text = `${HEAD}bindings: [soap11, soap13, soap11]\noperations:\n  - name: X\n`;
    expect(problemsOf(() => parseSpec(text, 'f.yaml'))).toEqual([
      'f.yaml:4:20: bindings[1]: unknown binding "soap13"; did you mean "soap11"? Expected one of: soap11, soap12, httpGet, httpPost',
      'f.yaml:4:28: bindings[2]: duplicate binding "soap11" (first listed at line 4)',
    ]);
  });

  it('reports empty bindings and operations', () => {
    const text = `${HEAD}bindings: []\noperations: []\n`;
    expect(problemsOf(() => parseSpec(text, 'f.yaml'))).toEqual([
      'f.yaml:4:11: bindings: must not be empty; omit it to enable all four bindings',
      'f.yaml:5:13: operations: a service needs at least one operation',
    ]);
  });

  it('reports a missing namespace at the service mapping', () => {
    const text = 'service:\n  name: Svc\noperations:\n  - name: X\n';
    expect(problemsOf(() => parseSpec(text, 'f.yaml'))).toEqual([
      "f.yaml:2:3: service.namespace: missing namespace: every ASMX service has one (ASMX's default is http://tempuri.org/)",
    ]);
  });

  it('reports missing required fields at the mapping', () => {
    expect(problemsOf(() => parseSpec('bindings: [soap11]\n', 'f.yaml'))).toEqual([
      'f.yaml:1:1: service: missing required field "service"',
      'f.yaml:1:1: operations: missing required field "operations"',
    ]);
    expect(problemsOf(() => parseSpec(`${HEAD}operations:\n  - group: G\n`, 'f.yaml'))).toEqual([
      'f.yaml:5:5: operations[0].name: missing required field "name"',
    ]);
  });

  it('reads resultElement ([return: XmlElement("X")]) and refuses it on a void operation', () => {
    const text = (op: string) => `service:\n  name: S\n  namespace: urn:s\noperations:\n  - ${op}\n`;
    expect(parseSpec(text('{ name: Op, result: string, resultElement: Answer }'), 'r.yaml').operations[0]).toEqual({
      name: 'Op',
      result: 'string',
      resultElement: 'Answer',
    });
    expect(() => parseSpec(text('{ name: Op, resultElement: Answer }'), 'r.yaml')).toThrow(
      'r.yaml:5:32: operations[0].resultElement: a void operation has no result element',
    );
  });

  it('reports unknown fields at their key, at every level', () => {
    const text = `${HEAD}  nam: x\noperations:\n  - name: X\n    params: []\n    parameters: [{ name: a, kind: int }]\nextra: 1\n`;
    expect(problemsOf(() => parseSpec(text, 'f.yaml'))).toEqual([
      'f.yaml:4:3: service.nam: unknown field "nam"; did you mean "name"? Expected one of: name, namespace, path, description, binding, bindingNamespace, conformanceClaim, include, style, parameterStyle, soapBindings, scriptService, scriptNamespace, typeNamespace, generateScriptTypes, routingStyle',
      'f.yaml:7:5: operations[0].params: unknown field "params"; expected one of: name, messageName, group, description, soapAction, parameters, result, resultItemName, resultUnwrapped, resultChoice, resultElement, resultItemNullable, resultItemForm, resultForm, resultNamespace, resultDataType, resultNillable, resultJson, headers, style, use, requestElement, responseElement, requestNamespace, responseNamespace, parameterStyle, oneWay, binding, scriptMethod, enableSession, generateScriptTypes',
      'f.yaml:8:29: operations[0].parameters[0].kind: unknown field "kind"; expected one of: name, type, direction, list, itemName, itemNullable, itemForm, choice, dataType, nillable, form, namespace, json, partName, unwrapped',
      'f.yaml:9:1: extra: unknown field "extra"; expected one of: service, bindings, types, operations, wsdl',
    ]);
  });

  it('reports values of the wrong kind', () => {
    const text = `service:\n  name: Svc\n  namespace: 42\n  path: foo\noperations:\n  - name: X\n    group: true\n    soapAction:\n    result: [int]\n  - just-a-string\n`;
    expect(problemsOf(() => parseSpec(text, 'f.yaml'))).toEqual([
      'f.yaml:3:14: service.namespace: expected a string',
      'f.yaml:4:9: service.path: invalid path "foo": must start with "/" and contain no whitespace, "?" or "#" (ASMX paths end with ".asmx"; another is one a service behind URL rewriting or a proxy answers at)',
      'f.yaml:7:12: operations[0].group: expected a string',
      'f.yaml:8:5: operations[0].soapAction: expected a string',
      'f.yaml:9:13: operations[0].result: expected a string',
      'f.yaml:10:5: operations[1]: expected a mapping',
    ]);
  });

  it('accepts endpoint paths case-insensitively and rejects queries', () => {
    const ok = parseSpec(`${HEAD}  path: /svc/My.ASMX\noperations: [{ name: X }]\n`, 'f.yaml');
    expect(ok.service.path).toBe('/svc/My.ASMX');
    expect(
      problemsOf(() => parseSpec(`${HEAD}  path: /My.asmx?wsdl\noperations: [{ name: X }]\n`, 'f.yaml')),
    ).toHaveLength(1);
  });

  it('turns YAML syntax errors into positioned problems', () => {
    const problems = problemsOf(() => parseSpec('service:\n  name: [a\noperations: x\n', 'f.yaml'));
    expect(problems).toEqual([
      'f.yaml:3:1: (root): invalid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]',
    ]);
  });

  it('reports duplicate YAML keys', () => {
    expect(problemsOf(() => parseSpec('service: {}\nservice: {}\n', 'f.yaml'))).toEqual([
      'f.yaml:2:1: (root): invalid YAML: Map keys must be unique',
    ]);
  });

  it('rejects a document that is not a mapping', () => {
    expect(problemsOf(() => parseSpec('hello\n', 'f.yaml'))).toEqual([
      'f.yaml:1:1: (root): a spec must be a mapping with "service" and "operations"; got a string',
    ]);
    expect(problemsOf(() => parseSpec('', 'f.yaml'))).toEqual([
      'f.yaml:1:1: (root): a spec must be a mapping with "service" and "operations"; got an empty document',
    ]);
    expect(problemsOf(() => parseSpec('# nothing\n', 'f.yaml'))).toHaveLength(1);
    expect(problemsOf(() => parseSpec('- a\n', 'f.yaml'))[0]).toMatch(/got a sequence$/);
  });

  it('puts every problem, one per line, in the message', () => {
    try {
      parseSpec('service: 1\noperations: 2\n', 'f.yaml');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(SpecError);
      expect((err as SpecError).message).toBe(
        'f.yaml:1:10: service: expected a mapping\nf.yaml:2:13: operations: expected a sequence',
      );
    }
  });
});

describe('loadSpec', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'asmxgen-spec-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reports a missing file at 1:1', async () => {
    const file = join(dir, 'missing.yaml');
    expect(await problemsOfAsync(loadSpec(file))).toEqual([`${file}:1:1: (root): cannot read spec: no such file`]);
  });

  it('reports a directory', async () => {
    expect(await problemsOfAsync(loadSpec(dir))).toEqual([`${dir}:1:1: (root): cannot read spec: is a directory`]);
  });

  it('strips a UTF-8 byte order mark', async () => {
    const file = join(dir, 'bom.yaml');
    await writeFile(file, `\uFEFF${HEAD}operations: [{ name: X }]\n`);
    expect((await loadSpec(file)).service.name).toBe('Svc');
    expect(loadSpecText(`\uFEFF${HEAD}operations: [{ name: X }]\n`, 'f.yaml').operations).toHaveLength(1);
  });

  it('refuses files over 16 MiB', async () => {
    const file = join(dir, 'big.yaml');
    await writeFile(file, Buffer.alloc(16 * 1024 * 1024 + 1, 0x20));
    const problems = await problemsOfAsync(loadSpec(file));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/:1:1: \(root\): spec is too large .*the limit is 16 MiB$/);
  });

  it('rejects invalid UTF-8', async () => {
    const file = join(dir, 'latin1.yaml');
    await writeFile(file, Buffer.from([0x61, 0x3a, 0x20, 0xe9, 0x0a]));
    expect(await problemsOfAsync(loadSpec(file))).toEqual([`${file}:1:1: (root): cannot read spec: not valid UTF-8`]);
  });
});

describe('routingStyle and shared SOAPActions', () => {
  const spec = (routing: string) => `service:
  name: Switchboard
  namespace: urn:example:switchboard
${routing}operations:
  - { name: Connect, soapAction: '' }
  - { name: Dial, soapAction: '' }
  - { name: Hold, soapAction: urn:example:switchboard/Connect }
  - { name: Connect2, messageName: Connect }
`;

  it('refuses two operations sharing a SOAPAction when SOAP 1.1 routes by it, at the second', () => {
    expect(problemsOf(() => parseSpec(spec(''), 'f.yaml'))).toEqual([
      'f.yaml:6:31: operations[1].soapAction: operations "Connect" and "Dial" have the same SOAPAction "": the ' +
        'runtime routes SOAP 1.1 requests by SOAPAction and refuses to start such a service; give each its own ' +
        'soapAction, or set service.routingStyle: requestElement to route by the request element',
      'f.yaml:8:36: operations[3].messageName: duplicate message name "Connect" (first defined at line 5)',
    ]);
  });

  it('takes them with routingStyle: requestElement ([SoapDocumentService(RoutingStyle = RequestElement)])', () => {
    const parsed = parseSpec(spec('  routingStyle: requestElement\n').replace(/.*Connect2.*\n/, ''), 'f.yaml');
    expect(parsed.service.routingStyle).toBe('requestElement');
    expect(parsed.operations.map((op) => op.soapAction)).toEqual(['', '', 'urn:example:switchboard/Connect']);
    expect(problemsOf(() => parseSpec(spec('  routingStyle: element\n'), 'f.yaml'))[0]).toMatch(
      /^f\.yaml:4:17: service\.routingStyle: .*soapAction.*requestElement/,
    );
  });
});

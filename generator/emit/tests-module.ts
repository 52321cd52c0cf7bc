import { soapActionFor } from '../model/naming.js';
import type { GeneratedFile, OperationModel, ServiceModel } from '../model/types.js';
import { testSuitePath } from './module-paths.js';
import type { Doc } from '../printer/doc.js';
import {
  array,
  assignment,
  call,
  callWithObject,
  flat,
  object,
  print,
  property,
  raw,
  shorthandObject,
  string,
  typeAssignment,
  type Expr,
} from '../printer/ts-syntax.js';
import { template } from '../render/templates.js';
import { GENERATED_HEADER } from '../printer/ts-module.js';
import {
  inputSampleExpr,
  resultSampleExpr,
  sampleConstantsOf,
  uploadSample,
  type SampleConstant,
  type SampleKind,
} from './test-samples.js';

/**
 * What `templates/generated-test.hbs` renders: names, and the statements that
 * hold names or values of the service, already laid out (the template's own
 * text is formatted as it stands).
 */
export interface TestSuiteView {
  readonly name: string;
  readonly ts: ServiceModel['ts'];
  /** The enabled transports, an array literal. */
  readonly transports: string;
  /** Values the samples share: those they name. */
  readonly constants: readonly SampleConstant[];
  /** `type Client = …;`, `type Transport = …;` and `type CallOptions = …;`, one per line. */
  readonly typeAliases: string;
  /** Each operation's row of `OPERATIONS` (`Op: { … },`), at an indentation of 2. */
  readonly rows: readonly string[];
  /**
   * `const UNKNOWN_OPERATION = …;` and `const UNKNOWN_SOAP_ACTION = …;`: an operation name no operation has, in any
   * case, nor by its SOAPAction, and that SOAPAction.
   */
  readonly unknownOperation: string;
  /** `const server = …;`: the generated server. */
  readonly server: string;
  /** `client = …;`: the generated client, at an indentation of 2. */
  readonly client: string;
}

/**
 * `{Svc}.test.ts`: the service's own vitest suite, run against the generated
 * server through the generated client. A table of every operation with its
 * transports and sample values, and tests over the table: regenerating for
 * a changed spec changes the table, never the tests.
 */
export function emitTestsModule(model: ServiceModel): GeneratedFile {
  const source = template('generated-test.hbs')(testSuiteView(model));
  return { path: testSuitePath(model.name), content: GENERATED_HEADER + source };
}

export function testSuiteView(model: ServiceModel): TestSuiteView {
  const { ts } = model;
  const transports = array(model.bindings.map((b) => string(b, 'printable')));
  const unknown = unknownOperation(model);
  const row = (op: OperationModel) =>
    print(
      [
        property(
          op.ts.method,
          object(
            [
              ['transports', transports],
              ['plain', sample(op, 'plain')],
              ['hostile', sample(op, 'hostile')],
              ['upload', op.takesFiles ? uploadSample() : raw('undefined')],
            ],
            true,
          ),
        ),
        ',',
      ],
      2,
    );
  const statement = (doc: Doc) => print([doc, ';']);
  return {
    name: model.name,
    ts,
    transports: flat(transports),
    constants: sampleConstantsOf(model.operations),
    typeAliases: [
      statement(typeAssignment('type Client', ts.clientInterface)),
      statement(typeAssignment('type Transport', ts.transportType)),
      statement(typeAssignment('type CallOptions', ts.callOptionsType)),
    ].join('\n'),
    rows: model.operations.map(row),
    unknownOperation: [
      statement(assignment('const UNKNOWN_OPERATION', ' =', string(unknown, 'printable'))),
      statement(
        assignment('const UNKNOWN_SOAP_ACTION', ' =', string(soapActionFor(model.namespace, unknown), 'printable')),
      ),
    ].join('\n'),
    server: statement(assignment('const server', ' =', call(ts.createServer, [raw('handlers')]))),
    client: print([assignment('client', ' =', callWithObject(ts.createClient, shorthandObject('url'))), ';'], 2),
  };
}

function sample(op: OperationModel, kind: SampleKind): Expr {
  return object([
    ['input', inputSampleExpr(op, kind)],
    ['result', resultSampleExpr(op, kind)],
  ]);
}

/**
 * `NoSuchOperation`, or with a number when the service has an operation of
 * that name in any case (ASMX answers a wrong-case `/X.asmx/op` otherwise),
 * or whose SOAPAction is the one the name would have.
 */
export function unknownOperation(model: ServiceModel): string {
  const names = new Set(model.operations.map((op) => op.name.toLowerCase()));
  const actions = new Set(model.operations.map((op) => op.soapAction));
  for (let i = 1; ; i++) {
    const name = i === 1 ? 'NoSuchOperation' : `NoSuchOperation${i}`;
    if (!names.has(name.toLowerCase()) && !actions.has(soapActionFor(model.namespace, name))) return name;
  }
}

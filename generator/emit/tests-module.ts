import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { soapActionFor } from '../model/naming.js';
import { contentPieces } from '../model/file-content.js';
import type { GeneratedFile, OperationModel, ServiceModel } from '../model/types.js';
import { packageRoot } from '../package-root.js';
import { printTsModule, type Statement } from '../printer/ts-module.js';
import { array, laidOutObject, object, raw, string, type Expr } from '../printer/ts-syntax.js';
import { testSuitePath } from './module-paths.js';
import {
  headerSampleExpr,
  inputSampleExpr,
  resultSampleExpr,
  sampleNamesIn,
  uploadSample,
  type SampleKind,
} from './test-samples.js';

/** The fixed part of every suite, copied after the printed head from the line after `BODY_MARKER` on. */
export const SUITE_BODY_FILE = 'templates/generated-test.ts';
const BODY_MARKER = '// @asmxgen-suite-body\n';

/**
 * `{Svc}.test.ts`: the service's own vitest suite, run against the generated
 * server through the generated client. A table of every operation with its
 * transports and sample values, and tests over the table: regenerating for
 * a changed spec changes the table, never the tests.
 *
 * The head (imports, the service's names imported under the aliases the tests
 * use, the table and the values it names) is printed; the tests are
 * `templates/generated-test.ts`, copied as they are after it.
 */
export function emitTestsModule(model: ServiceModel, importPath = './index.js'): GeneratedFile {
  const path = testSuitePath(model.name);
  const head = printTsModule({ path, statements: suiteHead(model, importPath) });
  // In pieces: the head (megabytes for a large service) is not copied, nor made two bytes a character by the body's
  // non-ASCII characters, as a joined string would be.
  return { path, content: [...contentPieces(head.content), '\n', suiteBody()] };
}

/** What the suite's fixed part names, declared for `model`. */
export function suiteHead(model: ServiceModel, importPath = './index.js'): Statement[] {
  const { ts } = model;
  const transportsOf = (bindings: readonly string[]) => array(bindings.map((b) => string(b, 'printable')));
  // A service XmlSerializer cannot reflect (reflectionError) is called over JSON only.
  const jsonOnly = model.reflectionError !== undefined;
  const transports = transportsOf(jsonOnly ? ['json'] : model.bindings);
  const unknown = unknownOperation(model);
  // The table is laid out row by row as rows are made (a service of 1,500 operations has a table of megabytes).
  function* rows(): Generator<readonly [string, Expr]> {
    for (const op of model.operations) yield row(op);
  }
  const row = (op: OperationModel) => {
    // HttpGet and HttpPost leave out an operation they cannot carry: it is called over SOAP only.
    const carried = jsonOnly
      ? ['json']
      : op.httpOmitted
        ? model.bindings.filter((b) => b === 'soap11' || b === 'soap12')
        : model.bindings;
    const entries: [string, Expr][] = [
      ['transports', transportsOf(carried)],
      ['plain', sample(model, op, 'plain')],
      ['hostile', sample(model, op, 'hostile')],
      ['upload', op.takesFiles ? uploadSample() : raw('undefined')],
    ];
    if (op.headers.length > 0) entries.push(['headers', headerSampleExpr(model, op)]);
    return [op.ts.method, object(entries, true)] as const;
  };
  const table = laidOutObject(rows());
  const used = sampleNamesIn(table.texts);
  const constant = (name: string, doc: string, value: Expr, type?: string): Statement => ({
    kind: 'const',
    name,
    exported: false,
    ...(type === undefined ? {} : { type }),
    value,
    // One line, however long: the comments of the suite's fixed part are not wrapped either.
    docs: [`/** ${doc} */`],
  });
  return [
    {
      kind: 'import',
      typeOnly: true,
      names: ['AddressInfo'],
      from: 'node:net',
      docs: [
        '/**',
        ` * The test suite of ${model.name}.`,
        ' *',
        ' * The generated server, on an ephemeral port with a recording handler for every operation, called through the',
        ' * generated client over every transport the service enables. asmxgen regenerates this file with the service: a new',
        ' * operation joins `OPERATIONS`, and every test below covers it.',
        ' */',
      ],
    },
    { kind: 'import', names: [{ name: 'setTimeout', alias: 'delay' }], from: 'node:timers/promises' },
    {
      kind: 'import',
      names: ['afterAll', 'beforeAll', 'beforeEach', 'describe', 'expect', 'it', 'vi'],
      from: 'vitest',
    },
    {
      kind: 'import',
      names: [
        { name: ts.createClient, alias: 'createClient' },
        { name: ts.createServer, alias: 'createServer' },
        'HttpError',
        'service',
        'SoapFault',
        'SoapFaultError',
        'TimeoutError',
        { name: ts.callOptionsType, alias: 'CallOptions', typeOnly: true },
        { name: ts.clientInterface, alias: 'Client', typeOnly: true },
        { name: ts.handlersInterface, alias: 'Handlers', typeOnly: true },
        { name: ts.transportType, alias: 'Transport', typeOnly: true },
        { name: 'CallContext', typeOnly: true },
        { name: 'ClientFile', typeOnly: true },
        { name: 'UploadedFile', typeOnly: true },
        ...used.values,
      ],
      from: importPath,
    },
    constant('TRANSPORTS', `The transports ${model.name} enables.`, transports, 'readonly Transport[]'),
    ...used.constants.map((c) => constant(c.name, c.doc, c.value)),
    constant(
      'OPERATIONS',
      'Every operation: the transports it is called over, and the values sent and returned.',
      table.expr,
      '{ readonly [Op in keyof Client]: OperationCase<Op> }',
    ),
    constant(
      'UNKNOWN_OPERATION',
      `An operation name ${model.name} does not have in any case, and whose SOAPAction no operation has.`,
      string(unknown, 'printable'),
    ),
    constant(
      'UNKNOWN_SOAP_ACTION',
      'The SOAPAction `UNKNOWN_OPERATION` would have.',
      string(soapActionFor(model.namespace, unknown), 'printable'),
    ),
  ];
}

let body: string | undefined;

/** The suite's fixed part: `SUITE_BODY_FILE` from the line after the marker on, read once per process. */
export function suiteBody(): string {
  if (body !== undefined) return body;
  const source = readFileSync(join(packageRoot(), SUITE_BODY_FILE), 'utf8').replace(/\r\n/g, '\n');
  const at = source.indexOf(BODY_MARKER);
  if (at === -1) throw new Error(`asmxgen: ${SUITE_BODY_FILE} has no line ${BODY_MARKER.trim()}`);
  return (body = source.slice(at + BODY_MARKER.length));
}

function sample(model: ServiceModel, op: OperationModel, kind: SampleKind): Expr {
  return object([
    ['input', inputSampleExpr(model, op, kind)],
    ['result', resultSampleExpr(model, op, kind)],
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

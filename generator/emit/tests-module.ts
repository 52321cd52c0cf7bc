import { soapActionFor } from '../model/naming.js';
import type { GeneratedFile, ServiceModel } from '../model/types.js';
import { testSuitePath } from './module-paths.js';
import { template } from './templates.js';
import {
  inputSample,
  resultSample,
  SAMPLE_CONSTANTS,
  tsString,
  uploadSample,
  type SampleConstant,
} from './test-samples.js';
import { formatTs } from './ts-file.js';

/** What `templates/generated-test.hbs` renders: names, and every value already TypeScript source. */
export interface TestSuiteView {
  readonly name: string;
  readonly ts: ServiceModel['ts'];
  /** The enabled transports, an array literal. */
  readonly transports: string;
  /** Values the samples share. */
  readonly constants: readonly SampleConstant[];
  readonly operations: readonly {
    readonly method: string;
    readonly transports: string;
    readonly plain: { readonly input: string; readonly result: string };
    readonly hostile: { readonly input: string; readonly result: string };
    /** A file literal, or `undefined` when a call cannot carry one. */
    readonly upload: string;
  }[];
  /** A string literal: an operation name no operation has, in any case, nor by its SOAPAction. */
  readonly unknownOperation: string;
  /** A string literal: the SOAPAction of `unknownOperation`. */
  readonly unknownSoapAction: string;
}

/**
 * `{Svc}.test.ts`: the service's own vitest suite, run against the generated
 * server through the generated client. A table of every operation with its
 * transports and sample values, and tests over the table: regenerating for
 * a changed spec changes the table, never the tests.
 */
export async function emitTestsModule(model: ServiceModel): Promise<GeneratedFile> {
  const path = testSuitePath(model.name);
  const source = template('generated-test.hbs', 'code')(testSuiteView(model));
  return { path, content: await formatTs(source, path) };
}

export function testSuiteView(model: ServiceModel): TestSuiteView {
  const transports = `[${model.bindings.map(tsString).join(', ')}]`;
  const unknown = unknownOperation(model);
  return {
    name: model.name,
    ts: model.ts,
    transports,
    constants: SAMPLE_CONSTANTS,
    operations: model.operations.map((op) => ({
      method: op.ts.method,
      transports,
      plain: { input: inputSample(op, 'plain'), result: resultSample(op, 'plain') },
      hostile: { input: inputSample(op, 'hostile'), result: resultSample(op, 'hostile') },
      upload: op.takesFiles ? uploadSample() : 'undefined',
    })),
    unknownOperation: tsString(unknown),
    unknownSoapAction: tsString(soapActionFor(model.namespace, unknown)),
  };
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

/**
 * asmxgen's programmatic API, for build tools:
 *
 * ```ts
 * import { loadSpec, generate, writeOutput, check } from 'asmxgen';
 * const model = await loadSpec('spec/my-service.yaml');
 * const files = await generate(model, { baseUrl: 'http://localhost:8080' });
 * await writeOutput('generated', files);
 * ```
 */
import { buildModel } from './spec/build-model.js';
import type { ServiceModel } from './model/types.js';
import { loadSpec as readSpecFile } from './spec/load-spec.js';
import { parseSpec } from './spec/parse-spec.js';
import { withKeptWsdl } from './emit/kept-wsdl.js';
import { loadOriginalWsdl } from './spec/load-original.js';

export { generate, generateWsdl } from './emit/generate.js';
export { renderWsdl } from './emit/wsdl.js';
export { wsdlFingerprint } from './emit/kept-wsdl.js';
export { UnsupportedSpecError } from './emit/unsupported-error.js';
export { NoWsdlError } from './emit/no-wsdl-error.js';
export { serviceAddress } from './model/addresses.js';
export { contentPieces, contentText, type FileContent } from './model/file-content.js';
export { DEFAULT_BASE_URL } from './model/addresses.js';
export { buildModel } from './spec/build-model.js';
export type {
  BindingKind,
  GeneratedFile,
  GenerateOptions,
  HeaderModel,
  HttpOperationModel,
  OperationModel,
  ParameterModel,
  ResultModel,
  RuntimeMode,
  ServiceModel,
} from './model/types.js';
export type { TypeRef } from './model/type-refs.js';
export type { ArrayTypeModel, ClassTypeModel, EnumTypeModel, MemberModel, TypeModel } from './model/type-model.js';
export type { SchemaModel, SchemaNode, WsdlModel } from './model/wsdl-model.js';
export type { TypeDeclaration } from './model/type-declarations.js';
export { BUILTIN_NAMES, type BuiltinName } from './model/builtin-types.js';
export { XSD_TYPE_NAMES, type XsdType } from './model/xsd-types.js';
export { checkOutput as check, formatCheck, type CheckResult } from './output/check.js';
export { OutputError } from './output/output-error.js';
export { writeOutput, type PlanEntry, type PlanState, type WriteSummary } from './output/write.js';
export { DEFAULT_SPEC_PATH } from './spec/load-spec.js';
export { readWsdl, type ReadWsdlOptions, type WsdlReading } from './wsdl-reader/read-wsdl.js';
export { WsdlError } from './wsdl-reader/wsdl-error.js';
export { readWsdlDocuments, type DocumentLoader, type WsdlDocuments } from './wsdl-reader/read-documents.js';
export { renderSpecYaml } from './emit/spec-yaml.js';
export { diffModels, type Change, type ChangeLevel } from './diff/index.js';
export { mergeImpl, type ImplMerge } from './impl/index.js';
export { SpecError, type SpecProblem } from './spec/spec-error.js';
export type { Spec, SpecHeader, SpecOperation, SpecParameter, SpecService, SpecWsdl } from './spec/spec-types.js';

/**
 * Reads, validates and normalizes a spec file. Throws `SpecError` listing every problem. A spec that keeps the
 * served WSDL (`wsdl.original`) gives a model that writes it while the spec's fingerprint matches.
 */
export async function loadSpec(file: string): Promise<ServiceModel> {
  const spec = await readSpecFile(file);
  const model = buildModel(spec);
  const original = await loadOriginalWsdl(file, spec);
  return original ? withKeptWsdl(model, { ...original, spec: file }).model : model;
}

/** The same for spec text already in memory; `file` names it in error messages. */
export function loadSpecText(text: string, file = '<spec>'): ServiceModel {
  return buildModel(parseSpec(text, file));
}

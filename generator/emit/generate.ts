import { DEFAULT_BASE_URL, serviceAddress } from '../model/addresses.js';
import type { GeneratedFile, GenerateOptions, ServiceModel } from '../model/types.js';
import { emitClientModule } from './client-module.js';
import { emitDocumentsModule } from './documents-module.js';
import { emitIndexModuleOf, type ExportsOfModule } from './index-module.js';
import { emitRuntimeFiles } from './runtime-files.js';
import { DEFAULT_RUNTIME_MODE, type RuntimeMode } from './runtime-symbols.js';
import { emitServerModule } from './server-module.js';
import { emitServiceModule } from './service-module.js';
import { emitTestsModule } from './tests-module.js';
import { exportsOf, printTsModule, type TsModule } from '../printer/ts-module.js';
import { emitJsonSchemasModule } from './json-schemas-module.js';
import { compileJsonTypes, jsonSitesOf, type JsonTypes } from './json-types.js';
import { emitTypesModule } from './types-module.js';
import { NoWsdlError, noWsdlReason } from './no-wsdl-error.js';
import { UnsupportedSpecError } from './unsupported-error.js';
import { emitWsdl } from './wsdl.js';

/**
 * The whole generation: a pure function of the model and the options. Each
 * emitter returns its files, already formatted (no formatter runs, but prettier
 * on the output of the JSON Schema tools, for typed JSON strings); the list
 * is sorted by path so the output never depends on emitter order. It returns
 * a promise, as the programmatic API always has.
 */
export async function generate(model: ServiceModel, options: GenerateOptions = {}): Promise<GeneratedFile[]> {
  if (model.codeBlockers.length > 0) throw new UnsupportedSpecError(model.name, model.codeBlockers);
  const baseUrl = options.baseUrl ?? DEFAULT_BASE_URL;
  const runtime = options.runtime ?? DEFAULT_RUNTIME_MODE;
  // Typed JSON strings: their TypeScript types (json-schema-to-typescript) and validators (ajv), when there are any.
  const jsonTypes =
    jsonSitesOf(model).length === 0
      ? undefined
      : await compileJsonTypes(model, new Set(Object.values(exportsOf(emitTypesModule(model, runtime))).flat()));
  // The test suite first: the largest module, made while the heap holds least.
  const tests = options.tests === false ? [] : [emitTestsModule(model, options.tests?.importPath)];
  // A service XmlSerializer cannot reflect has no WSDL (noWsdlReason): its server, client and tests only.
  const files = [
    ...(model.reflectionError === undefined ? emitWsdl(model, baseUrl) : []),
    ...(runtime === 'vendor' ? emitRuntimeFiles() : []),
    ...apiModules(model, baseUrl, runtime, jsonTypes),
    ...(await emitJsonSchemasModule(model, runtime)),
    ...tests,
  ];
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * The modules of the public API, in the order index.ts re-exports them, and index.ts, printed. Each module's
 * structure is printed as soon as it is made and dropped, only what it exports kept for index.ts: for a service of
 * a thousand operations they hold tens of megabytes.
 */
function apiModules(
  model: ServiceModel,
  baseUrl: string,
  runtime: RuntimeMode,
  jsonTypes: JsonTypes | undefined,
): GeneratedFile[] {
  const emitters: (() => TsModule)[] = [
    () => emitServerModule(model, runtime),
    () => emitClientModule(model, serviceAddress(model, baseUrl), runtime),
    () => emitTypesModule(model, runtime, jsonTypes),
    () => emitServiceModule(model, runtime),
    () => emitDocumentsModule(model, runtime),
  ];
  const exported: ExportsOfModule[] = [];
  const files = emitters.map((emit) => {
    const module = emit();
    exported.push({ path: module.path, ...exportsOf(module) });
    return printTsModule(module);
  });
  return [...files, printTsModule(emitIndexModuleOf(exported))];
}

/**
 * The WSDL alone (`{Svc}.wsdl`), for any valid spec: what `asmxgen generate --wsdl-only` writes. Complex types
 * are supported here before the TypeScript emitters carry them.
 */
export async function generateWsdl(model: ServiceModel, options: GenerateOptions = {}): Promise<GeneratedFile[]> {
  const reason = noWsdlReason(model);
  if (reason !== undefined) throw new NoWsdlError(reason);
  return emitWsdl(model, options.baseUrl ?? DEFAULT_BASE_URL);
}

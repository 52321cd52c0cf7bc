import { contentText } from '../model/file-content.js';
import type { ServiceModel } from '../model/types.js';
import { GENERATED_HEADER, PRETTIER_OPTIONS, printTsModule } from '../printer/ts-module.js';
import { newJsonSchemaAjv } from '../spec/json-schema-ajv.js';
import type { GeneratedFile } from '../model/types.js';
import { jsonSitesOf } from './json-types.js';
import { MODULE_PATHS } from './module-paths.js';
import { importRuntime, RUNTIME, type RuntimeImport, type RuntimeMode } from './runtime-symbols.js';
import { UnsupportedSpecError } from './unsupported-error.js';

/** What ajv's standalone code requires, and the runtime's function that stands in for it. */
const HELPERS = {
  'ajv/dist/runtime/ucs2length': RUNTIME.jsonLength,
  'ajv/dist/runtime/equal': RUNTIME.jsonEqual,
} as const;

/**
 * `json-schemas.ts`, for a service with typed JSON strings: each schema's validator, compiled by ajv at generation
 * time into standalone code (so generated code needs no validator at run time: `service.ts` names each validator,
 * and the runtime calls it). ajv writes JavaScript, so the module is not type-checked (`@ts-nocheck`) nor linted;
 * its exports are typed `JsonSchemaValidator`. The two helpers the code calls come from the runtime.
 */
export async function emitJsonSchemasModule(model: ServiceModel, runtime: RuntimeMode): Promise<GeneratedFile[]> {
  const sites = jsonSitesOf(model);
  if (sites.length === 0) return [];
  const ajv = newJsonSchemaAjv(true);
  for (const site of sites) ajv.addSchema(site.json.schema as object, site.json.validator);
  const standalone = await import('ajv/dist/standalone/index.js');
  let code = standalone.default.default(
    ajv,
    Object.fromEntries(sites.map((s) => [s.json.validator, s.json.validator])),
  );
  const used: RuntimeImport[] = [];
  code = code.replace(/require\("([^"]+)"\)\.default/g, (_whole: string, id: string) => {
    const helper = (HELPERS as Record<string, (typeof HELPERS)[keyof typeof HELPERS]>)[id];
    if (helper === undefined) {
      throw new UnsupportedSpecError(model.name, [
        `a JSON Schema needs ${id} at run time, which asmxgen does not ship`,
      ]);
    }
    if (!used.includes(helper)) used.push(helper);
    return helper.name;
  });
  // ajv's exports, typed: `export const validateX = validate10;` becomes `…: JsonSchemaValidator = validate10;`.
  code = code
    .replace(/^"use strict";/, '')
    .replace(/export const (\w+) = /g, `export const $1: ${RUNTIME.JsonSchemaValidator.name} = `);
  used.sort((a, b) => ('symbol' in a ? a.symbol : a).name.localeCompare(('symbol' in b ? b.symbol : b).name));
  const imports = contentText(
    printTsModule({
      path: MODULE_PATHS.jsonSchemas,
      statements: importRuntime([...used, RUNTIME.JsonSchemaValidator], runtime),
    }).content,
  ).slice(GENERATED_HEADER.length);
  const source =
    GENERATED_HEADER +
    "// @ts-nocheck: ajv's standalone validators are JavaScript; each is typed where it is exported.\n" +
    '/* eslint-disable */\n' +
    imports +
    '\n' +
    code;
  const prettier = await import('prettier');
  const content = await prettier.format(source, { ...PRETTIER_OPTIONS, parser: 'typescript' });
  return [{ path: MODULE_PATHS.jsonSchemas, content }];
}

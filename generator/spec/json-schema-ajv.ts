import { createRequire } from 'node:module';
import type { Ajv } from 'ajv';

/**
 * The one configuration of ajv, the JSON Schema validator, that checks and compiles `json:` schemas: draft-07,
 * the first error only (the fault names one), unknown keywords allowed (annotations, editors' extensions),
 * `format` an annotation (its checks would need ajv-formats at run time). With `code`, it compiles to ESM source
 * for `emit/json-schemas-module.ts`. Loaded only when a spec has such a schema.
 */
export function newJsonSchemaAjv(code: boolean): Ajv {
  const AjvClass = (load('ajv') as { default: new (options: object) => Ajv }).default;
  return new AjvClass({
    strict: false,
    allErrors: false,
    validateFormats: false,
    logger: false,
    ...(code && { code: { source: true, esm: true, lines: false } }),
  });
}

let required: NodeJS.Require | undefined;

/** ajv is CommonJS: the spec is read synchronously, so it is required, once, when first needed. */
export function load(id: string): unknown {
  required ??= createRequire(import.meta.url);
  return required(id);
}

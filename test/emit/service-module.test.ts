import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { renderDocuments } from '../../generator/emit/service-documents.js';
import { loadSpecText } from '../../generator/index.js';
import { describeService } from '../../generator/emit/describe-service.js';
import { fileOf, generateFiles, SMALL_SPEC } from './generate-spec.js';

/** Runs a generated module (its imports are type-only) and returns its exports. */
function evaluate(source: string): Record<string, unknown> {
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  });
  const exports: Record<string, unknown> = {};
  new Function('exports', outputText)(exports);
  return exports;
}

describe('service.ts and documents.ts', () => {
  it('declare exactly the model’s service description and documents, markers and non-ASCII text included', async () => {
    const model = loadSpecText(SMALL_SPEC);
    const files = await generateFiles();
    const { service } = evaluate(fileOf(files, 'service.ts'));
    const { documents } = evaluate(fileOf(files, 'documents.ts'));
    expect(service).toEqual(describeService(model));
    expect(documents).toEqual(renderDocuments(model));
    expect(JSON.stringify(documents)).toContain('\\u0000address\\u0000');
  });

  it('are plain ASCII: NUL markers and other characters print as \\u escapes', async () => {
    const files = await generateFiles();
    for (const path of ['service.ts', 'documents.ts']) expect(fileOf(files, path)).not.toMatch(/[^\n\x20-\x7e]/);
    expect(fileOf(files, 'documents.ts')).toContain('\\u0000address\\u0000');
  });

  it('type the constants with the runtime’s types, the help pages’ stylesheet printed once', async () => {
    const files = await generateFiles();
    expect(fileOf(files, 'service.ts')).toContain("import type { ServiceDescription } from '@asmxgen/runtime';\n");
    expect(fileOf(files, 'service.ts')).toContain('export const service: ServiceDescription = {\n');
    const documents = fileOf(files, 'documents.ts');
    expect(documents).toContain("import type { ServiceDocuments } from '@asmxgen/runtime';\n");
    expect(documents).toContain('export const documents: ServiceDocuments = {\n');
    expect(documents.match(/<style>/g)).toHaveLength(1);
  });

  it('with --runtime vendor, import the same types from the runtime copied beside them', async () => {
    const files = await generateFiles(SMALL_SPEC, { runtime: 'vendor' });
    expect(fileOf(files, 'service.ts')).toContain(
      "import type { ServiceDescription } from './runtime/service-description.js';\n",
    );
    expect(fileOf(files, 'documents.ts')).toContain(
      "import type { ServiceDocuments } from './runtime/service-description.js';\n",
    );
    expect(files.has('runtime/service-description.ts')).toBe(true);
  });

  it('describes operations with parameters (optional when minOccurs is 0) and results, void ones without', () => {
    const service = describeService(loadSpecText(SMALL_SPEC));
    expect(service).toMatchObject({ name: 'Shop', namespace: 'urn:example:shop', path: '/Shop.asmx' });
    expect(service.transports).toEqual(['soap11', 'soap12', 'httpGet', 'httpPost']);
    expect(service.operations[0]).toEqual({
      name: 'CountItems',
      soapAction: 'urn:example:shop/CountItems',
      responseElement: 'CountItemsResponse',
      parameters: [
        { name: 'category', type: 'string', optional: true },
        { name: 'since', type: 'dateTime', optional: false },
        { name: 'my-field', type: 'long', optional: false },
      ],
      result: { type: 'int', element: 'CountItemsResult', httpElement: 'int' },
    });
    expect(service.operations[2]).not.toHaveProperty('result');
  });
});

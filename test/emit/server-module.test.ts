import { describe, expect, it } from 'vitest';
import { emitServerModule } from '../../generator/emit/server-module.js';
import { loadSpecText } from '../../generator/index.js';
import { fileOf, generateFiles, SMALL_SPEC } from './generate-spec.js';

describe('server.ts', () => {
  it('declares the handlers interface: one method per operation, input and context in, result or promise out, with JSDoc', async () => {
    const server = fileOf(await generateFiles(), 'server.ts');
    expect(server).toContain(
      [
        'export interface ShopHandlers {',
        '  /**',
        '   * Items in a category, counted *\\/ carefully.',
        '   *',
        '   * @group Stock',
        '   */',
        '  CountItems(input: CountItemsInput, ctx: CallContext): CountItemsResult | Promise<CountItemsResult>;',
        '  /** Says hello: été – café. */',
        '  GetMotto(input: GetMottoInput, ctx: CallContext): GetMottoResult | Promise<GetMottoResult>;',
        '  Ping(input: PingInput, ctx: CallContext): PingResult | Promise<PingResult>;',
        '  /** @group Images */',
        '  Upload(input: UploadInput, ctx: CallContext): UploadResult | Promise<UploadResult>;',
        '}',
      ].join('\n'),
    );
  });

  it('serves the handlers three ways, each a documented call into the runtime with the service and its documents', async () => {
    const server = fileOf(await generateFiles(), 'server.ts');
    for (const [name, runtime] of [
      ['createShopHandler', 'createServiceHandler'],
      ['createShopServer', 'createServiceServer'],
      ['createShopFetchHandler', 'createServiceFetchHandler'],
    ]) {
      expect(server).toMatch(
        new RegExp(
          `\\*/\\nexport function ${name}\\(handlers: ShopHandlers, options\\?: ServerOptions\\) \\{\\n` +
            `  return ${runtime}\\(service, documents, handlers, options\\);\\n\\}`,
        ),
      );
    }
  });

  it('imports the runtime by its exact names and re-exports what implementations need', async () => {
    const server = fileOf(await generateFiles(), 'server.ts');
    expect(server).toContain(
      [
        'import {',
        '  createServiceHandler,',
        '  createServiceFetchHandler,',
        '  createServiceServer,',
        '  SoapFault,',
        '  type CallContext,',
        '  type ServerOptions,',
        '  type UploadedFile,',
        "} from '@asmxgen/runtime/server';",
        "import { documents } from './documents.js';",
        "import { service } from './service.js';",
      ].join('\n'),
    );
    expect(server).toContain("  UploadResult,\n} from './types.js';");
    expect(server).toContain('export { SoapFault, type CallContext, type ServerOptions, type UploadedFile };\n');
  });

  it('takes every name from the model', () => {
    const model = loadSpecText(SMALL_SPEC);
    const statements = JSON.stringify(emitServerModule(model, 'package').statements);
    const { createClient, clientInterface, transportType, clientOptionsType, callOptionsType, soapHeadersType } =
      model.ts;
    const clientNames = [
      createClient,
      clientInterface,
      transportType,
      clientOptionsType,
      callOptionsType,
      soapHeadersType,
    ];
    const serverNames = Object.values(model.ts).filter((n) => !clientNames.includes(n));
    for (const name of serverNames) expect(statements).toContain(name);
    for (const op of model.operations) {
      expect(statements).toContain(`"name":"${op.ts.method}"`);
      expect(statements).toContain(
        JSON.stringify({ union: [op.ts.resultType, { name: 'Promise', args: [op.ts.resultType] }] }),
      );
    }
  });
});

describe('server.ts for a service named Service', () => {
  it('imports the runtime functions its own names would shadow under aliases', async () => {
    const server = fileOf(
      await generateFiles('service:\n  name: Service\n  namespace: urn:s\noperations:\n  - name: Ping\n'),
      'server.ts',
    );
    expect(server).toContain('  createServiceHandler as createServiceHandlerFromRuntime,\n');
    expect(server).toContain(
      'export function createServiceHandler(handlers: ServiceHandlers, options?: ServerOptions) {\n',
    );
    expect(server).toContain('  return createServiceHandlerFromRuntime(service, documents, handlers, options);\n');
    expect(server).toContain('  return createServiceServerFromRuntime(service, documents, handlers, options);\n');
    expect(server).toContain('  createServiceFetchHandler as createServiceFetchHandlerFromRuntime,\n');
  });
});

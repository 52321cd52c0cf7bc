/**
 * The emitted `client.ts`: names, signatures and docs from the model, the
 * transports the spec enables (a type and a runtime check), the default
 * endpoint from the generation's base URL; and the generated modules wired
 * together (the committed output of the legacy golden scenarios).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate, loadSpecText } from '../../generator/index.js';
import { contentText } from '../../generator/model/file-content.js';
import { createLegacyClient as createSoapOnlyClient } from '../golden/legacy-soap-only/expected/index.js';
import {
  createLegacyClient,
  createLegacyServer,
  HttpError,
  SoapFaultError,
  SoapFault,
} from '../golden/legacy/expected/index.js';
import { fileOf, generateFiles, SMALL_SPEC } from '../emit/generate-spec.js';
import { close, listen } from './helpers.js';

describe('client.ts', () => {
  it('declares one method per operation, typed from types.ts, optional input when every parameter is', async () => {
    const client = fileOf(await generateFiles(), 'client.ts');
    expect(client).toContain("export type ShopTransport = 'soap11' | 'soap12' | 'httpGet' | 'httpPost';");
    expect(client).toContain('export type ShopClientOptions = ClientOptions<ShopTransport>;');
    expect(client).toContain('export type ShopCallOptions = CallOptions<ShopTransport>;');
    expect(client).toContain(
      'CountItems(input: CountItemsInput, options?: ShopCallOptions): Promise<CountItemsResult>;',
    );
    expect(client).toContain('GetMotto(input?: ClientUpload, options?: ShopCallOptions): Promise<GetMottoResult>;');
    expect(client).toContain('Ping(input?: ClientUpload, options?: ShopCallOptions): Promise<void>;');
    expect(client).toContain('Upload(input?: UploadInput, options?: ShopCallOptions): Promise<void>;');
    expect(client).toContain(
      "import type { CountItemsInput, CountItemsResult, GetMottoResult, UploadInput } from './types.js';",
    );
    expect(client).toContain("CountItems: (input, callOptions) => call('CountItems', input, callOptions),");
    expect(client).toContain(
      'export { SoapFaultError, HttpError, ProtocolError, TimeoutError, NetworkError, type ClientFile, ' +
        'type ClientUpload };',
    );
  });

  it('documents each method from the spec, as server.ts does', async () => {
    const client = fileOf(await generateFiles(), 'client.ts');
    expect(client).toContain(
      '  /**\n   * Items in a category, counted *\\/ carefully.\n   *\n   * @group Stock\n   */\n  CountItems(',
    );
    expect(client).toContain('  /** @group Images */\n  Upload(');
  });

  it('calls the address the WSDL names by default, from the base URL', async () => {
    const files = await generate(loadSpecText(SMALL_SPEC), { baseUrl: 'https://example.com:8443/' });
    const client = contentText(files.find((f) => f.path === 'client.ts')!.content);
    expect(client).toContain("createServiceCaller(service, 'https://example.com:8443/Shop.asmx', options);");
    expect(contentText(files.find((f) => f.path === 'Shop.wsdl')!.content)).toContain(
      'location="https://example.com:8443/Shop.asmx"',
    );
  });

  it('accepts only the transports the spec enables; without HttpPost, no files', async () => {
    const client = fileOf(await generateFiles(`${SMALL_SPEC}bindings: [soap12, httpGet]\n`), 'client.ts');
    expect(client).toContain("export type ShopTransport = 'soap12' | 'httpGet';");
    expect(client).toContain('by `soap12` unless `options.transport` names another of soap12, httpGet.');
    expect(client).toContain('Ping(input?: PingInput, options?: ShopCallOptions): Promise<void>;');
  });
});

describe('the generated client of a SOAP-only service (golden scenario legacy-soap-only)', () => {
  it('refuses a transport the service does not enable: a type error, and a runtime error', async () => {
    expect(() =>
      // @ts-expect-error httpGet is not one of LegacyTransport
      createSoapOnlyClient({ transport: 'httpGet' }),
    ).toThrow(new TypeError('Legacy does not enable the transport "httpGet"; it enables soap11, soap12.'));
    const client = createSoapOnlyClient({ url: 'http://127.0.0.1:1/Legacy.asmx' });
    // @ts-expect-error httpPost is not one of LegacyTransport
    await expect(client.Notify({ message: 'x' }, { transport: 'httpPost' })).rejects.toThrow(
      'Legacy does not enable the transport "httpPost"; it enables soap11, soap12.',
    );
    // @ts-expect-error without HttpPost an operation without parameters takes no files
    await expect(client.GetVersion({ files: [] }, { transport: 'soap12', timeoutMs: 1 })).rejects.toThrow();
  });
});

describe('the generated client against the generated server (golden scenario legacy)', () => {
  const server = createLegacyServer({
    Notify: ({ message }) => {
      if (message === 'fault') throw new SoapFault('Client', 'No <fault> please.');
    },
    GetVersion: (_input, ctx) => `1.0 <${ctx.transport}>`,
  });
  let client: ReturnType<typeof createLegacyClient>;
  beforeAll(async () => {
    client = createLegacyClient({ url: `http://127.0.0.1:${await listen(server)}/Legacy.asmx` });
  });
  afterAll(() => close(server));

  it.each(['soap11', 'soap12', 'httpGet', 'httpPost'] as const)('calls both operations over %s', async (transport) => {
    const version: string | undefined = await client.GetVersion(undefined, { transport });
    expect(version).toBe(`1.0 <${transport}>`);
    await expect(client.Notify({ message: 'hello' }, { transport })).resolves.toBeUndefined();
    const fault = await client.Notify({ message: 'fault' }, { transport }).catch((error: unknown) => error);
    expect(fault).toBeInstanceOf(transport.startsWith('soap') ? SoapFaultError : HttpError);
    expect(fault).toMatchObject({ message: 'No <fault> please.' });
  });
});

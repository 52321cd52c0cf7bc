/**
 * The generated client against a REAL ASMX runtime (Mono's System.Web.Services,
 * see `legacy-services-host.ts`): every operation on every transport, exact values, and
 * the runtime's faults and errors arriving as the client's typed errors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAuthenticationWebServiceClient,
  HttpError,
  service,
  SoapFaultError,
  type AuthenticationWebServiceTransport,
} from '../../generated/index.js';
import { createServiceCaller } from '../../runtime/src/client.js';
import { startLegacyServices, type LegacyServices } from './legacy-services-host.js';
import { sharedAsmxHost } from './shared-asmx-host.js';

const TRANSPORTS: AuthenticationWebServiceTransport[] = ['soap11', 'soap12', 'httpGet', 'httpPost'];
const OPERATIONS = service.operations.map((op) => op.name);
/** Reaches the handler exactly (XML specials, CDATA end, quotes, non-BMP, CR/LF/CRLF, edge spaces). */
const HOSTILE_XML = ' <a href="x">&amp; ]]> \'q\' Zoë 😀𝄞\r\nline\rend\n ';
/**
 * The same over HTTP GET/POST, less what ASP.NET's request validation refuses
 * there before any service sees it (`<` before a letter, `&#`).
 */
const HOSTILE_FORM = ' < a href="x"> &amp; ]]> \'q\' Zoë 😀𝄞\r\nline\rend\n ';

let host: LegacyServices | undefined;

beforeAll(async () => {
  if (sharedAsmxHost.available) host = await startLegacyServices();
}, 120_000);

afterAll(async () => {
  await host?.stop();
});

describe('the generated client against a real ASMX runtime', () => {
  it.for(TRANSPORTS)('completes all 20 operations over %s with exact values', async (transport, ctx) => {
    sharedAsmxHost.need(ctx);
    host!.clearCalls();
    const client = createAuthenticationWebServiceClient({ url: host!.url, transport, timeoutMs: 20_000 });
    const hostile = transport.startsWith('http') ? HOSTILE_FORM : HOSTILE_XML;
    for (const name of OPERATIONS) {
      const method = client[name as keyof typeof client] as (input: object) => Promise<void>;
      await method(name === 'UploadImage' ? {} : { requestJson: `${name}:${hostile}` });
    }
    const calls = host!.readCalls();
    expect(calls.map((c) => c.operation)).toEqual(OPERATIONS);
    expect(calls.every((c) => c.transport === transport)).toBe(true);
    for (const call of calls) {
      expect(call.requestJson).toBe(call.operation === 'UploadImage' ? null : `${call.operation}:${hostile}`);
    }
  });

  it('sends files to UploadImage over httpPost as the runtime reads them', async (ctx) => {
    sharedAsmxHost.need(ctx);
    host!.clearCalls();
    const client = createAuthenticationWebServiceClient({ url: host!.url, transport: 'httpPost' });
    const data = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 255, 13, 10]);
    await client.UploadImage({ files: [{ field: 'image', filename: 'a.png', contentType: 'image/png', data }] });
    const [call] = host!.readCalls();
    expect(call!.files).toHaveLength(1);
    expect(call!.files[0]).toMatchObject({ field: 'image', filename: 'a.png', contentType: 'image/png' });
    expect(new Uint8Array(call!.files[0]!.data)).toEqual(data);
  });

  it('an unknown SOAPAction comes back as SoapFaultError Client', async (ctx) => {
    sharedAsmxHost.need(ctx);
    // The client of a service whose Authenticate the runtime does not know by that SOAPAction.
    const unknown = {
      ...service,
      operations: service.operations.map((op) =>
        op.name === 'Authenticate' ? { ...op, soapAction: 'App.WebService/Nope' } : op,
      ),
    };
    const error = await createServiceCaller(unknown, host!.url, { transport: 'soap11' })('Authenticate', {
      requestJson: 'unknown action',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SoapFaultError);
    expect((error as SoapFaultError).code).toBe('Client');
    expect((error as SoapFaultError).rawCode).toBe('soap:Client');
    expect((error as SoapFaultError).status).toBe(500);
    expect(host!.readCalls().some((c) => c.requestJson === 'unknown action')).toBe(false);
  });

  it('an operation SOAP 1.2 cannot route (action and body unknown) comes back as SoapFaultError Client', async (ctx) => {
    sharedAsmxHost.need(ctx);
    const nope = {
      ...service.operations[0]!,
      name: 'Nope',
      soapAction: 'App.WebService/Nope',
      responseElement: 'NopeResponse',
    };
    const unknown = { ...service, operations: [...service.operations, nope] };
    const error = await createServiceCaller(unknown, host!.url, { transport: 'soap12' })('Nope', {
      requestJson: 'x',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SoapFaultError);
    expect((error as SoapFaultError).code).toBe('Client');
    expect((error as SoapFaultError).rawCode).toBe('soap:Sender');
  });

  it('an HTTP error of the runtime (missing parameter) comes back as HttpError 500 with its message', async (ctx) => {
    sharedAsmxHost.need(ctx);
    const client = createAuthenticationWebServiceClient({ url: host!.url, transport: 'httpGet' });
    const error = await client.Authenticate({}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(500);
    expect((error as HttpError).message).toMatch(/Missing parameter/);
  });

  it.for(['httpGet', 'httpPost'] as const)(
    'a value request validation refuses over %s comes back as HttpError 500, its message the first line, decoded',
    async (transport, ctx) => {
      sharedAsmxHost.need(ctx);
      host!.clearCalls();
      const client = createAuthenticationWebServiceClient({ url: host!.url, transport });
      const error = await client.Authenticate({ requestJson: '{"user":"a<b&c"}' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      const collection = transport === 'httpGet' ? 'QueryString' : 'Form';
      // The runtime's first line, with its exception type (it sends the stack trace after it): no stack trace.
      expect(error).toMatchObject({
        status: 500,
        message:
          `System.Web.HttpRequestValidationException: A potentially dangerous Request.${collection} value was ` +
          'detected from the client (requestJson="{"user":"a<b&c"}").',
      });
      expect((error as HttpError).body).toMatch(/\n\s+at System\.Web\.HttpRequest\./);
      expect(host!.readCalls()).toEqual([]);
    },
  );
});

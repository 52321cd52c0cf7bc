/**
 * The client's `json` transport against the REAL runtime: Mono's System.Web.Extensions serving LibraryScript.asmx
 * (../shared/reference/scriptservice), a `[ScriptService]`. Each call gives over JSON the result it gives over
 * SOAP from the same runtime, but for what Mono's JavaScriptSerializer does not write: `__type` (an `Author`
 * among `Person`s arrives as a `Person`), and `DateTime.MinValue` (clamped to 0100-01-01). Its errors arrive as
 * `JsonFaultError`s with the exception's type and the stack trace apart from the message.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeService } from '../../generator/emit/describe-service.js';
import { createServiceCaller, JsonFaultError } from '../../runtime/src/client.js';
import {
  asXmlCarriesIt,
  CALLS,
  instants,
  LIBRARY_SCRIPT,
  LIBRARY_SCRIPT_HANDLERS,
  SCRIPT_SERVICE_DIR,
} from '../client/library-script.js';
import { sharedAsmxHost, startSharedAsmxHost, type SharedAsmxHost } from './shared-asmx-host.js';

const SERVICE = describeService(LIBRARY_SCRIPT);

/**
 * Calls whose JSON differs on Mono, each with what Mono does (the .NET Framework's forms are asserted against the
 * generated server in test/client/json-transport.test.ts).
 */
const MONO_DIFFERS: Readonly<Record<string, string>> = {
  // Mono reads GET query values as raw strings, not as JSON (the reference transcripts' README).
  GetBookByGet: 'binds the JSON-quoted query value with its quotes',
  Lend: 'binds the JSON-quoted query value with its quotes: a date does not convert',
  // ResponseFormat.Xml of a string: Mono writes {"d":…} under text/xml.
  GetStringXml: 'writes {"d":…} under text/xml',
  // Mono clamps DateTime.MinValue to 0100-01-01.
  Dates: 'clamps DateTime.MinValue',
  // Not Mono's JSON: XmlSerializer has no xsi:type for the Uri and char of LibraryScript's object[].
  Mixed: 'its object[] holds a Uri, which SOAP cannot write',
};

let host: SharedAsmxHost | undefined;
let folder: string | undefined;

beforeAll(async () => {
  if (!sharedAsmxHost.available) return;
  // LibraryScript alone: the host compiles every .asmx file of its folder.
  folder = mkdtempSync(join(tmpdir(), 'asmxgen-script-service-'));
  copyFileSync(join(SCRIPT_SERVICE_DIR, 'LibraryScript.asmx'), join(folder, 'LibraryScript.asmx'));
  const port = process.env.ASMXGEN_ASMX_HOST_PORT;
  host = await startSharedAsmxHost(folder, port === undefined ? undefined : Number(port));
}, 180_000);

afterAll(() => {
  host?.stop();
  if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
});

/** What Mono's JSON loses: `__type`, so each object is of its declared class (a `Person`, not an `Author`). */
function withoutDerivedTypes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDerivedTypes);
  if (value === null || typeof value !== 'object' || value instanceof Uint8Array) return value;
  const record = value as Record<string, unknown>;
  if (record.$type === 'Author') return { Name: record.Name, BirthYear: record.BirthYear };
  if ('instant' in record) return value;
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, withoutDerivedTypes(v)]));
}

/** Mono ignores `__type` in input: an `Author` parameter arrives as a `Person` (asserted below). */
const namesDerivedType = (input: object) =>
  JSON.stringify(input, (_, v: unknown) => (typeof v === 'bigint' ? 0 : v)).includes('"$type":"Author"');

const COMPARED = CALLS.filter(([op, input]) => MONO_DIFFERS[op] === undefined && !namesDerivedType(input));

describe('the json transport against the real ASMX runtime (Mono, LibraryScript.asmx)', () => {
  it.for(COMPARED.map(([op, input], i) => [i, op, input] as const))(
    'call %i, %s: the result SOAP gives, less __type',
    async ([, op, input], ctx) => {
      sharedAsmxHost.need(ctx);
      const call = createServiceCaller(SERVICE, `${host!.baseUrl}/LibraryScript.asmx`, { timeoutMs: 60_000 });
      const json = await call(op, input, { transport: 'json' });
      const overSoap = await call(op, input, { transport: 'soap11' });
      // ResponseFormat.Xml: XmlSerializer's document names derived types (xsi:type), as SOAP does.
      const expected = op === 'GetBookXml' ? instants(overSoap) : withoutDerivedTypes(instants(overSoap));
      expect(instants(asXmlCarriesIt(json))).toEqual(expected);
    },
  );

  it('reads a UseHttpGet method by GET (a number, which Mono binds from its raw query value too)', async (ctx) => {
    sharedAsmxHost.need(ctx);
    const call = createServiceCaller(SERVICE, `${host!.baseUrl}/LibraryScript.asmx`, { transport: 'json' });
    expect(await call('Titles', { count: 3 })).toEqual(['T0', 'T1', 'T2']);
  });

  it('sends __type for a derived class, which Mono ignores (the .NET Framework binds it)', async (ctx) => {
    sharedAsmxHost.need(ctx);
    const call = createServiceCaller(SERVICE, `${host!.baseUrl}/LibraryScript.asmx`, { transport: 'json' });
    const person = { $type: 'Author', Name: 'Ada', BirthYear: 1815, Country: 'UK' };
    expect(await call('DescribePerson', { person })).toBe('Person:Ada');
  });

  it('reads a string no XML can carry, exactly', async (ctx) => {
    sharedAsmxHost.need(ctx);
    const call = createServiceCaller(SERVICE, `${host!.baseUrl}/LibraryScript.asmx`, { transport: 'json' });
    expect(await call('Script')).toBe(LIBRARY_SCRIPT_HANDLERS.Script());
  });

  it("keeps the runtime's session cookie: Counter (EnableSession) counts 1, 2, 3 … over every transport", async (ctx) => {
    sharedAsmxHost.need(ctx);
    // `[WebMethod(EnableSession = true)]`, which no WSDL shows: the spec says so, and the client then keeps cookies.
    const described = describeService({
      ...LIBRARY_SCRIPT,
      operations: LIBRARY_SCRIPT.operations.map((op) => (op.name === 'Counter' ? { ...op, enableSession: true } : op)),
    });
    const endpoint = `${host!.baseUrl}/LibraryScript.asmx`;
    const call = createServiceCaller(described, endpoint, { timeoutMs: 60_000 });
    const transports = ['json', 'soap11', 'soap12', 'httpGet', 'httpPost', 'json'] as const;
    const counts: unknown[] = [];
    for (const transport of transports) counts.push(await call('Counter', {}, { transport }));
    expect(counts).toEqual([1, 2, 3, 4, 5, 6]);
    // Without cookies, each call is a new session.
    const forgetful = createServiceCaller(described, endpoint, { cookies: false, transport: 'json' });
    expect([await forgetful('Counter'), await forgetful('Counter')]).toEqual([1, 1]);
  });

  it("reads the runtime's JSON error: message, exception type, and the stack trace kept apart", async (ctx) => {
    sharedAsmxHost.need(ctx);
    const call = createServiceCaller(SERVICE, `${host!.baseUrl}/LibraryScript.asmx`, { transport: 'json' });
    const error = await call('Fail', { message: 'no such copy', nested: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JsonFaultError);
    const fault = error as JsonFaultError;
    expect([fault.message, fault.exceptionType, fault.status]).toEqual([
      'no such copy',
      'System.InvalidOperationException',
      500,
    ]);
    expect(fault.stackTrace).toMatch(/^\s+at LibraryScript\.Fail /);
  });
});

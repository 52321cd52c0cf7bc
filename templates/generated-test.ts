/*
 * The tests of every generated suite, `{Svc}.test.ts`. asmxgen prints a suite's head (the imports, the transports,
 * the sample constants, the `OPERATIONS` table, an unknown operation's name and SOAPAction), then copies this file
 * from the line after `// @asmxgen-suite-body` on (generator/emit/tests-module.ts). So the tests are code, formatted
 * and type-checked as such, and regenerating for a changed spec changes only the head.
 *
 * Above that line, a stand-in for a head (the default spec's generated code), so that this file type-checks as it
 * stands; below it, code that names only what every head declares: the imports below, under the same aliases
 * (`Client`, `Transport`, `CallOptions`, `Handlers`, `createClient`, `createServer`), and `TRANSPORTS`,
 * `OPERATIONS`, `UNKNOWN_OPERATION` and `UNKNOWN_SOAP_ACTION`. `npm test` type-checks the suites generated from it.
 */
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createAuthenticationWebServiceClient as createClient,
  createAuthenticationWebServiceServer as createServer,
  HttpError,
  service,
  SoapFault,
  SoapFaultError,
  TimeoutError,
  type AuthenticationWebServiceCallOptions as CallOptions,
  type AuthenticationWebServiceClient as Client,
  type AuthenticationWebServiceHandlers as Handlers,
  type AuthenticationWebServiceTransport as Transport,
  type CallContext,
  type ClientFile,
  type UploadedFile,
} from '../generated/index.js';

declare const TRANSPORTS: readonly Transport[];
declare const OPERATIONS: { readonly [Op in keyof Client]: OperationCase<Op> };
declare const UNKNOWN_OPERATION: string;
declare const UNKNOWN_SOAP_ACTION: string;

// @asmxgen-suite-body
/** One call of an operation: what the client sends, and what the handler returns, so what the call resolves to. */
interface Sample<Op extends keyof Client> {
  readonly input: NonNullable<Parameters<Client[Op]>[0]>;
  readonly result: Awaited<ReturnType<Client[Op]>>;
}

interface OperationCase<Op extends keyof Client> {
  readonly transports: readonly Transport[];
  readonly plain: Sample<Op>;
  /**
   * Values at the edges of their types: `HOSTILE_STRING`; integers at a bound (`long` beyond 2^53); `float` and
   * `double` at their largest magnitude; `decimal` with 29 digits; the last millisecond of year 9999; `ALL_BYTES`.
   * Over HTTP GET/POST, request validation refuses the input as it is: it is sent as `acceptedOverHttp` makes it.
   */
  readonly hostile: Sample<Op>;
  /** A file sent over httpPost, for an operation that can carry files (one without parameters); else `undefined`. */
  readonly upload: Required<ClientFile> | undefined;
  /** For an operation with SOAP headers: those the client sends (`in`) and those the handler writes back (`out`). */
  readonly headers?: {
    readonly in: Readonly<Record<string, unknown>>;
    readonly out: Readonly<Record<string, unknown>>;
  };
}

/** The message of the fault a handler throws. */
const FAULT_MESSAGE = 'Refused: <input> & "quotes" are kept.';

/** The table's rows: an operation's name and case. */
const CASES = Object.entries(OPERATIONS) as [keyof Client, OperationCase<keyof Client>][];
/**
 * The table as the tests index it, by any operation of the service: its samples' types are left open, since
 * `OPERATIONS[operation]` for `operation: keyof Client` is a union of every operation's samples, which TypeScript
 * cannot represent in a service of a thousand operations (TS2590).
 */
const TABLE: Readonly<Record<keyof Client, AnyCase>> = OPERATIONS;

/** A case whose samples' types are left open. */
interface AnyCase {
  readonly transports: readonly Transport[];
  readonly plain: { readonly input: object; readonly result: unknown };
  readonly hostile: { readonly input: object; readonly result: unknown };
  readonly upload: Required<ClientFile> | undefined;
  readonly headers?: OperationCase<keyof Client>['headers'];
}

/** Every operation over every transport it is called over. */
const CALLS = CASES.flatMap(([operation, { transports }]) =>
  transports.map((transport) => [operation, transport] as const),
);
/** Every operation that can carry files, over httpPost. */
const UPLOADS = CASES.flatMap(([operation, { transports, upload }]) =>
  upload ? transports.filter(isHttpPost).map((transport) => [operation, transport, upload] as const) : [],
);
/** Every operation with SOAP headers, over the SOAP transports it is called over. */
const HEADER_CALLS = CASES.flatMap(([operation, { transports, headers }]) =>
  headers ? transports.filter(isSoap).map((transport) => [operation, transport, headers] as const) : [],
);
/** The transports some operation is called over, each with the first such operation: what the failure tests call. */
const PROBES = TRANSPORTS.flatMap((transport) => {
  const probe = CASES.find(([, { transports }]) => transports.includes(transport));
  return probe ? [[transport, probe[0], probe[1]] as const] : [];
});

/** The name on the wire of the operation a method calls: what errors name. */
function wireName(method: string): string {
  return service.operations.find((op) => (op.method ?? op.name) === method)!.name;
}

/** A call as its handler saw it. */
interface Seen {
  readonly operation: string;
  readonly transport: string;
  readonly input: Record<string, unknown>;
  readonly files: readonly UploadedFile[];
}

/**
 * What handlers do next: return a value (and set SOAP headers on `ctx.outHeaders`), throw, or wait `waitsMs`, less
 * when the client goes away.
 */
type Behaviour =
  | { readonly returns: unknown; readonly outHeaders?: Readonly<Record<string, unknown>> }
  | { readonly throws: unknown }
  | { readonly waitsMs: number };

/** What a handler's context holds beyond `CallContext` for an operation with SOAP headers. */
interface HeaderContext {
  readonly soapHeaders?: object;
  readonly outHeaders?: Record<string, unknown>;
}

const seen: Seen[] = [];
/** The `ctx.soapHeaders` each call's handler saw, for operations that read SOAP headers. */
const seenHeaders: object[] = [];
/** How each wait ended: `aborted` when the handler's `ctx.signal` aborted first. */
const waits: ('aborted' | 'elapsed')[] = [];
let behaviour: Behaviour = { returns: undefined };

/** A handler for every operation of the service description: it records the call, then does as `behaviour` says. */
const handlers = Object.fromEntries(
  service.operations.map((op) => [
    op.method ?? op.name,
    async (input: Record<string, unknown>, ctx: CallContext) => {
      seen.push({ operation: op.method ?? op.name, transport: ctx.transport, input: { ...input }, files: ctx.files });
      const { soapHeaders, outHeaders } = ctx as CallContext & HeaderContext;
      if (soapHeaders !== undefined) seenHeaders.push({ ...soapHeaders });
      const now = behaviour;
      if ('throws' in now) throw now.throws;
      if ('waitsMs' in now) {
        const signal = ctx.signal;
        waits.push(await delay(now.waitsMs, 'elapsed' as const, { signal }).catch(() => 'aborted' as const));
        return undefined;
      }
      if (now.outHeaders && outHeaders) Object.assign(outHeaders, now.outHeaders);
      return now.returns;
    },
  ]),
) as unknown as Handlers;

const server = createServer(handlers);
let url = '';
let client: Client;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${service.path}`;
  client = createClient({ url });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
});

beforeEach(() => {
  seen.length = 0;
  seenHeaders.length = 0;
  waits.length = 0;
  behaviour = { returns: undefined };
});

/** Calls `operation` through the client. */
function call(
  operation: keyof Client,
  input: object,
  transport: Transport,
  options: Omit<CallOptions, 'transport'> & { soapHeaders?: object; outHeaders?: object } = {},
): Promise<unknown> {
  const method = client[operation] as unknown as (input: object, options: CallOptions) => Promise<unknown>;
  return method(input, { ...options, transport });
}

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('The call succeeded; it should have failed.');
}

function isSoap(transport: string): boolean {
  return transport === 'soap11' || transport === 'soap12';
}

/** A `[ScriptService]`'s JSON call: its errors are JSON errors (`JsonFaultError`), a handler's message hidden. */
function isJson(transport: string): boolean {
  return transport === 'json';
}

/** What a JSON call's error says while the service hides the exception (`customErrors`). */
const JSON_ERROR = 'There was an error processing the request.';

function isHttpPost(transport: string): boolean {
  return transport === 'httpPost';
}

/**
 * Whether the character at `i` starts what ASP.NET's request validation refuses in an HTTP GET query or POST form
 * value (the server's `validateRequest`, on by default, as in ASP.NET 4): `<` or the fullwidth `＜` before an ASCII
 * letter, `!` or a control character, and `&#`.
 */
function refusedAt(text: string, i: number): boolean {
  const next = text.charAt(i + 1);
  if (text[i] === '&') return next === '#';
  return next !== '' && (/[A-Za-z!]/.test(next) || next.charCodeAt(0) < 0x20);
}

/**
 * `value` as HTTP GET/POST can carry it: a space after each `<` and `&` that request validation refuses, in every
 * string it holds (the same value when there is none).
 */
function acceptedOverHttp<T>(value: T): T {
  if (typeof value === 'string') {
    return value.replace(/[<&\uFF1C]/g, (c: string, i: number) => (refusedAt(value, i) ? `${c} ` : c)) as T;
  }
  if (Array.isArray(value)) {
    const items = value.map((item: unknown) => acceptedOverHttp(item));
    return (items.every((item, i) => item === value[i]) ? value : items) as T;
  }
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const entries = Object.entries(value).map(([key, item]) => [key, acceptedOverHttp(item)] as const);
    const same = entries.every(([key, item]) => item === (value as Record<string, unknown>)[key]);
    return (same ? value : Object.fromEntries(entries)) as T;
  }
  return value;
}

/** `text` as XML text; with `quotes`, as an attribute's value between double quotes. */
function escapeXml(text: string, quotes = false): string {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return quotes ? escaped.replace(/"/g, '&quot;') : escaped;
}

describe('calls', () => {
  it('the table holds every operation of the service, over every transport it enables', () => {
    expect(CASES.map(([operation]) => operation)).toEqual(service.operations.map((op) => op.method ?? op.name));
    for (const [i, [operation, { transports }]] of CASES.entries()) {
      // HttpGet and HttpPost leave out what they cannot carry, as ASMX does.
      const omitted = service.operations[i]!.httpOmitted === true;
      // A service XmlSerializer cannot reflect (Dictionary<string, T>) is called over JSON only.
      const expected = service.reflectionError ? ['json'] : service.transports.filter((t) => isSoap(t) || !omitted);
      expect(transports, operation).toEqual(expected);
    }
  });

  it.each(CALLS)(
    '%s over %s: the handler gets exactly the input sent, the client exactly the result returned',
    async (operation, transport) => {
      for (const kind of ['plain', 'hostile'] as const) {
        const { input, result } = TABLE[operation][kind];
        const sent = isSoap(transport) || isJson(transport) ? input : acceptedOverHttp(input);
        seen.length = 0;
        if (sent !== input) {
          // Request validation refuses the input as it is, before any handler: the reply's message, decoded.
          const refused = await rejectionOf(call(operation, input, transport));
          expect(refused, `${kind} refused`).toBeInstanceOf(HttpError);
          expect((refused as HttpError).status).toBe(500);
          expect((refused as Error).message).toMatch(
            `A potentially dangerous Request.${isHttpPost(transport) ? 'Form' : 'QueryString'} value was detected`,
          );
          expect(seen, `${kind} refused`).toEqual([]);
        }
        behaviour = { returns: result };
        await expect(call(operation, sent, transport), `${kind} result`).resolves.toStrictEqual(result);
        expect(seen, `${kind} input`).toStrictEqual([{ operation, transport, input: sent, files: [] }]);
      }
    },
  );

  it.each(HEADER_CALLS)(
    '%s over %s: SOAP headers sent reach ctx.soapHeaders, and those set on ctx.outHeaders reach the call',
    async (operation, transport, headers) => {
      behaviour = { returns: TABLE[operation].plain.result, outHeaders: headers.out };
      const received = {};
      await call(operation, TABLE[operation].plain.input, transport, {
        soapHeaders: headers.in,
        outHeaders: received,
      });
      expect(seenHeaders).toStrictEqual(Object.keys(headers.in).length > 0 ? [headers.in] : []);
      expect(received).toStrictEqual(headers.out);
    },
  );

  it.each(UPLOADS)('%s over %s: a file sent reaches ctx.files, byte for byte', async (operation, transport, upload) => {
    behaviour = { returns: TABLE[operation].plain.result };
    await call(operation, { files: [upload] }, transport);
    expect(seen).toStrictEqual([{ operation, transport, input: {}, files: [upload] }]);
  });
});

describe.each(PROBES)('failures over %s', (transport, PROBE, PROBE_CASE) => {
  it("a handler's SoapFault('Client', …): SOAP, a Client SoapFaultError; HTTP, an HttpError 500", async () => {
    behaviour = { throws: new SoapFault('Client', FAULT_MESSAGE, 'detail') };
    const error = await rejectionOf(call(PROBE, PROBE_CASE.plain.input, transport));
    if (isJson(transport)) {
      expect(error).toMatchObject({ name: 'JsonFaultError', status: 500, message: JSON_ERROR });
    } else if (isSoap(transport)) {
      expect(error).toBeInstanceOf(SoapFaultError);
      expect(error).toMatchObject({
        code: 'Client',
        message: FAULT_MESSAGE,
        detail: 'detail',
        operation: wireName(PROBE),
      });
    } else {
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ status: 500, message: FAULT_MESSAGE, operation: wireName(PROBE) });
    }
  });

  it("a handler's Error, its message unsent: SOAP, a Server SoapFaultError; HTTP, an HttpError 500", async () => {
    behaviour = { throws: new Error('boom') };
    const error = await rejectionOf(call(PROBE, PROBE_CASE.plain.input, transport));
    if (isJson(transport)) {
      expect(error).toMatchObject({ name: 'JsonFaultError', status: 500, message: JSON_ERROR });
    } else if (isSoap(transport)) {
      expect(error).toBeInstanceOf(SoapFaultError);
      expect(error).toMatchObject({ code: 'Server', message: 'Server was unable to process request.' });
    } else {
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ status: 500, message: 'Server was unable to process request.' });
    }
  });

  it("a call outlasting timeoutMs: a TimeoutError, and the handler's ctx.signal aborts", async () => {
    behaviour = { waitsMs: 10_000 };
    const started = performance.now();
    const error = await rejectionOf(call(PROBE, PROBE_CASE.plain.input, transport, { timeoutMs: 50 }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ timeoutMs: 50, operation: wireName(PROBE), transport });
    expect(performance.now() - started).toBeLessThan(5_000);
    await vi.waitFor(() => expect(waits).toEqual(['aborted']), { timeout: 5_000 });
  });
});

describe('unknown operations', () => {
  it.runIf(service.transports.some(isSoap) && !service.reflectionError)(
    `a SOAP call of ${UNKNOWN_OPERATION}: 500, a Client fault`,
    async () => {
      // SOAP 1.1 routes on the SOAPAction header (on the request element with RoutingStyle = RequestElement), SOAP 1.2
      // on the content type's action.
      const soap11 = service.transports.includes('soap11');
      const envelope = soap11 ? 'http://schemas.xmlsoap.org/soap/envelope/' : 'http://www.w3.org/2003/05/soap-envelope';
      const response = await fetch(url, {
        method: 'POST',
        headers: soap11
          ? { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${UNKNOWN_SOAP_ACTION}"` }
          : { 'Content-Type': `application/soap+xml; charset=utf-8; action="${UNKNOWN_SOAP_ACTION}"` },
        body:
          `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${envelope}"><soap:Body>` +
          `<${UNKNOWN_OPERATION} xmlns="${escapeXml(service.namespace, true)}" /></soap:Body></soap:Envelope>`,
      });
      expect(response.status).toBe(500);
      const body = await response.text();
      if (soap11) {
        expect(body).toContain('<faultcode>soap:Client</faultcode>');
        expect(body).toContain(
          escapeXml(
            service.routingStyle === 'requestElement'
              ? `The request element <${UNKNOWN_OPERATION} xmlns='${service.namespace}'> was not recognized.`
              : `Server did not recognize the value of HTTP Header SOAPAction: ${UNKNOWN_SOAP_ACTION}.`,
          ),
        );
      } else {
        expect(body).toContain('<soap:Value>soap:Sender</soap:Value>');
        expect(body).toContain(
          escapeXml(`Unable to handle request. The action '${UNKNOWN_SOAP_ACTION}' was not recognized.`),
        );
      }
    },
  );

  // Whether HttpGet is enabled or not, as ASMX answers.
  it(`GET ${service.path}/${UNKNOWN_OPERATION}: 500, text/plain "Request format is unrecognized"`, async () => {
    const response = await fetch(`${url}/${UNKNOWN_OPERATION}`);
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain\b/);
    expect(await response.text()).toBe(
      `Request format is unrecognized for URL unexpectedly ending in '/${UNKNOWN_OPERATION}'.\r\n`,
    );
  });
});

describe('the service description', () => {
  // A service XmlSerializer cannot reflect (`Dictionary<string, T>`) has no WSDL: its JSON calls work (above), and
  // ASMX fails with the same reflection error wherever it reflects the types (?wsdl, SOAP).
  it('?wsdl: the WSDL, or the reflection error of a service XmlSerializer cannot reflect', async () => {
    const response = await fetch(`${url}?wsdl`);
    const chain = service.reflectionError;
    if (chain === undefined) {
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/xml; charset=utf-8');
      expect(await response.text()).toContain(`targetNamespace="${escapeXml(service.namespace, true)}"`);
      return;
    }
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe(
      `${chain.map((m) => escapeXml(m, true).replaceAll("'", '&#39;')).join(' ---> ')}\r\n`,
    );
    if (!service.transports.some(isSoap)) return;
    const soap11 = service.transports.includes('soap11');
    const envelope = soap11 ? 'http://schemas.xmlsoap.org/soap/envelope/' : 'http://www.w3.org/2003/05/soap-envelope';
    const fault = await fetch(url, {
      method: 'POST',
      headers: soap11
        ? { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${UNKNOWN_SOAP_ACTION}"` }
        : { 'Content-Type': 'application/soap+xml; charset=utf-8' },
      body: `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${envelope}"><soap:Body /></soap:Envelope>`,
    });
    expect(fault.status).toBe(500);
    expect(await fault.text()).toContain(escapeXml(['Server was unable to process request.', ...chain].join(' ---> ')));
  });
});

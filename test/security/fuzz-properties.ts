/**
 * Property-based fuzzing of the generated server and client (fast-check),
 * shared by `fuzz.test.ts` (a few thousand cases, in `npm test`) and
 * `test/soak/fuzz.soak.ts` (10^5 and more). Every property takes its run
 * count; the invariants:
 * - nothing crashes, nothing rejects unhandled (the caller watches the process);
 * - every reply is well-formed for its transport: a SOAP reply is empty
 *   (400, 415) or parses as XML and is the operation's void reply (200) or a
 *   fault (500); an HTTP GET/POST reply is empty (200) or `text/plain` ending
 *   in CRLF (500); no reply leaks a stack trace or a file name;
 * - a 200 means exactly one handler call, anything else none;
 * - a value the client can send arrives exactly; one it cannot (a character
 *   XML 1.0 cannot carry) is refused before anything is sent; over HTTP GET
 *   and POST, one that ASP.NET's request validation refuses is answered with
 *   its 500 before a handler is called.
 */
import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { expect } from 'vitest';
import {
  createAuthenticationWebServiceClient,
  createAuthenticationWebServiceFetchHandler,
  service,
  type AuthenticationWebServiceHandlers,
} from '../../generated/index.js';
import { parseFormValues } from '../../runtime/src/http/form-encoding.js';
import { readXml, type XmlElement } from '../../runtime/src/xml/xml-reader.js';
import {
  createTempConvertClient,
  createTempConvertServer,
  type HttpError,
  type SoapFaultError,
} from '../golden/temp-convert/expected/index.js';
import { hasForbiddenCharacter } from '../../runtime/src/xml/xml-lexical.js';
import { expectNoLeak, type RawReply } from '../server/raw-http.js';
import { WITH_REQUEST_JSON, type OperationName, type RecordingServer } from '../server/recording-server.js';
import { E, NS, SOAP11, SOAP12, SOAP12_TYPE, TEXT_TYPE, XML_TYPE } from './helpers.js';

const agent = new Agent({ keepAlive: true, maxSockets: 8 });

/** One request over a keep-alive connection; the reply checked for leaks. */
export function request(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Uint8Array } = {},
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const headers = { ...options.headers };
    if (options.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(options.body));
    const req = httpRequest(
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const reply = { status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString('utf8') };
          try {
            expectNoLeak(reply);
            resolve(reply);
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

export function closeFuzzAgent(): void {
  agent.destroy();
}

// --- Invariants ------------------------------------------------------------------------------------------------------

const SOAP_TYPES = [XML_TYPE, SOAP12_TYPE];

/** A reply to a POST on the endpoint. */
export function checkSoapReply(status: number, contentType: string | null | undefined, text: string): void {
  expect([200, 400, 415, 500]).toContain(status);
  expect(SOAP_TYPES).toContain(contentType);
  if (status === 400 || status === 415) {
    expect(text).toBe('');
    return;
  }
  let root: XmlElement;
  try {
    root = readXml(text);
  } catch (error) {
    throw new Error(`a ${status} SOAP reply is not well-formed XML: ${JSON.stringify(text.slice(0, 500))}`, {
      cause: error,
    });
  }
  const ns = contentType === XML_TYPE ? SOAP11 : SOAP12;
  expect([root.namespace, root.localName]).toEqual([ns, 'Envelope']);
  const body = root.children.find((c): c is XmlElement => typeof c !== 'string' && c.localName === 'Body');
  expect(body?.namespace).toBe(ns);
  const first = body!.children.find((c): c is XmlElement => typeof c !== 'string');
  if (status === 200) {
    expect(first?.namespace).toBe(NS);
    expect(first?.localName).toMatch(/Response$/);
    expect(first?.children).toEqual([]);
  } else {
    expect([first?.namespace, first?.localName]).toEqual([ns, 'Fault']);
  }
}

/** A reply to an HTTP GET/POST call of an operation. */
export function checkHttpReply(status: number, contentType: string | null | undefined, text: string): void {
  expect([200, 500]).toContain(status);
  if (status === 200) {
    expect([contentType ?? undefined, text]).toEqual([undefined, '']);
  } else {
    expect(contentType).toBe(TEXT_TYPE);
    expect(text.endsWith('\r\n')).toBe(true);
  }
}

/**
 * What ASP.NET's request validation refuses in a query or form value, modelled here apart from the runtime's
 * module: `<` or the fullwidth `＜` before an ASCII letter, `!` or a control character, and `&#`.
 */
// eslint-disable-next-line no-control-regex -- a control character after `<` is what the rule refuses
export const REFUSED_BY_REQUEST_VALIDATION = /[<\uFF1C][A-Za-z!\u0000-\u001F]|&#/;

const REQUEST_VALIDATION_MESSAGE =
  /^A potentially dangerous Request\.(QueryString|Form) value was detected from the client \(/;

// --- Arbitraries -----------------------------------------------------------------------------------------------------

/** Characters worth trying: XML, form and URL specials, line ends, the ones XML forbids, non-BMP. */
// prettier-ignore
const SPECIAL = [
  '<', '>', '&', '"', "'", ']]>', '\r', '\n', '\r\n', '\t', ' ', '%', '+', '=', ';', '#', '?', '/', '\\',
  '&amp;', '&lt;', '&#x41;', '&#0;', '%00', '%u0041', '%zz', '\u0000', '\u0001', '\u001f', '\u007f', '\u0085',
  '\u2028', '\uFEFF', '\uFFFE', '\uFFFF', '\uD800', '\uDFFF', '😀', '𝄞', 'é', 'ü', '中',
];

/** Any string: any code point, lone surrogates included, biased towards the characters above. */
export const anyString = (maxLength = 40) =>
  fc.string({
    unit: fc.oneof(
      { weight: 3, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
      { weight: 2, arbitrary: fc.constantFrom(...SPECIAL) },
      { weight: 2, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
      { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((cp) => String.fromCharCode(cp)) },
    ),
    maxLength,
  });

// prettier-ignore
const TEXT_PIECES = [
  'v', 'a b', '&amp;', '&lt;', '&#x41;', '&#65;', '&#0;', '&#xD800;', '&xxe;', '&', '<', ']]>', '<![CDATA[<x>&]]>',
  '<!--c-->', '<!-- -- -->', '<?pi x?>', '<?xml version="1.0"?>', '<!DOCTYPE x>', '\r\n', '😀', '\u0000', '\uFFFE',
];
// prettier-ignore
const NAMES = [
  'Envelope', 'Body', 'Header', 'Fault', 'Authenticate', 'GetTerm', 'UploadImage', 'requestJson', 'Nope',
  'authenticate', 'x',
];
const PREFIXES = ['', 'soap:', 'p:', 'undeclared:'];
// prettier-ignore
const ATTRIBUTES = [
  'a="1"', 'soap:mustUnderstand="1"', 'soap:mustUnderstand="0"', 'mustUnderstand="true"', 'xsi:nil="true"',
  `xmlns="${NS}"`, 'xmlns=""', `xmlns:p="${NS}"`, `xmlns:soap="${SOAP11}"`, `xmlns:soap="${SOAP12}"`, 'xmlns:p="urn:x"',
  'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"', 'a="&amp;"', 'a="<"', 'a="1" a="2"', 'p:a="1"',
];

interface Element {
  readonly prefix: string;
  readonly name: string;
  readonly attributes: readonly string[];
  readonly children: readonly (Element | string)[];
}

const { element } = fc.letrec<{ element: Element; node: Element | string }>((tie) => ({
  element: fc.record({
    prefix: fc.constantFrom(...PREFIXES),
    name: fc.constantFrom(...NAMES),
    attributes: fc.array(fc.constantFrom(...ATTRIBUTES), { maxLength: 3 }),
    children: fc.array(tie('node'), { maxLength: 3 }),
  }),
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, fc.constantFrom(...TEXT_PIECES), tie('element')),
}));

function render(node: Element | string): string {
  if (typeof node === 'string') return node;
  const attributes = node.attributes.map((a) => ` ${a}`).join('');
  const open = `${node.prefix}${node.name}`;
  return node.children.length === 0
    ? `<${open}${attributes} />`
    : `<${open}${attributes}>${node.children.map(render).join('')}</${open}>`;
}

const OPERATIONS_IN_BODY = ['Authenticate', 'GetTerm', 'UploadImage', 'Nope', 'authenticate'];

/** A SOAP request: mostly a plausible envelope, with random parts and an optional byte-level mutation. */
export const soapRequest = fc
  .record({
    version: fc.constantFrom(SOAP11, SOAP12, 'urn:not-soap', ''),
    prolog: fc.constantFrom(
      '',
      '<?xml version="1.0" encoding="utf-8"?>',
      '\uFEFF',
      '<!DOCTYPE x>',
      '<?pi?>',
      '<!--c-->',
      ' ',
    ),
    header: fc.option(fc.array(element, { maxLength: 2 }), { nil: undefined }),
    operation: fc.constantFrom(...OPERATIONS_IN_BODY),
    value: fc.option(
      fc.array(fc.constantFrom(...TEXT_PIECES), { maxLength: 4 }).map((p) => p.join('')),
      { nil: undefined },
    ),
    extra: fc.array(element, { maxLength: 2 }),
    epilog: fc.constantFrom('', '<!--after-->', '<x/>', 'text', '<?pi?>'),
    mutation: fc.option(
      fc.record({
        kind: fc.constantFrom('truncate', 'insert', 'replace'),
        at: fc.nat(),
        byte: fc.integer({ min: 0, max: 255 }),
      }),
      { nil: undefined, freq: 4 },
    ),
    contentType: fc.constantFrom(
      XML_TYPE,
      'text/xml',
      SOAP12_TYPE,
      `${SOAP12_TYPE}; action="App.WebService/Authenticate"`,
      `${SOAP12_TYPE}; action="App.WebService/%00"`,
      'text/xml; charset=utf-16',
      'text/xml; charset=bogus',
      'application/json',
      'text/xml; charset=iso-8859-1',
    ),
    soapAction: fc.constantFrom(
      undefined,
      '"App.WebService/Authenticate"',
      'App.WebService/GetTerm',
      '',
      '""',
      'App.WebService/%00%0D%0A',
      'App.WebService/authenticate',
      '"App.WebService/Nope',
    ),
  })
  .map((r) => {
    const header = r.header === undefined ? '' : `<soap:Header>${r.header.map(render).join('')}</soap:Header>`;
    const value = r.value === undefined ? '' : `<requestJson>${r.value}</requestJson>`;
    const call = `<${r.operation} xmlns="${NS}">${value}</${r.operation}>`;
    const xml =
      `${r.prolog}<soap:Envelope xmlns:soap="${r.version}">${header}<soap:Body>${call}${r.extra.map(render).join('')}` +
      `</soap:Body></soap:Envelope>${r.epilog}`;
    let bytes = Buffer.from(xml, 'utf8');
    if (r.mutation) {
      const at = r.mutation.at % (bytes.length + 1);
      const byte = Buffer.from([r.mutation.byte]);
      if (r.mutation.kind === 'truncate') bytes = bytes.subarray(0, at);
      else if (r.mutation.kind === 'insert') bytes = Buffer.concat([bytes.subarray(0, at), byte, bytes.subarray(at)]);
      else bytes = Buffer.concat([bytes.subarray(0, at), byte, bytes.subarray(at + 1)]);
    }
    const headers: Record<string, string> = { 'Content-Type': r.contentType };
    if (r.soapAction !== undefined) headers.SOAPAction = r.soapAction;
    return { bytes: new Uint8Array(bytes), headers };
  });

/** Random bytes with a SOAP content type. */
export const randomBytesRequest = fc.record({
  bytes: fc.oneof(
    fc.uint8Array({ maxLength: 600 }),
    fc.string({ unit: 'binary', maxLength: 200 }).map((s) => new Uint8Array(Buffer.from(s))),
  ),
  headers: fc.constantFrom<Record<string, string>>(
    { 'Content-Type': XML_TYPE, SOAPAction: '"App.WebService/Authenticate"' },
    { 'Content-Type': SOAP12_TYPE },
    { 'Content-Type': 'text/xml; charset=utf-16', SOAPAction: 'App.WebService/GetTerm' },
  ),
});

const FORM_KEYS = ['requestJson', 'REQUESTJSON', 'requestjson', 'other', '', 'request%4Ason', 'requestJson%20'];
const HTTP_OPERATIONS = ['Authenticate', 'GetTerm', 'UploadImage', 'authenticate', 'Nope', 'Authenticate/x'];

/** A form or query: random pairs, each key and value encoded properly or written raw; sometimes junk. */
export const formRequest = fc.record({
  operation: fc.constantFrom(...HTTP_OPERATIONS),
  pairs: fc.array(
    fc.record({
      key: fc.constantFrom(...FORM_KEYS),
      value: anyString(30),
      encoded: fc.boolean(),
      withEquals: fc.boolean(),
    }),
    { maxLength: 4 },
  ),
  junk: fc.constantFrom('', '&', '&&', '=', '%', '%zz', '+'),
  contentType: fc.constantFrom<string | undefined>(
    'application/x-www-form-urlencoded',
    'application/x-www-form-urlencoded; charset=utf-8',
    'multipart/form-data; boundary=x',
    'text/plain',
    undefined,
  ),
});

export type FormInput = typeof formRequest extends fc.Arbitrary<infer T> ? T : never;

/** Percent-encoding for the wire: what a browser sends; lone surrogates cannot be encoded (`undefined`). */
function encode(text: string): string | undefined {
  try {
    return encodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** The form's text, and the value `requestJson` must arrive as when the form sends exactly one, properly encoded. */
export function renderForm(form: FormInput): { text: string; expected: string | undefined } {
  const parts: string[] = [];
  let expected: string | undefined;
  let named = 0;
  let exact = true;
  for (const pair of form.pairs) {
    const key = pair.key;
    // Raw: printable ASCII as typed (`%` and `+` included, so decoding may change it); `&`, `#` and `?` would split it.
    const value = pair.encoded ? encode(pair.value) : pair.value.replace(/[^\x21-\x7e]|[&#?]/g, '');
    if (value === undefined) continue;
    const isRequestJson = key.toLowerCase() === 'requestjson' || key === 'request%4Ason';
    if (isRequestJson && pair.withEquals) {
      named++;
      expected = pair.encoded ? pair.value : undefined;
      if (!pair.encoded) exact = false;
    }
    parts.push(pair.withEquals ? `${key}=${value}` : key);
  }
  if (form.junk) parts.push(form.junk);
  return { text: parts.join('&'), expected: named === 1 && exact ? expected : undefined };
}

// --- Properties ------------------------------------------------------------------------------------------------------

export interface FuzzContext {
  readonly server: RecordingServer;
}

const TRANSPORTS = ['soap11', 'soap12', 'httpGet', 'httpPost'] as const;

/** Random strings through the generated client: delivered exactly, or refused before sending. */
export async function clientRoundTrip(ctx: FuzzContext, numRuns: number, seed?: number): Promise<void> {
  const clients = Object.fromEntries(
    TRANSPORTS.map((transport) => [
      transport,
      createAuthenticationWebServiceClient({ url: ctx.server.endpoint, transport }),
    ]),
  );
  await fc.assert(
    fc.asyncProperty(
      anyString(60),
      fc.constantFrom(...TRANSPORTS),
      fc.constantFrom(...WITH_REQUEST_JSON),
      async (value, transport, operation) => {
        const { server } = ctx;
        server.reset();
        const call = (clients[transport] as unknown as Record<OperationName, (input: object) => Promise<unknown>>)[
          operation
        ];
        if (hasForbiddenCharacter(value)) {
          await expect(call({ requestJson: value })).rejects.toThrow(TypeError);
          expect(server.requests).toEqual([]);
          return;
        }
        if (transport.startsWith('http') && REFUSED_BY_REQUEST_VALIDATION.test(value)) {
          const error = (await call({ requestJson: value }).catch((e: unknown) => e)) as HttpError;
          expect([error.name, error.status]).toEqual(['HttpError', 500]);
          expect(error.message).toMatch(REQUEST_VALIDATION_MESSAGE);
          expect(error.message).toContain(transport === 'httpGet' ? 'Request.QueryString' : 'Request.Form');
          expect(server.calls).toEqual([]);
          return;
        }
        await expect(call({ requestJson: value })).resolves.toBeUndefined();
        expect(server.calls.map((c) => [c.operation, c.transport, c.input])).toEqual([
          [operation, transport, { requestJson: value }],
        ]);
      },
    ),
    { numRuns, seed },
  );
}

/** Structured, mutated envelopes and random bytes, POSTed to the endpoint. */
export async function soapRequests(ctx: FuzzContext, numRuns: number, seed?: number): Promise<void> {
  await fc.assert(
    fc.asyncProperty(
      fc.oneof({ weight: 4, arbitrary: soapRequest }, { weight: 1, arbitrary: randomBytesRequest }),
      async (req) => {
        const { server } = ctx;
        server.reset();
        const reply = await request(server.port, E, { method: 'POST', headers: req.headers, body: req.bytes });
        checkSoapReply(reply.status, reply.headers['content-type'], reply.text);
        expect(server.calls.length).toBe(reply.status === 200 ? 1 : 0);
      },
    ),
    { numRuns, seed },
  );
}

/** Random forms (HttpPost) and queries (HttpGet). */
export async function formRequests(ctx: FuzzContext, numRuns: number, seed?: number): Promise<void> {
  await fc.assert(
    fc.asyncProperty(formRequest, fc.boolean(), async (form, post) => {
      const { server } = ctx;
      server.reset();
      const { text, expected } = renderForm(form);
      const path = `${E}/${form.operation}`;
      const reply = post
        ? await request(server.port, path, {
            method: 'POST',
            headers: form.contentType === undefined ? {} : { 'Content-Type': form.contentType },
            body: text,
          })
        : await request(server.port, `${path}?${text}`);
      checkHttpReply(reply.status, reply.headers['content-type'], reply.text);
      expect(server.calls.length).toBe(reply.status === 200 ? 1 : 0);
      const formSent = !post || form.contentType?.startsWith('application/x-www-form-urlencoded');
      if (form.operation === 'Authenticate' && formSent && expected !== undefined) {
        // Any value of the form, under any key, that request validation refuses refuses the call.
        const refused = parseFormValues(text)
          .entries()
          .some(([, value]) => REFUSED_BY_REQUEST_VALIDATION.test(value));
        if (refused) {
          expect(reply.status).toBe(500);
          expect(reply.text).toMatch(REQUEST_VALIDATION_MESSAGE);
        } else {
          expect(reply.status).toBe(200);
          expect(server.calls[0]!.input).toEqual({ requestJson: expected });
        }
      }
    }),
    { numRuns, seed },
  );
}

/**
 * Random string results (the generated TempConvert service, string in, string out): the client gets exactly
 * what the handler returned, over every transport; a result XML cannot carry is the Server failure instead.
 */
export async function resultRoundTrip(numRuns: number, seed?: number): Promise<void> {
  let result = '';
  const handler = () => result;
  const server = createTempConvertServer({ FahrenheitToCelsius: handler, CelsiusToFahrenheit: handler });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/TempConvert.asmx`;
  const clients = Object.fromEntries(
    TRANSPORTS.map((transport) => [transport, createTempConvertClient({ url, transport })]),
  );
  try {
    await fc.assert(
      fc.asyncProperty(anyString(60), fc.constantFrom(...TRANSPORTS), async (value, transport) => {
        result = value;
        const outcome = await clients[transport]!.CelsiusToFahrenheit({ Celsius: 'x' }).then(
          (v) => ({ ok: true as const, value: v }),
          (error: unknown) => ({ ok: false as const, error }),
        );
        if (!hasForbiddenCharacter(value)) {
          expect(outcome).toEqual({ ok: true, value });
        } else if (transport === 'soap11' || transport === 'soap12') {
          expect(outcome.ok ? outcome.value : (outcome.error as SoapFaultError).reason).toBe(
            'Server was unable to process request.',
          );
        } else {
          expect(
            outcome.ok ? outcome.value : [(outcome.error as HttpError).status, (outcome.error as HttpError).body],
          ).toEqual([500, 'Server was unable to process request.\r\n']);
        }
      }),
      { numRuns, seed },
    );
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** The fetch handler, in-process: the same SOAP invariants over `Request`/`Response`. */
export async function fetchHandlerRequests(numRuns: number, seed?: number): Promise<void> {
  let calls = 0;
  const handlers = Object.fromEntries(service.operations.map((op) => [op.name, () => void calls++]));
  const handle = createAuthenticationWebServiceFetchHandler(handlers as unknown as AuthenticationWebServiceHandlers, {
    handlerTimeoutMs: 1000,
  });
  await fc.assert(
    fc.asyncProperty(
      fc.oneof({ weight: 4, arbitrary: soapRequest }, { weight: 1, arbitrary: randomBytesRequest }),
      async (req) => {
        calls = 0;
        const response = await handle(
          new Request(`http://127.0.0.1${E}`, { method: 'POST', headers: req.headers, body: req.bytes }),
        );
        const text = await response.text();
        checkSoapReply(response.status, response.headers.get('content-type'), text);
        expect(calls).toBe(response.status === 200 ? 1 : 0);
      },
    ),
    { numRuns, seed },
  );
}

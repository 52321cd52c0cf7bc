/**
 * The requests the server bench sends, as the generated client writes them (the runtime's own envelope,
 * value and form encoders build them): `Authenticate` of the default service with a ~200-byte
 * `requestJson`, over each transport; and the complex-type case, Library's `GetBook` and `EchoBook` over
 * SOAP 1.1, `EchoBook` sending the C# sample book (a class with attributes, an array of a base class with a
 * derived and a nil item, an enum, a flags list, a nil `int?`, decimal, dateTime, Guid, base64, a `long`
 * past 2^53).
 */
import { encodeFormValues } from '../../runtime/src/http/form-encoding.js';
import {
  buildRequestEnvelope,
  buildResponseEnvelope,
  soapRequestHeaders,
} from '../../runtime/src/soap/soap-envelope.js';
import { service } from '../../generated/service.js';
import { createLibraryClient } from '../golden/library/expected/index.js';
import { sampleBook } from '../runtime/fixtures/library-handlers.js';

export const OPERATION = 'Authenticate';
export const ENDPOINT_PATH = service.path;
export const NAMESPACE = service.namespace;

/** A 200-byte JSON document: what a login form would send. */
export const REQUEST_JSON = JSON.stringify({
  user: 'alice.martin@example.com',
  password: 'correct horse battery staple',
  deviceId: '5f0c2a9e-8d4b-4c1e-9a7f-2b6d3e8c1f40',
  app: 'asmxgen-bench',
  locale: 'en-US',
  ts: '2026-01-15T09:30:00Z',
}).padEnd(200, ' ');

export type BenchTransport = 'soap11' | 'soap12' | 'httpGet' | 'httpPost';

export interface BenchRequest {
  readonly method: 'GET' | 'POST';
  /** Path and query. */
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: string | undefined;
}

const soapAction = service.operations.find((op) => op.name === OPERATION)!.soapAction;
const form = encodeFormValues([['requestJson', REQUEST_JSON]]);

export const REQUESTS: Readonly<Record<BenchTransport, BenchRequest>> = {
  soap11: {
    method: 'POST',
    path: ENDPOINT_PATH,
    headers: soapRequestHeaders('1.1', soapAction),
    body: buildRequestEnvelope('1.1', NAMESPACE, OPERATION, [{ name: 'requestJson', value: REQUEST_JSON }]),
  },
  soap12: {
    method: 'POST',
    path: ENDPOINT_PATH,
    headers: soapRequestHeaders('1.2', soapAction),
    body: buildRequestEnvelope('1.2', NAMESPACE, OPERATION, [{ name: 'requestJson', value: REQUEST_JSON }]),
  },
  httpGet: { method: 'GET', path: `${ENDPOINT_PATH}/${OPERATION}?${form}`, headers: {}, body: undefined },
  httpPost: {
    method: 'POST',
    path: `${ENDPOINT_PATH}/${OPERATION}`,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form,
  },
};

export type LibraryOperation = 'GetBook' | 'EchoBook';

/** What the generated Library client sends for a call: its request, caught before it leaves. */
async function librarySoap11(call: (client: ReturnType<typeof createLibraryClient>) => Promise<unknown>) {
  let sent: BenchRequest | undefined;
  const client = createLibraryClient({
    url: 'http://127.0.0.1/Library.asmx',
    transport: 'soap11',
    fetch: (url, init) => {
      sent = {
        method: 'POST',
        path: new URL(url).pathname,
        headers: { ...(init.headers as Record<string, string>) },
        body: String(init.body),
      };
      return Promise.resolve(new Response('', { status: 599 }));
    },
  });
  await call(client).catch(() => undefined);
  if (!sent) throw new Error('bench: the Library client sent nothing');
  return sent;
}

/** Library's requests (SOAP 1.1), by operation. */
export const LIBRARY_REQUESTS: Readonly<Record<LibraryOperation, BenchRequest>> = {
  GetBook: await librarySoap11((client) => client.GetBook({ isbn: '978-0' })),
  EchoBook: await librarySoap11((client) => client.EchoBook({ book: sampleBook('978-1') })),
};

/** The SOAP 1.1 reply of the void `Authenticate`, as ASMX (and the generated server) sends it. */
export const VOID_SOAP11_REPLY = buildResponseEnvelope('1.1', NAMESPACE, `${OPERATION}Response`);

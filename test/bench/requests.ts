/**
 * The requests the server bench sends: `Authenticate` of the default service with a ~200-byte
 * `requestJson`, over each transport, as the generated client writes them (the runtime's own envelope
 * and form encoders build them).
 */
import { encodeFormValues } from '../../runtime/src/form-encoding.js';
import { buildRequestEnvelope, buildResponseEnvelope, soapRequestHeaders } from '../../runtime/src/soap-envelope.js';
import { service } from '../../generated/service.js';

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

/** The SOAP 1.1 reply of the void `Authenticate`, as ASMX (and the generated server) sends it. */
export const VOID_SOAP11_REPLY = buildResponseEnvelope('1.1', NAMESPACE, `${OPERATION}Response`);

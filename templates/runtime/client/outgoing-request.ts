/**
 * The HTTP request of a call, per transport (wire contract §2):
 *
 * - SOAP 1.1 / 1.2: POST to the endpoint, the document/literal wrapped
 *   envelope and the headers of `soap-envelope.ts`;
 * - HttpGet: `GET {endpoint}/{Op}?name=value...`;
 * - HttpPost: `POST {endpoint}/{Op}`, a form body; for an operation without
 *   parameters that is given files, `multipart/form-data` (`FormData`, its
 *   boundary set by fetch).
 *
 * Files go only by HttpPost: given on another transport they are refused
 * rather than dropped.
 */
import { encodeFormValues } from '../form-encoding.js';
import { FORM_MEDIA_TYPE } from '../soap-constants.js';
import { buildRequestEnvelope, soapRequestHeaders, type RequestParameter } from '../soap-envelope.js';
import type { OperationDescription, Transport } from '../service-description.js';
import type { ClientFile } from './client-options.js';

export interface OutgoingRequest {
  readonly url: string;
  readonly method: 'GET' | 'POST';
  /** The transport's headers: they win over the caller's. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | FormData | undefined;
}

export function buildOutgoingRequest(
  namespace: string,
  endpoint: URL,
  op: OperationDescription,
  transport: Transport,
  params: readonly RequestParameter[],
  files: readonly ClientFile[],
): OutgoingRequest {
  if (files.length > 0 && transport !== 'httpPost') {
    throw new TypeError(`${op.name}: files are sent by httpPost only, not by ${transport}. Nothing was sent.`);
  }
  if (transport === 'soap11' || transport === 'soap12') {
    const version = transport === 'soap11' ? '1.1' : '1.2';
    return {
      url: endpoint.href,
      method: 'POST',
      headers: soapRequestHeaders(version, op.soapAction),
      body: buildRequestEnvelope(version, namespace, op.name, params),
    };
  }
  const url = new URL(endpoint.href);
  url.pathname = `${url.pathname}/${op.name}`;
  const form = encodeFormValues(params.flatMap((p) => (p.value === undefined ? [] : [[p.name, p.value] as const])));
  if (transport === 'httpGet') {
    if (form !== '') url.search = url.search === '' ? form : `${url.search.slice(1)}&${form}`;
    return { url: url.href, method: 'GET', headers: {}, body: undefined };
  }
  if (files.length > 0) return { url: url.href, method: 'POST', headers: {}, body: multipartBody(files) };
  return { url: url.href, method: 'POST', headers: { 'Content-Type': FORM_MEDIA_TYPE }, body: form };
}

/**
 * The headers sent: the client's, then the call's, then the transport's.
 * `Content-Type` and `SOAPAction` are the transport's alone (a multipart
 * body's `Content-Type`, with its boundary, is fetch's to write).
 */
export function requestHeaders(
  request: OutgoingRequest,
  ...given: readonly (Readonly<Record<string, string>> | undefined)[]
): Headers {
  const headers = new Headers();
  for (const [name, value] of given.flatMap((h) => Object.entries(h ?? {}))) headers.set(name, value);
  headers.delete('content-type');
  headers.delete('soapaction');
  for (const [name, value] of Object.entries(request.headers)) headers.set(name, value);
  return headers;
}

function multipartBody(files: readonly ClientFile[]): FormData {
  const form = new FormData();
  for (const file of files) {
    const { data, contentType } = file;
    const blob =
      data instanceof Blob && data.type === contentType ? data : new Blob([data as BlobPart], { type: contentType });
    form.append(file.field ?? 'file', blob, file.filename);
  }
  return form;
}

/**
 * The HTTP request of a call, per transport (wire contract §2):
 *
 * - SOAP 1.1 / 1.2: POST to the endpoint, the document/literal wrapped
 *   envelope and the headers of `soap-envelope.ts`;
 * - HttpGet: `GET {endpoint}/{Op}?name=value...`;
 * - HttpPost: `POST {endpoint}/{Op}`, a form body; for an operation without
 *   parameters that is given files, `multipart/form-data` (`FormData`, its
 *   boundary written by the transport).
 *
 * What does not change from call to call (the URL, the method, the headers
 * of the client and the transport) is prepared once per operation and
 * transport, as a `RequestTarget`; a call adds its body (and, over HttpGet,
 * its query). Files go only by HttpPost: given on another transport they are
 * refused rather than dropped.
 */
import { encodeFormValues } from '../http/form-encoding.js';
import { FORM_MEDIA_TYPE } from '../soap/soap-constants.js';
import {
  buildBareRequestEnvelope,
  buildRequestEnvelope,
  framedRequestEnvelope,
  requestEnvelopeFrame,
  soapRequestHeaders,
  type RequestEnvelopeFrame,
  type RequestParameter,
} from '../soap/soap-envelope.js';
import type { OperationDescription, Transport } from '../service-description.js';
import type { ClientFile } from './client-options.js';

export type RequestHeaders = Readonly<Record<string, string>>;

export interface OutgoingRequest {
  /** The whole URL, query included. */
  readonly url: string;
  readonly method: 'GET' | 'POST';
  /** Every header sent: the client's, then the call's, then the transport's (which win). */
  readonly headers: RequestHeaders;
  readonly body: string | FormData | undefined;
}

/** What the requests of one operation over one transport share. */
export interface RequestTarget {
  readonly op: OperationDescription;
  readonly transport: Transport;
  readonly method: 'GET' | 'POST';
  /** The URL of a call without parameters in its query. */
  readonly url: string;
  /** HttpGet: the URL a query is appended to (ends with `?` or `&`). */
  readonly queryPrefix: string;
  /** The transport's own headers (`Content-Type`, `SOAPAction`; none for HttpGet or a multipart body). */
  readonly transportHeaders: RequestHeaders;
  /** The client's headers with the transport's: what a call without headers of its own sends. */
  readonly headers: RequestHeaders;
  /** SOAP, a wrapped operation: its envelope's frame, for calls without SOAP headers. */
  readonly frame?: RequestEnvelopeFrame;
}

export function requestTarget(
  endpoint: URL,
  op: OperationDescription,
  transport: Transport,
  clientHeaders: RequestHeaders,
  /** The service namespace; without it, no envelope frame is prepared. */
  namespace?: string,
): RequestTarget {
  if (transport === 'soap11' || transport === 'soap12') {
    const version = transport === 'soap11' ? '1.1' : '1.2';
    const transportHeaders = soapRequestHeaders(version, op.soapAction);
    const url = endpoint.href;
    return {
      op,
      transport,
      method: 'POST',
      url,
      queryPrefix: url,
      transportHeaders,
      headers: mergeHeaders(transportHeaders, clientHeaders),
      ...(!op.bare &&
        namespace !== undefined && {
          frame: requestEnvelopeFrame(version, op.requestNamespace ?? namespace, op.requestElement ?? op.name),
        }),
    };
  }
  const url = new URL(endpoint.href);
  // A service at the server's root (`/`) answers its operations at `/Op`.
  url.pathname = url.pathname === '/' ? `/${op.name}` : `${url.pathname}/${op.name}`;
  const href = url.href;
  let queryPrefix: string;
  if (url.search === '') {
    url.search = ''; // drops a bare `?`
    queryPrefix = `${url.href}?`;
  } else {
    queryPrefix = `${href}&`;
  }
  const transportHeaders: RequestHeaders = transport === 'httpPost' ? { 'Content-Type': FORM_MEDIA_TYPE } : {};
  return {
    op,
    transport,
    method: transport === 'httpGet' ? 'GET' : 'POST',
    url: href,
    queryPrefix,
    transportHeaders,
    headers: mergeHeaders(transportHeaders, clientHeaders),
  };
}

/**
 * @param callHeaders the call's own headers; `undefined` sends the target's
 */
export function buildOutgoingRequest(
  namespace: string,
  target: RequestTarget,
  params: readonly RequestParameter[],
  files: readonly ClientFile[],
  callHeaders: RequestHeaders | undefined,
  soapHeaderXml = '',
): OutgoingRequest {
  const { op, transport } = target;
  if (files.length > 0 && transport !== 'httpPost') {
    throw new TypeError(`${op.name}: files are sent by httpPost only, not by ${transport}. Nothing was sent.`);
  }
  const headers =
    callHeaders === undefined ? target.headers : mergeHeaders(target.transportHeaders, target.headers, callHeaders);
  if (transport === 'soap11' || transport === 'soap12') {
    const version = transport === 'soap11' ? '1.1' : '1.2';
    const { frame } = target;
    return {
      url: target.url,
      method: 'POST',
      headers,
      body:
        frame !== undefined && soapHeaderXml === ''
          ? framedRequestEnvelope(frame, params)
          : op.bare
            ? buildBareRequestEnvelope(version, op.requestNamespace ?? namespace, params, soapHeaderXml)
            : buildRequestEnvelope(
                version,
                op.requestNamespace ?? namespace,
                op.requestElement ?? op.name,
                params,
                soapHeaderXml,
              ),
    };
  }
  const form = encodeFormValues(
    params.flatMap((p) =>
      p.texts !== undefined
        ? p.texts.map((text) => [p.name, text] as const)
        : p.value === undefined
          ? []
          : [[p.name, p.value] as const],
    ),
  );
  if (transport === 'httpGet') {
    return { url: form === '' ? target.url : target.queryPrefix + form, method: 'GET', headers, body: undefined };
  }
  if (files.length > 0) {
    // The multipart body's `Content-Type`, with its boundary, is the transport's to write.
    const { 'Content-Type': _, ...others } = headers;
    return { url: target.url, method: 'POST', headers: others, body: multipartBody(files) };
  }
  return { url: target.url, method: 'POST', headers, body: form };
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** What fetch's `Headers` and `node:http` both accept in a value (once its leading and trailing whitespace is cut). */
const HEADER_VALUE = /^[\t\u0020-\u007E\u0080-\u00FF]*$/;
const EDGE_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;

/**
 * Headers merged by name, case-insensitively: a later source wins, keeping
 * the spelling it gives. The transport's headers, first, win over all (a
 * given `Content-Type` or `SOAPAction` is dropped). A name or value HTTP
 * cannot carry is a `TypeError`, before anything is sent.
 */
export function mergeHeaders(transport: RequestHeaders, ...given: readonly RequestHeaders[]): RequestHeaders {
  const merged = new Map<string, readonly [string, string]>();
  for (const headers of given) {
    for (const name of Object.keys(headers)) {
      const value = String(headers[name]).replace(EDGE_WHITESPACE, '');
      if (!TOKEN.test(name)) throw new TypeError(`${JSON.stringify(name)} is not a valid HTTP header name.`);
      if (!HEADER_VALUE.test(value)) {
        throw new TypeError(`The value of the header ${name} holds a character HTTP headers cannot carry.`);
      }
      const key = name.toLowerCase();
      if (key === 'content-type' || key === 'soapaction') continue;
      merged.delete(key);
      merged.set(key, [name, value]);
    }
  }
  const result: Record<string, string> = {};
  for (const [name, value] of merged.values()) result[name] = value;
  return Object.assign(result, transport);
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

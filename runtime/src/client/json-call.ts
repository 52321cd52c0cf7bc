/**
 * The client's `json` transport: the calls ASP.NET AJAX pages make to a `[ScriptService]` (docs/wire.md, "JSON
 * (ScriptService)"), typed. The values are written and read by the rules the server uses (`../json/`):
 *
 * - request: `POST {endpoint}/{Op}` with `Content-Type: application/json; charset=utf-8` and the parameters as one
 *   JSON object; a `UseHttpGet` method by `GET {endpoint}/{Op}?name=<JSON>&…` (each value JSON, URL-encoded), with
 *   the same `Content-Type`, which is what makes ASP.NET take it for a JSON call;
 * - reply: `{"d":…}` read into the operation's result (dates `"\/Date(ms)\/"` into `XsdDateTime`s, `__type` into a
 *   derived class's `$type`); a `ResponseFormat.Xml` method's XmlSerializer document (a string result: the text);
 *   an error reply whose JSON is `{"Message":…}` is a `JsonFaultError`, any other an `HttpError`.
 *
 * JSON calls carry no SOAP headers and no `out`/`ref` parameters (ASP.NET AJAX has neither): an operation with
 * `out` or `ref` parameters is refused before anything is sent.
 */
import { isJsonObject, JsonSyntaxError, parseJson, quoteJsonString, type JsonValue } from '../json/json-text.js';
import { JsonValueError, readJsonValue, writeJsonValue, type JsonContext } from '../json/json-values.js';
import type { OperationDescription } from '../service-description.js';
import type { TypeTable } from '../values/value-kinds.js';
import { isNil, readValue } from '../values/read-value.js';
import { MalformedValueError, ValueReadError } from '../values/value-errors.js';
import { httpView } from '../values/data-type-values.js';
import { HttpError, JsonFaultError, ProtocolError, type CallSite } from './errors.js';
import { mergeHeaders, type OutgoingRequest, type RequestHeaders } from './outgoing-request.js';
import type { ReceivedReply } from './received-reply.js';
import { replyDocument } from './result-value.js';

/** The `Content-Type` of a JSON call, as jQuery's `$.ajax` and MicrosoftAjax's `WebServiceProxy` send it. */
export const JSON_REQUEST_CONTENT_TYPE = 'application/json; charset=utf-8';

/** What the JSON calls of one operation share: where they go, how a call's request is written, how a reply reads. */
export interface JsonTarget {
  readonly site: CallSite;
  /** @param callHeaders the call's own headers; `undefined` sends the client's */
  request(input: object | undefined, callHeaders: RequestHeaders | undefined): OutgoingRequest;
  read(reply: ReceivedReply): unknown;
}

export function jsonTarget(
  endpoint: URL,
  op: OperationDescription,
  clientHeaders: RequestHeaders,
  /** The service's types, its client types' `__type` ids (`jsonTypeIds`), the zone of dates without one. */
  json: JsonContext,
): JsonTarget {
  const site: CallSite = { operation: op.name, transport: 'json' };
  const url = new URL(endpoint.href);
  url.pathname = `${url.pathname}/${op.name}`;
  const useGet = op.scriptMethod?.useHttpGet === true;
  const transportHeaders = { 'Content-Type': JSON_REQUEST_CONTENT_TYPE };
  const headers = mergeHeaders(transportHeaders, clientHeaders);
  const parameters = op.parameters.filter((p) => p.direction === undefined);
  const refused = op.parameters.find((p) => p.direction !== undefined);
  return {
    site,
    request(input, callHeaders) {
      if (refused !== undefined) {
        throw new TypeError(
          `${op.name} has the ${refused.direction} parameter ${refused.name}, which JSON calls do not carry. ` +
            'Nothing was sent.',
        );
      }
      const values = (input ?? {}) as Record<string, unknown>;
      // JSON names a parameter as C# does (`field`), whatever `[XmlElement("x")]` calls its element.
      const members = parameters.map((p) => [p.field ?? p.name, writeJsonValue(p.type, values[p.name], json)] as const);
      const sent = callHeaders === undefined ? headers : mergeHeaders(transportHeaders, headers, callHeaders);
      if (useGet) {
        const query = members.map(([name, json]) => `${encodeURIComponent(name)}=${encodeURIComponent(json)}`);
        const href = query.length === 0 ? url.href : `${url.href}${url.search === '' ? '?' : '&'}${query.join('&')}`;
        return { url: href, method: 'GET', headers: sent, body: undefined };
      }
      const body = `{${members.map(([name, json]) => `${quoteJsonString(name)}:${json}`).join(',')}}`;
      return { url: url.href, method: 'POST', headers: sent, body };
    },
    read: (reply) => readJsonReply(site, op, json, reply),
  };
}

function readJsonReply(site: CallSite, op: OperationDescription, json: JsonContext, reply: ReceivedReply): unknown {
  if (reply.status !== 200) throw errorOf(site, reply);
  const { result } = op;
  if (op.scriptMethod?.xmlResponse === true && result) return readXmlResult(site, op, json.types, reply);
  const d = jsonBody(site, reply);
  if (!result) return undefined;
  if (d === null) return result.nillable ? null : undefined;
  try {
    return readJsonValue(result.type, d, json);
  } catch (error) {
    if (!(error instanceof JsonValueError)) throw error;
    throw new ProtocolError(site, reply, `{"d":…} is no value of the result's type: ${error.message}`);
  }
}

/** `d` of a `{"d":…}` body. */
function jsonBody(site: CallSite, reply: ReceivedReply): JsonValue {
  let json: JsonValue;
  try {
    json = parseJson(new TextDecoder().decode(reply.bytes));
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    throw new ProtocolError(site, reply, `the body is not JSON (${error.message})`);
  }
  const d = isJsonObject(json) ? json.get('d') : undefined;
  if (d === undefined) throw new ProtocolError(site, reply, 'the body is no {"d":…} object.');
  return d;
}

/** `ResponseFormat.Xml`: XmlSerializer's document of the result, whatever its namespace; a string as it is. */
function readXmlResult(site: CallSite, op: OperationDescription, types: TypeTable, reply: ReceivedReply): unknown {
  // The document is the result's C# type's, as the HTTP reply documents are (`httpView`).
  const result = httpView(op).result!;
  if (result.type === 'string' && op.scriptMethod?.xmlSerializeString !== true) {
    return new TextDecoder().decode(reply.bytes);
  }
  const root = replyDocument(site, reply);
  if (isNil(root)) return result.nillable ? null : undefined;
  try {
    return readValue({ types, namespace: root.namespace }, root, result.type, result.nillable === true);
  } catch (error) {
    if (error instanceof ValueReadError || error instanceof MalformedValueError) {
      throw new ProtocolError(site, reply, `the XML document does not read: ${error.message}`);
    }
    throw error;
  }
}

/** A `JsonFaultError` for ASP.NET's JSON error, an `HttpError` for any other reply that is not a success. */
function errorOf(site: CallSite, reply: ReceivedReply): Error {
  if (reply.mediaType === 'application/json') {
    let json: JsonValue | undefined;
    try {
      json = parseJson(new TextDecoder().decode(reply.bytes));
    } catch (error) {
      if (!(error instanceof JsonSyntaxError)) throw error;
    }
    const message = isJsonObject(json) ? json.get('Message') : undefined;
    if (isJsonObject(json) && typeof message === 'string') {
      const text = (name: string) => {
        const value = json.get(name);
        return typeof value === 'string' ? value : '';
      };
      return new JsonFaultError(site, reply, {
        message,
        exceptionType: text('ExceptionType'),
        stackTrace: text('StackTrace'),
      });
    }
  }
  return new HttpError(site, reply, reply.mediaType);
}

/**
 * JSON calls of a `[ScriptService]` (ASP.NET AJAX; docs/wire.md, "JSON (ScriptService)"): the third protocol beside
 * SOAP and HTTP GET/POST, on the same path. A request is one when the service is a script service, the URL names
 * something after the endpoint (`/X.asmx/Op`) and its `Content-Type` is `application/json` or
 * `application/json;…` (any case), as the .NET Framework's `RestHandlerFactory` decides; anything else goes on to
 * the other protocols. The path is straight: read the parameters, call the handler, write `{"d":…}`.
 *
 * Where Mono and the .NET Framework differ, the .NET Framework's `RestHandler` is followed: a script method is
 * called by its verb only (`UseHttpGet` → GET, else POST), GET values are JSON, an empty body is `{}`, a missing
 * parameter is an error, and every error after routing is a JSON error (`jsonerror: true`) that says no more than
 * `There was an error processing the request.` unless the server's `exposeErrors` is on (`customErrors`).
 */
import { parseFormValues } from '../http/form-encoding.js';
import { isJsonObject, JsonSyntaxError, parseJson, quoteJsonString, type JsonValue } from '../json/json-text.js';
import { JsonValueError, readJsonValue, writeJsonValue, type JsonContext } from '../json/json-values.js';
import { isValueType } from '../values/value-kinds.js';
import { XML_CONTENT_TYPE } from '../soap/soap-constants.js';
import { headerValue, type IncomingCall } from './incoming-call.js';
import {
  createContext,
  invokeHandler,
  JSON_ERROR_MESSAGE,
  MAX_REQUEST_LENGTH_EXCEEDED,
  type Failure,
} from './invoke.js';
import { contentReply, textReply, withHeaders, type Reply } from './reply.js';
import { scriptXmlDocument } from './result-value.js';
import { handlerFactoryError } from './runtime-error-page.js';
import type { OperationEntry, ServiceTables } from './service-tables.js';
import type { CallTransport, ResolvedOptions } from './server-options.js';

/** A JSON body is read as UTF-8 (invalid bytes become U+FFFD): one decoder for every call (it keeps no state). */
const UTF8 = new TextDecoder();

/** The .NET Framework's content type of JSON replies (`application/json` and the response's charset). */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
/** `AtlasWeb.WebService_Error`: what a JSON error says while `customErrors` hides the exception. */
export { JSON_ERROR_MESSAGE };

/**
 * The method a request calls by JSON, or `undefined` when it is no JSON call (and another protocol answers it).
 * `endpointPath` is the endpoint as the request spelled it (`''` when the request is outside the service).
 */
export function jsonCallMethod(
  call: Pick<IncomingCall, 'headers' | 'path'>,
  tables: ServiceTables,
  endpointPath: string,
): string | undefined {
  if (tables.service.scriptService !== true) return undefined;
  return jsonRequestMethod(call, endpointPath);
}

/**
 * The method a request names by JSON's content type and path, whatever the service: ASP.NET's
 * `ScriptHandlerFactory` takes such a request for every `*.asmx`, and refuses it for a service without
 * `[ScriptService]` (`WebServiceData`'s constructor: `WebService_NoScriptServiceAttribute`).
 */
export function jsonRequestMethod(
  call: Pick<IncomingCall, 'headers' | 'path'>,
  endpointPath: string,
): string | undefined {
  if (endpointPath === '') return undefined;
  const contentType = headerValue(call.headers, 'content-type')?.toLowerCase();
  if (contentType === undefined || (contentType !== 'application/json' && !contentType.startsWith('application/json;')))
    return undefined;
  const pathInfo = decodePath(call.path).slice(endpointPath.length);
  if (pathInfo === '' || pathInfo[0] !== '/') return undefined;
  return pathInfo.slice(1);
}

/** The reply to a JSON call of `method`. Rejects only when the client went away. */
export async function handleJsonCall(
  call: IncomingCall,
  method: string,
  tables: ServiceTables,
  json: JsonContext,
  options: ResolvedOptions,
): Promise<Reply> {
  // RestHandler.CreateHandler: no method name, or none of the service's, fail before the call, not in JSON: ASP.NET's
  // error page, the Runtime Error page for a remote caller (`customErrors`); with `exposeErrors`, the message.
  if (method === '')
    return handlerFactoryError('Invalid web service call, expected path info of /js/&lt;Method&gt;.', options);
  const entry = tables.byName.get(method);
  if (entry === undefined) return handlerFactoryError(`Unknown web method ${method}.`, options);
  const op = entry.description;
  const useGet = op.scriptMethod?.useHttpGet === true;
  // WebService_InvalidVerbRequest names the verb the method does not take (POST for a GET method, whatever the
  // request's), as RestHandler.GetRawParams does.
  if (useGet ? call.method !== 'GET' : call.method !== 'POST') {
    return jsonErrorReply(
      `An attempt was made to call the method '${op.name}' using a ${useGet ? 'POST' : 'GET'} request, which is not allowed.`,
      options,
    );
  }
  let raw: ReadonlyMap<string, JsonValue>;
  try {
    if (useGet) raw = queryParameters(call, entry);
    else {
      const body = await call.readBody(options.maxRequestBytes);
      if (body.kind === 'too-large') return { ...textReply(500, MAX_REQUEST_LENGTH_EXCEEDED), closeConnection: true };
      raw = bodyParameters(body.bytes);
    }
  } catch (error) {
    if (error instanceof JsonSyntaxError || error instanceof JsonValueError)
      return jsonErrorReply(error.message, options);
    throw error;
  }
  const input: Record<string, unknown> = {};
  try {
    for (const parameter of op.parameters) {
      if (parameter.direction === 'out') continue;
      // JSON names a parameter as C# does, whatever `[XmlElement("x")]` calls its element.
      const field = parameter.field ?? parameter.name;
      const value = raw.get(field);
      if (value === undefined) {
        return jsonErrorReply(`Invalid web service call, missing value for parameter: '${field}'.`, options);
      }
      if (value === null && parameter.nillable !== true && isValueType(tables.values.types, parameter.type)) {
        // ObjectConverter.ConvertObjectToType: null converts to no value type (Mono binds default(T)).
        return jsonErrorReply('Cannot convert null to a value type.', options);
      }
      input[parameter.name] = readJsonValue(parameter.type, value, json);
    }
  } catch (error) {
    if (error instanceof JsonValueError) return jsonErrorReply(error.message, options);
    throw error;
  }
  const context = createContext(call, jsonFailureReply(options), 'json', op.name, []);
  let outcome = invokeHandler(entry, input, context, options);
  if (outcome === undefined) {
    try {
      outcome = context.settled(await context.pending);
    } catch (error) {
      outcome = context.failed(error);
    }
  }
  if (!outcome.ok) return jsonFailureReply(options)('json', outcome.failure);
  try {
    return resultReply(entry, outcome.value, tables, json);
  } catch (error) {
    return jsonErrorReply(error instanceof Error ? error.message : String(error), options);
  }
}

/** `{"d":…}`, or the result as XML (`ResponseFormat.Xml`; a string result is the text itself). */
function resultReply(entry: OperationEntry, returned: unknown, tables: ServiceTables, json: JsonContext): Reply {
  const op = entry.description;
  const value =
    entry.replyParameters && op.result ? (returned as Record<string, unknown>)[op.result.key ?? 'result'] : returned;
  if (op.scriptMethod?.xmlResponse === true && op.result) {
    if (op.result.type === 'string' && typeof value === 'string' && op.scriptMethod.xmlSerializeString !== true)
      return contentReply(200, XML_CONTENT_TYPE, value);
    return contentReply(200, XML_CONTENT_TYPE, scriptXmlDocument(op, tables.values, value));
  }
  const d = op.result ? writeJsonValue(op.result.type, value, json) : 'null';
  return contentReply(200, JSON_CONTENT_TYPE, `{"d":${d}}`);
}

/** RestHandler.GetRawParamsFromGetRequest: each declared parameter's query value, read as JSON. */
function queryParameters(call: IncomingCall, entry: OperationEntry): Map<string, JsonValue> {
  const values = parseFormValues(call.query ?? '');
  const raw = new Map<string, JsonValue>();
  for (const parameter of entry.description.parameters) {
    const field = parameter.field ?? parameter.name;
    const text = values.get(field);
    if (text !== undefined) raw.set(field, parseJson(text));
  }
  return raw;
}

/**
 * RestHandler.GetRawParamsFromPostRequest: the body, read as UTF-8 whatever charset the content type names (a
 * `StreamReader` of the input stream; Mono honours the charset); empty is `{}`.
 */
function bodyParameters(bytes: Uint8Array): ReadonlyMap<string, JsonValue> {
  const text = UTF8.decode(bytes);
  if (text === '') return new Map();
  const json = parseJson(text);
  if (!isJsonObject(json)) {
    throw new JsonValueError(
      "Cannot convert object to type 'System.Collections.Generic.IDictionary`2[System.String,System.Object]'",
    );
  }
  return json;
}

/** A handler's failure as a JSON error: its own message only with `exposeErrors`. */
function jsonFailureReply(options: ResolvedOptions): (transport: CallTransport, failure: Failure) => Reply {
  return (_transport, failure) =>
    jsonErrorReply(failure.chain[failure.chain.length - 1] ?? JSON_ERROR_MESSAGE, options);
}

/**
 * RestHandler.WriteExceptionJsonString: `500`, `jsonerror: true`, `{"Message":…,"StackTrace":…,"ExceptionType":…}`.
 * With `customErrors` on (ASP.NET's default for remote callers) the message is the generic one and the rest empty;
 * `exposeErrors` shows the message. A stack trace never leaves the server.
 */
export function jsonErrorReply(message: string, options: ResolvedOptions): Reply {
  const shown = options.exposeErrors ? message : JSON_ERROR_MESSAGE;
  const type = options.exposeErrors ? 'System.InvalidOperationException' : '';
  const body = `{"Message":${quoteJsonString(shown)},"StackTrace":"","ExceptionType":${quoteJsonString(type)}}`;
  return withHeaders(contentReply(500, JSON_CONTENT_TYPE, body), { jsonerror: 'true' });
}

function decodePath(path: string): string {
  if (!path.includes('%')) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

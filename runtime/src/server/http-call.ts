/**
 * HttpGet (`GET /X.asmx/Op?p=v`) and HttpPost (`POST /X.asmx/Op`, form
 * body) calls, wire contract §2 to §4. Errors are 500 `text/plain` with the
 * message and a CRLF.
 *
 * HttpPost of an operation with parameters takes an
 * `application/x-www-form-urlencoded` body only (ASMX: `Request format is
 * invalid: {content type}.`). An operation without parameters takes any
 * body: `multipart/form-data` parts become `ctx.files`; a form has no files;
 * any other non-empty body (or a multipart body that does not parse) is one
 * file of the request's content type.
 *
 * The query or form values of an operation with parameters go through ASP.NET's request validation
 * (`request-validation.ts`, the `validateRequest` option) before any of them is bound.
 */
import { parseContentType } from '../http/content-type.js';
import { parseFormValues, type FormValues } from '../http/form-encoding.js';
import { htmlEncodeMessage, htmlEncodeMessageChain } from '../http/html-escape.js';
import { MultipartError, readMultipart, type UploadedFile } from '../http/multipart.js';
import type { Transport } from '../service-description.js';
import { FORM_MEDIA_TYPE, MULTIPART_FORM_MEDIA_TYPE, XML_CONTENT_TYPE } from '../soap/soap-constants.js';
import { headerValue, type BodyRead, type IncomingCall } from './incoming-call.js';
import {
  createContext,
  failureOf,
  invokeHandler,
  LaterReply,
  MAX_REQUEST_LENGTH_EXCEEDED,
  type Failure,
  type HandlerCall,
  type Outcome,
} from './invoke.js';
import { bindFormParameters } from './parameters.js';
import { CACHE_CONTROL, contentReply, sharedReply, textReply, type Reply } from './reply.js';
import { requestValidationError } from './request-validation.js';
import { httpResultDocument } from './result-value.js';
import type { OperationEntry, ServiceTables } from './service-tables.js';
import type { ResolvedOptions } from './server-options.js';

/** A form body is read as UTF-8 (invalid bytes become U+FFFD): one decoder for every call (it keeps no state). */
const UTF8 = new TextDecoder();

const VOID_REPLY: Reply = sharedReply({
  status: 200,
  headers: { 'Cache-Control': CACHE_CONTROL },
  body: new Uint8Array(0),
});
const VOID_REPLY_CHUNKED: Reply = sharedReply({ ...VOID_REPLY, chunked: true });

/**
 * The reply of a void operation: 200, empty, `Content-Length: 0` as ASMX
 * sends it. Proxies made by `wsdl.exe` (User-Agent `… Web Services Client
 * Protocol …`) get the empty body chunked instead: Mono's proxies, which send
 * the same User-Agent as .NET's, never release a connection whose void reply
 * is framed by `Content-Length: 0`, so their third call on a host would wait
 * forever; .NET's read both framings alike.
 */
function voidHttpReply(call: IncomingCall): Reply {
  const agent = headerValue(call.headers, 'user-agent');
  return agent !== undefined && agent.includes('Web Services Client Protocol') ? VOID_REPLY_CHUNKED : VOID_REPLY;
}

export async function handleHttpCall(
  call: IncomingCall,
  transport: 'httpGet' | 'httpPost',
  entry: OperationEntry,
  tables: ServiceTables,
  options: ResolvedOptions,
): Promise<Reply> {
  // ASMX leaves such an operation out of the HTTP bindings: its name is not one of theirs.
  if (entry.description.httpOmitted) return omittedReply(entry);
  const body = transport === 'httpGet' ? NO_BODY : await call.readBody(options.maxRequestBytes);
  const reply = httpBodyReply(call, transport, entry, body, tables, options);
  return reply instanceof LaterReply ? reply.promise() : reply;
}

/** An operation ASMX leaves out of the HTTP bindings (`httpOmitted`): its name is not one of theirs. */
export function omittedReply(entry: OperationEntry): Reply {
  return textReply(500, htmlEncodeMessageChain([`${entry.description.name} Web Service method name is not valid.`]));
}

/** An HTTP GET call's body, which is not read. */
export const NO_BODY: BodyRead = { kind: 'complete', bytes: new Uint8Array(0) };

/**
 * The reply to an HTTP GET/POST call of an operation in the HTTP bindings, its body read (a GET's: none): at once,
 * or, when its handler returned a promise, a {@link LaterReply} of it (a promise while a multipart body is read).
 * Throws (or rejects) only on a bug.
 */
export function httpBodyReply(
  call: IncomingCall,
  transport: 'httpGet' | 'httpPost',
  entry: OperationEntry,
  body: BodyRead,
  tables: ServiceTables,
  options: ResolvedOptions,
): Reply | Promise<Reply> | LaterReply {
  const op = entry.description;
  if (transport === 'httpGet')
    return boundReply(call, transport, entry, parseFormValues(call.query ?? ''), [], tables, options);
  if (body.kind === 'too-large') return { ...textReply(500, MAX_REQUEST_LENGTH_EXCEEDED), closeConnection: true };
  const contentType = headerValue(call.headers, 'content-type');
  const mediaType = parseContentType(contentType)?.mediaType;
  if (op.parameters.length > 0) {
    if (mediaType !== FORM_MEDIA_TYPE)
      return textReply(500, htmlEncodeMessageChain([`Request format is invalid: ${contentType ?? ''}.`]));
    return boundReply(call, transport, entry, parseFormValues(UTF8.decode(body.bytes)), [], tables, options);
  }
  let files: UploadedFile[] = [];
  if (mediaType === MULTIPART_FORM_MEDIA_TYPE) {
    return readMultipart(body.bytes, contentType!)
      .catch((error: unknown) => {
        if (error instanceof MultipartError) return [rawBodyFile(body.bytes, contentType)];
        throw error;
      })
      .then((parts) => {
        const reply = boundReply(call, transport, entry, NO_VALUES, parts, tables, options);
        return reply instanceof LaterReply ? reply.promise() : reply;
      });
  }
  if (mediaType !== FORM_MEDIA_TYPE && body.bytes.byteLength > 0) files = [rawBodyFile(body.bytes, contentType)];
  return boundReply(call, transport, entry, NO_VALUES, files, tables, options);
}

const NO_VALUES: FormValues = parseFormValues('');

/** The call of an operation with its query or form values (and files), validated and bound; then its reply. */
function boundReply(
  call: IncomingCall,
  transport: 'httpGet' | 'httpPost',
  entry: OperationEntry,
  values: FormValues,
  files: UploadedFile[],
  tables: ServiceTables,
  options: ResolvedOptions,
): Reply | LaterReply {
  const op = entry.description;
  // ASMX reads the collection only for an operation with parameters, and reading it validates every value.
  if (options.validateRequest && op.parameters.length > 0) {
    const refused = requestValidationError(values, transport === 'httpGet' ? 'QueryString' : 'Form');
    if (refused !== undefined) return textReply(500, htmlEncodeMessage(refused));
  }
  const binding = bindFormParameters(op, values, tables.values);
  if (!binding.ok) return textReply(500, binding.message);
  const context = createContext(call, httpFailureReply, transport, op.name, files);
  const outcome = invokeHandler(entry, binding.input, context, options);
  const reply = new HttpReplyTo(context, call, transport, entry, tables, options);
  // The handler's promise, awaited by whoever writes the reply (see LaterReply).
  return outcome === undefined ? reply : httpOutcomeReply(reply, outcome);
}

/** What the reply to an HTTP GET/POST call is written from, once its handler's outcome is known. */
class HttpReplyTo extends LaterReply {
  constructor(
    readonly context: HandlerCall,
    readonly incoming: IncomingCall,
    readonly transport: 'httpGet' | 'httpPost',
    readonly entry: OperationEntry,
    readonly tables: ServiceTables,
    readonly options: ResolvedOptions,
  ) {
    super(context);
  }

  protected reply(outcome: Outcome): Reply {
    return httpOutcomeReply(this, outcome);
  }
}

/** The reply to an HTTP GET/POST call whose handler's outcome is `outcome`: its failure, or its result's document. */
function httpOutcomeReply(to: HttpReplyTo, outcome: Outcome): Reply {
  const { context, incoming, transport, entry, tables, options } = to;
  const op = entry.description;
  if (!outcome.ok) return httpFailureReply(transport, outcome.failure);
  if (!op.result) return voidHttpReply(incoming);
  let document: string;
  try {
    const httpNamespace = tables.service.httpNamespace;
    const values = httpNamespace === undefined ? tables.values : { ...tables.values, namespace: httpNamespace };
    document = httpResultDocument(op, values, outcome.value);
  } catch (error) {
    return textReply(500, htmlEncodeMessageChain(failureOf(error, context.ctx, options).chain));
  }
  return contentReply(200, XML_CONTENT_TYPE, document);
}

/** The reply of an HTTP GET/POST call whose handler failed: 500, the failure's messages as text. */
function httpFailureReply(_transport: Transport, failure: Failure): Reply {
  return textReply(500, htmlEncodeMessageChain(failure.chain));
}

function rawBodyFile(data: Uint8Array, contentType: string | undefined): UploadedFile {
  return { field: '', filename: '', contentType: contentType ?? '', data };
}

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
import { headerValue, type IncomingCall } from './incoming-call.js';
import { createContext, failureOf, invokeHandler, MAX_REQUEST_LENGTH_EXCEEDED, type Failure } from './invoke.js';
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
  const op = entry.description;
  // ASMX leaves such an operation out of the HTTP bindings: its name is not one of theirs.
  if (op.httpOmitted)
    return textReply(500, htmlEncodeMessageChain([`${op.name} Web Service method name is not valid.`]));
  let values: FormValues = parseFormValues('');
  let files: UploadedFile[] = [];
  if (transport === 'httpGet') {
    values = parseFormValues(call.query ?? '');
  } else {
    const body = await call.readBody(options.maxRequestBytes);
    if (body.kind === 'too-large') return { ...textReply(500, MAX_REQUEST_LENGTH_EXCEEDED), closeConnection: true };
    const contentType = headerValue(call.headers, 'content-type');
    const mediaType = parseContentType(contentType)?.mediaType;
    if (op.parameters.length > 0) {
      if (mediaType !== FORM_MEDIA_TYPE)
        return textReply(500, htmlEncodeMessageChain([`Request format is invalid: ${contentType ?? ''}.`]));
      values = parseFormValues(UTF8.decode(body.bytes));
    } else if (mediaType === MULTIPART_FORM_MEDIA_TYPE) {
      files = await readMultipart(body.bytes, contentType!).catch((error: unknown) => {
        if (error instanceof MultipartError) return [rawBodyFile(body.bytes, contentType)];
        throw error;
      });
    } else if (mediaType !== FORM_MEDIA_TYPE && body.bytes.byteLength > 0) {
      files = [rawBodyFile(body.bytes, contentType)];
    }
  }

  // ASMX reads the collection only for an operation with parameters, and reading it validates every value.
  if (options.validateRequest && op.parameters.length > 0) {
    const refused = requestValidationError(values, transport === 'httpGet' ? 'QueryString' : 'Form');
    if (refused !== undefined) return textReply(500, htmlEncodeMessage(refused));
  }
  const binding = bindFormParameters(op, values, tables.values);
  if (!binding.ok) return textReply(500, binding.message);
  const context = createContext(call, httpFailureReply, transport, op.name, files);
  let outcome = invokeHandler(entry, binding.input, context, options);
  if (outcome === undefined) {
    // The handler's promise, awaited here: nothing else is made to wait for it (see invokeHandler).
    try {
      outcome = context.settled(await context.pending);
    } catch (error) {
      outcome = context.failed(error);
    }
  }
  if (!outcome.ok) return httpFailureReply(transport, outcome.failure);
  if (!op.result) return voidHttpReply(call);
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

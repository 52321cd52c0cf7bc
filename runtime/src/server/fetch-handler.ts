/**
 * The fetch handler: `(request: Request) => Promise<Response>`, for runtimes
 * and frameworks built on the Fetch API. Same routes, same reply bytes as the
 * node handler; a request outside the service is a 404.
 */
import {
  ClientGoneError,
  declaresMoreThan,
  type BodyRead,
  type IncomingCall,
  type RequestHeaders,
} from './incoming-call.js';
import { LazyAbort } from './lazy-abort.js';
import type { Reply } from './reply.js';
import type { ResponseHeaderList } from './response-headers.js';
import { internalErrorReply, replyTo, route, type ServiceRuntime } from './service-runtime.js';

export type FetchHandler = (request: Request) => Promise<Response>;

export function createFetchHandler(runtime: ServiceRuntime): FetchHandler {
  return async (request) => {
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    // `URL` drops a lone `?`; the node handler sees it as an empty query.
    const query = url.search !== '' ? url.search.slice(1) : request.url.includes('?') ? '' : undefined;
    const target = route(runtime, method, url.pathname, query);
    const headers = headersOf(request, url);
    let answerEarly: (reply: Reply) => void = ignore;
    const call: IncomingCall = {
      method,
      path: url.pathname,
      query,
      basePath: '',
      headers,
      remoteAddress: undefined,
      encrypted: url.protocol === 'https:',
      gone: LazyAbort.following(request.signal),
      readBody: (limit) => readWebBody(request, headers, limit),
      responseHeaders: undefined,
      note: undefined,
      answerEarly: (reply) => answerEarly(reply),
    };
    // The first reply wins: an early one (a handler out of time) or the one worked out.
    return new Promise<Response>((resolve, reject) => {
      answerEarly = (reply) => resolve(toResponse(reply, method, call.responseHeaders));
      replyTo(runtime, call, target).then(
        (reply) => resolve(toResponse(reply, method, call.responseHeaders)),
        (error: unknown) => {
          if (error instanceof ClientGoneError || request.signal.aborted) reject(error);
          else resolve(toResponse(internalErrorReply(target.route), method, call.responseHeaders));
        },
      );
    });
  };
}

function ignore(): void {}

function headersOf(request: Request, url: URL): RequestHeaders {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  headers.host ??= url.host;
  return headers;
}

function toResponse(reply: Reply, method: string, added: ResponseHeaderList | undefined): Response {
  const headers = new Headers(reply.headers);
  if (added !== undefined) {
    for (const [name] of added) headers.delete(name);
    for (const [name, value] of added) headers.append(name, value);
  }
  if (!reply.chunked) headers.set('Content-Length', String(reply.body.byteLength));
  if (reply.closeConnection) headers.set('Connection', 'close');
  const body = method === 'HEAD' || reply.body.byteLength === 0 ? null : (reply.body as Uint8Array<ArrayBuffer>);
  return new Response(body, { status: reply.status, headers });
}

async function readWebBody(request: Request, headers: RequestHeaders, limit: number): Promise<BodyRead> {
  if (declaresMoreThan(headers, limit)) return { kind: 'too-large' };
  if (!request.body) return { kind: 'complete', bytes: new Uint8Array(0) };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => undefined);
        return { kind: 'too-large' };
      }
      chunks.push(value);
    }
  } catch {
    throw new ClientGoneError();
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { kind: 'complete', bytes };
}

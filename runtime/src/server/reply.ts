/**
 * A reply, whole: status, headers and body bytes, written as is by the node
 * handler and the fetch handler alike (so both send the same bytes).
 * `Content-Length` is added by the writer.
 */
import { Buffer } from 'node:buffer';
import { TEXT_CONTENT_TYPE } from '../soap/soap-constants.js';

export interface Reply {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array;
  /** Close the connection after the reply (a request over the size limit was not read to its end). */
  readonly closeConnection?: boolean;
  /**
   * Send the (empty) body chunked instead of with `Content-Length: 0`. Only for
   * clients that need it: see `voidHttpReply` in `http-call.ts`.
   */
  readonly chunked?: boolean;
  /** `framedHeaders(reply)`, worked out once for a reply sent again and again (see `sharedReply`). */
  readonly framed?: Readonly<Record<string, string>>;
  /** `framedHeaderList(reply)`, worked out once for a reply sent again and again (see `sharedReply`). */
  readonly framedList?: readonly string[];
}

/** ASMX's caching header for everything it serves. */
export const CACHE_CONTROL = 'private, max-age=0';

const EMPTY = new Uint8Array(0);

export function encodeUtf8(text: string): Uint8Array {
  const buffer = Buffer.from(text, 'utf8');
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/** A reply with a body of `contentType`. */
export function contentReply(status: number, contentType: string, body: string | Uint8Array): Reply {
  return {
    status,
    headers: { 'Content-Type': contentType, 'Cache-Control': CACHE_CONTROL },
    body: typeof body === 'string' ? encodeUtf8(body) : body,
  };
}

/** An empty body; with a Content-Type when given (a refused SOAP request keeps the SOAP content type). */
export function emptyReply(status: number, contentType?: string): Reply {
  const headers: Record<string, string> = { 'Cache-Control': CACHE_CONTROL };
  if (contentType !== undefined) headers['Content-Type'] = contentType;
  return { status, headers, body: EMPTY };
}

/** ASMX's plain-text error: the message and a CRLF. */
export function textReply(status: number, message: string): Reply {
  return contentReply(status, TEXT_CONTENT_TYPE, `${message}\r\n`);
}

export function withHeaders(reply: Reply, headers: Readonly<Record<string, string>>, closeConnection?: boolean): Reply {
  const { framed: _, framedList: __, ...own } = reply;
  return {
    ...own,
    headers: { ...reply.headers, ...headers },
    closeConnection: closeConnection ?? reply.closeConnection,
  };
}

/** The headers a reply is written with: its own, how its body is framed, and `Connection: close` when asked. */
export function framedHeaders(reply: Reply): Readonly<Record<string, string>> {
  if (reply.framed) return reply.framed;
  const headers: Record<string, string> = { ...reply.headers };
  if (reply.chunked) headers['Transfer-Encoding'] = 'chunked';
  else headers['Content-Length'] = String(reply.body.byteLength);
  if (reply.closeConnection) headers.Connection = 'close';
  return headers;
}

/**
 * `framedHeaders(reply)` as the flat list `res.writeHead` takes (name, value, name, value, …): the node writer's,
 * made without an object of its own per reply.
 */
export function framedHeaderList(reply: Reply): readonly string[] {
  if (reply.framedList) return reply.framedList;
  const list: string[] = [];
  const { headers } = reply;
  for (const name in headers) list.push(name, headers[name]!);
  if (reply.chunked) list.push('Transfer-Encoding', 'chunked');
  else list.push('Content-Length', String(reply.body.byteLength));
  if (reply.closeConnection) list.push('Connection', 'close');
  return list;
}

/** A reply sent again and again (a void operation's): frozen, its framed headers worked out once. */
export function sharedReply(reply: Reply): Reply {
  const { framed: _, framedList: __, ...own } = reply;
  return Object.freeze({
    ...own,
    headers: Object.freeze({ ...reply.headers }),
    framed: Object.freeze({ ...framedHeaders(own) }),
    framedList: Object.freeze(framedHeaderList(own)),
  });
}

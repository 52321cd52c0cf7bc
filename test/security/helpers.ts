/**
 * Shared by the hostile-request tests: the GENERATED server (recording
 * handlers, small time-outs), the exact replies of wire contract §4 spelled
 * out by hand, raw socket exchanges, reply well-formedness checks, and the
 * check every test ends with: the server still serves a normal request.
 */
import { connect } from 'node:net';
import { expect } from 'vitest';
import type { ServerOptions } from '../../generated/index.js';
import { readXml } from '../../runtime/src/xml/xml-reader.js';
import { expectNoLeak, send, type RawReply } from '../server/raw-http.js';
import { ENDPOINT_PATH, startRecordingServer, type RecordingServer } from '../server/recording-server.js';

export const E = ENDPOINT_PATH;
export const NS = 'App.WebService';
export const SOAP11 = 'http://schemas.xmlsoap.org/soap/envelope/';
export const SOAP12 = 'http://www.w3.org/2003/05/soap-envelope';
export const XML_TYPE = 'text/xml; charset=utf-8';
export const SOAP12_TYPE = 'application/soap+xml; charset=utf-8';
export const TEXT_TYPE = 'text/plain; charset=utf-8';
export const DECLARATION = '<?xml version="1.0" encoding="utf-8"?>';

/** Time-outs small enough for tests to wait them out. */
export const FAST_LIMITS: ServerOptions = { headersTimeoutMs: 500, requestTimeoutMs: 900, handlerTimeoutMs: 300 };

export type Version = '1.1' | '1.2';

/** A request envelope as clients send it, optionally with a Header. */
export function envelope(body: string, options: { version?: Version; header?: string; declaration?: boolean } = {}) {
  const ns = options.version === '1.2' ? SOAP12 : SOAP11;
  const head = options.header === undefined ? '' : `<soap:Header>${options.header}</soap:Header>`;
  const declaration = options.declaration === false ? '' : DECLARATION;
  return `${declaration}<soap:Envelope xmlns:soap="${ns}">${head}<soap:Body>${body}</soap:Body></soap:Envelope>`;
}

/** `<Authenticate>` with `requestJson` holding `xmlText` as written (markup is not escaped). */
export const authenticate = (xmlText: string) =>
  `<Authenticate xmlns="${NS}"><requestJson>${xmlText}</requestJson></Authenticate>`;

/** The reply envelope ASMX writes (wire contract §3). */
export function replyEnvelope(version: Version, body: string): string {
  return (
    `${DECLARATION}<soap:Envelope xmlns:soap="${version === '1.1' ? SOAP11 : SOAP12}" ` +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">' +
    `<soap:Body>${body}</soap:Body></soap:Envelope>`
  );
}

export const voidReply = (version: Version, op = 'Authenticate') =>
  replyEnvelope(version, `<${op}Response xmlns="${NS}" />`);

type Code = 'Client' | 'Server' | 'VersionMismatch' | 'MustUnderstand';

/** A fault (wire contract §4); `message` already escaped; no detail element for MustUnderstand. */
export function fault(version: Version, code: Code, message: string): string {
  const withDetail = code !== 'MustUnderstand';
  if (version === '1.1') {
    return replyEnvelope(
      '1.1',
      `<soap:Fault><faultcode>soap:${code}</faultcode><faultstring>${message}</faultstring>` +
        `${withDetail ? '<detail />' : ''}</soap:Fault>`,
    );
  }
  const value = code === 'Client' ? 'Sender' : code === 'Server' ? 'Receiver' : code;
  return replyEnvelope(
    '1.2',
    `<soap:Fault><soap:Code><soap:Value>soap:${value}</soap:Value></soap:Code>` +
      `<soap:Reason><soap:Text xml:lang="en">${message}</soap:Text></soap:Reason>` +
      `${withDetail ? '<soap:Detail />' : ''}</soap:Fault>`,
  );
}

export const SIZE_FAULT = fault(
  '1.1',
  'Server',
  'Server was unable to process request. ---&gt; Maximum request length exceeded.',
);
export const PROCESS_FAILED_FAULT = fault('1.1', 'Server', 'Server was unable to process request.');

export function startServer(options: ServerOptions = FAST_LIMITS): Promise<RecordingServer> {
  return startRecordingServer(options);
}

/** POSTs `body` to the endpoint as SOAP 1.1 (`text/xml`, SOAPAction Authenticate) unless told otherwise. */
export function postSoap(
  port: number,
  body: string | Uint8Array,
  options: { contentType?: string; soapAction?: string | null } = {},
): Promise<RawReply> {
  const headers: Record<string, string> = { 'Content-Type': options.contentType ?? XML_TYPE };
  const soapAction = options.soapAction === undefined ? `"${NS}/Authenticate"` : options.soapAction;
  if (soapAction !== null) headers.SOAPAction = soapAction;
  return send(port, E, { method: 'POST', headers, body });
}

/** Posts a SOAP 1.2 request (`application/soap+xml`, no action: routed on the Body element). */
export const postSoap12 = (port: number, body: string | Uint8Array) =>
  postSoap(port, body, { contentType: SOAP12_TYPE, soapAction: null });

/** 400, an empty body, the SOAP content type (wire contract §4: malformed XML, a DTD, a forbidden character). */
export function expectRefused(reply: RawReply, contentType = XML_TYPE): void {
  expect({ status: reply.status, contentType: reply.headers['content-type'], length: reply.body.byteLength }).toEqual({
    status: 400,
    contentType,
    length: 0,
  });
}

/** The exact reply: status, content type, body bytes. */
export function expectExact(reply: RawReply, status: number, contentType: string | undefined, body: string): void {
  expect({ status: reply.status, contentType: reply.headers['content-type'], body: reply.text }).toEqual({
    status,
    contentType,
    body,
  });
}

export const expectText = (reply: RawReply, status: number, message: string) =>
  expectExact(reply, status, TEXT_TYPE, `${message}\r\n`);

let counter = 0;

/**
 * The server still serves: a SOAP 1.1 call and an HttpGet call, each with a
 * fresh value, reach the handler exactly and get the void reply.
 */
export async function expectServing(server: RecordingServer): Promise<void> {
  const value = `alive-${process.pid}-${++counter}`;
  const soap = await postSoap(server.port, envelope(authenticate(value)));
  expectExact(soap, 200, XML_TYPE, voidReply('1.1'));
  const get = await send(server.port, `${E}/Authenticate?requestJson=${value}-get`);
  expect([get.status, get.body.byteLength]).toEqual([200, 0]);
  // Found by value: other tests may run at the same time.
  const mine = server.calls.filter((c) => c.input.requestJson === value || c.input.requestJson === `${value}-get`);
  expect(mine.map((c) => [c.transport, c.input.requestJson])).toEqual([
    ['soap11', value],
    ['httpGet', `${value}-get`],
  ]);
}

/** Every reply must be well-formed for its transport: a SOAP reply's non-empty body parses as XML. */
export function expectWellFormedXml(text: string): void {
  expect(() => readXml(text), `not well-formed: ${JSON.stringify(text.slice(0, 300))}`).not.toThrow();
}

export interface Exchange {
  /** Every byte the server sent. */
  readonly bytes: Buffer;
  readonly text: string;
  /** The server ended or reset the connection (rather than our wait running out). */
  readonly closedByServer: boolean;
  readonly elapsedMs: number;
  /** The status codes of the HTTP replies received, in order. */
  readonly statuses: number[];
}

/**
 * Sends raw bytes on a new socket (`parts` written `gapMs` apart, for slow
 * clients) and collects what comes back until the server closes the
 * connection or `waitMs` passes. Node's own client cannot send CR, LF or NUL
 * in a header, nor misframe a body.
 */
export function exchange(
  port: number,
  parts: string | Buffer | readonly (string | Buffer)[],
  options: { waitMs?: number; gapMs?: number } = {},
): Promise<Exchange> {
  const list = typeof parts === 'string' || Buffer.isBuffer(parts) ? [parts] : parts;
  const waitMs = options.waitMs ?? 3000;
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let closedByServer = false;
    let gapTimer: NodeJS.Timeout | undefined;
    const timer = setTimeout(() => socket.destroy(), waitMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => {
      closedByServer = true;
      socket.destroy();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') closedByServer = true;
    });
    socket.on('close', () => {
      clearTimeout(timer);
      clearTimeout(gapTimer);
      const bytes = Buffer.concat(chunks);
      const text = bytes.toString('latin1');
      const statuses = [...text.matchAll(/(?:^|\r\n)HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));
      resolve({ bytes, text, closedByServer, elapsedMs: performance.now() - started, statuses });
    });
    let index = 0;
    const next = () => {
      if (index >= list.length || socket.destroyed) return;
      socket.write(list[index++]!);
      if (options.gapMs) gapTimer = setTimeout(next, options.gapMs);
      else next();
    };
    socket.once('connect', next);
  });
}

/** Node's own refusal of a request its HTTP parser rejects. */
export const NODE_BAD_REQUEST = 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n';
/** Node's reply when a request's headers or body do not arrive in time. */
export const NODE_REQUEST_TIMEOUT = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n';

/** A raw HTTP/1.1 request head (CRLF line ends, the blank line included). */
export function head(requestLine: string, headers: readonly string[]): string {
  return `${requestLine}\r\n${['Host: 127.0.0.1', ...headers].join('\r\n')}\r\n\r\n`;
}

/** A reply as the raw-http client reads it, checked for leaks (for replies read off a raw socket). */
export function rawReplyOf(exchangeResult: Exchange): RawReply {
  const text = exchangeResult.bytes.toString('utf8');
  const split = text.indexOf('\r\n\r\n');
  const headLines = text.slice(0, split).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of headLines.slice(1)) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = exchangeResult.bytes.subarray(Buffer.byteLength(text.slice(0, split + 4)));
  const reply = { status: Number(headLines[0]!.split(' ')[1]), headers, body, text: body.toString('utf8') };
  expectNoLeak(reply);
  return reply;
}

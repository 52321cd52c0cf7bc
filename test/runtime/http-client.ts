/**
 * A test client that shows replies exactly: status, headers as sent, and the
 * body's bytes. Uses `node:http` (a fetch client would add and normalize
 * headers), with a fresh connection per request unless told otherwise.
 */
import { request as httpRequest, type Agent } from 'node:http';
import { connect } from 'node:net';

export interface RawReply {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
  readonly text: string;
}

export interface SendOptions {
  readonly method?: string;
  readonly headers?: Record<string, string>;
  readonly body?: string | Uint8Array;
  readonly agent?: Agent | false;
}

export function send(port: number, path: string, options: SendOptions = {}): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers: options.headers,
        agent: options.agent ?? false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString('utf8') });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** POSTs a SOAP 1.1 envelope (`text/xml`, quoted SOAPAction unless `soapAction` is null). */
export function postSoap11(port: number, xml: string, soapAction: string | null, extra: Record<string, string> = {}) {
  const headers: Record<string, string> = { 'Content-Type': 'text/xml; charset=utf-8', ...extra };
  if (soapAction !== null) headers.SOAPAction = soapAction;
  return send(port, '/AuthenticationWebService.asmx', { method: 'POST', headers, body: xml });
}

/** POSTs a SOAP 1.2 envelope (`application/soap+xml`, the action parameter unless `action` is null). */
export function postSoap12(port: number, xml: string, action: string | null, extra: Record<string, string> = {}) {
  const contentType = `application/soap+xml; charset=utf-8${action === null ? '' : `; action="${action}"`}`;
  return send(port, '/AuthenticationWebService.asmx', {
    method: 'POST',
    headers: { 'Content-Type': contentType, ...extra },
    body: xml,
  });
}

/** Sends raw bytes on a new socket and returns everything received until the server closes or `waitMs` passes. */
export function sendRaw(port: number, data: string | Buffer, waitMs = 1000): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(), waitMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error) => {
      clearTimeout(timer);
      if (chunks.length > 0) resolve(Buffer.concat(chunks));
      else reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks));
    });
    socket.write(data);
  });
}

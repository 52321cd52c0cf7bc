/**
 * One raw HTTP exchange over `node:http`, a fresh connection each: the
 * request exactly as given (no header added but Content-Length for a body),
 * the reply as received (status line, headers in their order and spelling,
 * body bytes), and the reply rendered back as HTTP text for transcripts.
 */
import { request as httpRequest } from 'node:http';

export interface RawRequest {
  readonly method: string;
  /** Path and query, sent as is. */
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string | Uint8Array;
}

export interface RawReply {
  readonly status: number;
  readonly statusMessage: string;
  /** Name, value, name, value, … as received. */
  readonly rawHeaders: readonly string[];
  readonly body: Buffer;
  /** A header's value (the first, if repeated), by case-insensitive name. */
  header(name: string): string | undefined;
}

export function exchange(port: number, request: RawRequest): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...request.headers };
    const framed = Object.keys(headers).some((name) => /^(content-length|transfer-encoding)$/i.test(name));
    if (request.body !== undefined && !framed) headers['Content-Length'] = String(Buffer.byteLength(request.body));
    let replied = false;
    const req = httpRequest(
      { host: '127.0.0.1', port, path: request.path, method: request.method, headers, agent: false },
      (res) => {
        replied = true;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve(rawReply(res.statusCode ?? 0, res.statusMessage ?? '', [...res.rawHeaders], Buffer.concat(chunks))),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error(`${request.method} ${request.path}: no reply within 30 s`)));
    req.on('error', (error) => {
      if (!replied) reject(error);
    });
    req.end(request.body);
  });
}

export function rawReply(status: number, statusMessage: string, rawHeaders: string[], body: Buffer): RawReply {
  return {
    status,
    statusMessage,
    rawHeaders,
    body,
    header(name) {
      for (let i = 0; i < rawHeaders.length; i += 2) {
        if (rawHeaders[i]!.toLowerCase() === name.toLowerCase()) return rawHeaders[i + 1];
      }
      return undefined;
    },
  };
}

/** The reply as HTTP/1.1 text: status line, headers as received, a blank line, the body's bytes. */
export function renderReply(reply: RawReply): Buffer {
  let head = `HTTP/1.1 ${reply.status} ${reply.statusMessage}\r\n`;
  for (let i = 0; i < reply.rawHeaders.length; i += 2) head += `${reply.rawHeaders[i]}: ${reply.rawHeaders[i + 1]}\r\n`;
  return Buffer.concat([Buffer.from(`${head}\r\n`, 'latin1'), reply.body]);
}

/** The request as HTTP/1.1 text, for the transcripts' README and failure messages. */
export function renderRequest(request: RawRequest): string {
  let text = `${request.method} ${request.path} HTTP/1.1\r\n`;
  for (const [name, value] of Object.entries(request.headers ?? {})) text += `${name}: ${value}\r\n`;
  const body = request.body === undefined ? '' : Buffer.from(request.body).toString('utf8');
  return `${text}\r\n${body}`;
}

/**
 * A test client that shows replies exactly (status, headers as sent, body
 * bytes), over `node:http` with a fresh connection per request, and that
 * checks every reply for leaked internals: no stack trace, no file path.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { expect } from 'vitest';

export interface RawReply {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  readonly text: string;
}

export interface SendOptions {
  readonly method?: string;
  readonly headers?: Record<string, string>;
  readonly body?: string | Uint8Array;
}

/** A stack frame line (`\n    at fn (file:1:2)`). */
export const STACK_FRAME = /\n\s+at /;
/** An absolute file path, a `file:` URL, a `node:internal` module or a `name.ts:12` position. */
export const FILE_PATH =
  /(?:^|[\s"'(=])\/(?:work|home|root|usr|tmp|opt|srv|app|var)\/|[A-Za-z]:\\|file:\/\/|node:internal|\.[cm]?[jt]s:\d+/;

/** Asserts that a reply leaks nothing of the server's internals. */
export function expectNoLeak(reply: RawReply): void {
  expect(reply.text, 'a reply must not hold a stack trace').not.toMatch(STACK_FRAME);
  expect(reply.text, 'a reply must not name a file').not.toMatch(FILE_PATH);
  for (const [name, value] of Object.entries(reply.headers)) {
    expect(`${name}: ${String(value)}`).not.toMatch(STACK_FRAME);
    expect(`${name}: ${String(value)}`).not.toMatch(FILE_PATH);
  }
}

/**
 * Sends one request and resolves with the whole reply; a reply that arrives
 * while the body is still being written (the server refused it) counts.
 */
export function send(port: number, path: string, options: SendOptions = {}): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    let replied = false;
    // Node sends a DELETE or PUT body without framing unless told its length.
    const headers = { ...options.headers };
    const framed = Object.keys(headers).some((name) => /^(content-length|transfer-encoding)$/i.test(name));
    if (options.body !== undefined && !framed) headers['Content-Length'] = String(Buffer.byteLength(options.body));
    const req = httpRequest(
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers, agent: false },
      (res) => {
        replied = true;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const reply = { status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString('utf8') };
          try {
            expectNoLeak(reply);
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
            return;
          }
          resolve(reply);
        });
        res.on('error', reject);
      },
    );
    req.on('error', (error) => {
      if (!replied) reject(error);
    });
    req.end(options.body);
  });
}

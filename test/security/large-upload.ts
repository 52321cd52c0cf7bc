/**
 * The 100 MB upload: an envelope whose requestJson holds 100 MB, streamed
 * from one reused 64 KiB block on a raw socket until the server closes the
 * connection, reading as it sends. Shared by the hostile-request test and its
 * soak (20 runs in a row under load, sent from a worker thread by
 * `test/soak/upload-worker.mjs`).
 */
import { connect } from 'node:net';
import { expect } from 'vitest';
import { E, envelope, head, SIZE_FAULT, XML_TYPE } from './helpers.js';

export const HUNDRED_MB = 100 * 1024 * 1024;

export interface Upload {
  readonly reply: string;
  /** Body bytes the socket took before the server closed it. */
  readonly sent: number;
  readonly closed: boolean;
  /** How the connection ended on the client's side: an error code (a reset) or none. */
  readonly error: string | undefined;
  /** Largest growth of RSS and of ArrayBuffer memory while sending. */
  readonly rssGrowth: number;
  readonly bufferGrowth: number;
}

/** The request's head and the envelope around the 100 MB of `a`: what is sent before and after them. */
export function hundredMegabyteRequest(chunked: boolean): { head: string; start: string; end: string } {
  const start = envelope('').replace(
    '</soap:Body></soap:Envelope>',
    '<Authenticate xmlns="App.WebService"><requestJson>',
  );
  const end = '</requestJson></Authenticate></soap:Body></soap:Envelope>';
  const total = Buffer.byteLength(start) + HUNDRED_MB + Buffer.byteLength(end);
  const framing = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${total}`;
  const requestHead = head(`POST ${E} HTTP/1.1`, [
    'Content-Type: text/xml; charset=utf-8',
    `SOAPAction: "App.WebService/Authenticate"`,
    framing,
  ]);
  return { head: requestHead, start, end };
}

/** Streams the 100 MB envelope (with Content-Length, or chunked) until the server closes. */
export function uploadHundredMegabytes(port: number, chunked: boolean): Promise<Upload> {
  const block = Buffer.alloc(64 * 1024, 'a');
  const request = hundredMegabyteRequest(chunked);
  const requestHead = request.head;
  const start = Buffer.from(request.start);
  const end = Buffer.from(request.end);
  const frame = (bytes: Buffer) =>
    chunked ? [Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')] : [bytes];
  global.gc?.();
  const base = process.memoryUsage();
  let rssPeak = base.rss;
  let bufferPeak = base.arrayBuffers;
  const sample = setInterval(() => {
    const now = process.memoryUsage();
    rssPeak = Math.max(rssPeak, now.rss);
    bufferPeak = Math.max(bufferPeak, now.arrayBuffers);
  }, 5);
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let sent = 0;
    let headSent = false;
    let finished = false;
    let error: string | undefined;
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message));
    socket.on('close', () => {
      clearInterval(sample);
      const last = process.memoryUsage();
      rssPeak = Math.max(rssPeak, last.rss);
      bufferPeak = Math.max(bufferPeak, last.arrayBuffers);
      resolve({
        reply: Buffer.concat(received).toString('utf8'),
        sent,
        closed: true,
        error,
        rssGrowth: rssPeak - base.rss,
        bufferGrowth: bufferPeak - base.arrayBuffers,
      });
    });
    const pump = () => {
      while (!finished && !socket.destroyed && !socket.writableEnded) {
        let parts: Buffer[];
        if (!headSent) {
          parts = [Buffer.from(requestHead), ...frame(start)];
          headSent = true;
        } else if (sent < HUNDRED_MB) {
          parts = frame(block);
          sent += block.length;
        } else {
          parts = [...frame(end), ...(chunked ? [Buffer.from('0\r\n\r\n')] : [])];
          finished = true;
        }
        let ok = true;
        for (const part of parts) ok = socket.write(part) && ok;
        if (!ok) {
          socket.once('drain', pump);
          return;
        }
      }
    };
    socket.once('connect', pump);
  });
}

/**
 * The size fault, whole, then the connection closed by the server long before the 100 MB were sent: the client
 * read the reply and closed on the server's FIN, without a reset.
 */
export function expectSizeFaultRead(result: Pick<Upload, 'reply' | 'sent' | 'closed' | 'error'>): void {
  expect([result.closed, result.error]).toEqual([true, undefined]);
  const reply = result.reply;
  expect(reply.slice(0, reply.indexOf('\r\n'))).toBe('HTTP/1.1 500 Internal Server Error');
  expect(reply).toContain('\r\nConnection: close\r\n');
  expect(reply).toContain(`\r\nContent-Type: ${XML_TYPE}\r\n`);
  expect(reply.slice(reply.indexOf('\r\n\r\n') + 4)).toBe(SIZE_FAULT);
  expect(result.sent).toBeLessThan(HUNDRED_MB / 4);
}

/**
 * Early replies (the server answers before the request's body has arrived)
 * reach a client that is still sending: the server reads and drops the rest
 * for a bounded time and byte count, then closes (lingering close), instead of
 * closing at once, which makes the kernel reset the connection and throw away
 * the reply the client has not read yet. Raw sockets against the generated
 * server: the client sends its whole body before it reads a byte (as naive
 * clients do), then must read the reply, byte for byte.
 */
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAuthenticationWebServiceHandler,
  createAuthenticationWebServiceServer,
  service,
  type AuthenticationWebServiceHandlers,
  type ServerOptions,
} from '../../generated/index.js';
import { authenticate, E, envelope, head, NODE_BAD_REQUEST, SIZE_FAULT, XML_TYPE } from './helpers.js';

const MIB = 1024 * 1024;
const LIMIT = 4 * MIB;
/** 8 MiB over the size limit. */
const OVER = LIMIT + 8 * MIB;
const BLOCK = Buffer.alloc(64 * 1024, 'a');
const SOAP_HEADERS = ['Content-Type: text/xml; charset=utf-8', 'SOAPAction: "App.WebService/Authenticate"'];

interface Bare {
  readonly server: Server;
  readonly port: number;
  readonly calls: string[];
  close(): Promise<void>;
}

async function startBare(options?: ServerOptions): Promise<Bare> {
  const calls: string[] = [];
  const handlers = Object.fromEntries(service.operations.map((op) => [op.name, () => void calls.push(op.name)]));
  const server = createAuthenticationWebServiceServer(handlers as unknown as AuthenticationWebServiceHandlers, options);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    port: (server.address() as AddressInfo).port,
    calls,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

interface Sent {
  /** Every byte the server sent. */
  readonly text: string;
  /** The body bytes the socket took. */
  readonly sent: number;
  /** The whole body was sent (the server did not cut the client off first). */
  readonly sentAll: boolean;
  /** The connection ended with an error (a reset), rather than the server's FIN. */
  readonly error: string | undefined;
  readonly elapsedMs: number;
}

/**
 * Writes `first`, then `bodyBytes` of body (`frame` wraps each block: chunked framing), then `last`, without
 * reading; then reads until the server closes or `readMs` passes after the last byte was sent. `bodyBytes`
 * Infinity: a client that never stops sending (it reads as it sends).
 */
function sendThenRead(
  port: number,
  first: string | Buffer,
  bodyBytes: number,
  options: { frame?: (block: Buffer) => Buffer[]; last?: string; gapMs?: number; readMs?: number } = {},
): Promise<Sent> {
  const frame = options.frame ?? ((block: Buffer) => [block]);
  const forever = bodyBytes === Infinity;
  return new Promise((resolve) => {
    const started = performance.now();
    // A client that never stops sending also ignores the server's FIN.
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: forever });
    const received: Buffer[] = [];
    let sent = 0;
    let sentAll = false;
    let error: string | undefined;
    let readTimer: NodeJS.Timeout | undefined;
    let gapTimer: NodeJS.Timeout | undefined;
    if (!forever) socket.pause();
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message));
    socket.on('end', () => {
      if (!forever) socket.end();
    });
    socket.on('close', () => {
      clearTimeout(readTimer);
      clearTimeout(gapTimer);
      resolve({
        text: Buffer.concat(received).toString('latin1'),
        sent,
        sentAll,
        error,
        elapsedMs: performance.now() - started,
      });
    });
    const finished = () => {
      sentAll = true;
      socket.resume();
      readTimer = setTimeout(() => socket.destroy(), options.readMs ?? 5000);
    };
    const pump = () => {
      while (!socket.destroyed && !sentAll) {
        if (sent >= bodyBytes) {
          if (options.last === undefined) finished();
          else socket.write(options.last, finished);
          return;
        }
        const length = Math.min(BLOCK.length, bodyBytes - sent);
        sent += length;
        let ok = true;
        for (const part of frame(length === BLOCK.length ? BLOCK : BLOCK.subarray(0, length)))
          ok = socket.write(part) && ok;
        if (options.gapMs !== undefined) {
          gapTimer = setTimeout(pump, options.gapMs);
          return;
        }
        if (!ok) {
          socket.once('drain', pump);
          return;
        }
      }
    };
    socket.once('connect', () => {
      socket.write(first);
      pump();
    });
  });
}

const chunk = (block: Buffer) => [Buffer.from(`${block.length.toString(16)}\r\n`), block, Buffer.from('\r\n')];

/** The reply as sent, its Date header taken out. */
const withoutDate = (text: string) => text.replace(/\r\nDate: [^\r]*/, '');

function faultReply(body: string): string {
  return (
    'HTTP/1.1 500 Internal Server Error\r\n' +
    `Content-Type: ${XML_TYPE}\r\nCache-Control: private, max-age=0\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

let bare: Bare;
beforeAll(async () => {
  bare = await startBare();
});
afterAll(() => bare.close());

async function expectServing(bare: Bare) {
  const reply = await sendThenRead(bare.port, head(`GET ${E}/Authenticate?requestJson=after HTTP/1.1`, []), 0, {
    last: '',
    readMs: 200,
  });
  expect(reply.text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  bare.calls.length = 0;
}

describe('a client still sending reads the whole early reply', () => {
  it('500, the size fault, refused by its Content-Length: the 8 MiB over the limit are read and dropped', async () => {
    const result = await sendThenRead(
      bare.port,
      head(`POST ${E} HTTP/1.1`, [...SOAP_HEADERS, `Content-Length: ${OVER}`]),
      OVER,
    );
    expect([result.sentAll, result.error]).toEqual([true, undefined]);
    expect(withoutDate(result.text)).toBe(faultReply(SIZE_FAULT));
    expect(bare.calls).toEqual([]);
    await expectServing(bare);
  });

  it('500, the size fault, a chunked body whose reading stopped at the limit', async () => {
    const result = await sendThenRead(
      bare.port,
      head(`POST ${E} HTTP/1.1`, [...SOAP_HEADERS, 'Transfer-Encoding: chunked']),
      OVER,
      { frame: chunk, last: '0\r\n\r\n' },
    );
    expect([result.sentAll, result.error]).toEqual([true, undefined]);
    expect(withoutDate(result.text)).toBe(faultReply(SIZE_FAULT));
    expect(bare.calls).toEqual([]);
  });

  it('500 over HttpPost: the plain-text size error', async () => {
    const result = await sendThenRead(
      bare.port,
      head(`POST ${E}/UploadImage HTTP/1.1`, ['Content-Type: application/octet-stream', `Content-Length: ${OVER}`]),
      OVER,
    );
    expect([result.sentAll, result.error]).toEqual([true, undefined]);
    expect(withoutDate(result.text)).toBe(
      'HTTP/1.1 500 Internal Server Error\r\nContent-Type: text/plain; charset=utf-8\r\n' +
        'Cache-Control: private, max-age=0\r\nContent-Length: 34\r\nConnection: close\r\n\r\n' +
        'Maximum request length exceeded.\r\n',
    );
  });

  it('415, a SOAP request of another content type, the client asking to close', async () => {
    const result = await sendThenRead(
      bare.port,
      head(`POST ${E} HTTP/1.1`, [
        'Content-Type: application/json',
        SOAP_HEADERS[1]!,
        `Content-Length: ${OVER}`,
        'Connection: close',
      ]),
      OVER,
    );
    expect([result.sentAll, result.error]).toEqual([true, undefined]);
    expect(withoutDate(result.text)).toBe(
      'HTTP/1.1 415 Unsupported Media Type\r\nCache-Control: private, max-age=0\r\n' +
        `Content-Type: ${XML_TYPE}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    );
  });

  it('415 on a kept-alive connection: the body is dropped, and the connection serves the next request', async () => {
    const next = head(`GET ${E}/Authenticate?requestJson=next HTTP/1.1`, ['Connection: close']);
    const result = await sendThenRead(
      bare.port,
      head(`POST ${E} HTTP/1.1`, ['Content-Type: application/json', SOAP_HEADERS[1]!, `Content-Length: ${OVER}`]),
      OVER,
      { last: next },
    );
    expect([result.sentAll, result.error]).toEqual([true, undefined]);
    expect(result.text.match(/HTTP\/1\.1 \d+ [^\r]*/g)).toEqual([
      'HTTP/1.1 415 Unsupported Media Type',
      'HTTP/1.1 200 OK',
    ]);
    expect(bare.calls.splice(0)).toEqual(['Authenticate']);
  });

  it('400 from Node: a request head its parser refuses (Content-Length with Transfer-Encoding)', async () => {
    const result = await sendThenRead(
      bare.port,
      head(`POST ${E} HTTP/1.1`, [...SOAP_HEADERS, `Content-Length: ${OVER}`, 'Transfer-Encoding: chunked']),
      OVER,
    );
    expect([result.sentAll, result.error]).toEqual([true, undefined]);
    expect(result.text).toBe(NODE_BAD_REQUEST);
  });

  it('431 from Node: a 64 KiB SOAPAction header', async () => {
    const action = `"App.WebService/${'A'.repeat(64 * 1024)}"`;
    const result = await sendThenRead(
      bare.port,
      head(`POST ${E} HTTP/1.1`, [
        'Content-Type: text/xml; charset=utf-8',
        `SOAPAction: ${action}`,
        `Content-Length: ${OVER}`,
      ]),
      OVER,
    );
    expect([result.sentAll, result.error]).toEqual([true, undefined]);
    expect(result.text).toBe('HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n');
  });

  it('413 from Node: a chunk extension over 16 KiB, in the body of a request already being served', async () => {
    const xml = envelope(authenticate('x'));
    const result = await sendThenRead(
      bare.port,
      head(`POST ${E} HTTP/1.1`, [...SOAP_HEADERS, 'Transfer-Encoding: chunked']) +
        `${xml.length.toString(16)};ext=${'e'.repeat(20 * 1024)}\r\n${xml}\r\n`,
      OVER,
      { frame: chunk, last: '0\r\n\r\n' },
    );
    expect([result.sentAll, result.error]).toEqual([true, undefined]);
    expect(result.text).toBe('HTTP/1.1 413 Payload Too Large\r\nConnection: close\r\n\r\n');
    expect(bare.calls).toEqual([]);
    await expectServing(bare);
  });
});

describe('createSvcHandler in a node:http server of your own', () => {
  it('the size fault reaches a client still sending too', async () => {
    const handlers = Object.fromEntries(service.operations.map((op) => [op.name, () => undefined]));
    const handler = createAuthenticationWebServiceHandler(handlers as unknown as AuthenticationWebServiceHandlers);
    const own = createServer((req, res) => handler(req, res));
    await new Promise<void>((resolve) => own.listen(0, '127.0.0.1', resolve));
    try {
      const result = await sendThenRead(
        (own.address() as AddressInfo).port,
        head(`POST ${E} HTTP/1.1`, [...SOAP_HEADERS, `Content-Length: ${OVER}`]),
        OVER,
      );
      expect([result.sentAll, result.error]).toEqual([true, undefined]);
      expect(withoutDate(result.text)).toBe(faultReply(SIZE_FAULT));
    } finally {
      own.closeAllConnections();
      await new Promise((resolve) => own.close(resolve));
    }
  });
});

describe('a client that never stops sending is cut off at the bound', () => {
  let bounded: Bare;
  beforeAll(async () => {
    bounded = await startBare({ maxRequestBytes: 64 * 1024, maxLingerBytes: MIB, lingerTimeoutMs: 1500 });
  });
  afterAll(() => bounded.close());

  it('at maxLingerBytes: it has read the reply, and the socket took about the bound', async () => {
    const result = await sendThenRead(
      bounded.port,
      head(`POST ${E} HTTP/1.1`, [...SOAP_HEADERS, 'Transfer-Encoding: chunked']),
      Infinity,
      { frame: chunk },
    );
    expect(result.sentAll).toBe(false);
    expect(withoutDate(result.text)).toBe(faultReply(SIZE_FAULT));
    // The limit, the bound, and what the two sockets' buffers hold.
    expect(result.sent).toBeGreaterThan(64 * 1024 + MIB);
    expect(result.sent).toBeLessThan(64 * 1024 + MIB + 16 * MIB);
    expect(result.elapsedMs).toBeLessThan(1500);
  });

  it('at lingerTimeoutMs: a client trickling its body, 64 KiB every 100 ms, is closed after 1.5 s', async () => {
    const result = await sendThenRead(
      bounded.port,
      head(`POST ${E} HTTP/1.1`, [...SOAP_HEADERS, `Content-Length: ${100 * MIB}`]),
      Infinity,
      { gapMs: 100 },
    );
    expect(result.sentAll).toBe(false);
    expect(withoutDate(result.text)).toBe(faultReply(SIZE_FAULT));
    expect(result.elapsedMs).toBeGreaterThan(1400);
    expect(result.elapsedMs).toBeLessThan(3000);
  });

  it('the options are checked', async () => {
    await expect(startBare({ maxLingerBytes: 0 })).rejects.toThrow(
      'ServerOptions.maxLingerBytes must be a positive number.',
    );
  });
});

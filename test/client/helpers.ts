/**
 * Servers for the client tests, all on 127.0.0.1 and an ephemeral port: the
 * generated AuthenticationWebService server with recording handlers, and a
 * replay server answering fixed bytes (what a real ASMX runtime sends, from
 * the wire contract) while recording what it was sent.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createAuthenticationWebServiceServer,
  service,
  SoapFault,
  type AuthenticationWebServiceHandlers,
  type CallContext,
  type ServerOptions,
  type UploadedFile,
} from '../../generated/index.js';

/** Strings that must arrive exactly, over every transport. */
export const HOSTILE: readonly (readonly [string, string])[] = [
  ['XML specials', '<script>alert("x")</script> & &amp; &lt; \'\''],
  ['a CDATA terminator', 'a]]>b]]]]><![CDATA[c'],
  ['quotes', `"double" 'single' \`back\``],
  ['non-BMP characters', '😀 𝄞 𠜎'],
  ['a CR', 'a\rb'],
  ['an LF', 'a\nb'],
  ['a CRLF', 'a\r\nb\r\n'],
  ['a lone CR at the end', 'end\r'],
  ['leading and trailing spaces', '   padded \t '],
  ['only whitespace', ' \r\n\t '],
  ['an entity-looking text', '&#xD; &lt; &amp;amp; %0D%0A + = & ? #'],
  ['JSON', '{"user":"a\\"b","pw":"p&w<d>","list":[1,2],"nested":{"k":"\\u0000"}}'],
  ['line and paragraph separators', 'a\u2028b\u2029c\u0085d'],
  ['TAB', 'a\tb'],
];

/**
 * The `HOSTILE` strings ASP.NET's request validation refuses in an HTTP GET query or POST form (`<` before a
 * letter or `!`, `&#`): a server answers them with a 500 before any handler sees them, unless it runs with
 * `validateRequest: false`. SOAP carries them.
 */
export const REFUSED_OVER_HTTP: ReadonlySet<string> = new Set([
  'XML specials',
  'a CDATA terminator',
  'an entity-looking text',
  'JSON',
]);

/** Strings XML 1.0 cannot carry: refused before anything is sent. */
export const FORBIDDEN: readonly (readonly [string, string])[] = [
  ['U+0000', 'a\u0000b'],
  ['U+0001', '\u0001'],
  ['U+001F', 'x\u001f'],
  ['a lone high surrogate', 'a\uD800b'],
  ['a lone low surrogate', '\uDC00'],
  ['U+FFFE', '\uFFFE'],
  ['U+FFFF', 'x\uFFFF'],
];

export interface Seen {
  readonly operation: string;
  readonly input: Record<string, unknown>;
  readonly transport: CallContext['transport'];
  readonly files: readonly UploadedFile[];
  readonly headers: CallContext['headers'];
}

/**
 * Handlers for every operation recording what they receive. By `requestJson`:
 * `client-fault` throws a Client `SoapFault('bad', 'why')`, `hostile-fault` one
 * with XML and HTML specials, `error` an Error, `hang` waits until the call is
 * given up.
 */
export const HOSTILE_FAULT = `<b> & "quoted" 'single' = \`x\``;

export function recordingHandlers(seen: Seen[]): AuthenticationWebServiceHandlers {
  const handler = (operation: string) => async (input: { requestJson?: string }, ctx: CallContext) => {
    seen.push({ operation, input: { ...input }, transport: ctx.transport, files: ctx.files, headers: ctx.headers });
    switch (input.requestJson) {
      case 'client-fault':
        throw new SoapFault('Client', 'bad', 'why');
      case 'hostile-fault':
        throw new SoapFault('Client', HOSTILE_FAULT);
      case 'error':
        throw new Error('secret at C:\\internal\\path');
      case 'hang':
        await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve));
    }
  };
  return Object.fromEntries(
    service.operations.map((op) => [op.name, handler(op.name)]),
  ) as unknown as AuthenticationWebServiceHandlers;
}

export interface RunningService {
  /** The endpoint: `http://127.0.0.1:port/AuthenticationWebService.asmx`. */
  readonly url: string;
  readonly seen: Seen[];
  /** HTTP requests the server received, whatever they were. */
  requests(): number;
  close(): Promise<void>;
}

export async function startGeneratedService(options?: ServerOptions): Promise<RunningService> {
  const seen: Seen[] = [];
  const server = createAuthenticationWebServiceServer(recordingHandlers(seen), options);
  let requests = 0;
  server.on('request', () => requests++);
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}${service.path}`,
    seen,
    requests: () => requests,
    close: () => close(server),
  };
}

/** A fixed reply: status, headers, body. */
export interface FixedReply {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string | Uint8Array;
}

export interface ReceivedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

export interface ReplayServer {
  /** The base URL: `http://127.0.0.1:port`. */
  readonly origin: string;
  readonly received: ReceivedRequest[];
  /** The reply to the next requests. */
  answer(reply: FixedReply): void;
  close(): Promise<void>;
}

/** A server answering every request with the reply last set, exactly (no header added but Date and Connection). */
export async function startReplayServer(): Promise<ReplayServer> {
  const received: ReceivedRequest[] = [];
  let reply: FixedReply = { status: 200 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
      const body = typeof reply.body === 'string' ? Buffer.from(reply.body, 'utf8') : Buffer.from(reply.body ?? []);
      res.writeHead(reply.status, { ...reply.headers, 'Content-Length': String(body.length) });
      res.end(body);
    });
  });
  const port = await listen(server);
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    answer: (next) => {
      reply = next;
    },
    close: () => close(server),
  };
}

export async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

export function close(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

/** The rejection of `promise`; fails when it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection, got a result');
}

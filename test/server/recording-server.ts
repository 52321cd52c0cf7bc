/**
 * The GENERATED server for the default spec (`generated/`), on 127.0.0.1 and
 * an ephemeral port, with handlers that record every call: operation,
 * transport, input and files. It also keeps every request's raw bytes, to show
 * what a peer really sent. Shared by the wire-contract and interop tests.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createAuthenticationWebServiceServer,
  service,
  type AuthenticationWebServiceHandlers,
  type CallContext,
  type ServerOptions,
  type UploadedFile,
} from '../../generated/index.js';

export type OperationName = keyof AuthenticationWebServiceHandlers;
/** The default service is no `[ScriptService]`: its calls come by the four transports of its bindings, never `json`. */
export type Transport = Exclude<CallContext['transport'], 'json'>;

/** The 20 operations, in spec (WSDL) order. */
export const OPERATIONS: readonly OperationName[] = service.operations.map((op) => op.name as OperationName);

/** The operations that take `requestJson` (all but UploadImage). */
export const WITH_REQUEST_JSON: readonly OperationName[] = service.operations
  .filter((op) => op.parameters.some((p) => p.name === 'requestJson'))
  .map((op) => op.name as OperationName);

export const ENDPOINT_PATH = '/AuthenticationWebService.asmx';

export interface RecordedCall {
  readonly operation: OperationName;
  readonly transport: Transport;
  readonly input: Readonly<Record<string, unknown>>;
  readonly files: readonly UploadedFile[];
}

export interface RawRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  /** The body's bytes; complete once the request has ended. */
  body(): Buffer;
}

export interface RecordingServer {
  readonly port: number;
  /** `http://127.0.0.1:port` */
  readonly origin: string;
  /** `http://127.0.0.1:port/AuthenticationWebService.asmx` */
  readonly endpoint: string;
  readonly wsdlUrl: string;
  readonly calls: RecordedCall[];
  readonly requests: RawRequest[];
  /**
   * What a handler does after recording its call; by default it returns
   * nothing (every operation of the default spec is void). Throw to fail.
   */
  behaviour: ((call: RecordedCall) => unknown) | undefined;
  /** Forgets recorded calls and requests. */
  reset(): void;
  close(): Promise<void>;
}

export async function startRecordingServer(options?: ServerOptions): Promise<RecordingServer> {
  const calls: RecordedCall[] = [];
  const requests: RawRequest[] = [];
  const state: { behaviour: RecordingServer['behaviour'] } = { behaviour: undefined };
  const handlers = {} as Record<OperationName, (input: Record<string, unknown>, ctx: CallContext) => unknown>;
  for (const operation of OPERATIONS) {
    handlers[operation] = (input, ctx) => {
      const call: RecordedCall = {
        operation,
        transport: ctx.transport as Transport,
        input: { ...input },
        files: ctx.files,
      };
      calls.push(call);
      return state.behaviour?.(call);
    };
  }
  const server = createAuthenticationWebServiceServer(handlers as AuthenticationWebServiceHandlers, options);
  server.on('request', (req) => {
    const chunks: Buffer[] = [];
    requests.push({
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body: () => Buffer.concat(chunks),
    });
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    port,
    origin,
    endpoint: `${origin}${ENDPOINT_PATH}`,
    wsdlUrl: `${origin}${ENDPOINT_PATH}?wsdl`,
    calls,
    requests,
    get behaviour() {
      return state.behaviour;
    },
    set behaviour(value) {
      state.behaviour = value;
    },
    reset() {
      calls.length = 0;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Values sent by the peer tests: a plain one and hostile ones. */
export const PLAIN_VALUE = '{"user":"alice","password":"s3cret"}';

/**
 * Everything a string can trip on: XML specials, a CDATA terminator, quotes,
 * characters outside the BMP, CR, LF and CRLF, leading and trailing spaces.
 */
export const HOSTILE_VALUE = '  {"q":"<&>\\"\'","cdata":"]]>","emoji":"😀𝄞","é":"ü"}\rCR\nLF\r\nCRLF  ';

/** What an XML reader makes of text sent without escaping CR (XML 1.0 §2.11): CRLF and CR become LF. */
export function normalizeLineEnds(value: string): string {
  return value.replace(/\r\n?/g, '\n');
}

/**
 * A hand-made mini AuthenticationWebService for the runtime tests: its
 * description and documents as the generator would emit them (documents
 * reduced to their markers), and handlers that record what they receive.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createServiceHandler,
  SoapFault,
  type CallContext,
  type ServerOptions,
  type ServiceDescription,
  type ServiceDocuments,
} from '../../runtime/src/server.js';
import { ADDRESS_MARKER, BASE_MARKER, HOST_MARKER } from '../../runtime/src/service-description.js';

export const NS = 'App.WebService';
export const PATH = '/AuthenticationWebService.asmx';

function op(name: string, parameters: [string, ParameterType][], result?: ParameterType) {
  return {
    name,
    soapAction: `${NS}/${name}`,
    responseElement: `${name}Response`,
    parameters: parameters.map(([pname, type]) => ({
      name: pname,
      type,
      optional: type === 'string' || type === 'base64Binary',
    })),
    ...(result ? { result: { type: result, element: `${name}Result` } } : {}),
  };
}
type ParameterType = ServiceDescription['operations'][number]['parameters'][number]['type'];

export const SERVICE: ServiceDescription = {
  name: 'AuthenticationWebService',
  namespace: NS,
  path: PATH,
  transports: ['soap11', 'soap12', 'httpGet', 'httpPost'],
  operations: [
    op('Authenticate', [['requestJson', 'string']]),
    op('UploadImage', []),
    op('Echo', [['requestJson', 'string']], 'string'),
    op(
      'Add',
      [
        ['a', 'int'],
        ['b', 'int'],
      ],
      'int',
    ),
    op(
      'Describe',
      [
        ['flag', 'boolean'],
        ['big', 'long'],
        ['when', 'dateTime'],
        ['data', 'base64Binary'],
        ['amount', 'decimal'],
        ['ratio', 'double'],
      ],
      'string',
    ),
    op('Fail', [['kind', 'string']]),
    op('Bytes', [['requestJson', 'string']], 'base64Binary'),
    op('Count', [], 'int'),
  ],
};

export const DOCUMENTS: ServiceDocuments = {
  wsdl:
    '<?xml version="1.0" encoding="utf-8"?>\n<wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/">\n' +
    `  <soap:address location="${ADDRESS_MARKER}" />\n</wsdl:definitions>`,
  disco: `<?xml version="1.0" encoding="utf-8"?>\n<discovery><contractRef ref="${ADDRESS_MARKER}?wsdl" docRef="${ADDRESS_MARKER}" /></discovery>`,
  helpPage: `<html><title>AuthenticationWebService Web Service</title><p>${HOST_MARKER}</p><a href="${BASE_MARKER}/x">x</a></html>`,
  operationPages: {
    Authenticate: `<html>Authenticate <form action="${ADDRESS_MARKER}/Authenticate"></form></html>`,
    Echo: '<html>Echo</html>',
  },
  methodNotFoundPage: '<html>Method Not Found</html>',
};

export interface Recorded {
  operation: string;
  input: Record<string, unknown>;
  ctx: CallContext;
}

/** Handlers recording every call; `Fail` and `Count` misbehave on request. */
export function recordingHandlers(calls: Recorded[]) {
  const record = (operation: string, input: Record<string, unknown>, ctx: CallContext) => {
    calls.push({ operation, input, ctx });
  };
  return {
    Authenticate(input: Record<string, unknown>, ctx: CallContext) {
      record('Authenticate', input, ctx);
    },
    UploadImage(input: Record<string, unknown>, ctx: CallContext) {
      record('UploadImage', input, ctx);
    },
    async Echo(input: { requestJson?: string }, ctx: CallContext) {
      record('Echo', input, ctx);
      return input.requestJson === 'null' ? undefined : input.requestJson;
    },
    Add(input: { a: number; b: number }, ctx: CallContext) {
      record('Add', input, ctx);
      return input.a + input.b;
    },
    Describe(input: Record<string, unknown>, ctx: CallContext) {
      record('Describe', input, ctx);
      return 'described';
    },
    async Fail(input: { kind?: string }, ctx: CallContext) {
      record('Fail', input, ctx);
      switch (input.kind) {
        case 'client':
          throw new SoapFault('Client', 'Invalid <requestJson> & more', 'detail <b>bold</b>');
        case 'server':
          throw new SoapFault('Server', 'Try later.');
        case 'hang':
          return new Promise<void>(() => undefined);
        case 'wait-abort':
          return new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve()));
        default:
          throw new Error(`secret ${input.kind} at C:\\internal\\path`);
      }
    },
    Bytes(input: { requestJson?: string }, ctx: CallContext) {
      record('Bytes', input, ctx);
      return input.requestJson === undefined ? undefined : new TextEncoder().encode(input.requestJson);
    },
    Count(input: Record<string, unknown>, ctx: CallContext) {
      record('Count', input, ctx);
      return undefined as unknown as number;
    },
  };
}

export interface Running {
  readonly port: number;
  readonly calls: Recorded[];
  readonly server: Server;
  close(): Promise<void>;
}

/** The service on 127.0.0.1, an ephemeral port; `wrap` puts a listener around the handler (middleware tests). */
export async function startService(
  options?: ServerOptions,
  wrap?: (
    handler: (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void) => void,
  ) => (req: IncomingMessage, res: ServerResponse) => void,
): Promise<Running> {
  const calls: Recorded[] = [];
  const handler = createServiceHandler(SERVICE, DOCUMENTS, recordingHandlers(calls), options);
  const server = createServer(wrap ? wrap(handler) : (req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    calls,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

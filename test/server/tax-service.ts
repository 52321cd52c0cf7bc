/**
 * A small tax service, as the generator would describe it: a cart of priced items in, a tax amount (a `float`,
 * C# `Single`) and the items out. Its handler is the test's to set, and the service can be served by each of
 * the runtime's three ways to serve: `createServiceServer`, the `node:http`/Express handler, the fetch handler.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createServiceFetchHandler,
  createServiceHandler,
  createServiceServer,
  type CallContext,
  type ServerOptions,
  type ServiceDescription,
  type ServiceDocuments,
} from '../../runtime/src/server.js';

export const TAX_NS = 'urn:example:tax';

export const TAX_SERVICE: ServiceDescription = {
  name: 'Tax',
  namespace: TAX_NS,
  path: '/Tax.asmx',
  transports: ['soap11', 'soap12', 'httpGet', 'httpPost'],
  operations: [
    {
      name: 'Lookup',
      soapAction: `${TAX_NS}/Lookup`,
      responseElement: 'LookupResponse',
      parameters: [
        { name: 'cart', type: { class: 'Cart' }, optional: true },
        { name: 'rate', type: 'float', optional: false },
      ],
      result: { type: { class: 'LookupResult' }, element: 'LookupResult', httpElement: 'LookupResult' },
    },
    {
      name: 'Rate',
      soapAction: `${TAX_NS}/Rate`,
      responseElement: 'RateResponse',
      parameters: [{ name: 'rate', type: 'float', optional: false }],
      result: { type: 'float', element: 'RateResult', httpElement: 'float' },
    },
  ],
  types: {
    CartItem: {
      kind: 'class',
      xmlName: 'CartItem',
      elementName: 'CartItem',
      members: [
        { name: 'Sku', xmlName: 'Sku', form: 'element', type: 'string' },
        { name: 'Price', xmlName: 'Price', form: 'element', type: 'float' },
      ],
    },
    Cart: {
      kind: 'class',
      xmlName: 'Cart',
      elementName: 'Cart',
      members: [
        {
          name: 'Items',
          xmlName: 'Items',
          form: 'element',
          type: { array: { class: 'CartItem' }, item: 'CartItem', nillable: true },
        },
      ],
    },
    LookupResult: {
      kind: 'class',
      xmlName: 'LookupResult',
      elementName: 'LookupResult',
      members: [
        { name: 'TaxAmount', xmlName: 'TaxAmount', form: 'element', type: 'float' },
        {
          name: 'Items',
          xmlName: 'Items',
          form: 'element',
          type: { array: { class: 'CartItem' }, item: 'CartItem', nillable: true },
        },
      ],
    },
  },
};

export const TAX_DOCUMENTS: ServiceDocuments = {
  wsdl: '<?xml version="1.0" encoding="utf-8"?>\n<wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" />',
  disco: '<?xml version="1.0" encoding="utf-8"?>\n<discovery />',
  helpPage: '<html>Tax</html>',
  operationPages: {},
  methodNotFoundPage: '<html>Method Not Found</html>',
};

export interface CartItem {
  Sku?: string;
  Price: number;
}
export interface LookupInput {
  cart?: { Items?: CartItem[] };
  rate: number;
}

/** The handlers the test sets; each call's input and context are recorded. */
export interface TaxHandlers {
  Lookup(input: LookupInput, ctx: CallContext): unknown;
  Rate(input: { rate: number }, ctx: CallContext): unknown;
}

export type ServeWith = 'createServiceServer' | 'node handler' | 'fetch handler';

export interface RunningTax {
  readonly url: string;
  close(): Promise<void>;
}

/** The service on 127.0.0.1 (an ephemeral port), served the way `how` names. */
export async function startTax(how: ServeWith, handlers: TaxHandlers, options?: ServerOptions): Promise<RunningTax> {
  let server: Server;
  if (how === 'createServiceServer') {
    server = createServiceServer(TAX_SERVICE, TAX_DOCUMENTS, handlers, options);
  } else if (how === 'node handler') {
    const handler = createServiceHandler(TAX_SERVICE, TAX_DOCUMENTS, handlers, options);
    server = createServer((req, res) => handler(req, res));
  } else {
    const fetchHandler = createServiceFetchHandler(TAX_SERVICE, TAX_DOCUMENTS, handlers, options);
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = chunks.length === 0 ? undefined : Buffer.concat(chunks);
        const headers = Object.entries(req.headers).flatMap(([name, value]) =>
          value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : value] as [string, string]],
        );
        void fetchHandler(
          new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, {
            method: req.method ?? 'GET',
            headers,
            ...(body !== undefined && { body }),
          }),
        ).then(async (response) => {
          res.writeHead(response.status, Object.fromEntries(response.headers));
          res.end(Buffer.from(await response.arrayBuffer()));
        });
      });
    });
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${TAX_SERVICE.path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

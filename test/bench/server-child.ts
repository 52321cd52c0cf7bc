/**
 * One server of the bench, in its own process (so it never shares an event loop with the load generator):
 *
 * - `generated`: the generated server (`generated/`), every handler an empty `async` function, as the stubs
 *   `asmxgen generate --impl` writes are; `generated-sync`: the same with plain functions; `generated-10ms`:
 *   every handler answering after 10 ms, as a legacy service that waits on its database;
 * - `node-soap`: node-soap's server for the same WSDL (`generated/AuthenticationWebService.wsdl`), every
 *   operation of both SOAP ports empty;
 * - `bare`: `node:http` answering every request, once its body is read, with the constant SOAP 1.1 void
 *   reply of `Authenticate` (the ceiling, and a server both clients can call);
 * - `library` and `library-sync`: the generated Library server (`test/golden/library/expected`, the server
 *   generated from `../shared/wsdl-corpus/Library.wsdl`), `GetBook` returning the C# sample book and
 *   `EchoBook` its argument, `async` or not; `node-soap-library`: node-soap serving the same WSDL, with the
 *   same two operations.
 *
 * Listens on an ephemeral port of 127.0.0.1 and sends `{ port }` to the parent over IPC. Answers the message
 * `'stats'` with `{ calls, memory, gc, cpu }`: the handler calls so far (none for `bare`),
 * `process.memoryUsage()` after a full GC when started with `--expose-gc` (`gc` says whether it was), and
 * the CPU time the process has used (`process.cpuUsage()`).
 *
 *   node test/artifacts/bench/js/test/bench/server-child.js <kind>
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import soap from 'soap';
import { createAuthenticationWebServiceServer, type AuthenticationWebServiceHandlers } from '../../generated/index.js';
import { service } from '../../generated/service.js';
import { createLibraryServer, type LibraryHandlers } from '../golden/library/expected/index.js';
import { libraryHandlers, sampleBook } from '../runtime/fixtures/library-handlers.js';
import { LIBRARY_WSDL_FILE, WSDL_FILE } from './paths.js';
import { VOID_SOAP11_REPLY } from './requests.js';

export const SERVER_KINDS = [
  'generated',
  'generated-10ms',
  'generated-sync',
  'node-soap',
  'bare',
  'library',
  'library-sync',
  'node-soap-library',
] as const;
export type ServerKind = (typeof SERVER_KINDS)[number];

let calls = 0;

function generatedServer(): Server {
  const handlers = Object.fromEntries(
    service.operations.map((op) => [
      op.name,
      async () => {
        calls++;
      },
    ]),
  );
  return createAuthenticationWebServiceServer(handlers as unknown as AuthenticationWebServiceHandlers);
}

/** A legacy service's pace: every handler answers after 10 ms (a database call, say), its process idle meanwhile. */
function generated10msServer(): Server {
  const handlers = Object.fromEntries(
    service.operations.map((op) => [
      op.name,
      async () => {
        await delay(10);
        calls++;
      },
    ]),
  );
  return createAuthenticationWebServiceServer(handlers as unknown as AuthenticationWebServiceHandlers);
}

function generatedSyncServer(): Server {
  const handlers = Object.fromEntries(service.operations.map((op) => [op.name, () => void calls++]));
  return createAuthenticationWebServiceServer(handlers as unknown as AuthenticationWebServiceHandlers);
}

function nodeSoapServer(): Server {
  const server = createServer();
  const operations = Object.fromEntries(service.operations.map((op) => [op.name, () => (calls++, {})]));
  const services = {
    [service.name]: {
      [`${service.name}Soap`]: operations,
      [`${service.name}Soap12`]: operations,
    },
  };
  soap.listen(server, service.path, services, readFileSync(WSDL_FILE, 'utf8'));
  return server;
}

function bareServer(): Server {
  const body = Buffer.from(VOID_SOAP11_REPLY, 'utf8');
  const headers = {
    'Content-Type': 'text/xml; charset=utf-8',
    'Cache-Control': 'private, max-age=0',
    'Content-Length': String(body.byteLength),
  };
  return createServer((req, res) => {
    req.on('data', () => undefined);
    req.on('end', () => {
      res.writeHead(200, headers);
      res.end(body);
    });
  });
}

/** The Library operations the bench calls, counted; the others as the fixture has them, never reached. */
function libraryServer(sync: boolean): Server {
  const measured = sync
    ? {
        GetBook: ({ isbn }: { isbn?: string }) => (calls++, sampleBook(isbn!)),
        EchoBook: ({ book }: { book?: unknown }) => (calls++, book),
      }
    : {
        GetBook: async ({ isbn }: { isbn?: string }) => (calls++, sampleBook(isbn!)),
        EchoBook: async ({ book }: { book?: unknown }) => (calls++, book),
      };
  return createLibraryServer({ ...libraryHandlers, ...measured } as unknown as LibraryHandlers);
}

/**
 * node-soap's `Library`: `GetBook` returns the C# sample book as node-soap takes one (attributes under
 * `attributes`, the derived author's `xsi:type` there too), `EchoBook` the book node-soap read.
 */
function nodeSoapLibraryServer(): Server {
  const server = createServer();
  const sample = (isbn: string) => ({
    attributes: { Isbn: isbn, Edition: 2 },
    Title: 'Tom & Jerry <3',
    Genre: 'non-fiction',
    Formats: 'Hardcover Audio',
    Authors: {
      Person: [
        { attributes: { 'xsi:type': 'Author' }, Name: 'Ada', BirthYear: 1815, Country: 'UK' },
        { Name: 'Bob', BirthYear: { attributes: { 'xsi:nil': true } } },
        { attributes: { 'xsi:nil': true } },
      ],
    },
    Price: '12.50',
    Published: '1999-12-31T23:59:59.25',
    Pages: { attributes: { 'xsi:nil': true } },
    Key: '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
    Cover: 'iVBORw==',
    Available: true,
    Keyword: ['cats', ''],
    Copies: {},
    Rating: 4.5,
    Sales: '9007199254740993',
  });
  const operations = {
    GetBook: (args: { isbn?: string }) => (calls++, { GetBookResult: sample(args.isbn ?? '') }),
    EchoBook: (args: { book?: unknown }) => (calls++, { EchoBookResult: args.book }),
  };
  soap.listen(
    server,
    '/Library.asmx',
    { Library: { LibrarySoap: operations, LibrarySoap12: operations } },
    readFileSync(LIBRARY_WSDL_FILE, 'utf8'),
  );
  return server;
}

const SERVERS: Record<ServerKind, () => Server> = {
  generated: generatedServer,
  'generated-10ms': generated10msServer,
  'generated-sync': generatedSyncServer,
  'node-soap': nodeSoapServer,
  bare: bareServer,
  library: () => libraryServer(false),
  'library-sync': () => libraryServer(true),
  'node-soap-library': nodeSoapLibraryServer,
};

const kind = process.argv[2] as ServerKind;
const make = SERVERS[kind];
if (!make || !process.send) {
  console.error(`usage (as a child process with IPC): server-child.ts <${SERVER_KINDS.join('|')}>`);
  process.exit(2);
}
const server = make();
server.listen(0, '127.0.0.1', () => {
  process.send!({ port: (server.address() as AddressInfo).port });
});
process.on('message', (message) => {
  if (message === 'stats') {
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    gc?.();
    process.send!({ calls, memory: process.memoryUsage(), gc: gc !== undefined, cpu: process.cpuUsage() });
  } else if (message === 'stop') {
    server.close();
    server.closeAllConnections();
    process.disconnect();
  }
});
process.on('disconnect', () => process.exit(0));

/**
 * One server of the bench, in its own process (so it never shares an event loop with the load generator):
 *
 * - `generated`: the generated server (`generated/`), every handler empty;
 * - `node-soap`: node-soap's server for the same WSDL (`generated/AuthenticationWebService.wsdl`), every
 *   operation of both SOAP ports empty;
 * - `bare`: `node:http` answering every request, once its body is read, with the constant SOAP 1.1 void
 *   reply of `Authenticate` (the ceiling, and a server both clients can call).
 *
 * Listens on an ephemeral port of 127.0.0.1 and sends `{ port }` to the parent over IPC. Answers the message
 * `'stats'` with `{ calls, memory, gc }`: the handler calls so far (none for `bare`), and
 * `process.memoryUsage()` after a full GC when started with `--expose-gc` (`gc` says whether it was).
 *
 *   node test/artifacts/bench/js/test/bench/server-child.js <generated|node-soap|bare>
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import soap from 'soap';
import { createAuthenticationWebServiceServer, type AuthenticationWebServiceHandlers } from '../../generated/index.js';
import { service } from '../../generated/service.js';
import { WSDL_FILE } from './paths.js';
import { VOID_SOAP11_REPLY } from './requests.js';

export type ServerKind = 'generated' | 'node-soap' | 'bare';

let calls = 0;

function emptyHandlers(): Record<string, () => undefined> {
  return Object.fromEntries(service.operations.map((op) => [op.name, () => void calls++]));
}

function generatedServer(): Server {
  return createAuthenticationWebServiceServer(emptyHandlers() as unknown as AuthenticationWebServiceHandlers);
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

const SERVERS: Record<ServerKind, () => Server> = {
  generated: generatedServer,
  'node-soap': nodeSoapServer,
  bare: bareServer,
};

const kind = process.argv[2] as ServerKind;
const make = SERVERS[kind];
if (!make || !process.send) {
  console.error('usage (as a child process with IPC): server-child.ts <generated|node-soap|bare>');
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
    process.send!({ calls, memory: process.memoryUsage(), gc: gc !== undefined });
  } else if (message === 'stop') {
    server.close();
    server.closeAllConnections();
    process.disconnect();
  }
});
process.on('disconnect', () => process.exit(0));

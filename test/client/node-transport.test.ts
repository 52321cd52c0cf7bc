/**
 * The client's transport on Node (`node:http` / `node:https`, loaded on the
 * first call), against real servers: connections kept alive and reused, the
 * time limit, both signals, failures on the way, the agent option, https,
 * compressed replies; and the fetch transport where it is chosen instead
 * (a given `fetch`, a runtime that is not Node).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Agent as HttpsAgent, createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createAuthenticationWebServiceClient,
  HttpError,
  NetworkError,
  service,
  TimeoutError,
} from '../../generated/index.js';
import { buildResponseEnvelope } from '../../runtime/src/soap-envelope.js';
import { close, rejectionOf } from './helpers.js';

const REPLY = buildResponseEnvelope('1.1', service.namespace, 'AuthenticateResponse');
type Handler = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void;
const answer: Handler = (_req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8' });
  res.end(REPLY);
};

interface TestServer {
  readonly url: string;
  /** Connections the server accepted. */
  readonly connections: Socket[];
  /** Requests it received (their bodies read whole). */
  readonly requests: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[];
  handler: Handler;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => close(server)));
});

async function start(server: Server = createServer(), scheme = 'http'): Promise<TestServer> {
  const state: TestServer = { url: '', connections: [], requests: [], handler: answer };
  server.on('connection', (socket: Socket) => state.connections.push(socket));
  server.on('secureConnection', (socket: Socket) => state.connections.push(socket));
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      state.requests.push({ method: req.method!, url: req.url!, headers: req.headers, body: body.toString('utf8') });
      state.handler(req, res, body);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, { url: `${scheme}://127.0.0.1:${port}${service.path}` });
}

describe('on Node, without a fetch', () => {
  it('sends by node:http, over one kept-alive connection for sequential calls', async () => {
    const server = await start();
    const client = createAuthenticationWebServiceClient({ url: server.url });
    for (let i = 0; i < 5; i++) await client.Authenticate({ requestJson: `call ${i}` });
    expect(server.requests).toHaveLength(5);
    expect(server.connections).toHaveLength(1);
    const [first] = server.requests;
    expect(first!.method).toBe('POST');
    expect(first!.url).toBe(service.path);
    expect(first!.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(first!.headers['soapaction']).toBe('"App.WebService/Authenticate"');
    expect(first!.headers['content-length']).toBe(String(Buffer.byteLength(first!.body)));
    expect(first!.headers['connection']).toBe('keep-alive');
    expect(first!.body).toContain('<requestJson>call 0</requestJson>');
  });

  it('reuses its connections for concurrent calls, and every transport shares them', async () => {
    const server = await start();
    server.handler = (req, res) => {
      if (req.url === service.path) answer(req, res, Buffer.alloc(0));
      else res.writeHead(200).end(); // the empty reply of a void HttpGet/HttpPost call
    };
    const client = createAuthenticationWebServiceClient({ url: server.url });
    const round = () => Promise.all(Array.from({ length: 4 }, () => client.Authenticate({ requestJson: 'x' })));
    await round();
    await round();
    await client.Authenticate({ requestJson: 'x é' }, { transport: 'httpGet' });
    await client.Authenticate({ requestJson: 'x' }, { transport: 'httpPost' });
    expect(server.requests).toHaveLength(10);
    expect(server.connections.length).toBeLessThanOrEqual(4);
    expect(server.requests[8]!.url).toBe(`${service.path}/Authenticate?requestJson=x+%C3%A9`);
  });

  it('gives each client its own agent, and uses the one given as `agent`', async () => {
    const server = await start();
    await createAuthenticationWebServiceClient({ url: server.url }).Authenticate({ requestJson: 'a' });
    await createAuthenticationWebServiceClient({ url: server.url }).Authenticate({ requestJson: 'b' });
    expect(server.connections).toHaveLength(2);

    const agent = new Agent({ keepAlive: false });
    const created: unknown[] = [];
    const createConnection = agent.createConnection.bind(agent);
    agent.createConnection = (...args: Parameters<typeof createConnection>) => {
      created.push(args[0]);
      return createConnection(...args);
    };
    const client = createAuthenticationWebServiceClient({ url: server.url, agent });
    await client.Authenticate({ requestJson: 'c' });
    await client.Authenticate({ requestJson: 'd' });
    expect(created).toHaveLength(2);
    expect(server.requests.slice(2).map((r) => r.headers['connection'])).toEqual(['close', 'close']);
    expect(() => createAuthenticationWebServiceClient({ agent, fetch })).toThrow(/`fetch` or `agent`, not both/);
  });

  it('holds the time limit until the whole reply has arrived, then frees the connection', async () => {
    const server = await start();
    server.handler = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8', 'Content-Length': '1000' });
      res.write('<?xml version="1.0"'); // and nothing more
    };
    const client = createAuthenticationWebServiceClient({ url: server.url, timeoutMs: 100 });
    const started = performance.now();
    const error = await rejectionOf(client.Authenticate({ requestJson: 'x' }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).message).toBe('Authenticate (soap11) did not complete within 100 ms.');
    expect(performance.now() - started).toBeLessThan(5_000);
    await expect.poll(() => server.connections[0]!.destroyed).toBe(true);

    server.handler = () => undefined; // no reply at all
    const silent = await rejectionOf(client.Authenticate({ requestJson: 'x' }, { timeoutMs: 50 }));
    expect(silent).toBeInstanceOf(TimeoutError);
    expect((silent as TimeoutError).timeoutMs).toBe(50);

    server.handler = answer;
    await expect(client.Authenticate({ requestJson: 'x' })).resolves.toBeUndefined();
  });

  it("rejects with the reason of the call's or the client's signal, sending nothing when it has already aborted", async () => {
    const server = await start();
    server.handler = () => undefined;
    const clientController = new AbortController();
    const client = createAuthenticationWebServiceClient({ url: server.url, signal: clientController.signal });

    const callController = new AbortController();
    const pending = client.Authenticate({ requestJson: 'x' }, { signal: callController.signal });
    await expect.poll(() => server.requests.length).toBe(1);
    callController.abort(new Error('call aborted'));
    await expect(pending).rejects.toThrow('call aborted');
    await expect.poll(() => server.connections[0]!.destroyed).toBe(true);

    const second = client.Authenticate({ requestJson: 'y' });
    await expect.poll(() => server.requests.length).toBe(2);
    clientController.abort(new Error('client aborted'));
    await expect(second).rejects.toThrow('client aborted');

    await expect(client.Authenticate({ requestJson: 'z' })).rejects.toThrow('client aborted');
    const aborted = AbortSignal.abort(new Error('before'));
    const fresh = createAuthenticationWebServiceClient({ url: server.url });
    await expect(fresh.Authenticate({ requestJson: 'z' }, { signal: aborted })).rejects.toThrow('before');
    expect(server.requests).toHaveLength(2);
  });

  it('rejects with a NetworkError when the connection is refused or closes before the whole reply', async () => {
    const server = await start();
    const { port } = new URL(server.url);
    await close(servers.pop()!);
    const refused = createAuthenticationWebServiceClient({ url: `http://127.0.0.1:${port}/X.asmx` });
    const error = await rejectionOf(refused.Authenticate({ requestJson: 'x' }));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).message).toBe(
      `Authenticate (soap11) could not reach http://127.0.0.1:${port}/X.asmx: connect ECONNREFUSED 127.0.0.1:${port}`,
    );
    expect((error as NetworkError).url).toBe(`http://127.0.0.1:${port}/X.asmx`);

    const cut = await start();
    cut.handler = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8', 'Content-Length': '1000' });
      res.write('<?xml version="1.0"', () => res.destroy());
    };
    const client = createAuthenticationWebServiceClient({ url: cut.url });
    const truncated = await rejectionOf(client.Authenticate({ requestJson: 'x' }));
    expect(truncated).toBeInstanceOf(NetworkError);

    cut.handler = (req) => req.socket.destroy();
    const reset = await rejectionOf(client.Authenticate({ requestJson: 'x' }));
    expect(reset).toBeInstanceOf(NetworkError);
    expect((reset as Error).message).not.toMatch(/\n\s+at /);
  });

  it('follows no redirect (as .NET proxies): a 3xx is an HttpError', async () => {
    const server = await start();
    server.handler = (_req, res) => res.writeHead(302, { Location: '/elsewhere.asmx', 'Content-Length': '0' }).end();
    const error = await rejectionOf(createAuthenticationWebServiceClient({ url: server.url }).Authenticate({}));
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(302);
    expect(server.requests).toHaveLength(1);
  });

  it('inflates a compressed reply, sent only when the caller asks for one', async () => {
    const server = await start();
    server.handler = (req, res) => {
      const gzip = /gzip/.test(req.headers['accept-encoding'] ?? '');
      res.writeHead(200, {
        'Content-Type': 'text/xml; charset=utf-8',
        ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
      });
      res.end(gzip ? gzipSync(REPLY) : REPLY);
    };
    const client = createAuthenticationWebServiceClient({ url: server.url });
    await client.Authenticate({ requestJson: 'x' });
    expect(server.requests[0]!.headers['accept-encoding']).toBeUndefined();
    await client.Authenticate({ requestJson: 'x' }, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(server.requests[1]!.headers['accept-encoding']).toBe('gzip');
  });

  it('sends no header HTTP cannot carry: a TypeError before anything is sent', async () => {
    const server = await start();
    const client = createAuthenticationWebServiceClient({ url: server.url });
    await expect(client.Authenticate({}, { headers: { 'X-Bad': 'a\r\nInjected: 1' } })).rejects.toThrow(TypeError);
    await expect(client.Authenticate({}, { headers: { 'Bad Name': 'x' } })).rejects.toThrow(TypeError);
    await expect(client.Authenticate({}, { headers: { 'X-Wide': '€' } })).rejects.toThrow(TypeError);
    expect(server.requests).toHaveLength(0);
  });

  const openssl = (() => {
    try {
      execFileSync('openssl', ['version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();

  it.skipIf(!openssl)(
    'sends by node:https to an https URL (a self-signed certificate, trusted by the agent given)',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'asmxgen-tls-'));
      let key: Buffer;
      let cert: Buffer;
      try {
        execFileSync(
          'openssl',
          [
            'req',
            '-x509',
            '-newkey',
            'rsa:2048',
            '-nodes',
            '-days',
            '1',
            '-subj',
            '/CN=127.0.0.1',
            '-addext',
            'subjectAltName=IP:127.0.0.1',
            '-keyout',
            join(dir, 'key.pem'),
            '-out',
            join(dir, 'cert.pem'),
          ],
          { stdio: 'ignore' },
        );
        key = readFileSync(join(dir, 'key.pem'));
        cert = readFileSync(join(dir, 'cert.pem'));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      const server = await start(createHttpsServer({ key, cert }), 'https');
      // The client's own agent trusts only the usual authorities.
      const untrusting = createAuthenticationWebServiceClient({ url: server.url });
      expect(await rejectionOf(untrusting.Authenticate({ requestJson: 'x' }))).toBeInstanceOf(NetworkError);
      const agent = new HttpsAgent({ keepAlive: true, ca: cert });
      const client = createAuthenticationWebServiceClient({ url: server.url, agent });
      await client.Authenticate({ requestJson: 'x' });
      await client.Authenticate({ requestJson: 'y' });
      expect(server.requests.map((r) => r.body.includes('<requestJson>y</requestJson>'))).toEqual([false, true]);
      agent.destroy();
    },
  );
});

describe('fetch is used', () => {
  it('when one is given, for every call', async () => {
    const server = await start();
    const urls: string[] = [];
    const client = createAuthenticationWebServiceClient({
      url: server.url,
      fetch: (url, init) => {
        urls.push(url);
        return fetch(url, init);
      },
    });
    await client.Authenticate({ requestJson: 'x' });
    await client.Authenticate({ requestJson: 'x' }, { transport: 'httpGet' }).catch(() => undefined);
    expect(urls).toEqual([server.url, `${server.url}/Authenticate?requestJson=x`]);
  });

  it('where the runtime is not Node (a browser): the global one', async () => {
    const server = await start();
    const calls: string[] = [];
    const realFetch = globalThis.fetch;
    const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'process')!;
    let client;
    try {
      Object.defineProperty(globalThis, 'process', { value: undefined, configurable: true, writable: true });
      client = createAuthenticationWebServiceClient({ url: server.url });
      expect(() => createAuthenticationWebServiceClient({ url: server.url, agent: new Agent() })).toThrow(/Node/);
    } finally {
      Object.defineProperty(globalThis, 'process', descriptor);
    }
    globalThis.fetch = (input, init) => {
      calls.push(String(input));
      return realFetch(input, init);
    };
    try {
      await client.Authenticate({ requestJson: 'x' });
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(calls).toEqual([server.url]);
  });
});

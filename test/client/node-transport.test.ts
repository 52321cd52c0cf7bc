/**
 * The client's transport on Node (undici, loaded on the first call; or
 * `node:http` / `node:https` with the deprecated `agent`), against real
 * servers: the bytes it sends, connections kept alive and reused, the time
 * limit, both signals, failures on the way, the dispatcher and agent options,
 * a proxy, https, compressed replies; and the fetch transport where it is
 * chosen instead (a given `fetch`, a runtime that is not Node).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Agent as HttpsAgent, createServer as createHttpsServer } from 'node:https';
import { connect, createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Agent as UndiciAgent, Pool, ProxyAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createAuthenticationWebServiceClient,
  HttpError,
  NetworkError,
  service,
  TimeoutError,
} from '../../generated/index.js';
import { buildResponseEnvelope } from '../../runtime/src/soap/soap-envelope.js';
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
  it('sends by undici, over kept-alive connections for sequential calls (two, taking turns)', async () => {
    const server = await start();
    const client = createAuthenticationWebServiceClient({ url: server.url });
    for (let i = 0; i < 6; i++) await client.Authenticate({ requestJson: `call ${i}` });
    expect(server.requests).toHaveLength(6);
    // undici lets a connection rest one turn of the event loop after a reply before it takes the next request:
    // a call made at once goes on a second connection, and the two take turns.
    expect(server.connections.length).toBeGreaterThanOrEqual(1);
    expect(server.connections.length).toBeLessThanOrEqual(2);
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
    // Four at a time, and each connection resting a turn after its reply: eight at most.
    expect(server.connections.length).toBeLessThanOrEqual(8);
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

  /** A raw TCP server answering every request with an empty 200: what the client wrote, request by request. */
  async function captured(send: (url: string) => Promise<void>): Promise<string[]> {
    const requests: string[] = [];
    const sockets: Socket[] = [];
    const server = createNetServer((socket) => {
      sockets.push(socket);
      let pending = Buffer.alloc(0);
      socket.on('data', (chunk: Buffer) => {
        pending = Buffer.concat([pending, chunk]);
        for (;;) {
          const headEnd = pending.indexOf('\r\n\r\n');
          if (headEnd === -1) return;
          const length = Number(/\r\ncontent-length: *(\d+)/i.exec(pending.subarray(0, headEnd).toString())?.[1] ?? 0);
          if (pending.length < headEnd + 4 + length) return;
          requests.push(pending.subarray(0, headEnd + 4 + length).toString('latin1'));
          pending = pending.subarray(headEnd + 4 + length);
          socket.write('HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 0\r\n\r\n');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      await send(`http://127.0.0.1:${port}${service.path}`);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
    return requests.map((r) => r.replaceAll(`127.0.0.1:${port}`, 'HOST').replace(/-{4}[\w-]+/g, 'BOUNDARY'));
  }

  async function everyTransport(client: ReturnType<typeof createAuthenticationWebServiceClient>) {
    for (const transport of ['soap11', 'soap12', 'httpGet', 'httpPost'] as const)
      await client.Authenticate({ requestJson: 'v é<' }, { transport }).catch(() => undefined);
    const file = { filename: 'a.png', contentType: 'image/png', data: new Uint8Array([1, 2, 3]) };
    await client.UploadImage({ files: [file] }, { transport: 'httpPost' }).catch(() => undefined);
  }

  const HEADERS = { 'X-Trace': 'abc', authorization: 'Bearer t' };
  const SOAP11_BODY =
    '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" ' +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">' +
    '<soap:Body><Authenticate xmlns="App.WebService"><requestJson>v \u00c3\u00a9&lt;</requestJson></Authenticate>' +
    '</soap:Body></soap:Envelope>';

  it("writes each request as undici frames it: the runtime's request line, headers and body", async () => {
    const sent = await captured((url) =>
      everyTransport(createAuthenticationWebServiceClient({ url, headers: HEADERS })),
    );
    expect(sent).toHaveLength(5);
    expect(sent[0]).toBe(
      'POST /AuthenticationWebService.asmx HTTP/1.1\r\nhost: HOST\r\nconnection: keep-alive\r\n' +
        'X-Trace: abc\r\nauthorization: Bearer t\r\nContent-Type: text/xml; charset=utf-8\r\n' +
        `SOAPAction: "App.WebService/Authenticate"\r\ncontent-length: 333\r\n\r\n${SOAP11_BODY}`,
    );
    expect(sent[2]).toBe(
      'GET /AuthenticationWebService.asmx/Authenticate?requestJson=v+%C3%A9%3C HTTP/1.1\r\nhost: HOST\r\n' +
        'connection: keep-alive\r\nX-Trace: abc\r\nauthorization: Bearer t\r\n\r\n',
    );
    expect(sent[3]).toBe(
      'POST /AuthenticationWebService.asmx/Authenticate HTTP/1.1\r\nhost: HOST\r\nconnection: keep-alive\r\n' +
        'X-Trace: abc\r\nauthorization: Bearer t\r\nContent-Type: application/x-www-form-urlencoded\r\n' +
        'content-length: 23\r\n\r\nrequestJson=v+%C3%A9%3C',
    );
  });

  it('sends the same request line, header fields and body as over node:http (the agent option)', async () => {
    /** The request line, the header fields (names in lower case, sorted) and the body. */
    const fields = (request: string) => {
      const [head, body] = [request.slice(0, request.indexOf('\r\n\r\n')), request.slice(request.indexOf('\r\n\r\n'))];
      const [line, ...headers] = head.split('\r\n');
      return { line, headers: headers.map((h) => h.replace(/^[^:]+/, (n) => n.toLowerCase())).sort(), body };
    };
    const viaUndici = await captured((url) =>
      everyTransport(createAuthenticationWebServiceClient({ url, headers: HEADERS })),
    );
    const agent = new Agent({ keepAlive: true });
    const viaNodeHttp = await captured((url) =>
      everyTransport(createAuthenticationWebServiceClient({ url, headers: HEADERS, agent })),
    );
    agent.destroy();
    expect(viaUndici.map(fields)).toEqual(viaNodeHttp.map(fields));
    expect(viaUndici.map(fields)[1]!.headers).toEqual([
      'authorization: Bearer t',
      'connection: keep-alive',
      'content-length: 331',
      'content-type: application/soap+xml; charset=utf-8; action="App.WebService/Authenticate"',
      'host: HOST',
      'x-trace: abc',
    ]);
  });

  it('goes through the undici dispatcher given, for every transport', async () => {
    const server = await start();
    const seen: string[] = [];
    const dispatcher = new UndiciAgent().compose((dispatch) => (options, handler) => {
      seen.push(`${options.method} ${options.path}`);
      return dispatch(options, handler);
    });
    const client = createAuthenticationWebServiceClient({ url: server.url, dispatcher });
    server.handler = (req, res) => {
      if (req.url === service.path) answer(req, res, Buffer.alloc(0));
      else res.writeHead(200).end();
    };
    await client.Authenticate({ requestJson: 'a' });
    await client.Authenticate({ requestJson: 'b' }, { transport: 'httpGet' });
    expect(seen).toEqual([`POST ${service.path}`, `GET ${service.path}/Authenticate?requestJson=b`]);
    expect(server.requests).toHaveLength(2);
    await dispatcher.close();
  });

  it('calls through a proxy: an undici ProxyAgent as the dispatcher (CONNECT)', async () => {
    const server = await start();
    const proxy = createServer();
    const tunnels: string[] = [];
    proxy.on('connect', (req: IncomingMessage, socket: Socket, head: Buffer) => {
      tunnels.push(req.url!);
      const [host, port] = req.url!.split(':');
      const upstream = connect(Number(port), host, () => {
        socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.write(head);
        upstream.pipe(socket).pipe(upstream);
      });
      upstream.on('error', () => socket.destroy());
      socket.on('error', () => upstream.destroy());
    });
    servers.push(proxy);
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const dispatcher = new ProxyAgent(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`);
    const client = createAuthenticationWebServiceClient({ url: server.url, dispatcher });
    await client.Authenticate({ requestJson: 'through' });
    expect(tunnels).toEqual([new URL(server.url).host]);
    expect(server.requests.map((r) => r.body.includes('<requestJson>through</requestJson>'))).toEqual([true]);
    await dispatcher.close();
  });

  it('refuses a dispatcher with fetch or agent, or without a dispatch method', () => {
    const dispatcher = new Pool('http://127.0.0.1:1');
    expect(() => createAuthenticationWebServiceClient({ dispatcher, fetch })).toThrow(
      'Pass `fetch` or `dispatcher`, not both: a dispatcher is for the undici transport.',
    );
    expect(() => createAuthenticationWebServiceClient({ dispatcher, agent: new Agent() })).toThrow(
      'Pass `dispatcher` or `agent`, not both (`agent` is the deprecated node:http one).',
    );
    expect(() => createAuthenticationWebServiceClient({ dispatcher: {} as never })).toThrow(
      '`dispatcher` must be an undici Dispatcher (an object with a dispatch method).',
    );
    void dispatcher.close();
  });

  it("sends the URL's credentials as Basic authorization, as node:http did, unless the headers hold one", async () => {
    const server = await start();
    const url = server.url.replace('http://', 'http://us%40er:p%3Ass@');
    await createAuthenticationWebServiceClient({ url }).Authenticate({ requestJson: 'x' });
    await createAuthenticationWebServiceClient({ url, headers: { authorization: 'Bearer t' } }).Authenticate({});
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([
      `Basic ${Buffer.from('us@er:p:ss').toString('base64')}`,
      'Bearer t',
    ]);
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
    'sends to an https URL (a self-signed certificate, trusted by the dispatcher or the agent given)',
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
      const dispatcher = new UndiciAgent({ connect: { ca: cert } });
      const client = createAuthenticationWebServiceClient({ url: server.url, dispatcher });
      await client.Authenticate({ requestJson: 'x' });
      await client.Authenticate({ requestJson: 'y' });
      expect(server.requests.map((r) => r.body.includes('<requestJson>y</requestJson>'))).toEqual([false, true]);
      await dispatcher.close();
      // The deprecated agent option still works.
      const agent = new HttpsAgent({ keepAlive: true, ca: cert });
      await createAuthenticationWebServiceClient({ url: server.url, agent }).Authenticate({ requestJson: 'z' });
      expect(server.requests.map((r) => r.body.includes('<requestJson>z</requestJson>'))).toEqual([false, false, true]);
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

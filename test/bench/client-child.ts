/**
 * One client of the bench, in its own process, calling `Authenticate` over SOAP 1.1 on the server at the
 * given URL: `generated` is the generated client as created by default (undici), `node-soap` node-soap's client
 * (`soap.createClientAsync` on `generated/AuthenticationWebService.wsdl`, its SOAP 1.1 port), `undici` the
 * ceiling of any client on undici (the request's bytes dispatched on a `Pool`, the reply's chunks counted and
 * its status checked, nothing built or parsed), `node-http` the ceiling of any client on `node:http` (the same
 * bytes posted with a keep-alive agent, the reply read whole), and `node-net` the floor of one round trip on this
 * machine: the request's bytes written to a kept-open `node:net` socket and the reply's bytes counted, no HTTP
 * client at all (it knows the bare server frames its reply with Content-Length).
 *
 * Parent → child over IPC: `{ run: { ms, concurrency } }`; the child calls in `concurrency` loops, each call
 * after the previous one settled, for `ms`, and answers `{ calls, errors, ms, cpuMicros }` (calls that resolved,
 * calls that rejected, the elapsed time, the CPU time the client's process spent meanwhile). Calls still in flight at the end are awaited and counted.
 *
 *   node test/artifacts/bench/js/test/bench/client-child.js <generated|node-soap|undici|node-http|node-net> <URL>
 */
import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import soap from 'soap';
import { Pool } from 'undici';
import { createAuthenticationWebServiceClient } from '../../generated/index.js';
import { service } from '../../generated/service.js';
import { WSDL_FILE } from './paths.js';
import { REQUEST_JSON, REQUESTS } from './requests.js';

export type ClientKind = 'generated' | 'node-soap' | 'undici' | 'node-http' | 'node-net';

type Call = () => Promise<unknown>;

async function generatedCall(url: string): Promise<Call> {
  const client = createAuthenticationWebServiceClient({ url, transport: 'soap11' });
  return () => client.Authenticate({ requestJson: REQUEST_JSON });
}

async function nodeHttpCall(url: string): Promise<Call> {
  const agent = new Agent({ keepAlive: true });
  const { method, headers, body } = REQUESTS.soap11;
  const bytes = Buffer.from(body!, 'utf8');
  const options = { method, agent, headers: { ...headers, 'Content-Length': String(bytes.byteLength) } };
  return () =>
    new Promise((resolve, reject) => {
      const req = request(url, options, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          res.statusCode === 200 ? resolve(Buffer.concat(chunks)) : reject(new Error(`status ${res.statusCode}`)),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(bytes);
    });
}

async function undiciCall(url: string): Promise<Call> {
  const target = new URL(url);
  const pool = new Pool(target.origin);
  const { method, headers, body } = REQUESTS.soap11;
  const bytes = Buffer.from(body!, 'utf8');
  const options = { origin: target.origin, path: target.pathname, method, headers, body: bytes };
  return () =>
    new Promise((resolve, reject) => {
      let status = 0;
      let length = 0;
      pool.dispatch(options, {
        onConnect: () => undefined,
        onHeaders: (statusCode: number) => ((status = statusCode), true),
        onData: (chunk: Buffer) => ((length += chunk.byteLength), true),
        onComplete: () => (status === 200 ? resolve(length) : reject(new Error(`status ${status}`))),
        onError: reject,
      });
    });
}

async function nodeNetCall(url: string): Promise<Call> {
  const { method, headers, body } = REQUESTS.soap11;
  const target = new URL(url);
  const bytes = Buffer.from(body!, 'utf8');
  const head = [`${method} ${target.pathname} HTTP/1.1`, `Host: ${target.host}`];
  for (const [name, value] of Object.entries(headers)) head.push(`${name}: ${value}`);
  head.push(`Content-Length: ${bytes.byteLength}`, '', '');
  const requestBytes = Buffer.concat([Buffer.from(head.join('\r\n'), 'latin1'), bytes]);
  const idle: NetConnection[] = [];
  return async () => {
    // A connection the server closed while idle (its keep-alive timeout) is dropped, as an agent does.
    let connection = idle.pop();
    while (connection?.closed) connection = idle.pop();
    connection ??= await NetConnection.open(Number(target.port), target.hostname);
    await connection.roundTrip(requestBytes);
    idle.push(connection);
  };
}

/** One kept-open socket: a request's bytes out, then bytes in until the reply's head and Content-Length are read. */
class NetConnection {
  private received: Buffer = Buffer.alloc(0);
  private waiting: { resolve: () => void; reject: (error: Error) => void } | undefined;
  closed = false;

  private constructor(private readonly socket: Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => {
      this.closed = true;
      this.fail(new Error('connection closed'));
    });
  }

  static open(port: number, host: string): Promise<NetConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, host, () => resolve(new NetConnection(socket)));
      socket.once('error', reject);
    });
  }

  roundTrip(bytes: Buffer): Promise<void> {
    if (this.closed) return Promise.reject(new Error('connection closed'));
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(bytes);
    });
  }

  private onData(chunk: Buffer): void {
    this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk]);
    const headEnd = this.received.indexOf('\r\n\r\n');
    if (headEnd === -1) return;
    const head = this.received.subarray(0, headEnd).toString('latin1');
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!length) return this.fail(new Error(`no Content-Length in ${head}`));
    const total = headEnd + 4 + Number(length[1]);
    if (this.received.length < total) return;
    this.received = this.received.subarray(total);
    const waiting = this.waiting;
    this.waiting = undefined;
    if (!head.startsWith('HTTP/1.1 200 ')) waiting?.reject(new Error(head.split('\r\n')[0]));
    else waiting?.resolve();
  }

  private fail(error: Error): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.reject(error);
  }
}

async function nodeSoapCall(url: string): Promise<Call> {
  const client = await soap.createClientAsync(WSDL_FILE, {}, url);
  // The SOAP 1.1 port explicitly: the client's top-level methods are those of whichever port it read last.
  const port = (client as unknown as Record<string, Record<string, Record<string, Function>>>)[service.name]![
    `${service.name}Soap`
  ]!;
  const method = port.Authenticate!;
  return () =>
    new Promise((resolve, reject) => {
      method({ requestJson: REQUEST_JSON }, (error: unknown, result: unknown) =>
        error ? reject(error) : resolve(result),
      );
    });
}

async function run(call: Call, ms: number, concurrency: number) {
  let calls = 0;
  let errors = 0;
  let firstError: string | undefined;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const deadline = started + ms;
  const loop = async () => {
    while (performance.now() < deadline) {
      try {
        await call();
        calls++;
      } catch (error) {
        errors++;
        firstError ??= String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  const { user, system } = process.cpuUsage(cpu);
  return { calls, errors, firstError, ms: performance.now() - started, cpuMicros: user + system };
}

const kind = process.argv[2] as ClientKind;
const url = process.argv[3];
const FACTORIES: Record<ClientKind, (url: string) => Promise<Call>> = {
  generated: generatedCall,
  'node-soap': nodeSoapCall,
  undici: undiciCall,
  'node-http': nodeHttpCall,
  'node-net': nodeNetCall,
};
const factory = Object.hasOwn(FACTORIES, kind) ? FACTORIES[kind] : undefined;
if (!factory || !url || !process.send) {
  console.error(
    'usage (as a child process with IPC): client-child.js <generated|node-soap|undici|node-http|node-net> <endpoint URL>',
  );
  process.exit(2);
}
const call = await factory(url);
await call(); // Fails loudly here, before any measure, if this client cannot call this server.
process.on('message', (message: 'stop' | { run?: { ms: number; concurrency: number } }) => {
  if (message === 'stop') process.disconnect();
  else if (message.run) void run(call, message.run.ms, message.run.concurrency).then((result) => process.send!(result));
});
process.on('disconnect', () => process.exit(0));
process.send({ ready: true });

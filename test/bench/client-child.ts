/**
 * One client of the bench, in its own process, calling `Authenticate` over SOAP 1.1 on the server at the
 * given URL: `generated` is the generated client as created by default (node:http), `node-soap` node-soap's client
 * (`soap.createClientAsync` on `generated/AuthenticationWebService.wsdl`, its SOAP 1.1 port), and `node-http`
 * the floor of any Node client: the request's bytes posted with `node:http` and a keep-alive agent, the reply
 * read whole and its status checked, nothing built or parsed.
 *
 * Parent → child over IPC: `{ run: { ms, concurrency } }`; the child calls in `concurrency` loops, each call
 * after the previous one settled, for `ms`, and answers `{ calls, errors, ms }` (calls that resolved, calls
 * that rejected, the elapsed time). Calls still in flight at the end are awaited and counted.
 *
 *   node test/artifacts/bench/js/test/bench/client-child.js <generated|node-soap|node-http> <endpoint URL>
 */
import { Agent, request } from 'node:http';
import soap from 'soap';
import { createAuthenticationWebServiceClient } from '../../generated/index.js';
import { service } from '../../generated/service.js';
import { WSDL_FILE } from './paths.js';
import { REQUEST_JSON, REQUESTS } from './requests.js';

export type ClientKind = 'generated' | 'node-soap' | 'node-http';

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
  return { calls, errors, firstError, ms: performance.now() - started };
}

const kind = process.argv[2] as ClientKind;
const url = process.argv[3];
const FACTORIES: Record<ClientKind, (url: string) => Promise<Call>> = {
  generated: generatedCall,
  'node-soap': nodeSoapCall,
  'node-http': nodeHttpCall,
};
const factory = Object.hasOwn(FACTORIES, kind) ? FACTORIES[kind] : undefined;
if (!factory || !url || !process.send) {
  console.error('usage (as a child process with IPC): client-child.js <generated|node-soap|node-http> <endpoint URL>');
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

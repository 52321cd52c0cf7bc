// The generated client's half of the differential run: for every reply the real runtime gave a Mono proxy's echo
// call (SOAP 1.1, SOAP 1.2, HTTP GET, HTTP POST), the generated client reads it into a TypeScript value, sends that
// value back to the runtime with the same echo over the same protocol, and the runtime's reply must be the same
// bytes: the client read every member the runtime wrote and wrote it as the runtime reads it. The client is the one
// `asmxgen generate` writes for the spec (its `service.ts` description, run by @asmxgen/runtime).
import { isDeepStrictEqual } from 'node:util';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const TRANSPORTS = { SOAP: 'soap11', SOAP12: 'soap12', HttpGet: 'httpGet', HttpPost: 'httpPost' };

/**
 * @param root the repository (its esbuild and runtime/dist)
 * @param generated the folder `asmxgen generate` wrote
 * @param endpoint the runtime's `http://…/Name.asmx`
 * @param exchanges `{ type, protocol, runtime: { status, contentType, body } }` of the Mono proxies' calls
 * @returns one `{ type, protocol, result: 'identical' | 'differs', detail }` per exchange the runtime answered with 200
 */
export async function clientRoundTrip(root, generated, endpoint, exchanges) {
  const service = await loadDescription(root, generated);
  const runtime = (path) => import(pathToFileURL(join(root, 'runtime/dist', path)).href);
  const { createServiceCaller } = await runtime('client.js');
  const { soapReplyReader } = await runtime('client/soap-reply.js');
  const { readHttpReply } = await runtime('client/http-reply.js');
  const { receivedReply } = await runtime('client/received-reply.js');
  const context = { types: service.types ?? {}, namespace: service.namespace };
  const httpContext = service.httpNamespace === undefined ? context : { ...context, namespace: service.httpNamespace };
  const results = [];
  for (const { type, protocol, runtime: first } of exchanges) {
    const transport = TRANSPORTS[protocol];
    const op = service.operations.find((o) => o.name === `Echo${type}` || o.name === `Echo${type}_`);
    if (!transport || !op || first.status !== 200 || !service.transports.includes(transport)) continue;
    const site = { operation: op.name, transport };
    const report = (result, detail = '') => results.push({ type, protocol, result, detail });
    try {
      const reply = receivedReply(first.status, first.contentType || undefined, first.body);
      const read = transport.startsWith('soap')
        ? soapReplyReader(site, context, op)
        : (r) => readHttpReply(site, httpContext, op, r);
      const value = read(reply);
      let second;
      const call = createServiceCaller(service, endpoint, {
        transport,
        fetch: async (url, init) => {
          const answer = await fetch(url, init);
          const body = Buffer.from(await answer.arrayBuffer());
          second = { status: answer.status, body };
          return new Response(body, { status: answer.status, headers: answer.headers });
        },
      });
      const echoed = await call(op.name, echoArguments(op, value));
      if (second.status !== first.status) report('differs', `status ${first.status}, then ${second.status}`);
      else if (!second.body.equals(first.body)) report('differs', firstDifference(first.body, second.body));
      else if (!isDeepStrictEqual(echoed, value)) report('differs', 'the client read the same bytes as two values');
      else report('identical');
    } catch (error) {
      report('differs', `${error.name}: ${String(error.message).split('\n')[0]}`.slice(0, 300));
    }
  }
  return results;
}

/**
 * The arguments that send `value` (what the client read from a reply) back: the echo's parameter; or, for an echo
 * the spec describes as `ref` parameters and no result (the client resolves to an object of them), each of them.
 */
function echoArguments(op, value) {
  const refs = (op.parameters ?? []).filter((p) => p.direction === 'ref');
  if (op.result === undefined && refs.length > 0) return Object.fromEntries(refs.map((p) => [p.name, value?.[p.name]]));
  return { [op.parameters?.[0]?.name ?? 'value']: value };
}

/** The generated `service.ts`, compiled by esbuild, its runtime imports pointed at runtime/dist. */
async function loadDescription(root, generated) {
  const esbuild = await import(pathToFileURL(join(root, 'node_modules/esbuild/lib/main.js')).href);
  const source = readFileSync(join(generated, 'service.ts'), 'utf8');
  const { code } = await esbuild.transform(source, { loader: 'ts', format: 'esm' });
  const entry = (name) => pathToFileURL(join(root, 'runtime/dist', `${name}.js`)).href;
  const linked = code.replace(
    /(from\s+)(['"])@asmxgen\/runtime(?:\/([\w-]+))?\2/g,
    (_, from, quote, sub) => `${from}${quote}${entry(sub === undefined ? 'service-description' : sub)}${quote}`,
  );
  if (/from\s+['"]\.\//.test(linked))
    throw new Error('service.ts imports a generated module; only the runtime is linked');
  const file = join(generated, 'service.differential.mjs');
  writeFileSync(file, linked);
  return (await import(pathToFileURL(file).href)).service;
}

function firstDifference(a, b) {
  const x = a.toString('utf8');
  const y = b.toString('utf8');
  let i = 0;
  while (i < x.length && x[i] === y[i]) i++;
  const from = Math.max(0, i - 60);
  return `body at ${i}: runtime's reply to Mono ${JSON.stringify(x.slice(from, i + 80))}, to the client ${JSON.stringify(y.slice(from, i + 80))}`;
}

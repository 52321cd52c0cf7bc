/**
 * How a client's requests travel, chosen once per client:
 *
 * - with `options.fetch`: that fetch;
 * - on Node (and runtimes that provide Node's built-ins, e.g. Deno and Bun)
 *   otherwise: undici, through a pool of the client's own or
 *   `options.dispatcher`; `node:http` / `node:https` (by the URL's protocol)
 *   with `options.agent` (deprecated) or where undici cannot be loaded. Loaded
 *   on the first call, by a dynamic import bundlers leave alone, so nothing of
 *   it reaches a browser;
 * - elsewhere (browsers), or where `node:http` cannot be loaded: the global
 *   `fetch`.
 *
 * What every sender resolves to, or rejects with, is in `sender.ts`. With `options.cookies` (by default for a
 * service with `enableSession` operations), the sender keeps the service's cookies (`cookie-jar.ts`).
 */
import type { ResolvedClientOptions } from './client-options.js';
import { cookieSender } from './cookie-jar.js';
import { fetchSender } from './fetch-transport.js';
import { nodeSender } from './node-transport.js';
import { runsOnNode } from './runs-on-node.js';
import type { Sender } from './sender.js';

export type { ReceivedReply } from './received-reply.js';

export function createSender(client: ResolvedClientOptions): Sender {
  const send = transportSender(client);
  const { cookies } = client;
  if (cookies === false) return send;
  return cookieSender(send, cookies === true ? undefined : cookies);
}

function transportSender(client: ResolvedClientOptions): Sender {
  if (client.fetch !== undefined) return fetchSender(client.fetch);
  // The global fetch is looked up per call (a polyfill installed later is used), and never called as a method of
  // another object (browsers refuse that: "Illegal invocation").
  const globalFetch = fetchSender((url, init) => globalThis.fetch(url, init));
  if (client.agent === undefined && client.dispatcher === undefined && !runsOnNode()) return globalFetch;
  return nodeSender(client.endpoint, client.agent, client.dispatcher, globalFetch);
}

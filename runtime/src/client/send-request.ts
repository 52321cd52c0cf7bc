/**
 * How a client's requests travel, chosen once per client:
 *
 * - with `options.fetch`: that fetch;
 * - on Node (and runtimes that provide `node:http`, e.g. Deno and Bun)
 *   otherwise: `node:http` / `node:https` (by the URL's protocol) with a
 *   keep-alive agent of the client's own, or `options.agent`: loaded on the
 *   first call, by a dynamic import bundlers leave alone, so nothing of it
 *   reaches a browser;
 * - elsewhere (browsers), or where `node:http` cannot be loaded: the global
 *   `fetch`.
 *
 * Every sender resolves to the whole reply, or rejects: with the client's or
 * the call's signal's `reason` when one aborts, a `TimeoutError` after
 * `timeoutMs`, a `NetworkError` for any other failure.
 */
import type { ResolvedClientOptions } from './client-options.js';
import type { CallSite } from './errors.js';
import { fetchSender } from './fetch-transport.js';
import { nodeSender, runsOnNode } from './node-transport.js';
import type { OutgoingRequest } from './outgoing-request.js';
import type { ReceivedReply } from './received-reply.js';

export type { ReceivedReply } from './received-reply.js';

export type Sender = (
  request: OutgoingRequest,
  site: CallSite,
  timeoutMs: number,
  clientSignal: AbortSignal | undefined,
  callSignal: AbortSignal | undefined,
) => Promise<ReceivedReply>;

export function createSender(client: ResolvedClientOptions): Sender {
  if (client.fetch !== undefined) return fetchSender(client.fetch);
  // The global fetch is looked up per call (a polyfill installed later is used), and never called as a method of
  // another object (browsers refuse that: "Illegal invocation").
  const globalFetch = fetchSender((url, init) => globalThis.fetch(url, init));
  if (client.agent === undefined && !runsOnNode()) return globalFetch;
  return nodeSender(client.endpoint, client.agent, globalFetch);
}

/**
 * How a client's calls travel in a browser (the `browser` export of
 * `@asmxgen/runtime/client`): by `options.fetch`, else by the global
 * `fetch`. Nothing here, nor anything it imports, is Node's: the Node
 * transport (`node-transport.ts`) is not in this entry's module graph.
 */
import type { ResolvedClientOptions } from './client-options.js';
import { fetchSender } from './fetch-transport.js';
import type { Sender } from './sender.js';

export function createBrowserSender(client: ResolvedClientOptions): Sender {
  if (client.fetch !== undefined) return fetchSender(client.fetch);
  if (client.agent !== undefined || client.dispatcher !== undefined) {
    const option = client.agent !== undefined ? 'agent' : 'dispatcher';
    throw new TypeError(
      `\`${option}\` is for the Node transport, which the browser build of @asmxgen/runtime/client leaves out.`,
    );
  }
  // Looked up per call (a polyfill installed later is used), and never called as a method of another object
  // (browsers refuse that: "Illegal invocation").
  return fetchSender((url, init) => globalThis.fetch(url, init));
}

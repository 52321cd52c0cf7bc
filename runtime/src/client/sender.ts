/**
 * What a transport is to the client: a function that sends one request and
 * resolves to the whole reply, or rejects: with the client's or the call's
 * signal's `reason` when one aborts, a `TimeoutError` after `timeoutMs`, a
 * `NetworkError` for any other failure. `fetch-transport.ts` and
 * `node-transport.ts` make senders; `send-request.ts` picks one per client.
 */
import type { CallSite } from './errors.js';
import type { OutgoingRequest } from './outgoing-request.js';
import type { ReceivedReply } from './received-reply.js';

export type Sender = (
  request: OutgoingRequest,
  site: CallSite,
  timeoutMs: number,
  clientSignal: AbortSignal | undefined,
  callSignal: AbortSignal | undefined,
) => Promise<ReceivedReply>;

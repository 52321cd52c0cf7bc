import type { RequestClassification } from '@asmxgen/runtime/server';
import type { CapturedBody } from './body-capture.js';
import type { HeaderPairs } from './hop-by-hop.js';

/** Who answered a request the proxy received. */
export type ServedBy = 'upstream' | 'local';

/** One request through the proxy and the reply its caller got: what is recorded and shadowed. */
export interface Exchange {
  readonly startedAt: Date;
  readonly request: {
    readonly method: string;
    /** The absolute URL as the caller addressed it: `http://proxy:8080/Svc.asmx?wsdl`. */
    readonly url: string;
    /** `/Svc.asmx?wsdl`: what is sent to another service. */
    readonly pathAndQuery: string;
    readonly httpVersion: string;
    /** As the caller sent them. */
    readonly headers: HeaderPairs;
    readonly body: CapturedBody;
  };
  readonly response: {
    readonly status: number;
    readonly statusText: string;
    readonly httpVersion: string;
    /** As received from whoever answered (hop-by-hop ones too). */
    readonly headers: HeaderPairs;
    /** `undefined` when the reply was not kept (neither recorded nor shadowed). */
    readonly body: CapturedBody | undefined;
  };
  /** Milliseconds: sending the request, waiting for the reply's head, receiving its body. */
  readonly timings: { readonly send: number; readonly wait: number; readonly receive: number };
  /** The operation and binding, as the runtime routes the request; `undefined` for documents and the like. */
  readonly call: RequestClassification | undefined;
  readonly servedBy: ServedBy;
  /** Why the reply is the proxy's own (502, 504) rather than the service's. */
  readonly error?: string;
}

/**
 * What both client entry points (`client.ts` for Node, `client-browser.ts` for browsers) export besides
 * `createServiceCaller`: one list, so that the two offer the same API.
 */
export type { ServiceCaller } from './service-caller.js';
export { HttpError, JsonFaultError, NetworkError, ProtocolError, SoapFaultError, TimeoutError } from './errors.js';
export type {
  CallOptions,
  ClientCookieJar,
  ClientFile,
  ClientOptions,
  ClientTransport,
  ClientUpload,
  CommonCallOptions,
  FetchFunction,
  HttpAgent,
  HttpDispatcher,
} from './client-options.js';
export type { SoapFaultCode } from '../soap/soap-fault.js';
export { XmlFragment, XsdDateTime } from '../service-description.js';
export type { AnyValue, ServiceDescription, Transport } from '../service-description.js';

/**
 * The client runtime's entry point, what generated `client.ts` modules
 * import: calls to an ASMX service (a real one, or the generated server)
 * over SOAP 1.1, SOAP 1.2, HttpGet and HttpPost, described by its
 * `ServiceDescription`. It imports no `node:` module and no package but
 * fast-xml-parser: it runs on Node 20 and later and in browsers. On Node it
 * sends by undici (or, with the deprecated `options.agent`, `node:http` /
 * `node:https`), imported on a client's first call; elsewhere, or with
 * `options.fetch`, by `fetch`. Bundlers that honour the package's `browser`
 * export condition take `client-browser.ts` instead, which has no Node
 * transport at all.
 */
import type { ClientOptions } from './client/client-options.js';
import { createSender } from './client/send-request.js';
import { createCaller, type ServiceCaller } from './client/service-caller.js';
import type { ServiceDescription } from './service-description.js';

export * from './client/public-api.js';

/**
 * A service's calls (what a generated client wraps).
 *
 * @param defaultUrl the endpoint when `options.url` is not given: the
 *   address the service's WSDL names
 * @throws TypeError for options that cannot work (a URL that is not http(s),
 *   a transport the service does not enable)
 */
export function createServiceCaller(
  service: ServiceDescription,
  defaultUrl: string,
  options: ClientOptions = {},
): ServiceCaller {
  return createCaller(service, defaultUrl, options, createSender);
}

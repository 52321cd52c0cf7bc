/**
 * The client runtime's entry point for browsers: the package's `browser`
 * export condition maps `@asmxgen/runtime/client` here (esbuild, webpack,
 * Vite and Rollup's node-resolve with `browser: true` honour it). The same
 * API as `client.ts`, calls sent by `fetch` (the global one, or
 * `options.fetch`); no module of this entry's graph imports a `node:`
 * module or anything of the Node transport.
 */
import type { ClientOptions } from './client/client-options.js';
import { createBrowserSender } from './client/browser-sender.js';
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
  return createCaller(service, defaultUrl, options, createBrowserSender);
}

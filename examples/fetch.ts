/**
 * The generated service on a runtime built on the Fetch API: a
 * `(request: Request) => Promise<Response>` handler, as Deno
 * (`Deno.serve(handler)`), Bun (`Bun.serve({ fetch: handler })`), Cloudflare
 * Workers and Hono/itty-style routers take it. Requests for other paths get a
 * 404: route them elsewhere first when the app serves more.
 */
import {
  createAuthenticationWebServiceFetchHandler,
  type AuthenticationWebServiceHandlers,
  type ServerOptions,
} from '../generated/index.js';

export function createFetchApp(
  handlers: AuthenticationWebServiceHandlers,
  options?: ServerOptions,
): { fetch: (request: Request) => Promise<Response> } {
  const service = createAuthenticationWebServiceFetchHandler(handlers, options);
  return {
    fetch(request) {
      if (new URL(request.url).pathname === '/health') return Promise.resolve(Response.json({ ok: true }));
      return service(request);
    },
  };
}

// Deno: Deno.serve(createFetchApp(handlers).fetch)   Bun, Workers: export default createFetchApp(handlers)

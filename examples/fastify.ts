/**
 * The generated service in a Fastify app, by an `onRequest` hook: the
 * service's requests are answered before Fastify parses their bodies (its
 * content-type parsers would refuse `text/xml` and `application/soap+xml`,
 * and consume the body), every other request goes on through Fastify's
 * routes as usual. Registered without encapsulation (`skip-override`, as
 * `fastify-plugin` does), so the hook also sees paths that have no Fastify
 * route.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyPluginCallback } from 'fastify';
import {
  createAuthenticationWebServiceHandler,
  type AuthenticationWebServiceHandlers,
  type ServerOptions,
} from '../generated/index.js';

type NodeHandler = (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void) => void;

/** A Fastify plugin serving a generated service's node handler (`createSvcHandler(…)`). */
export function asmxService(handler: NodeHandler): FastifyPluginCallback {
  const plugin: FastifyPluginCallback = (app, _options, done) => {
    app.addHook('onRequest', (request, reply, next) => {
      let outside = false;
      handler(request.raw, reply.raw, () => {
        outside = true;
      });
      // The service answers on the raw response: Fastify must neither parse the body nor reply.
      if (!outside) reply.hijack();
      next();
    });
    done();
  };
  return Object.assign(plugin, { [Symbol.for('skip-override')]: true });
}

export async function createApp(
  handlers: AuthenticationWebServiceHandlers,
  options?: ServerOptions,
): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(asmxService(createAuthenticationWebServiceHandler(handlers, options)));
  app.get('/health', () => ({ ok: true }));
  return app;
}

// Run it: const app = await createApp(handlers); await app.listen({ port: 8080 });

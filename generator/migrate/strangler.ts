/**
 * The strangler: the operations a handlers file defines, served by the generated server on a loopback port the
 * proxy sends their requests to (so they stream, and are recorded and shadowed, as forwarded ones are).
 */
import type { Server } from 'node:http';
import { loadService, listen, type ServeConfig } from '../serve/start-service.js';
import { Target } from './send-request.js';

export interface Strangler {
  readonly target: Target;
  /** The operations served here, by name. */
  readonly operations: ReadonlySet<string>;
  close(): Promise<void>;
}

export async function startStrangler(
  config: Omit<ServeConfig, 'port' | 'host' | 'drainMs'> & { readonly implFile: string },
  log: (line: string) => void,
): Promise<Strangler> {
  const served = await loadService({ ...config, port: 0, host: '127.0.0.1', drainMs: 0 }, log, { partial: true });
  await listen(served.server, { port: 0, host: '127.0.0.1' });
  const target = new Target(new URL(`http://127.0.0.1:${portOf(served.server)}`));
  return {
    target,
    operations: new Set(served.implemented),
    close: () =>
      new Promise((done) => {
        target.close();
        served.server.close(() => done());
        served.server.closeAllConnections();
      }),
  };
}

function portOf(server: Server): number {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

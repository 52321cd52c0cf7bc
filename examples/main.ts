/**
 * A service's production entry point, as docs/deploy.md builds it into a
 * container: the generated `node:http` server on `PORT`, one JSON log line
 * per call, and a graceful stop on SIGTERM (what Kubernetes and `docker stop`
 * send): no new connections, requests in flight answered, then exit 0.
 * `WORKERS` > 1 serves with that many processes sharing the port
 * (node:cluster), for one machine with several cores.
 */
import cluster from 'node:cluster';
import { createAuthenticationWebServiceServer, type AuthenticationWebServiceHandlers } from '../generated/index.js';

export function main(handlers: AuthenticationWebServiceHandlers): void {
  const workers = Number(process.env.WORKERS ?? 1);
  if (workers > 1 && cluster.isPrimary) {
    for (let i = 0; i < workers; i++) cluster.fork();
    // Each worker drains on its own; the primary passes the signal on and exits when they have.
    process.once('SIGTERM', () => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    });
    return;
  }
  const server = createAuthenticationWebServiceServer(handlers, {
    onCall: (call) => process.stdout.write(JSON.stringify({ time: new Date().toISOString(), ...call }) + '\n'),
  });
  server.listen(Number(process.env.PORT ?? 8080), process.env.HOST ?? '0.0.0.0');
  process.once('SIGTERM', () => {
    // From now on every reply closes its connection, so kept-alive clients reconnect to another instance.
    server.on('request', (_req, res) => {
      res.shouldKeepAlive = false;
    });
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    // A handler still running after the grace period is cut off.
    setTimeout(() => server.closeAllConnections(), Number(process.env.DRAIN_MS ?? 10_000)).unref();
  });
}

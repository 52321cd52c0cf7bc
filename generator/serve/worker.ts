/**
 * A cluster worker of `asmxgen serve --workers N`, or the serving process of `serve --watch`
 * (ASMXGEN_SERVE_ALONE: its lines need no worker prefix): serves with the config the
 * primary put in ASMXGEN_SERVE_CONFIG, and drains on a stop signal.
 */
import { startService, stopOnSignal, type ServeConfig } from './start-service.js';

const config = JSON.parse(process.env.ASMXGEN_SERVE_CONFIG ?? '{}') as ServeConfig;
// With --log json, stdout carries the call lines only.
const out = config.logFormat === 'json' ? process.stderr : process.stdout;
const prefix = process.env.ASMXGEN_SERVE_ALONE ? '' : `[worker ${process.pid}] `;
const log = (line: string) => out.write(`${prefix}${line}\n`);
try {
  const server = await startService(config, log);
  const address = server.address();
  process.send?.({ type: 'listening', port: typeof address === 'object' && address ? address.port : config.port });
  await stopOnSignal(server, config.drainMs, log);
  process.exit(0);
} catch (error) {
  process.stderr.write(`asmxgen: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
}

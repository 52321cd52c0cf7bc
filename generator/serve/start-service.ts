import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CallRecord } from '@asmxgen/runtime/server';
import { HANDLERS_EXPORT } from '../impl/conventions.js';
import { mockHandlers } from './mock-handlers.js';
import { registerTypeScript } from './register-ts.js';

/** Everything a serving process needs; plain data, so a cluster worker can receive it. */
export interface ServeConfig {
  /** The folder holding the generated service (its `index.ts`). */
  readonly generatedDir: string;
  /** `create{Svc}Server`, as the model names it. */
  readonly createServer: string;
  readonly serviceName: string;
  readonly implFile?: string;
  readonly port: number;
  readonly host: string;
  /** How long in-flight requests may take to finish after a stop signal. */
  readonly drainMs: number;
  /** `text`: readable lines (the mock's calls, handler errors); `json`: one JSON line per call on stdout. */
  readonly logFormat: 'text' | 'json';
}

/**
 * `--log json`: one call as one line of JSON, for log shippers: `time` (ISO 8601), `operation`, `transport`,
 * `status`, `outcome`, `durationMs` (to the microsecond), and `fault` (`{ code, message }`) when there is
 * one; an unknown operation or transport, or a missing status, is `null`.
 */
export function callLogLine(record: CallRecord, time = new Date()): string {
  return JSON.stringify({
    time: time.toISOString(),
    operation: record.operation ?? null,
    transport: record.transport ?? null,
    status: record.status ?? null,
    outcome: record.outcome,
    durationMs: Math.round(record.durationMs * 1000) / 1000,
    ...(record.fault && { fault: { code: record.fault.code, message: record.fault.message } }),
  });
}

export class ServeError extends Error {
  override name = 'ServeError';
}

interface GeneratedModule {
  readonly service: { readonly operations: readonly { name: string; result?: { type: never } }[] };
  readonly [name: string]: unknown;
}

/** Imports the generated service and the handlers, and listens. Resolves once listening. */
export async function startService(config: ServeConfig, log: (line: string) => void): Promise<Server> {
  registerTypeScript();
  const generated = (await import(pathToFileURL(join(config.generatedDir, 'index.ts')).href)) as GeneratedModule;
  const json = config.logFormat === 'json';
  const handlers = config.implFile
    ? await loadImpl(config, generated)
    : mockHandlers(generated.service.operations, json ? () => undefined : (line) => log(`call  ${line}`));
  const create = generated[config.createServer] as (handlers: object, options?: object) => Server;
  const server = create(
    handlers,
    json
      ? { onCall: (record: CallRecord) => process.stdout.write(callLogLine(record) + '\n') }
      : {
          onError: (error: unknown, ctx: { operation: string }) =>
            log(`error ${ctx.operation}: ${error instanceof Error ? error.message : String(error)}`),
        },
  );
  await new Promise<void>((done, fail) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE')
        fail(new ServeError(`Port ${config.port} on ${config.host} is in use; choose another with --port.`));
      else if (error.code === 'EACCES')
        fail(new ServeError(`Not allowed to listen on port ${config.port}; choose a port above 1023 with --port.`));
      else fail(error);
    });
    server.listen(config.port, config.host, () => done());
  });
  return server;
}

async function loadImpl(config: ServeConfig, generated: GeneratedModule): Promise<object> {
  const file = resolve(config.implFile!);
  let module: Record<string, unknown>;
  try {
    module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ServeError(`Cannot load the handlers from ${config.implFile}: ${reason}`);
  }
  const handlers = module[HANDLERS_EXPORT];
  if (!handlers || typeof handlers !== 'object') {
    throw new ServeError(
      `${config.implFile} does not export \`${HANDLERS_EXPORT}\`: asmxgen serve loads ` +
        `\`export const ${HANDLERS_EXPORT}: ${config.serviceName}Handlers = { … }\` from it ` +
        `(asmxgen generate --impl ${config.implFile} creates one).`,
    );
  }
  const missing = generated.service.operations
    .map((op) => op.name)
    .filter((name) => typeof (handlers as Record<string, unknown>)[name] !== 'function');
  if (missing.length > 0) {
    throw new ServeError(
      `${config.implFile} has no handler for ${missing.join(', ')}. ` +
        `Run \`asmxgen generate --impl ${config.implFile}\` to add a stub for each.`,
    );
  }
  return handlers;
}

/**
 * Stops on SIGINT/SIGTERM: no new connections, in-flight requests finish
 * (up to `drainMs`, then their connections are closed), exit code 0.
 *
 * Kept-alive connections would otherwise go on carrying new requests after
 * the signal and hold the process until `drainMs`, when cutting them would
 * lose replies whose handlers already ran. So from the signal on, every reply
 * not yet started says `Connection: close` and closes its connection, and a
 * connection that goes idle is closed at once.
 */
export function stopOnSignal(server: Server, drainMs: number, log: (line: string) => void): Promise<void> {
  const inFlight = new Set<ServerResponse>();
  let stopping = false;
  const closeAfterReply = (res: ServerResponse) => {
    if (!res.headersSent) res.shouldKeepAlive = false;
  };
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (stopping) {
      closeAfterReply(res);
      return;
    }
    inFlight.add(res);
    res.once('close', () => {
      inFlight.delete(res);
      if (stopping) server.closeIdleConnections();
    });
  });
  return new Promise((done) => {
    const stop = (signal: string) => {
      log(`stopping (${signal}): finishing in-flight requests`);
      stopping = true;
      for (const res of inFlight) closeAfterReply(res);
      const deadline = setTimeout(() => server.closeAllConnections(), drainMs);
      deadline.unref();
      server.close(() => {
        clearTimeout(deadline);
        done();
      });
      server.closeIdleConnections();
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
}

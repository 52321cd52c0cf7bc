import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { CallRecord } from '@asmxgen/runtime/server';
import { packageRoot } from '../package-root.js';
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
  /** The handlers file as messages name it (relative to the working folder when inside it). */
  readonly implName?: string;
  readonly port: number;
  readonly host: string;
  /** How long in-flight requests may take to finish after a stop signal. */
  readonly drainMs: number;
  /** `text` (the default): readable lines (the mock's calls, handler errors); `json`: one JSON line per call on stdout. */
  readonly logFormat?: 'text' | 'json';
  /** The server's `validateRequest` (default `true`): refuse what ASP.NET's request validation refuses. */
  readonly validateRequest?: boolean;
  /** The server's `sessionStore`: a `redis://` URL; default: the process's memory. */
  readonly sessionStore?: string;
  /** The server's `sessionTimeout`, in minutes (default 20). */
  readonly sessionTimeout?: number;
  /** The server's `timeZone`: the legacy host's, for JSON dates without one (default this process's). */
  readonly timeZone?: string;
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
  readonly service: {
    readonly operations: readonly { name: string; method?: string; result?: { type: never } }[];
  };
  readonly [name: string]: unknown;
}

/** A served service, not yet listening. */
export interface LoadedService {
  readonly server: Server;
  /** The operations (by name) the handlers define: all of them, unless `partial`. */
  readonly implemented: readonly string[];
}

/** Imports the generated service and the handlers, and listens. Resolves once listening. */
export async function startService(config: ServeConfig, log: (line: string) => void): Promise<Server> {
  const { server } = await loadService(config, log);
  await listen(server, config);
  return server;
}

/**
 * Imports the generated service and the handlers, and creates its server. With `partial` (the proxy's
 * strangler), the handlers file may define only some operations: the others answer a Server fault, and a
 * request for them is not meant to reach this server.
 */
export async function loadService(
  config: ServeConfig,
  log: (line: string) => void,
  options: { readonly partial?: boolean } = {},
): Promise<LoadedService> {
  registerTypeScript();
  const generated = (await import(pathToFileURL(join(config.generatedDir, 'index.ts')).href)) as GeneratedModule;
  const operations = generated.service.operations;
  const json = config.logFormat === 'json';
  let handlers: Record<string, unknown>;
  let implemented = operations.map((op) => op.name);
  if (config.implFile) {
    handlers = await loadImpl(config);
    implemented = operations.filter((op) => typeof handlers[handlerKey(op)] === 'function').map((op) => op.name);
    const missing = operations.filter((op) => typeof handlers[handlerKey(op)] !== 'function').map(handlerKey);
    if (options.partial) {
      if (implemented.length === 0) {
        throw new ServeError(
          `${config.implFile} defines no handler for any operation of ${config.serviceName}, so nothing would be ` +
            `served locally; define the operations to serve (e.g. \`${handlerKey(operations[0]!)}\`) in \`${HANDLERS_EXPORT}\`.`,
        );
      }
      // The user's object stays the prototype: its methods keep their `this`, own or inherited.
      handlers = Object.assign(
        Object.create(handlers) as Record<string, unknown>,
        ...missing.map((key) => ({ [key]: notServedHere })),
      );
    } else if (missing.length > 0) {
      throw new ServeError(
        `${config.implFile} has no handler for ${missing.join(', ')}. ` +
          `Run \`asmxgen generate --impl ${config.implFile}\` to add a stub for each.`,
      );
    }
  } else {
    handlers = mockHandlers(operations, json ? () => undefined : (line) => log(`call  ${line}`));
  }
  const create = generated[config.createServer] as (handlers: object, options?: object) => Server;
  const server = create(handlers, {
    validateRequest: config.validateRequest ?? true,
    ...(config.sessionStore !== undefined && { sessionStore: config.sessionStore }),
    ...(config.sessionTimeout !== undefined && { sessionTimeout: config.sessionTimeout }),
    ...(config.timeZone !== undefined && { timeZone: config.timeZone }),
    ...(json
      ? {
          onCall: (record: CallRecord) => process.stdout.write(callLogLine(record) + '\n'),
          // The call's JSON line carries its failure; the runtime's default report on stderr would repeat it.
          onError: () => undefined,
        }
      : {
          onError: (error: unknown, ctx: { operation: string }) =>
            log(`error ${ctx.operation}: ${error instanceof Error ? error.message : String(error)}`),
        }),
  });
  return { server, implemented };
}

/** Listens on `config.port` and `config.host`; explains a port in use. */
export function listen(server: Server, config: Pick<ServeConfig, 'port' | 'host'>): Promise<void> {
  return new Promise<void>((done, fail) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE')
        fail(new ServeError(`Port ${config.port} on ${config.host} is in use; choose another with --port.`));
      else if (error.code === 'EACCES')
        fail(new ServeError(`Not allowed to listen on port ${config.port}; choose a port above 1023 with --port.`));
      else if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND')
        fail(new ServeError(`Cannot listen on ${config.host}: no such local address; choose another with --host.`));
      else fail(error);
    });
    server.listen(config.port, config.host, () => done());
  });
}

/** The handlers' member for an operation: its method name where overloads share one. */
function handlerKey(op: { name: string; method?: string }): string {
  return op.method ?? op.name;
}

function notServedHere(): never {
  throw new Error('This operation is not served here.');
}

async function loadImpl(config: ServeConfig): Promise<Record<string, unknown>> {
  const file = resolve(config.implFile!);
  const name = config.implName ?? config.implFile!;
  if (!existsSync(file)) {
    throw new ServeError(
      `Cannot load the handlers from ${name}: there is no such file ` +
        `(asmxgen generate --impl ${name} creates one with a stub per operation).`,
    );
  }
  let module: Record<string, unknown>;
  try {
    module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (error) {
    throw new ServeError(`Cannot load the handlers from ${name}: ${withoutInternalPaths(error)}`);
  }
  const handlers = module[HANDLERS_EXPORT];
  if (!handlers || typeof handlers !== 'object') {
    throw new ServeError(
      `${name} does not export \`${HANDLERS_EXPORT}\`: asmxgen loads ` +
        `\`export const ${HANDLERS_EXPORT}: ${config.serviceName}Handlers = { … }\` from it ` +
        `(asmxgen generate --impl ${name} creates one).`,
    );
  }
  return handlers as Record<string, unknown>;
}

/**
 * An error of the user's module as a sentence about their code: Node names the module that imported a
 * missing one, which for the handlers file itself is asmxgen's loader; that part says nothing to the user.
 */
function withoutInternalPaths(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const internal = packageRoot();
  return message
    .replace(/ imported from (\S+)/g, (all, from: string) => {
      const path = from.startsWith('file:') ? fileURLToPath(from) : from;
      return path.startsWith(internal + sep) ? '' : all;
    })
    .split(internal + sep)
    .join('');
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

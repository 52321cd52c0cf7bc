import { hostZone } from '@asmxgen/runtime/server';
import cluster from 'node:cluster';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CommandModule } from 'yargs';
import { DEFAULT_BASE_URL } from '../model/addresses.js';
import { prepareServiceFolder } from '../serve/prepare-service.js';
import { ServeError, startService, stopOnSignal, type ServeConfig } from '../serve/start-service.js';
import { serveWatching } from '../serve/watch-service.js';
import { displayPath, parseImplPath, wholeNumber, withSpecOption, type SpecOptions } from './common-options.js';
import type { CommandContext } from './command-context.js';
import { UsageError } from './describe-error.js';
import { EXIT_OK } from './exit-codes.js';
import { runGeneration } from './run-generation.js';

interface ServeArgs extends Pick<SpecOptions, 'spec'> {
  port: number;
  host: string;
  impl?: string;
  workers: number;
  'drain-ms': number;
  log: 'text' | 'json';
  'validate-request': boolean;
  watch: boolean;
  'session-store'?: string;
  'session-timeout'?: number;
  'time-zone'?: string;
}

export function serveCommand(ctx: CommandContext): CommandModule<object, ServeArgs> {
  return {
    builder: (y) =>
      withSpecOption(y)
        .option('port', {
          default: 8080,
          nargs: 1,
          describe: 'Port to listen on (0: any free port)',
          coerce: wholeNumber('port', 0, 65535, ' (0: any free port)'),
        })
        .option('host', { type: 'string', default: '127.0.0.1', describe: 'Address to listen on' })
        .option('impl', {
          type: 'string',
          describe:
            'Your handlers file (.ts, .js or .mjs) exporting `handlers`, e.g. `export const handlers: ' +
            '{Svc}Handlers = { … }`; default: a mock that logs every call',
          coerce: parseImplPath,
        })
        .option('workers', {
          default: 1,
          nargs: 1,
          describe: 'Processes to serve with (node:cluster)',
          coerce: wholeNumber('workers', 1, 256),
        })
        .option('drain-ms', {
          default: 10_000,
          nargs: 1,
          describe: 'On Ctrl-C/SIGTERM, how long in-flight requests may take to finish (milliseconds)',
          coerce: wholeNumber('drain-ms', 0, 3_600_000),
        })
        .option('log', {
          choices: ['text', 'json'] as const,
          default: 'text' as const,
          describe:
            'text: readable lines; json: one JSON object per call on stdout (operation, transport, status, ' +
            'outcome, durationMs, fault), everything else on stderr',
        })
        .option('validate-request', {
          type: 'boolean',
          default: true,
          describe:
            "Refuse HTTP GET/POST values ASP.NET's request validation refuses, as ASP.NET 4 does; " +
            '--no-validate-request for a service that ran without it (requestValidationMode="2.0")',
        })
        .option('session-store', {
          type: 'string',
          describe:
            'Where enableSession operations keep their sessions: redis://host:port (shared by every worker and ' +
            'instance); default: each process in its own memory',
          coerce: sessionStoreUrl,
        })
        .option('session-timeout', {
          nargs: 1,
          describe: "Minutes a session lives after its last use (ASP.NET's sessionState timeout); default 20",
          coerce: positiveMinutes,
        })
        .option('time-zone', {
          type: 'string',
          describe:
            "The time zone of the host the service ran on (its Windows setting), which JSON calls' dates without " +
            "a zone depend on: an IANA name (Europe/Berlin), UTC, or an offset (+05:30); default this process's (TZ)",
          coerce: timeZoneName,
        })
        .option('watch', {
          type: 'boolean',
          default: false,
          describe:
            "Reload when the spec or the handlers (any source file in the handlers' folder) change; an " +
            'invalid spec is reported and the last valid one goes on being served',
        })
        .example('$0 serve', 'Mock the default service on http://127.0.0.1:8080')
        .example('$0 serve --impl src/handlers.ts --workers 4', 'Serve your implementation with 4 processes')
        .example('$0 serve --port 0', 'Serve on any free port (the address is printed)')
        .example(
          '$0 serve --impl src/handlers.ts --workers 4 --session-store redis://127.0.0.1:6379',
          'Serve with 4 processes sharing their sessions in Redis',
        ) as never,
    handler: async (argv) => {
      if (argv.watch && argv.workers > 1) {
        throw new UsageError('--watch serves with one process; leave out --workers (or --watch)');
      }
      let path = '';
      let name = '';
      const prepare = async (): Promise<ServeConfig> => {
        // The served copy imports the runtime asmxgen itself depends on (see ts-hooks.ts).
        const { model, files } = await runGeneration(
          {
            ...argv,
            out: '',
            'base-url': DEFAULT_BASE_URL,
            runtime: 'package',
          },
          (line) => ctx.report.progress(line),
        );
        path = model.path;
        name = model.name;
        const sessionOperations = model.operations.filter((op) => op.enableSession).map((op) => op.messageName);
        if (argv.workers > 1 && sessionOperations.length > 0 && argv['session-store'] === undefined) {
          throw new UsageError(
            `--workers ${argv.workers} cannot keep the sessions of ${sessionOperations.join(', ')} (enableSession) in ` +
              'memory: each worker would have its own, and a call landing on another worker would not find its ' +
              'session. Share them in Redis with --session-store redis://host:port, or serve with one worker.',
          );
        }
        return {
          generatedDir: await prepareServiceFolder(files),
          createServer: model.ts.createServer,
          serviceName: model.name,
          ...(argv.impl !== undefined && { implFile: resolve(argv.impl), implName: displayPath(argv.impl) }),
          port: argv.port,
          host: argv.host,
          drainMs: argv['drain-ms'],
          logFormat: argv.log,
          validateRequest: argv['validate-request'],
          ...(argv['session-store'] !== undefined && { sessionStore: argv['session-store'] }),
          ...(argv['session-timeout'] !== undefined && { sessionTimeout: argv['session-timeout'] }),
          ...(argv['time-zone'] !== undefined && { timeZone: argv['time-zone'] }),
        };
      };
      // With --log json, stdout carries the call lines only.
      const log =
        argv.log === 'json'
          ? (line: string) => process.stderr.write(line + '\n')
          : (line: string) => ctx.report.info(line);
      const what = argv.impl
        ? `handlers from ${displayPath(argv.impl)}`
        : `mock handlers (each call is logged${argv.log === 'json' ? ' as JSON' : ''})`;
      if (argv.watch) {
        await serveWatching({
          specFile: argv.spec,
          implFile: argv.impl,
          prepare,
          log,
          reportError: (error) => ctx.reportError(error),
          announce,
          display: displayPath,
        });
        log('asmxgen: stopped');
        ctx.setExitCode(EXIT_OK);
        return;
      }
      const config = await prepare();
      if (argv.workers > 1) {
        await serveWithWorkers(config, argv.workers, log, (port) => announce(port));
      } else {
        let server;
        try {
          server = await startService(config, log);
        } catch (error) {
          throw error instanceof ServeError ? new UsageError(error.message) : error;
        }
        const address = server.address();
        announce(typeof address === 'object' && address ? address.port : argv.port);
        await stopOnSignal(server, config.drainMs, log);
        log('asmxgen: stopped');
      }
      ctx.setExitCode(EXIT_OK);

      function announce(port: number) {
        const url = `http://${argv.host.includes(':') ? `[${argv.host}]` : argv.host}:${port}${path}`;
        log(`asmxgen: serving ${name} at ${url} with ${what}`);
        log(`  WSDL ${url}?wsdl   help ${url}   (Ctrl-C to stop)`);
      }
    },
  };
}

/** `--session-store`: a redis:// or rediss:// URL. */
function sessionStoreUrl(value: unknown): string {
  const text = String(value);
  let protocol: string | undefined;
  try {
    protocol = new URL(text).protocol;
  } catch {
    protocol = undefined;
  }
  if (protocol !== 'redis:' && protocol !== 'rediss:')
    throw new UsageError(`--session-store must be a redis:// URL (redis://host:port), not ${JSON.stringify(text)}.`);
  return text;
}

/** `--time-zone`: a zone the server's `timeZone` takes. */
function timeZoneName(value: unknown): string {
  const name = String(value);
  try {
    hostZone(name);
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/^timeZone/, '--time-zone'));
  }
  return name;
}

/** `--session-timeout`: a positive number of minutes (fractions too). */
function positiveMinutes(value: unknown): number {
  const minutes = typeof value === 'number' ? value : Number(String(value));
  if (!Number.isFinite(minutes) || minutes <= 0)
    throw new UsageError(
      `--session-timeout must be a positive number of minutes, not ${JSON.stringify(String(value))}.`,
    );
  return minutes;
}

/** Runs `count` cluster workers sharing the port; resolves when all have stopped after a signal. */
async function serveWithWorkers(
  config: ServeConfig,
  count: number,
  log: (line: string) => void,
  announce: (port: number) => void,
): Promise<void> {
  cluster.setupPrimary({ exec: fileURLToPath(new URL('../serve/worker.js', import.meta.url)), silent: false });
  let stopping = false;
  let listening = 0;
  const failures: string[] = [];
  await new Promise<void>((done) => {
    const workers = Array.from({ length: count }, () => cluster.fork({ ASMXGEN_SERVE_CONFIG: JSON.stringify(config) }));
    // Counted here: node:cluster drops a worker from `cluster.workers` on its exit or on its IPC channel's close,
    // whichever comes last, so that list can still hold a worker whose exit has been seen.
    let running = workers.length;
    for (const worker of workers) {
      worker.on('message', (message: { type?: string; port?: number }) => {
        if (message.type === 'listening' && ++listening === count) announce(message.port ?? config.port);
      });
    }
    cluster.on('exit', (worker, code) => {
      if (code !== 0 && !stopping) {
        failures.push(`worker ${worker.process.pid} exited with code ${code}`);
        stopping = true;
        for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
      }
      if (--running === 0) done();
    });
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      log(`stopping (${signal}): workers finish their in-flight requests`);
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
  if (failures.length > 0) throw new UsageError(`the service could not be served: ${failures.join('; ')}`);
  log('asmxgen: stopped');
}

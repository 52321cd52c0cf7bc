import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { CommandModule } from 'yargs';
import { describeService } from '../emit/describe-service.js';
import type { Exchange } from '../migrate/exchange.js';
import { HarRecorder } from '../migrate/har-recorder.js';
import { createProxyServer } from '../migrate/proxy-server.js';
import { Redaction, redactNames } from '../migrate/redact.js';
import { Shadow } from '../migrate/shadow.js';
import { Target } from '../migrate/send-request.js';
import { startStrangler, type Strangler } from '../migrate/strangler.js';
import { parseTargetUrl } from '../migrate/target-url.js';
import { packageRoot } from '../package-root.js';
import { prepareServiceFolder } from '../serve/prepare-service.js';
import { listen, ServeError, stopOnSignal } from '../serve/start-service.js';
import { buildModel } from '../spec/build-model.js';
import { DEFAULT_SPEC_PATH, loadSpec } from '../spec/load-spec.js';
import type { CommandContext } from './command-context.js';
import { displayPath, parseImplPath } from './common-options.js';
import { UsageError } from './describe-error.js';
import { EXIT_OK } from './exit-codes.js';
import { BatchedLines } from './batched-lines.js';
import { runGeneration } from './run-generation.js';

interface ProxyArgs {
  upstream: URL;
  spec: string;
  impl?: string;
  record?: string;
  redact: string[];
  shadow?: URL;
  'shadow-log'?: string;
  port: number;
  host: string;
  'drain-ms': number;
  'validate-request': boolean;
}

export function proxyCommand(ctx: CommandContext): CommandModule<object, ProxyArgs> {
  return {
    builder: (y) =>
      y
        .option('upstream', {
          type: 'string',
          demandOption: 'Name the service to forward to: --upstream http://legacy.example.com',
          describe: 'Base URL of the service requests are forwarded to (request paths are appended to it)',
          coerce: (value: unknown) => parseTargetUrl('upstream', value),
        })
        .option('spec', {
          type: 'string',
          default: DEFAULT_SPEC_PATH,
          defaultDescription: 'the embedded spec/authentication-web-service.yaml',
          describe: "The service's spec: which request calls which operation",
          normalize: true,
        })
        .option('impl', {
          type: 'string',
          describe: 'Handlers file: the operations it defines are served here, all others forwarded',
          coerce: parseImplPath,
        })
        .option('record', {
          type: 'string',
          describe: 'Record every exchange to this HAR 1.2 file (mode 0600), with _operation and _binding',
          normalize: true,
        })
        .option('redact', {
          type: 'string',
          array: true,
          default: [],
          describe:
            'Names of elements and parameters whose values the recording and the shadow log replace (password,token)',
          coerce: (values: string[]) => redactNames(values),
        })
        .option('shadow', {
          type: 'string',
          describe: 'Also send each request to this candidate (base URL) after the caller has its reply, and compare',
          coerce: (value: unknown) => parseTargetUrl('shadow', value),
        })
        .option('shadow-log', {
          type: 'string',
          describe: 'Write one JSON line per shadowed exchange to this file (mode 0600)',
          normalize: true,
        })
        .option('port', { type: 'number', default: 8080, describe: 'Port to listen on (0: any free port)' })
        .option('host', { type: 'string', default: '127.0.0.1', describe: 'Address to listen on' })
        .option('drain-ms', {
          type: 'number',
          default: 10_000,
          describe: 'On Ctrl-C/SIGTERM, how long in-flight exchanges may take to finish',
        })
        .option('validate-request', {
          type: 'boolean',
          default: true,
          describe:
            "With --impl: the operations served here refuse HTTP GET/POST values ASP.NET's request validation " +
            'refuses; --no-validate-request when the upstream runs without it (requestValidationMode="2.0")',
        })
        .example('$0 proxy --upstream http://legacy.example.com', 'Forward everything to the legacy service')
        .example(
          '$0 proxy --upstream http://legacy.example.com --impl src/handlers.ts',
          'Serve the operations src/handlers.ts defines, forward the others',
        )
        .example(
          '$0 proxy --upstream http://legacy.example.com --record calls.har --redact password,token',
          'Record the traffic for asmxgen replay, without the passwords and tokens',
        )
        .example(
          '$0 proxy --upstream http://legacy.example.com --shadow http://127.0.0.1:8081 --shadow-log shadow.jsonl',
          'Compare each reply of the new service with the legacy one, callers served by the legacy one',
        )
        .check((argv) => {
          if (argv['shadow-log'] !== undefined && argv.shadow === undefined) {
            throw new UsageError('--shadow-log needs --shadow URL: the candidate whose replies are compared');
          }
          if (argv.redact.length > 0 && argv.record === undefined && argv['shadow-log'] === undefined) {
            throw new UsageError('--redact applies to what is written: give --record FILE.har or --shadow-log FILE');
          }
          if (!Number.isInteger(argv.port) || argv.port < 0 || argv.port > 65535) {
            throw new UsageError(`--port ${argv.port} is not a port number (0 to 65535)`);
          }
          if (!(argv['drain-ms'] >= 0)) throw new UsageError(`--drain-ms ${argv['drain-ms']} must be 0 or more`);
          return true;
        }) as never,
    handler: async (argv) => {
      // A line per exchange: written a turn of the event loop at a time.
      const lines = new BatchedLines((text) => ctx.report.info(text));
      try {
        await runProxy(argv, lines.add);
      } finally {
        lines.flush();
      }
    },
  };

  async function runProxy(argv: ProxyArgs, log: (line: string) => void): Promise<void> {
    const model = buildModel(await loadSpec(argv.spec));
    const service = describeService(model);
    const upstream = new Target(argv.upstream);
    let strangler: Strangler | undefined;
    let recorder: HarRecorder | undefined;
    let shadow: Shadow | undefined;
    const redaction = new Redaction(argv.redact);
    try {
      if (argv.impl !== undefined) {
        const { files } = await runGeneration(
          { spec: argv.spec, out: '', 'base-url': '', runtime: 'package' },
          (line) => ctx.report.progress(line),
        );
        strangler = await startStrangler(
          {
            generatedDir: await prepareServiceFolder(files),
            createServer: model.ts.createServer,
            serviceName: model.name,
            implFile: resolve(argv.impl),
            validateRequest: argv['validate-request'],
          },
          (line) => log(`local ${line}`),
        );
      }
      if (argv.record !== undefined) {
        recorder = await HarRecorder.start(argv.record, await asmxgenVersion(), redaction, log);
      }
      if (argv.shadow !== undefined) {
        shadow = await Shadow.start(new Target(argv.shadow), argv['shadow-log'], redaction, log);
      }
      const observers: ((exchange: Exchange, order: number) => void)[] = [];
      if (shadow) observers.push((exchange) => shadow!.observe(exchange));
      const proxy = createProxyServer({
        upstream,
        service,
        ...(strangler && { local: { target: strangler.target, operations: strangler.operations } }),
        keepReplies: observers.length > 0 || recorder !== undefined,
        onExchange: (exchange, order) => observers.forEach((observe) => observe(exchange, order)),
        ...(recorder && { record: (exchange: Exchange) => recorder!.add(exchange) }),
        log,
      });
      await listen(proxy.server, argv);
      const address = proxy.server.address();
      const port = typeof address === 'object' && address ? address.port : argv.port;
      const url = `http://${argv.host.includes(':') ? `[${argv.host}]` : argv.host}:${port}${model.path}`;
      log(`asmxgen: proxying ${model.name} at ${url} to ${upstream.label}`);
      if (strangler) {
        const names = [...strangler.operations].join(', ');
        log(`  served here from ${displayPath(argv.impl!)}: ${names}; every other request is forwarded`);
      }
      if (recorder) log(`  recording to ${displayPath(argv.record!)}`);
      if (shadow) {
        const where = argv['shadow-log'] === undefined ? '' : `, logging to ${displayPath(argv['shadow-log'])}`;
        log(`  shadowing to ${argv.shadow!.href.replace(/\/$/, '')}${where}`);
      }
      log('  (Ctrl-C to stop)');
      await stopOnSignal(proxy.server, argv['drain-ms'], log);
      await proxy.settled();
      if (recorder) {
        await recorder.close();
        log(
          `asmxgen: recorded ${recorder.count} exchange${recorder.count === 1 ? '' : 's'} to ${displayPath(argv.record!)}`,
        );
      }
      if (shadow) for (const line of await shadow.close()) log(line);
    } catch (error) {
      throw error instanceof ServeError ? new UsageError(error.message) : error;
    } finally {
      upstream.close();
      await strangler?.close();
    }
    log('asmxgen: stopped');
    ctx.setExitCode(EXIT_OK);
  }
}

/** `log.creator.version` of the recording: asmxgen's own version. */
async function asmxgenVersion(): Promise<string> {
  const manifest = JSON.parse(await readFile(join(packageRoot(), 'package.json'), 'utf8')) as { version?: string };
  return manifest.version ?? '0.0.0';
}

import { normalize, relative } from 'node:path';
import type { Argv } from 'yargs';
import { DEFAULT_BASE_URL } from '../model/addresses.js';
import { ImplError } from '../impl/impl-error.js';
import type { ImplPlan } from '../impl/impl-file.js';
import { isInside } from '../impl/import-path.js';
import type { RuntimeMode, ServiceModel } from '../model/types.js';
import { DEFAULT_RUNTIME_MODE, RUNTIME_MODES } from '../emit/runtime-symbols.js';
import { DEFAULT_SPEC_PATH } from '../spec/load-spec.js';
import { UsageError } from './describe-error.js';

export interface SpecOptions {
  spec: string;
  out: string;
  'base-url': string;
}

/** The options `generate` and `check` share, so they always agree on what "the output" is. */
export function withSpecOptions<T>(y: Argv<T>): Argv<T & SpecOptions> {
  return y
    .option('spec', {
      type: 'string',
      default: DEFAULT_SPEC_PATH,
      defaultDescription: 'the embedded spec/authentication-web-service.yaml',
      describe: 'The service spec (YAML)',
      normalize: true,
    })
    .option('out', {
      type: 'string',
      default: 'generated',
      describe: 'Output folder (created if missing; its parent must exist)',
      normalize: true,
    })
    .option('base-url', {
      type: 'string',
      default: DEFAULT_BASE_URL,
      describe: 'Scheme, host and port the WSDL addresses name',
      coerce: parseBaseUrl,
    }) as Argv<T & SpecOptions>;
}

export interface RuntimeOptions {
  runtime: RuntimeMode;
}

/** `--runtime`: where the generated code takes the runtime from (`generate` and `check`). */
export function withRuntimeOption<T>(y: Argv<T>): Argv<T & RuntimeOptions> {
  return y.option('runtime', {
    choices: RUNTIME_MODES,
    default: DEFAULT_RUNTIME_MODE,
    describe:
      'Where generated code takes the runtime from: package (imports @asmxgen/runtime, a dependency of your ' +
      "project) or vendor (copies it into the output folder's runtime/)",
  }) as Argv<T & RuntimeOptions>;
}

export interface WsdlOnlyOptions {
  'wsdl-only': boolean;
}

/**
 * `--wsdl-only`: only `{Svc}.wsdl` (`generate` and `check`), for specs whose types the TypeScript emitters do not
 * carry yet. It leaves out the handlers file.
 */
export function withWsdlOnlyOption<T>(y: Argv<T>): Argv<T & WsdlOnlyOptions> {
  return y
    .option('wsdl-only', {
      type: 'boolean',
      default: false,
      describe:
        'Write only the WSDL: any valid spec, complex types included (the server, client and tests are not written)',
    })
    .check((argv) => {
      if (argv['wsdl-only'] && (argv as { impl?: unknown }).impl !== undefined) {
        throw new UsageError('--wsdl-only writes no handlers: leave out --impl');
      }
      return true;
    }) as Argv<T & WsdlOnlyOptions>;
}

export interface ImplOptions {
  impl: string | undefined;
}

/** `--impl`: the hand-written handlers file that `generate` adds stubs to and `check` verifies. */
export function withImplOption<T>(y: Argv<T>): Argv<T & ImplOptions> {
  return y.option('impl', {
    type: 'string',
    describe:
      'Your handlers file (.ts): created with a typed stub per operation when missing; later runs only add ' +
      'stubs for new operations and mark handlers of removed ones',
    coerce: parseImplPath,
  }) as Argv<T & ImplOptions>;
}

/**
 * `--impl` names one TypeScript file (normalized here rather than by yargs' `normalize`,
 * which fails obscurely when the option is given twice).
 */
export function parseImplPath(value: string | string[]): string {
  if (Array.isArray(value)) throw new UsageError('--impl is given more than once; name one handlers file');
  if (!/\.(ts|tsx|mts|cts)$/.test(value) || /\.d\.[mc]?ts$/.test(value)) {
    throw new UsageError(`--impl "${value}" must name a TypeScript source file (.ts, .mts, .cts or .tsx)`);
  }
  return normalize(value);
}

/**
 * Reads the `--impl` file and merges stubs into it in memory (`undefined` without `--impl`).
 * Its errors are usage errors: the file is the user's, and it is left untouched. The merge parses
 * TypeScript (ts-morph): it is loaded only when there is an `--impl` file.
 */
export async function planImplOption(
  model: ServiceModel,
  argv: SpecOptions & ImplOptions,
): Promise<ImplPlan | undefined> {
  if (argv.impl === undefined) return undefined;
  if (isInside(argv.impl, argv.out)) {
    throw new UsageError(
      `--impl "${displayPath(argv.impl)}" is inside the output folder "${displayPath(argv.out)}", which asmxgen ` +
        'owns; keep your handlers file outside it (e.g. next to it).',
    );
  }
  const { planImpl } = await import('../impl/impl-file.js');
  try {
    return await planImpl(model, argv.impl, { outDir: argv.out, displayName: displayPath(argv.impl) });
  } catch (error) {
    throw implUsageError(error);
  }
}

/** An ImplError as the CLI reports it (exit 2); anything else as it is. */
export function implUsageError(error: unknown): unknown {
  return error instanceof ImplError ? new UsageError(error.message, { cause: error }) : error;
}

/** A path as people read it: relative to the working directory when inside it. */
export function displayPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') ? rel : path;
}

/** `--base-url` must be an absolute http(s) URL; a path prefix is kept (`http://host/app`). */
export function parseBaseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--base-url "${value}" is not a URL; give scheme, host and port, e.g. http://localhost:8080`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`--base-url "${value}" must start with http:// or https://`);
  }
  if (url.search || url.hash) throw new UsageError(`--base-url "${value}" must not have a query or fragment`);
  return value.replace(/\/+$/, '');
}

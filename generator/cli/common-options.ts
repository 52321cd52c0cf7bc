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

/**
 * The options `generate` and `check` share, so they always agree on what "the output" is. Only the words
 * differ: `generate` creates the output folder, `check` reads it.
 */
export function withSpecOptions<T>(y: Argv<T>, role: 'generate' | 'check' = 'generate'): Argv<T & SpecOptions> {
  return withBaseUrlOption(
    withSpecOption(y).option('out', {
      type: 'string',
      default: 'generated',
      describe:
        role === 'generate'
          ? 'Output folder (created if missing; its parent must exist)'
          : 'The output folder to compare with what generate would write',
      normalize: true,
    }),
  ) as Argv<T & SpecOptions>;
}

/** `--spec`: the service spec every command that generates reads. */
export function withSpecOption<T>(y: Argv<T>): Argv<T & Pick<SpecOptions, 'spec'>> {
  return y.option('spec', {
    type: 'string',
    default: DEFAULT_SPEC_PATH,
    defaultDescription: 'the embedded spec/authentication-web-service.yaml',
    describe: 'The service spec (YAML)',
    normalize: true,
  }) as Argv<T & Pick<SpecOptions, 'spec'>>;
}

/** `--base-url`: the address the WSDL's ports name (the `.wsdl` file; served documents name the request's host). */
export function withBaseUrlOption<T>(y: Argv<T>): Argv<T & Pick<SpecOptions, 'base-url'>> {
  return y.option('base-url', {
    type: 'string',
    default: DEFAULT_BASE_URL,
    describe: "Scheme, host and port the WSDL file's addresses name",
    coerce: parseBaseUrl,
  }) as Argv<T & Pick<SpecOptions, 'base-url'>>;
}

export interface TestsOptions {
  /** `--tests`: where the test suite goes: a folder, `none`, or (undefined) the output folder. */
  tests: string | undefined;
}

/**
 * `--tests DIR|none` (`generate`, `check`, `init`): where the generated test suite goes; `defaultFolder` is where
 * it goes without the option (`init`: `test`), by default the output folder.
 */
export function withTestsOption<T>(y: Argv<T>, defaultFolder?: string): Argv<T & TestsOptions> {
  return y.option('tests', {
    type: 'string',
    describe:
      'Where the generated test suite {Svc}.test.ts goes (it imports vitest): a folder outside your build, e.g. ' +
      'test; none leaves it out',
    defaultDescription: defaultFolder ?? 'the output folder',
    coerce: (value: unknown) => {
      if (Array.isArray(value)) throw new UsageError('--tests is given more than once; name one folder, or none');
      const text = String(value);
      if (text === '') throw new UsageError('--tests needs a folder, or none');
      return text === 'none' ? text : normalize(text);
    },
  }) as Argv<T & TestsOptions>;
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
export function withImplOption<T>(y: Argv<T>, role: 'generate' | 'check' = 'generate'): Argv<T & ImplOptions> {
  return y.option('impl', {
    type: 'string',
    describe:
      role === 'generate'
        ? 'Your handlers file (.ts, .js or .mjs): created with a typed stub per operation when missing; later ' +
          'runs only add stubs for new operations and mark handlers of removed ones'
        : 'Your handlers file (.ts, .js or .mjs): also fail when it lacks a handler for an operation',
    coerce: parseImplPath,
  }) as Argv<T & ImplOptions>;
}

/** The handlers files asmxgen reads and writes: TypeScript, or JavaScript modules typed by JSDoc. */
export const IMPL_EXTENSIONS = /\.(ts|tsx|mts|cts|js|mjs)$/;

/**
 * `--impl` names one TypeScript or JavaScript file (normalized here rather than by yargs' `normalize`,
 * which fails obscurely when the option is given twice).
 */
export function parseImplPath(value: string | string[]): string {
  if (Array.isArray(value)) throw new UsageError('--impl is given more than once; name one handlers file');
  if (!IMPL_EXTENSIONS.test(value) || /\.d\.[mc]?ts$/.test(value)) {
    throw new UsageError(
      `--impl "${value}" must name a TypeScript or JavaScript module (.ts, .mts, .cts, .tsx, .js or .mjs)`,
    );
  }
  return normalize(value);
}

/**
 * A whole-number option (`--port`, `--workers`, …) read from its text, so a bad value is named as given:
 * `--port "abc" is not a whole number from 0 to 65535`.
 */
export function wholeNumber(option: string, min: number, max: number, what = '') {
  return (value: unknown): number => {
    if (Array.isArray(value)) throw new UsageError(`--${option} is given more than once; give it once`);
    const text = String(value).trim();
    const n = /^\d+$/.test(text) ? Number(text) : NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max) {
      throw new UsageError(`--${option} "${String(value)}" is not a whole number from ${min} to ${max}${what}`);
    }
    return n;
  };
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

import { relative } from 'node:path';
import type { Argv } from 'yargs';
import { DEFAULT_BASE_URL } from '../emit/generate.js';
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

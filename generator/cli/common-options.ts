import { relative } from 'node:path';
import type { Argv } from 'yargs';
import { DEFAULT_BASE_URL } from '../emit/generate.js';
import { DEFAULT_SPEC_PATH } from '../spec/load-spec.js';

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
      describe: 'Output folder (created if missing)',
      normalize: true,
    })
    .option('base-url', {
      type: 'string',
      default: DEFAULT_BASE_URL,
      describe: 'Scheme, host and port the WSDL addresses name',
    }) as Argv<T & SpecOptions>;
}

/** A path as people read it: relative to the working directory when inside it. */
export function displayPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') ? rel : path;
}

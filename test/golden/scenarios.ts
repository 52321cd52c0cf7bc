import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { RuntimeMode } from '../../generator/index.js';
import { fileURLToPath } from 'node:url';
import { sharedFile } from '../shared-files.js';

/**
 * A golden scenario: `test/golden/<name>/` holds the spec (`spec.yaml`, or the
 * path `scenario.json` names), the committed output under `expected/` (or the
 * folder `scenario.json` names: the default service's is `generated/`), and
 * optionally the reference WSDL its generated WSDL must equal byte for byte:
 * `reference`, a path inside ../shared, or `referenceFile`, a path relative to
 * the scenario's folder (the corpus in test/fixtures/). `scenario.json` may
 * also name the base URL and the runtime mode it is generated with, and
 * `wsdlOnly` for a spec the TypeScript emitters do not carry yet: its
 * expected/ holds the WSDL alone (`generate --wsdl-only`).
 */
export interface Scenario {
  readonly name: string;
  readonly dir: string;
  readonly spec: string;
  readonly expectedDir: string;
  readonly baseUrl: string;
  readonly runtime: RuntimeMode;
  /** A WSDL served by a real ASMX runtime for this service. */
  readonly reference: string | undefined;
  /** Generated with `--wsdl-only`: expected/ holds the WSDL alone. */
  readonly wsdlOnly: boolean;
}

export const GOLDEN_DIR = dirname(fileURLToPath(import.meta.url));

export function listScenarios(): Scenario[] {
  return readdirSync(GOLDEN_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const dir = join(GOLDEN_DIR, name);
      const configFile = join(dir, 'scenario.json');
      const config = existsSync(configFile) ? (JSON.parse(readFileSync(configFile, 'utf8')) as ScenarioConfig) : {};
      return {
        name,
        dir,
        spec: resolve(dir, config.spec ?? 'spec.yaml'),
        expectedDir: resolve(dir, config.expected ?? 'expected'),
        baseUrl: config.baseUrl ?? 'http://localhost:8080',
        runtime: config.runtime ?? 'package',
        reference:
          config.referenceFile !== undefined
            ? resolve(dir, config.referenceFile)
            : config.reference === undefined
              ? undefined
              : sharedFile(config.reference),
        wsdlOnly: config.wsdlOnly === true,
      };
    });
}

/** `scenario.json`: what differs from the defaults. */
interface ScenarioConfig {
  readonly spec?: string;
  readonly expected?: string;
  readonly reference?: string;
  readonly referenceFile?: string;
  readonly baseUrl?: string;
  readonly wsdlOnly?: boolean;
  readonly runtime?: RuntimeMode;
}

/** `npm run test:update` sets this: the golden test rewrites `expected/` instead of comparing. */
export const UPDATE_GOLDEN = process.env.ASMXGEN_UPDATE_GOLDEN === '1';

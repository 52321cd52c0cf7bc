/**
 * `asmxgen.config.yaml`: a project's settings, so that `asmxgen generate`, `check` and `serve` need no
 * flags. Found as prettier and ESLint find theirs: in the working folder or the nearest parent that has
 * one (`--config FILE` names another). Flags override it. Paths in it are relative to its own folder.
 *
 * ```yaml
 * spec: spec/inventory.yaml
 * out: src/generated
 * impl: src/handlers.ts
 * base-url: http://localhost:8080
 * runtime: package
 * tests: test
 * ```
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { isMap, LineCounter, parseDocument } from 'yaml';
import { RUNTIME_MODES } from '../emit/runtime-symbols.js';
import { describeIoError } from '../io/describe-io-error.js';
import { ROOT, YamlChecker } from '../spec/yaml-checker.js';
import { parseBaseUrl } from './common-options.js';
import { ConfigError } from './config-error.js';
import { UsageError } from './describe-error.js';

export const CONFIG_FILE = 'asmxgen.config.yaml';

/** The settings, each named as its flag. */
export const CONFIG_KEYS = ['spec', 'out', 'impl', 'base-url', 'runtime', 'tests'] as const;
export type ConfigKey = (typeof CONFIG_KEYS)[number];

/** Settings that are paths, relative to the config file's folder. */
const PATH_KEYS: ReadonlySet<ConfigKey> = new Set(['spec', 'out', 'impl', 'tests']);

export interface ProjectConfig {
  readonly file: string;
  /** The settings, paths resolved against the config file's folder. */
  readonly values: Partial<Record<ConfigKey, string>>;
}

/** The nearest `asmxgen.config.yaml` in `start` or a parent folder. */
export function findConfigFile(start: string): string | undefined {
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    const file = join(dir, CONFIG_FILE);
    if (existsSync(file)) return file;
    if (dirname(dir) === dir) return undefined;
  }
}

/** Reads and checks a config file; throws a ConfigError (bad content) or a UsageError (unreadable). */
export function loadConfig(file: string, shownAs: string = file): ProjectConfig {
  let text: string;
  try {
    if (statSync(file).isDirectory()) throw new UsageError(`cannot read the config ${shownAs}: is a folder`);
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`cannot read the config ${shownAs}: ${describeIoError(error)}`, { cause: error });
  }
  return parseConfig(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, file, shownAs);
}

/** Checks config text (`file` resolves its paths; `shownAs` names it in problems). */
export function parseConfig(text: string, file: string, shownAs: string = file): ProjectConfig {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  const pos = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };
  if (doc.errors.length > 0) {
    throw new ConfigError(
      doc.errors.map((e) => ({
        file: shownAs,
        ...pos(e.pos[0]),
        path: ROOT,
        message: `invalid YAML: ${e.message}`,
      })),
    );
  }
  const checker = new YamlChecker(shownAs, doc, pos);
  const root = checker.deref(doc.contents);
  const values: Partial<Record<ConfigKey, string>> = {};
  if (root === null || (root as { value?: unknown }).value === null) return { file, values };
  if (!isMap(root)) {
    checker.report(root, undefined, ROOT, `the config must be a mapping of settings (${CONFIG_KEYS.join(', ')})`);
    throw new ConfigError(checker.problems);
  }
  const fields = checker.fields(root, '', CONFIG_KEYS);
  const folder = dirname(resolve(file));
  for (const key of CONFIG_KEYS) {
    const entry = fields[key];
    if (!entry) continue;
    if (key === 'runtime') {
      const mode = checker.oneOf(entry, RUNTIME_MODES);
      if (mode) values.runtime = mode;
      continue;
    }
    const value = checker.string(entry, true);
    if (value === undefined) continue;
    if (key === 'base-url') {
      try {
        values[key] = parseBaseUrl(value);
      } catch (error) {
        checker.problem(entry, error instanceof Error ? error.message.replace(/^--base-url /, '') : String(error));
      }
    } else if (key === 'tests' && value === 'none') {
      values.tests = value;
    } else {
      values[key] = PATH_KEYS.has(key) ? resolve(folder, value) : value;
    }
  }
  if (checker.problems.length > 0) {
    throw new ConfigError([...checker.problems].sort((a, b) => a.line - b.line || a.column - b.column));
  }
  return { file, values };
}

/** A path as the config file writes it: relative to its folder, with `/` separators. */
export function configPath(configFile: string, path: string): string {
  const rel = relative(dirname(resolve(configFile)), resolve(path))
    .split(sep)
    .join('/');
  return rel === '' ? '.' : rel;
}

/**
 * The text of a config file with these settings (paths already relative to its folder), in key order; `named`: the
 * file as `--config` names it, for a config the commands do not find by themselves (one per service).
 */
export function renderConfig(values: Partial<Record<ConfigKey, string>>, named?: string): string {
  const lines = named
    ? [
        '# asmxgen settings of one service of this project: asmxgen generate, check, serve, proxy and diff read',
        `# them with --config ${named}; their flags override them. Paths are relative to this file.`,
      ]
    : [
        '# asmxgen settings: asmxgen generate, check and serve read them; their flags override them.',
        '# Paths are relative to this file.',
      ];
  for (const key of CONFIG_KEYS) {
    const value = values[key];
    if (value !== undefined) lines.push(`${key}: ${JSON.stringify(value)}`);
  }
  return `${lines.join('\n')}\n`;
}

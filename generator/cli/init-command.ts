/**
 * `asmxgen init`: sets up a service in an existing npm project in one step. It imports the WSDL (or
 * writes a starter spec), writes `asmxgen.config.yaml`, generates the output and the handlers file,
 * adds the runtime dependencies to `package.json` (or prints the `npm install` line when it cannot) and
 * says what to run next. It writes over nothing of the user's without `--force`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { CommandModule } from 'yargs';
import { renderSpecYaml } from '../emit/spec-yaml.js';
import { DEFAULT_BASE_URL } from '../model/addresses.js';
import type { RuntimeMode } from '../model/types.js';
import { atomicWriteFile } from '../output/atomic-write.js';
import { errnoCode } from '../output/output-error.js';
import { packageRoot } from '../package-root.js';
import { parseSpec } from '../spec/parse-spec.js';
import { readWsdl, WsdlError } from '../wsdl-reader/read-wsdl.js';
import type { CommandContext } from './command-context.js';
import {
  displayPath,
  parseBaseUrl,
  parseImplPath,
  withRuntimeOption,
  withTestsOption,
  type RuntimeOptions,
  type TestsOptions,
} from './common-options.js';
import { UsageError } from './describe-error.js';
import { EXIT_OK } from './exit-codes.js';
import { generateOnce } from './generate-command.js';
import { kebabCase, readSource, schemaPathFrom, summary, TIMEOUT_OPTION } from './import-command.js';
import { CONFIG_FILE, configPath, loadConfig, renderConfig } from './project-config.js';

interface InitArgs extends RuntimeOptions, TestsOptions {
  from: string | undefined;
  spec: string | undefined;
  out: string | undefined;
  impl: string | undefined;
  config: string | undefined;
  'base-url': string;
  force: boolean;
  timeout: number;
}

/** The spec `init` writes without `--from`: one operation to start from. */
const STARTER_SPEC = `service:
  name: HelloService
  namespace: urn:example:hello
  description: A starting point; describe your service here (docs/spec.md)
operations:
  - name: SayHello
    description: Greets the caller by name
    parameters: [{ name: name, type: string }]
    result: string
`;

export function initCommand(ctx: CommandContext): CommandModule<object, InitArgs> {
  return {
    builder: (y) =>
      withTestsOption(withRuntimeOption(y), 'test')
        .option('from', {
          type: 'string',
          describe: "The service's WSDL: a file, or an http(s) URL such as …/Svc.asmx?wsdl (default: a starter spec)",
        })
        .option('spec', {
          type: 'string',
          describe: 'The spec file to write',
          defaultDescription: 'spec/<service-name>.yaml',
        })
        .option('out', {
          type: 'string',
          describe: 'The output folder',
          defaultDescription: 'src/generated; src/<service-name>/generated for a second service',
        })
        .option('impl', {
          type: 'string',
          describe: 'Your handlers file (.ts, .js or .mjs), created with a stub per operation',
          defaultDescription: 'src/handlers.ts; src/<service-name>/handlers.ts for a second service',
          coerce: parseImplPath,
        })
        .option('config', {
          type: 'string',
          describe:
            'The settings file to write; the other commands read it with --config FILE (a project with several ' +
            'services has one per service)',
          defaultDescription: `${CONFIG_FILE}; asmxgen.<service-name>.config.yaml when ${CONFIG_FILE} sets up another service`,
        })
        .option('base-url', {
          type: 'string',
          default: DEFAULT_BASE_URL,
          describe: "Scheme, host and port the WSDL file's addresses name",
          coerce: parseBaseUrl,
        })
        .option('force', {
          type: 'boolean',
          default: false,
          describe: 'Write over an existing asmxgen.config.yaml, spec file or output folder of another service',
        })
        .option('timeout', TIMEOUT_OPTION)
        .example('$0 init --from Inventory.wsdl', 'Set up the Inventory service in this npm project')
        .example('$0 init --from http://legacy.example.com/Inventory.asmx?wsdl --out src/inventory', 'From a URL')
        .example('$0 init', 'Start from a one-operation spec')
        .example('$0 init --from TaxCloud.wsdl', `A second service, beside the one ${CONFIG_FILE} sets up`) as never,
    handler: async (argv) => {
      const here = process.cwd();
      // The suite imports vitest: by default it goes to test/, outside a build of src/.
      argv.tests ??= 'test';
      // The npm project: this folder's, or the nearest one up the tree (a service in a subfolder of a project).
      const packageJson = nearestPackageJson(here);
      if (packageJson === undefined) {
        throw new UsageError(
          'asmxgen init sets up a service in an npm project, and there is no package.json here or in a parent ' +
            'folder; run `npm init` first (or run asmxgen init in the project folder).',
        );
      }
      const project = dirname(packageJson);
      if (project !== here) {
        ctx.report.info(
          `asmxgen: no package.json in this folder: setting the service up here, in the npm project of ` +
            `${relative(here, packageJson).split(sep).join('/')} (its dependencies and scripts)`,
        );
      }
      const namedConfig = argv.config !== undefined ? resolve(argv.config) : undefined;
      if (namedConfig !== undefined && existsSync(namedConfig) && !argv.force) {
        throw new UsageError(
          `${displayPath(namedConfig)} already exists; nothing was written. Name another file with --config, ` +
            'or pass --force to set the service up again.',
        );
      }
      const defaultConfig = join(here, CONFIG_FILE);
      // The spec: imported from the WSDL, or the starter.
      let specText: string;
      let specName: string;
      let specSource: string;
      if (argv.from !== undefined) {
        const { text, label } = await readSource(argv.from, {
          timeoutMs: argv.timeout * 1000,
          onWait: (line) => ctx.report.progress(line),
        });
        let spec;
        try {
          spec = readWsdl(text, label).spec;
        } catch (error) {
          if (!(error instanceof WsdlError)) throw error;
          throw new UsageError(`cannot import ${label}; nothing was written.\n${error.message}`, { cause: error });
        }
        specName = spec.service.name;
        const target = argv.spec ?? join('spec', `${kebabCase(specName)}.yaml`);
        specText = renderSpecYaml(spec, { schemaPath: schemaPathFrom(target), source: label });
        specSource = `imported ${specName} (${summary(spec).join(', ')}) from ${label}`;
        argv.spec = target;
      } else {
        specName = parseSpec(STARTER_SPEC, '<starter>').service.name;
        argv.spec ??= join('spec', `${kebabCase(specName)}.yaml`);
        specText = `# yaml-language-server: $schema=${schemaPathFrom(argv.spec)}\n${STARTER_SPEC}`;
        specSource = `wrote a starter spec for ${specName}`;
      }
      const specPath = argv.spec;
      // A config that sets up another service stays: this one gets a config of its own.
      let configFile = namedConfig ?? defaultConfig;
      let secondService = false;
      if (namedConfig === undefined && existsSync(defaultConfig) && !argv.force) {
        const other = loadConfig(defaultConfig, CONFIG_FILE).values.spec;
        if (other === undefined || resolve(other) === resolve(specPath)) {
          throw new UsageError(
            `${CONFIG_FILE} already exists; nothing was written. asmxgen generate, check and serve use it as it is; ` +
              'pass --force to set the project up again.',
          );
        }
        configFile = join(here, `asmxgen.${kebabCase(specName)}.config.yaml`);
        secondService = true;
        if (existsSync(configFile)) {
          throw new UsageError(
            `${CONFIG_FILE} sets up another service, and ${displayPath(configFile)} already exists; nothing was ` +
              'written. Name another file with --config, or pass --force to set the service up again.',
          );
        }
      }
      // A second service's code goes beside the first one's, in a folder of its own.
      const own = secondService || existsSync('src/generated') || existsSync('src/handlers.ts');
      const folder = own ? join('src', kebabCase(specName)) : 'src';
      const out = (argv.out ??= join(folder, 'generated'));
      const impl = (argv.impl ??= join(folder, 'handlers.ts'));
      if (existsSync(specPath) && !argv.force) {
        throw new UsageError(
          `${displayPath(specPath)} already exists; nothing was written. Pass --spec to write the spec elsewhere, ` +
            'or --force to overwrite it.',
        );
      }
      parseSpec(specText, specPath);

      // Everything is checked that can be before writing: now the spec, the config, the output.
      await atomicWriteFile(resolve(specPath), new TextEncoder().encode(specText));
      ctx.report.info(`asmxgen: ${specSource} into ${displayPath(specPath)}`);
      const settings = {
        spec: configPath(configFile, specPath),
        out: configPath(configFile, out),
        impl: configPath(configFile, impl),
        'base-url': argv['base-url'],
        runtime: argv.runtime,
        ...(argv.tests !== undefined && { tests: argv.tests === 'none' ? 'none' : configPath(configFile, argv.tests) }),
      };
      const isDefaultConfig = configFile === defaultConfig;
      const configFlag = isDefaultConfig ? '' : ` --config ${displayPath(configFile)}`;
      await atomicWriteFile(
        configFile,
        new TextEncoder().encode(renderConfig(settings, isDefaultConfig ? undefined : displayPath(configFile))),
      );
      if (secondService) {
        ctx.report.info(
          `asmxgen: ${CONFIG_FILE} sets up another service: wrote the settings of ${specName} to ` +
            `${displayPath(configFile)}; the commands read it with${configFlag}`,
        );
      } else ctx.report.info(`asmxgen: wrote ${displayPath(configFile)}`);
      await makeParentFolder(out);
      await makeParentFolder(impl);
      await generateOnce(
        {
          spec: specPath,
          out,
          impl,
          'base-url': argv['base-url'],
          runtime: argv.runtime,
          tests: argv.tests,
          'wsdl-only': false,
          'dry-run': false,
          watch: false,
          force: argv.force,
        },
        ctx,
      );

      const needed = dependenciesFor(argv.runtime, argv.tests !== 'none');
      // The project's `start` serves the first service; another one gets `start:<name>`.
      const script = isDefaultConfig
        ? {
            name: 'start',
            command:
              dirname(configFile) === project
                ? START_SCRIPT
                : `${START_SCRIPT} --config ${configPath(packageJson, configFile)}`,
          }
        : {
            name: `start:${kebabCase(specName)}`,
            command: `${START_SCRIPT} --config ${configPath(packageJson, configFile)}`,
          };
      const install = await addDependencies(packageJson, needed, script);
      const tsconfig = await writeTsconfig(project, [out, impl, ...(argv.tests === 'none' ? [] : [argv.tests])]);
      ctx.report.info('');
      if (tsconfig) ctx.report.info(`asmxgen: wrote tsconfig.json (strict, NodeNext modules; includes ${tsconfig})`);
      if (install.madeModule !== undefined) {
        ctx.report.info(
          `asmxgen: set "type": "module" in package.json (it had ${install.madeModule}): the generated code ` +
            'is ES modules; rename CommonJS files of yours to .cjs',
        );
      }
      if (install.start) {
        ctx.report.info(`asmxgen: added the script "${script.name}": "${script.command}" to package.json`);
      }
      if (install.edited.length > 0) {
        ctx.report.info(`asmxgen: added to package.json: ${install.edited.join(', ')}`);
      }
      if (install.moved && install.moved.length > 0) {
        ctx.report.info(
          `asmxgen: moved ${install.moved.join(', ')} from devDependencies to dependencies in package.json: ` +
            `the generated code imports ${install.moved.length === 1 ? 'it' : 'them'} at run time`,
        );
      }
      const steps: [string, string][] = [];
      if (install.failed) {
        ctx.report.info(
          `asmxgen: could not add the dependencies to package.json (${install.failed}); install them with:`,
        );
        ctx.report.info(`  ${installLine(needed)}`);
      } else if (install.edited.length > 0 || (install.moved?.length ?? 0) > 0) {
        steps.push(['npm install', 'installs what was added to package.json']);
      }
      const runScript = script.name === 'start' ? 'npm start' : `npm run ${script.name}`;
      const serveWhat = `serves ${specName} with your handlers (${displayPath(configFile)} names them)`;
      steps.push(
        [`edit ${displayPath(impl)}`, 'replace each stub with your implementation'],
        install.start || install.hasStart === script.command
          ? [secondService ? `${runScript} -- --port 8081` : runScript, serveWhat]
          : [`npx asmxgen serve${configFlag}${secondService ? ' --port 8081' : ''}`, serveWhat],
        [`npx asmxgen check${configFlag}`, `in CI: fails when ${displayPath(out)}/ is stale or a handler is missing`],
      );
      if (argv.tests !== 'none') {
        steps.push([`npx vitest run ${displayPath(argv.tests ?? out)}`, 'runs the generated test suite']);
      }
      const width = Math.max(...steps.map(([command]) => command.length));
      ctx.report.info('Next:');
      for (const [command, what] of steps) ctx.report.info(`  ${command.padEnd(width)}   ${what}`);
      ctx.setExitCode(EXIT_OK);
    },
  };
}

/** The folder of `path` when missing (`src/` of a new project, `src/<service>/` of a second service). */
async function makeParentFolder(path: string): Promise<void> {
  const folder = dirname(resolve(path));
  if (existsSync(folder)) return;
  const { makeFolders } = await import('../output/make-folders.js');
  await makeFolders(folder);
}

/** The package.json of `start` or of the nearest folder above it that has one. */
function nearestPackageJson(start: string): string | undefined {
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) return file;
    if (dirname(dir) === dir) return undefined;
  }
}

interface Needed {
  readonly dependencies: Record<string, string>;
  readonly devDependencies: Record<string, string>;
}

/**
 * What the generated code needs, at the versions asmxgen is built and tested with (pinned): the runtime
 * package (which brings fast-xml-parser and busboy), or with `--runtime vendor` those two and busboy's
 * types; Node's types to compile the server; vitest for the test suite.
 */
export function dependenciesFor(runtime: RuntimeMode, tests: boolean): Needed {
  const own = readJson(join(packageRoot(), 'package.json'));
  const runtimePackage = readJson(createRequire(import.meta.url).resolve('@asmxgen/runtime/package.json'));
  const dev = own.devDependencies ?? {};
  const dependencies: Record<string, string> =
    runtime === 'package'
      ? { '@asmxgen/runtime': runtimePackage.version! }
      : {
          busboy: runtimePackage.dependencies!.busboy!,
          'fast-xml-parser': runtimePackage.dependencies!['fast-xml-parser']!,
        };
  const devDependencies: Record<string, string> = { '@types/node': dev['@types/node']! };
  if (runtime === 'vendor') devDependencies['@types/busboy'] = dev['@types/busboy']!;
  if (tests) devDependencies.vitest = dev.vitest!;
  return { dependencies, devDependencies };
}

function readJson(file: string): {
  version?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
} {
  return JSON.parse(readFileSync(file, 'utf8')) as never;
}

/** The one command that installs `needed` when package.json cannot be edited. */
export function installLine(needed: Needed): string {
  const list = (deps: Record<string, string>) => Object.entries(deps).map(([name, version]) => `${name}@${version}`);
  const parts = [`npm install --save-exact ${list(needed.dependencies).join(' ')}`];
  if (Object.keys(needed.devDependencies).length > 0) {
    parts.push(`npm install --save-dev --save-exact ${list(needed.devDependencies).join(' ')}`);
  }
  return parts.join(' && ');
}

/**
 * Adds the missing entries of `needed` to package.json, keeping its indentation and every other byte's
 * meaning (entries already there, at any version, are left alone). Returns what it added, or why it could not.
 */
async function addDependencies(
  file: string,
  needed: Needed,
  script: { readonly name: string; readonly command: string } = { name: 'start', command: START_SCRIPT },
): Promise<{
  edited: string[];
  moved?: string[];
  failed?: string;
  madeModule?: string;
  start?: boolean;
  hasStart?: string;
}> {
  let text: string;
  let data: Record<string, unknown>;
  try {
    text = await readFile(file, 'utf8');
    data = JSON.parse(text) as Record<string, unknown>;
    if (typeof data !== 'object' || data === null || Array.isArray(data))
      return { edited: [], failed: 'it is not a JSON object' };
  } catch (error) {
    const why = error instanceof SyntaxError ? 'it is not valid JSON' : (errnoCode(error) ?? String(error));
    return { edited: [], failed: why };
  }
  const edited: string[] = [];
  // A run-time dependency listed only in devDependencies (`npm install --save-dev …`) would be missing from a
  // production install: it moves to dependencies, at the version given.
  const moved = movedToDependencies(data, Object.keys(needed.dependencies));
  for (const section of ['dependencies', 'devDependencies'] as const) {
    const present = (data[section] ?? {}) as Record<string, string>;
    const all = { ...((data.dependencies ?? {}) as object), ...((data.devDependencies ?? {}) as object) };
    const added = Object.entries(needed[section]).filter(([name]) => !(name in all));
    if (added.length === 0) continue;
    const merged = { ...present, ...Object.fromEntries(added) };
    data[section] = Object.fromEntries(Object.entries(merged).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    edited.push(...added.map(([name, version]) => `${name}@${version}`));
  }
  // The generated code is ES modules (top-level await in a client script too): the package says so.
  const madeModule =
    data.type === undefined ? 'no "type"' : data.type === 'commonjs' ? '"type": "commonjs"' : undefined;
  if (madeModule !== undefined) data.type = 'module';
  const scripts = (data.scripts ?? {}) as Record<string, unknown>;
  const start = typeof scripts !== 'object' || Array.isArray(scripts) ? false : !(script.name in scripts);
  const hasStart = typeof scripts[script.name] === 'string' ? (scripts[script.name] as string) : undefined;
  if (start) data.scripts = { ...scripts, [script.name]: script.command };
  if (edited.length === 0 && moved.length === 0 && madeModule === undefined && !start) return { edited, hasStart };
  const indent = /^[{[]\r?\n([ \t]+)/.exec(text)?.[1] ?? '  ';
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const out = JSON.stringify(data, null, indent).replace(/\n/g, eol) + (/\r?\n$/.test(text) ? eol : '');
  try {
    const info = await stat(file);
    if (!info.isFile()) return { edited: [], failed: 'it is not a file' };
    await atomicWriteFile(file, new TextEncoder().encode(out));
  } catch (error) {
    return { edited: [], failed: error instanceof Error ? error.message : String(error) };
  }
  return {
    edited,
    moved,
    ...(madeModule !== undefined && { madeModule }),
    start,
    ...(hasStart !== undefined && { hasStart }),
  };
}

/** The `start` script `init` adds when there is none: serves the service as asmxgen.config.yaml says. */
export const START_SCRIPT = 'asmxgen serve';

/**
 * Writes a tsconfig.json that type-checks the generated code, the handlers and the tests, when the project has
 * none. Returns the folders it includes, or undefined when it wrote nothing.
 */
async function writeTsconfig(project: string, paths: readonly string[]): Promise<string | undefined> {
  const file = join(project, 'tsconfig.json');
  if (existsSync(file)) return undefined;
  const folders = [...new Set(paths.map((path) => relative(project, resolve(path)).split(sep)[0]!))].filter(
    (folder) => folder !== '' && folder !== '..',
  );
  const config = {
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      types: ['node'],
    },
    include: folders,
  };
  await atomicWriteFile(file, new TextEncoder().encode(JSON.stringify(config, null, 2) + '\n'));
  return folders.join(', ');
}

/** Moves `names` found in devDependencies but not in dependencies to dependencies; returns the ones moved. */
function movedToDependencies(data: Record<string, unknown>, names: readonly string[]): string[] {
  const dev = (data.devDependencies ?? {}) as Record<string, string>;
  const deps = (data.dependencies ?? {}) as Record<string, string>;
  const moved = names.filter((name) => name in dev && !(name in deps));
  if (moved.length === 0) return [];
  const sorted = (entries: [string, string][]) =>
    Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  data.dependencies = sorted([...Object.entries(deps), ...moved.map((name): [string, string] => [name, dev[name]!])]);
  const rest = Object.entries(dev).filter(([name]) => !moved.includes(name));
  if (rest.length > 0) data.devDependencies = sorted(rest);
  else delete data.devDependencies;
  return moved;
}

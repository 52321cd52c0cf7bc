import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Project, ts } from 'ts-morph';
import { afterEach } from 'vitest';
import { main } from '../../generator/cli/main.js';
import { describeImplMerge, type ImplMerge } from '../../generator/impl/index.js';
import { loadSpecText, type ServiceModel } from '../../generator/index.js';

export const FIXTURES = resolve(import.meta.dirname, 'fixtures');
/** How the fixtures name the impl file, and what it imports (`<out>` is `src/generated`). */
export const FILE_NAME = 'src/handlers.ts';
export const IMPORT_PATH = './generated/index.js';
/** `ASMXGEN_UPDATE_IMPL=1 npx vitest run test/impl` rewrites after.ts.txt, result.json and error.txt. */
export const UPDATE = process.env.ASMXGEN_UPDATE_IMPL === '1';

/**
 * One case in `fixtures/<name>/`: `spec.yaml`; `before.ts.txt` (absent: the file does not exist yet);
 * and either `after.ts.txt` plus `result.json`, or `error.txt` when the merge must refuse.
 * (`.ts.txt`, not `.ts`: the project's type check covers every `.ts` under `test/`, and these
 * files import a generated module that is not there, or do not parse on purpose.)
 */
export interface Fixture {
  readonly name: string;
  readonly dir: string;
  readonly specText: string;
  readonly model: ServiceModel;
  readonly before: string | undefined;
  readonly after: string | undefined;
  readonly result: FixtureResult | undefined;
  readonly error: string | undefined;
}

/** What `result.json` records of a merge. */
export interface FixtureResult {
  readonly line: string;
  readonly created: boolean;
  readonly changed: boolean;
  readonly added: readonly string[];
  readonly orphans: readonly string[];
  readonly marked: readonly string[];
  readonly unmarked: readonly string[];
  readonly unknown: readonly string[];
  readonly importAdded: boolean;
  readonly warnings: readonly string[];
  /** TypeScript's errors for after.ts.txt against a generated index of the spec's shape. */
  readonly typeErrors: readonly string[];
}

function readIfPresent(path: string): string | undefined {
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
}

export function fixtureNames(): string[] {
  return readdirSync(FIXTURES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

export function loadFixture(name: string): Fixture {
  const dir = join(FIXTURES, name);
  const specText = readFileSync(join(dir, 'spec.yaml'), 'utf8');
  const result = readIfPresent(join(dir, 'result.json'));
  return {
    name,
    dir,
    specText,
    model: loadSpecText(specText, join(dir, 'spec.yaml')),
    before: readIfPresent(join(dir, 'before.ts.txt')),
    after: readIfPresent(join(dir, 'after.ts.txt')),
    result: result === undefined ? undefined : (JSON.parse(result) as FixtureResult),
    error: readIfPresent(join(dir, 'error.txt')),
  };
}

export function summarize(merge: ImplMerge, typeErrors: readonly string[]): FixtureResult {
  return {
    line: describeImplMerge(merge, FILE_NAME),
    created: merge.created,
    changed: merge.changed,
    added: merge.added,
    orphans: merge.orphans,
    marked: merge.marked,
    unmarked: merge.unmarked,
    unknown: merge.unknown,
    importAdded: merge.importAdded,
    warnings: merge.warnings,
    typeErrors,
  };
}

/**
 * A stand-in for the generated `index.ts` with the shape the server emitter exports:
 * `{Svc}Handlers` with `Op(input: OpInput, ctx: CallContext): OpResult | Promise<OpResult>`,
 * the `OpInput`/`OpResult` types, `CallContext` and the `SoapFault` class.
 */
export function fakeGeneratedIndex(model: ServiceModel): string {
  const lines = [
    'export interface CallContext { readonly soapAction: string | undefined }',
    "export class SoapFault extends Error { constructor(readonly code: 'Client' | 'Server', message: string) { super(message); } }",
  ];
  for (const op of model.operations) {
    const fields = op.parameters.map((p) => `readonly ${p.tsName}${p.minOccurs === 0 ? '?' : ''}: ${p.tsType};`);
    lines.push(`export interface ${op.ts.inputType} { ${fields.join(' ')} }`);
    lines.push(`export type ${op.ts.resultType} = ${op.result ? op.result.tsType : 'void'};`);
  }
  lines.push(`export interface ${model.ts.handlersInterface} {`);
  for (const op of model.operations) {
    const { method, inputType, resultType } = op.ts;
    lines.push(`  ${method}(input: ${inputType}, ctx: CallContext): ${resultType} | Promise<${resultType}>;`);
  }
  lines.push('}', '');
  return lines.join('\n');
}

/**
 * Type-checks an impl file next to a fake `generated/index.ts`, strict, as `line:col TSxxxx: message`.
 * Modules other than the generated one (`./sessions.js`, `node:crypto`) do not exist here; errors about them are left out.
 */
export function typeErrors(model: ServiceModel, implText: string): string[] {
  const project = new Project({
    useInMemoryFileSystem: true,
    compilerOptions: {
      strict: true,
      noUncheckedIndexedAccess: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
    },
  });
  project.createSourceFile('/src/generated/index.ts', fakeGeneratedIndex(model));
  const impl = project.createSourceFile('/src/handlers.ts', implText);
  return project
    .getProgram()
    .compilerObject.getSemanticDiagnostics(impl.compilerNode)
    .filter(
      (d) => ![2307, 2591].includes(d.code) || /generated/.test(ts.flattenDiagnosticMessageText(d.messageText, ' ')),
    )
    .map((d) => {
      const { line, character } = impl.compilerNode.getLineAndCharacterOfPosition(d.start ?? 0);
      return `${line + 1}:${character + 1} TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
    });
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in-process with captured output. */
export async function cli(...args: string[]): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
  });
  return { code, stdout, stderr };
}

const made: string[] = [];
afterEach(async () => {
  for (const dir of made.splice(0)) await rm(dir, { recursive: true, force: true });
});

export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'asmxgen-impl-'));
  made.push(dir);
  return dir;
}

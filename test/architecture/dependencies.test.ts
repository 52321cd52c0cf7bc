/**
 * Which way the source files depend on each other, read from the files
 * themselves: every `import` and `export … from` (type-only ones included:
 * they tie modules together as much as value imports do), `import type`
 * queries (`import('…').T`) and dynamic `import('…')` of a literal. A
 * relative specifier's `.js` is the `.ts` file beside it.
 *
 * - No import cycle in `runtime/src/` nor in `generator/`.
 * - The runtime is a package of its own: it imports nothing outside
 *   `runtime/src/` but Node's built-ins and its two dependencies.
 * - The generator takes the runtime only through the package's entry points,
 *   never a runtime file by path.
 * - `generator/model/` is the base the spec and WSDL readers and the writers
 *   share: it imports none of them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const RUNTIME_SRC = join(ROOT, 'runtime', 'src');
const GENERATOR = join(ROOT, 'generator');

/** The packages the runtime may import (its package.json's dependencies), besides `node:` built-ins. */
const RUNTIME_PACKAGES = ['fast-xml-parser', 'busboy'];

/** The generator folders `generator/model/` must not import. */
const ABOVE_MODEL = ['spec', 'emit', 'cli', 'diff', 'wsdl-reader'];

interface Import {
  /** The importing file, relative to the repository root, `/`-separated. */
  readonly from: string;
  /** As written. */
  readonly specifier: string;
  /** The file a relative specifier names (relative to the repository root); `undefined` for a package. */
  readonly to: string | undefined;
}

/** A graph of imports: each file, relative to the repository root, to what it imports. */
type ImportGraph = ReadonlyMap<string, readonly Import[]>;

function repoPath(file: string): string {
  return relative(ROOT, file).split(sep).join('/');
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/** Every module specifier `file` names. */
function specifiersOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const specifiers: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier !== undefined &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      specifiers.push(node.moduleReference.expression.text);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      specifiers.push(node.argument.literal.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

/** The imports of every `.ts` file under `dir`. */
function importGraph(dir: string): ImportGraph {
  return new Map(
    tsFiles(dir).map((file) => {
      const imports = specifiersOf(file).map((specifier): Import => {
        const to = specifier.startsWith('.')
          ? repoPath(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')))
          : undefined;
        return { from: repoPath(file), specifier, to };
      });
      return [repoPath(file), imports];
    }),
  );
}

function describeImport(i: Import): string {
  return `${i.from} imports '${i.specifier}'`;
}

/**
 * The import cycles among the graph's files: one per import that leads back to a file still being followed
 * (so every cycle is found at least once), each as the imports around it, starting at its first file.
 */
function findCycles(graph: ImportGraph): Import[][] {
  const cycles: Import[][] = [];
  const done = new Set<string>();
  const path: Import[] = [];
  const onPath = new Map<string, number>();
  const visit = (file: string): void => {
    onPath.set(file, path.length);
    for (const edge of graph.get(file) ?? []) {
      if (edge.to === undefined || !graph.has(edge.to)) continue;
      const start = onPath.get(edge.to);
      if (start !== undefined) {
        cycles.push([...path.slice(start), edge]);
      } else if (!done.has(edge.to)) {
        path.push(edge);
        visit(edge.to);
        path.pop();
      }
    }
    onPath.delete(file);
    done.add(file);
  };
  for (const file of [...graph.keys()].sort()) if (!done.has(file)) visit(file);
  return cycles;
}

function describeCycle(cycle: readonly Import[]): string {
  const files = [cycle[0]!.from, ...cycle.map((i) => i.to!)].join(' → ');
  return `import cycle ${files}\n${cycle.map((i) => `    ${describeImport(i)}`).join('\n')}`;
}

/** The imports of `graph` that `allowed` refuses, described. */
function offending(graph: ImportGraph, allowed: (i: Import) => boolean): string[] {
  return [...graph.values()].flatMap((imports) => imports.filter((i) => !allowed(i)).map(describeImport));
}

function isUnder(path: string | undefined, dir: string): boolean {
  return path !== undefined && (path + '/').startsWith(repoPath(dir) + '/');
}

const runtime = importGraph(RUNTIME_SRC);
const generator = importGraph(GENERATOR);

describe('the dependencies between source files', () => {
  it('are read from the real files (the checks check something)', () => {
    expect(runtime.size).toBeGreaterThan(40);
    expect(generator.size).toBeGreaterThan(100);
    expect(runtime.get('runtime/src/client/send-request.ts')).toContainEqual({
      from: 'runtime/src/client/send-request.ts',
      specifier: './node-transport.js',
      to: 'runtime/src/client/node-transport.ts',
    });
    // Type-only imports and re-exports count.
    expect(runtime.get('runtime/src/client/node-transport.ts')!.map((i) => i.specifier)).toContain('./sender.js');
    expect(runtime.get('runtime/src/client.ts')!.map((i) => i.specifier)).toContain('./client/client-options.js');
    // Dynamic imports of a literal count.
    expect(generator.get('generator/cli/commands.ts')!.map((i) => i.specifier)).toContain('./generate-command.js');
  });

  it('name only files that exist', () => {
    const missing = [...runtime.values(), ...generator.values()]
      .flat()
      .filter((i) => i.to !== undefined && !existsSync(join(ROOT, i.to)));
    expect(missing.map((i) => `${describeImport(i)}: no file ${i.to}`)).toEqual([]);
  });

  it('form no cycle in runtime/src/', () => {
    expect(findCycles(runtime).map(describeCycle)).toEqual([]);
  });

  it('form no cycle in generator/', () => {
    expect(findCycles(generator).map(describeCycle)).toEqual([]);
  });

  it(`runtime/src/ imports nothing outside itself but node: built-ins, ${RUNTIME_PACKAGES.join(' and ')}`, () => {
    const allowed = (i: Import) =>
      i.to !== undefined
        ? isUnder(i.to, RUNTIME_SRC)
        : i.specifier.startsWith('node:') ||
          RUNTIME_PACKAGES.some((name) => i.specifier === name || i.specifier.startsWith(`${name}/`));
    expect(offending(runtime, allowed)).toEqual([]);
  });

  it('generator/ takes the runtime only through @asmxgen/runtime entry points, never a runtime file by path', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'runtime', 'package.json'), 'utf8')) as {
      name: string;
      exports: Record<string, unknown>;
    };
    const entries = Object.keys(manifest.exports)
      .filter((key) => key !== './package.json')
      .map((key) => (key === '.' ? manifest.name : `${manifest.name}/${key.slice(2)}`));
    expect(entries).toContain('@asmxgen/runtime/xml');
    const allowed = (i: Import) =>
      i.to !== undefined
        ? !isUnder(i.to, join(ROOT, 'runtime'))
        : !(i.specifier === manifest.name || i.specifier.startsWith(`${manifest.name}/`)) ||
          entries.includes(i.specifier);
    expect(offending(generator, allowed)).toEqual([]);
  });

  it(`generator/model/ imports nothing from generator/${ABOVE_MODEL.join(', generator/')}`, () => {
    const model = new Map([...generator].filter(([file]) => isUnder(file, join(GENERATOR, 'model'))));
    expect(model.size).toBeGreaterThan(0);
    const allowed = (i: Import) => !ABOVE_MODEL.some((folder) => isUnder(i.to, join(GENERATOR, folder)));
    expect(offending(model, allowed)).toEqual([]);
  });
});

describe('findCycles', () => {
  const graphOf = (edges: Record<string, string[]>): ImportGraph =>
    new Map(
      Object.entries(edges).map(([from, tos]) => [
        from,
        tos.map((to) => ({ from, specifier: `./${to}`, to: to.startsWith('pkg:') ? undefined : to })),
      ]),
    );

  it('finds none where imports run one way', () => {
    expect(findCycles(graphOf({ a: ['b', 'c'], b: ['c'], c: ['pkg:x'] }))).toEqual([]);
  });

  it('finds a cycle, reported as its path of imports', () => {
    const cycles = findCycles(graphOf({ a: ['b'], b: ['c'], c: ['a'], d: ['a'] }));
    expect(cycles.map(describeCycle)).toEqual([
      "import cycle a → b → c → a\n    a imports './b'\n    b imports './c'\n    c imports './a'",
    ]);
  });

  it('finds a file that imports itself, and two cycles through one file', () => {
    const cycles = findCycles(graphOf({ a: ['a', 'b', 'c'], b: ['a'], c: ['a'] }));
    expect(cycles.map((c) => [c[0]!.from, ...c.map((i) => i.to)].join(' '))).toEqual(['a a', 'a b a', 'a c a']);
  });
});

import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  entryModule,
  importRuntime,
  RUNTIME,
  RUNTIME_ENTRIES,
  runtimeSpecifier,
  type RuntimeEntry,
} from '../../generator/emit/runtime-symbols.js';
import { packageRoot } from '../../generator/package-root.js';

const SRC = join(packageRoot(), 'runtime', 'src');

/** What each runtime entry point exports, by name: a value (class, function, constant) or a type only. */
function entryExports(): Map<RuntimeEntry, Map<string, 'value' | 'type'>> {
  const files = RUNTIME_ENTRIES.map((entry) => join(SRC, `${entryModule(entry)}.ts`));
  const program = ts.createProgram(files, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    noEmit: true,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  return new Map(
    RUNTIME_ENTRIES.map((entry, i) => {
      const module = checker.getSymbolAtLocation(program.getSourceFile(files[i]!)!)!;
      const exports = checker.getExportsOfModule(module).map((symbol) => {
        const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
        return [symbol.name, target.flags & ts.SymbolFlags.Value ? 'value' : 'type'] as const;
      });
      return [entry, new Map(exports)];
    }),
  );
}

describe('the table of runtime symbols', () => {
  it('names only what its entry point exports, values as values and types as types', () => {
    const exports = entryExports();
    for (const symbol of Object.values(RUNTIME)) {
      const kind = exports.get(symbol.entry)!.get(symbol.name);
      expect(kind, `${symbol.name} from ${symbol.entry}`).toBe(symbol.typeOnly ? 'type' : 'value');
    }
  });

  it('is keyed by the names it holds', () => {
    for (const [key, symbol] of Object.entries(RUNTIME)) expect(symbol.name).toBe(key);
  });

  it('imports from the package’s entry points, or from the vendored copy beside the generated modules', () => {
    expect(RUNTIME_ENTRIES.map((e) => runtimeSpecifier(e, 'package'))).toEqual([
      '@asmxgen/runtime',
      '@asmxgen/runtime/server',
      '@asmxgen/runtime/client',
    ]);
    expect(RUNTIME_ENTRIES.map((e) => runtimeSpecifier(e, 'vendor'))).toEqual([
      './runtime/service-description.js',
      './runtime/server.js',
      './runtime/client.js',
    ]);
  });

  it('groups imports by entry point; `import type` when every name is a type, else types marked', () => {
    const statements = importRuntime(
      [
        RUNTIME.ServiceDescription,
        RUNTIME.SoapFault,
        { symbol: RUNTIME.createServiceServer, alias: 'x' },
        RUNTIME.CallContext,
      ],
      'package',
    );
    expect(statements).toEqual([
      { kind: 'import', typeOnly: true, names: ['ServiceDescription'], from: '@asmxgen/runtime' },
      {
        kind: 'import',
        names: ['SoapFault', { name: 'createServiceServer', alias: 'x' }, { name: 'CallContext', typeOnly: true }],
        from: '@asmxgen/runtime/server',
      },
    ]);
  });
});

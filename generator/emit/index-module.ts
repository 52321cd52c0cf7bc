import { StructureKind, type StatementStructures } from 'ts-morph';
import { importSpecifier, MODULE_PATHS } from './module-paths.js';
import type { TsModule } from './ts-file.js';

/** A module's exported names, values and types apart. */
export interface ModuleExports {
  readonly values: readonly string[];
  readonly types: readonly string[];
}

/**
 * `index.ts`: the public API, re-exporting everything `modules` export, in
 * their order (modules not built from structures state their exports). A new generated module joins the API by joining the list
 * `generate` passes here.
 */
export function emitIndexModule(modules: readonly (TsModule | (ModuleExports & { path: string }))[]): TsModule {
  const exporter = new Map<string, string>();
  const statements = modules.flatMap((m): StatementStructures[] => {
    const { values, types } = 'statements' in m ? exportsOf(m) : m;
    for (const name of [...values, ...types]) {
      const first = exporter.get(name);
      if (first !== undefined) {
        throw new Error(
          `asmxgen: index.ts cannot re-export ${name} from both ${first} and ${m.path}; export it from one`,
        );
      }
      exporter.set(name, m.path);
    }
    const moduleSpecifier = importSpecifier(m.path);
    return [
      ...(values.length > 0
        ? [{ kind: StructureKind.ExportDeclaration as const, namedExports: [...values], moduleSpecifier }]
        : []),
      ...(types.length > 0
        ? [
            {
              kind: StructureKind.ExportDeclaration as const,
              isTypeOnly: true,
              namedExports: [...types],
              moduleSpecifier,
            },
          ]
        : []),
    ];
  });
  return { path: MODULE_PATHS.index, statements };
}

/** What a module exports, read from its structures: declarations marked exported and local `export { … }` lists. */
export function exportsOf(module: TsModule): ModuleExports {
  const values: string[] = [];
  const types: string[] = [];
  for (const s of module.statements) {
    switch (s.kind) {
      case StructureKind.Interface:
      case StructureKind.TypeAlias:
        if (s.isExported) types.push(s.name);
        break;
      case StructureKind.Function:
      case StructureKind.Class:
      case StructureKind.Enum:
        if (s.isExported && s.name) values.push(s.name);
        break;
      case StructureKind.VariableStatement:
        if (s.isExported) values.push(...s.declarations.map((d) => d.name));
        break;
      case StructureKind.ExportDeclaration:
        if (!Array.isArray(s.namedExports) || s.namespaceExport) throw unsupported(module, 'this export declaration');
        for (const spec of s.namedExports) {
          if (typeof spec === 'function') throw unsupported(module, 'an export written by a function');
          const { name, alias, isTypeOnly } = typeof spec === 'string' ? { name: spec } : spec;
          (s.isTypeOnly || isTypeOnly ? types : values).push(alias ?? name);
        }
        break;
      case StructureKind.Module:
        if (s.isExported) throw unsupported(module, `namespace ${s.name}`);
        break;
      case StructureKind.ExportAssignment:
        throw unsupported(module, 'a default export');
    }
  }
  return { values, types };
}

function unsupported(module: TsModule, what: string): Error {
  return new Error(`asmxgen: index.ts cannot re-export ${what} of ${module.path}; list its names instead`);
}

import { importSpecifier, MODULE_PATHS } from './module-paths.js';
import { exportsOf, type ModuleExports, type Statement, type TsModule } from '../printer/ts-module.js';

/**
 * `index.ts`: the public API, re-exporting everything `modules` export, in
 * their order. A new generated module joins the API by joining the list
 * `generate` passes here.
 */
export function emitIndexModule(modules: readonly TsModule[]): TsModule {
  return emitIndexModuleOf(modules.map((m) => ({ path: m.path, ...exportsOf(m) })));
}

/** A module's path and what it exports: all `index.ts` needs of it (its structure may be printed and gone). */
export interface ExportsOfModule extends ModuleExports {
  readonly path: string;
}

/** `emitIndexModule` from what each module exports. */
export function emitIndexModuleOf(modules: readonly ExportsOfModule[]): TsModule {
  const exporter = new Map<string, string>();
  const statements = modules.flatMap((m): Statement[] => {
    const { values, types } = m;
    for (const name of [...values, ...types]) {
      const first = exporter.get(name);
      if (first !== undefined) {
        throw new Error(
          `asmxgen: index.ts cannot re-export ${name} from both ${first} and ${m.path}; export it from one`,
        );
      }
      exporter.set(name, m.path);
    }
    const from = importSpecifier(m.path);
    return [
      ...(values.length > 0 ? [{ kind: 'export' as const, names: [...values], from }] : []),
      ...(types.length > 0 ? [{ kind: 'export' as const, typeOnly: true, names: [...types], from }] : []),
    ];
  });
  return { path: MODULE_PATHS.index, statements };
}

export { exportsOf } from '../printer/ts-module.js';

import { importSpecifier, MODULE_PATHS } from './module-paths.js';
import { exportsOf, type Statement, type TsModule } from '../printer/ts-module.js';

/**
 * `index.ts`: the public API, re-exporting everything `modules` export, in
 * their order. A new generated module joins the API by joining the list
 * `generate` passes here.
 */
export function emitIndexModule(modules: readonly TsModule[]): TsModule {
  const exporter = new Map<string, string>();
  const statements = modules.flatMap((m): Statement[] => {
    const { values, types } = exportsOf(m);
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

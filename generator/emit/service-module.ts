import { StructureKind, VariableDeclarationKind, type StatementStructures } from 'ts-morph';
import { describeService } from '../model/service-description.js';
import type { ServiceModel } from '../model/types.js';
import { jsDoc } from './js-doc.js';
import { importSpecifier, MODULE_PATHS, RUNTIME_MODULES } from './module-paths.js';
import type { TsModule } from './ts-file.js';
import { tsLiteral } from './ts-literal.js';

/**
 * `service.ts`: the service's wire facts (`service`), the constant the
 * server and client read.
 */
export function emitServiceModule(model: ServiceModel): TsModule {
  const statements: StatementStructures[] = [
    {
      kind: StructureKind.ImportDeclaration,
      isTypeOnly: true,
      namedImports: ['ServiceDescription'],
      moduleSpecifier: importSpecifier(RUNTIME_MODULES.serviceDescription),
    },
    constant(
      'service',
      'ServiceDescription',
      tsLiteral(describeService(model)),
      `What the runtime knows of ${model.name}: endpoint path, namespace, transports, and each operation's ` +
        'SOAPAction, elements and parameters.',
    ),
  ];
  return { path: MODULE_PATHS.service, statements };
}

function constant(name: string, type: string, initializer: string, doc: string): StatementStructures {
  return {
    kind: StructureKind.VariableStatement,
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: jsDoc([doc]),
    declarations: [{ name, type, initializer }],
  };
}

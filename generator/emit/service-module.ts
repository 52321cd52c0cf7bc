import { describeService } from '../model/service-description.js';
import type { ServiceModel } from '../model/types.js';
import { jsDoc } from './js-doc.js';
import { importSpecifier, MODULE_PATHS, RUNTIME_MODULES } from './module-paths.js';
import type { TsModule } from './ts-module.js';
import { tsLiteral } from './ts-literal.js';

/**
 * `service.ts`: the service's wire facts (`service`), the constant the
 * server and client read.
 */
export function emitServiceModule(model: ServiceModel): TsModule {
  return {
    path: MODULE_PATHS.service,
    statements: [
      {
        kind: 'import',
        typeOnly: true,
        names: ['ServiceDescription'],
        from: importSpecifier(RUNTIME_MODULES.serviceDescription),
      },
      {
        kind: 'const',
        name: 'service',
        type: 'ServiceDescription',
        value: tsLiteral(describeService(model)),
        docs: jsDoc([
          `What the runtime knows of ${model.name}: endpoint path, namespace, transports, and each operation's ` +
            'SOAPAction, elements and parameters.',
        ]),
      },
    ],
  };
}

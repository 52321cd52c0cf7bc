import { describeService } from './describe-service.js';
import type { ServiceModel } from '../model/types.js';
import { jsDoc } from '../printer/js-doc.js';
import { importSpecifier, MODULE_PATHS } from './module-paths.js';
import { jsonSitesOf } from './json-types.js';
import { importRuntime, RUNTIME, type RuntimeMode } from './runtime-symbols.js';
import type { TsModule } from '../printer/ts-module.js';
import { tsLiteral } from '../printer/ts-literal.js';

/**
 * `service.ts`: the service's wire facts (`service`), the constant the
 * server and client read.
 */
export function emitServiceModule(model: ServiceModel, runtime: RuntimeMode): TsModule {
  const validators = jsonSitesOf(model).map((site) => site.json.validator);
  return {
    path: MODULE_PATHS.service,
    statements: [
      ...importRuntime([RUNTIME.ServiceDescription], runtime),
      ...(validators.length > 0
        ? [{ kind: 'import' as const, names: validators, from: importSpecifier(MODULE_PATHS.jsonSchemas) }]
        : []),
      {
        kind: 'const',
        name: 'service',
        type: RUNTIME.ServiceDescription.name,
        value: tsLiteral(describeService(model)),
        docs: jsDoc([
          `What the runtime knows of ${model.name}: endpoint path, namespace, transports, and each operation's ` +
            'SOAPAction, elements and parameters.',
        ]),
      },
    ],
  };
}

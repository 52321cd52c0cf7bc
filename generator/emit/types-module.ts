import type { OperationModel, ServiceModel } from '../model/types.js';
import { jsDoc } from '../printer/js-doc.js';
import { MODULE_PATHS } from './module-paths.js';
import { generic, union } from '../printer/ts-syntax.js';
import type { Statement, TsModule } from '../printer/ts-module.js';

/**
 * `types.ts`: per operation, its input (`{Op}Input`, one property per
 * parameter) and its result (`{Op}Result`), shared by server and client.
 */
export function emitTypesModule(model: ServiceModel): TsModule {
  return { path: MODULE_PATHS.types, statements: model.operations.flatMap((op) => [inputType(op), resultType(op)]) };
}

function docs(op: OperationModel, role: string) {
  return jsDoc([op.description, role], { group: op.group });
}

function inputType(op: OperationModel): Statement {
  if (op.parameters.length === 0) {
    // `{}` would accept any value but null; this accepts `{}` only.
    return {
      kind: 'type',
      name: op.ts.inputType,
      type: generic('Record', 'string', 'never'),
      docs: docs(op, `\`${op.name}\` takes no parameters.`),
    };
  }
  return {
    kind: 'interface',
    name: op.ts.inputType,
    docs: docs(op, `The parameters of \`${op.name}\`.`),
    members: op.parameters.map((p) => ({
      kind: 'property' as const,
      name: p.tsName,
      type: p.tsType,
      optional: p.minOccurs === 0,
    })),
  };
}

function resultType(op: OperationModel): Statement {
  const result = op.result;
  const role = !result
    ? `\`${op.name}\` returns nothing: its reply is an empty \`${op.responseElement}\`.`
    : result.minOccurs === 0
      ? `What \`${op.name}\` returns, the \`${result.elementName}\` element; \`undefined\` when it is absent.`
      : `What \`${op.name}\` returns, the \`${result.elementName}\` element.`;
  return {
    kind: 'type',
    name: op.ts.resultType,
    type: !result ? 'void' : result.minOccurs === 0 ? union(result.tsType, 'undefined') : result.tsType,
    docs: docs(op, role),
  };
}

import type { BindingKind } from '../model/types.js';

/** The `where` of a change: a path into the service people can read. */
export const SERVICE_WHERE = 'service';

export function bindingWhere(kind: BindingKind): string {
  return `binding ${kind}`;
}

export function operationWhere(operation: string): string {
  return `operation ${operation}`;
}

export function parameterWhere(operation: string, parameter: string): string {
  return `operation ${operation}, parameter ${parameter}`;
}

/** The parameter list as a whole (its order). */
export function parametersWhere(operation: string): string {
  return `operation ${operation}, parameters`;
}

export function resultWhere(operation: string): string {
  return `operation ${operation}, result`;
}

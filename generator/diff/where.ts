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

/** A declared type (by its name in the old version). */
export function typeWhere(type: string): string {
  return `type ${type}`;
}

/** A member of a class; `[]` after the name for its array items. */
export function memberWhere(type: string, member: string): string {
  return `type ${type}, member ${member}`;
}

/** The members of a class as a whole (their order). */
export function membersWhere(type: string): string {
  return `type ${type}, members`;
}

export function enumValueWhere(type: string, value: string): string {
  return `type ${type}, value ${value}`;
}

export function headerWhere(operation: string, field: string): string {
  return `operation ${operation}, header ${field}`;
}

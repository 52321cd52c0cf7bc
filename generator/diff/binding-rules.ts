import { BINDING_KINDS, type BindingKind, type OperationModel, type ServiceModel } from '../model/types.js';
import { changeOf, type Change, type DiffRule } from './change.js';
import type { DiffContext } from './diff-context.js';
import { operationLabel, pairOperations } from './operation-pairs.js';
import { bindingWhere, operationWhere } from './where.js';

export const BINDING_REMOVED: DiffRule = {
  id: 'binding-removed',
  level: 'breaking',
  meaning: 'A binding (`soap11`, `soap12`, `httpGet`, `httpPost`) is no longer offered.',
  why: 'Its callers can no longer call any operation.',
};

export const BINDING_ADDED: DiffRule = {
  id: 'binding-added',
  level: 'non-breaking',
  meaning: 'A binding is offered that was not before.',
  why: 'A new way in; existing callers use the others.',
};

export const ADDRESS_CHANGED: DiffRule = {
  id: 'address-changed',
  level: 'info',
  meaning: "The address a binding's port names changed (only with `--include-addresses`).",
  why:
    'An address names a deployment (a served WSDL names the host it was asked on), not the contract; a changed ' +
    'endpoint path is `endpoint-path-changed`.',
};

export const OPERATION_BINDING_CHANGED: DiffRule = {
  id: 'operation-binding-changed',
  level: 'breaking',
  meaning:
    'An operation moved to another SOAP binding (`operations[].binding`, ' +
    '`[SoapDocumentMethod(Binding)]`), either way (not reported when each version has one SOAP binding: ' +
    '`binding-name-changed` says it).',
  why:
    'Its messages stay the same, but the WSDL lists it in another port type: proxies generated from the WSDL ' +
    '(wsdl.exe makes one class per binding, zeep and node-soap bind a port) no longer have it where their callers ' +
    'call it.',
};

export const BINDING_RULES: readonly DiffRule[] = [
  BINDING_REMOVED,
  BINDING_ADDED,
  ADDRESS_CHANGED,
  OPERATION_BINDING_CHANGED,
];

const LABELS: Record<BindingKind, string> = {
  soap11: 'SOAP 1.1',
  soap12: 'SOAP 1.2',
  httpGet: 'HTTP GET',
  httpPost: 'HTTP POST',
};

/** Bindings removed or added, and, with `includeAddresses`, changed addresses of the bindings both sides offer. */
export function bindingChanges(ctx: DiffContext): Change[] {
  const changes: Change[] = [];
  for (const kind of BINDING_KINDS) {
    const before = ctx.old.bindings.includes(kind);
    const after = ctx.new.bindings.includes(kind);
    if (before && !after) {
      changes.push(
        changeOf(BINDING_REMOVED, bindingWhere(kind), `removed: ${LABELS[kind]} callers can no longer call it`),
      );
    } else if (!before && after) {
      changes.push(
        changeOf(BINDING_ADDED, bindingWhere(kind), `added: the service can now be called by ${LABELS[kind]}`),
      );
    } else if (before && after && ctx.options.includeAddresses) {
      const a = ctx.options.addresses?.old?.[kind];
      const b = ctx.options.addresses?.new?.[kind];
      if (a !== b) {
        changes.push(
          changeOf(ADDRESS_CHANGED, bindingWhere(kind), `address changed from ${a ?? '(none)'} to ${b ?? '(none)'}`, {
            old: a,
            new: b,
          }),
        );
      }
    }
  }
  return [...changes, ...operationBindingChanges(ctx)];
}

/** Operations both versions have that moved from one SOAP binding (port type) to another. */
function operationBindingChanges(ctx: DiffContext): Change[] {
  const { old: a, new: b } = ctx;
  if (!(a.enabled.soap && b.enabled.soap) || (a.soapBindings.length === 1 && b.soapBindings.length === 1)) return [];
  return pairOperations(a, b).pairs.flatMap(([x, y]) => {
    const before = portTypeOf(a, x);
    const after = portTypeOf(b, y);
    if (before === after || (before === `${a.name}Soap` && after === `${b.name}Soap`)) return [];
    return [
      changeOf(
        OPERATION_BINDING_CHANGED,
        operationWhere(operationLabel(x)),
        `moved from SOAP binding ${before} to ${after}`,
        { old: before, new: after },
      ),
    ];
  });
}

function portTypeOf(model: ServiceModel, op: OperationModel): string {
  return model.soapBindings.find((binding) => binding.operations.includes(op))!.portType;
}

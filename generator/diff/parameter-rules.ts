import type { OperationModel, ParameterModel } from '../model/types.js';
import { changeOf, type Change, type DiffRule } from './change.js';
import { dataTypeChanges } from './data-type-rules.js';
import { httpBindingsOnBothSides, sameTypeSpec, type DiffContext } from './diff-context.js';
import { nameList } from './describe-values.js';
import { operationLabel } from './operation-pairs.js';
import { siteArrayChanges } from './type-rules.js';
import { siteChoiceChanges } from './choice-rules.js';
import { elementFormChanges, elementNamespaceChanges } from './item-form-rules.js';
import { parametersWhere, parameterWhere } from './where.js';

export const PARAMETER_ADDED_REQUIRED: DiffRule = {
  id: 'parameter-added-required',
  level: 'breaking',
  meaning: 'A value-type parameter (`int`, `boolean`, `dateTime`, …; `minOccurs="1"`) was added.',
  why:
    'Callers of the old contract do not send it: the schema says it is required, and a service that lets it pass ' +
    "hands the operation the type's default (0, false) as if the caller had sent it.",
};

export const PARAMETER_ADDED_REQUIRED_ON_HTTP: DiffRule = {
  id: 'parameter-added-required-on-http',
  level: 'breaking',
  meaning:
    'A reference-type parameter (`string`, `base64Binary`; optional in SOAP) was added while HttpGet or HttpPost ' +
    'is on in both versions.',
  why: 'On HTTP GET and POST every parameter is required: ASMX answers a call without it `500 Missing parameter`.',
};

export const PARAMETER_ADDED_OPTIONAL: DiffRule = {
  id: 'parameter-added-optional',
  level: 'non-breaking',
  meaning: 'A reference-type parameter (`minOccurs="0"`) was added, and no HTTP binding is on in both versions.',
  why: 'SOAP callers of the old contract leave it out, which the schema allows; the operation gets no value.',
};

export const PARAMETER_REMOVED: DiffRule = {
  id: 'parameter-removed',
  level: 'breaking',
  meaning: 'A parameter was removed, required or optional.',
  why:
    'On the wire old callers still "work": the service skips the element or field. But what they send is silently ' +
    'dropped, clients generated from the new contract stop sending it to services not yet upgraded (HTTP: ' +
    '`500 Missing parameter`; SOAP: no value or the default), and typed callers passing it no longer compile. ' +
    'Whether the value was optional does not change any of that.',
};

export const PARAMETER_TYPE_CHANGED: DiffRule = {
  id: 'parameter-type-changed',
  level: 'breaking',
  meaning: "A parameter's XSD type changed (and with it, maybe, whether it is required).",
  why:
    'Values of the old type may not convert (a fault), or convert with another meaning; even a widening ' +
    '(`int` to `long`) changes the typed client (`number` to `bigint`).',
};

export const PARAMETERS_REORDERED: DiffRule = {
  id: 'parameters-reordered',
  level: 'breaking',
  meaning: 'Parameters both versions have are in another order.',
  why:
    'The request element is an `s:sequence`, so the order is part of the contract: schema-strict SOAP stacks ' +
    'reject or drop out-of-order elements, and proxies with positional parameters (wsdl.exe, zeep) regenerated ' +
    'from the new WSDL swap same-typed arguments without a compile error. ASMX and the asmxgen server bind by ' +
    'name, so against them old callers keep working.',
};

export const PARAMETER_NILLABLE_CHANGED: DiffRule = {
  id: 'parameter-nillable-changed',
  level: 'breaking',
  meaning:
    'A reference-type parameter became or stopped being nillable (`nillable`, `[XmlElement(IsNullable = true)]`).',
  why:
    'A nillable parameter is `minOccurs="1"`: the typed client of the new contract must pass it (`T | null`), ' +
    'where the old one could leave it out, and a caller that passes `null` no longer compiles when it stops being ' +
    'nillable; schema-strict callers send or refuse `xsi:nil` by the contract they were built from.',
};

export const PARAMETER_ROOT_NAMESPACE_CHANGED: DiffRule = {
  id: 'parameter-root-namespace-changed',
  level: 'breaking',
  meaning:
    "A parameter's element moved to another namespace: its class gained, lost or changed `rootNamespace` " +
    '(`[XmlRoot(Namespace)]`, as Mono writes it: a `ref=` to a top-level element of that namespace).',
  why:
    'The element is read by its namespace and name: in requests, what callers of the old contract send is ' +
    'skipped and the operation gets null; in responses (out and ref parameters), old callers find no value.',
};

export const PARAMETER_PART_RENAMED: DiffRule = {
  id: 'parameter-part-renamed',
  level: 'info',
  meaning:
    "A bare operation's parameter has another message part name (`partName`: the C# parameter's name, its element " +
    'renamed by `[XmlElement("x")]`), its element unchanged.',
  why:
    'A bare message carries the element, never the part name: no request or response changes. Proxies generated ' +
    'from the WSDL (wsdl.exe) name their parameter after the part, so their code changes when regenerated.',
};

export const PARAMETER_FIELD_RENAMED: DiffRule = {
  id: 'parameter-field-renamed',
  level: 'breaking',
  meaning:
    'The C# name of a parameter whose element `[XmlElement("x")]` renames (`partName`) changed, where HTTP GET and ' +
    'POST offer the operation or ASP.NET AJAX calls it: they name its form field, and its JSON property, after it.',
  why:
    'SOAP messages are unchanged, but a caller by HTTP GET, HTTP POST or JSON sends the old name: the service answers ' +
    '"Missing parameter" (500), or its JSON error.',
};

export const PARAMETER_RULES: readonly DiffRule[] = [
  PARAMETER_ADDED_REQUIRED,
  PARAMETER_ADDED_REQUIRED_ON_HTTP,
  PARAMETER_ADDED_OPTIONAL,
  PARAMETER_REMOVED,
  PARAMETER_TYPE_CHANGED,
  PARAMETERS_REORDERED,
  PARAMETER_NILLABLE_CHANGED,
  PARAMETER_ROOT_NAMESPACE_CHANGED,
  PARAMETER_PART_RENAMED,
  PARAMETER_FIELD_RENAMED,
];

/** Changes of the parameters of an operation both versions have; parameters are matched by name. */
export function parameterChanges(ctx: DiffContext, a: OperationModel, b: OperationModel): Change[] {
  const label = operationLabel(a);
  const changes: Change[] = [];
  const before = new Map(a.parameters.map((p) => [p.name, p]));
  const after = new Map(b.parameters.map((p) => [p.name, p]));

  for (const p of b.parameters) {
    if (!before.has(p.name)) changes.push(added(ctx, label, p));
  }
  for (const p of a.parameters) {
    const q = after.get(p.name);
    if (!q) {
      const message = `removed (${p.type.spec}): what callers of the old contract send is ignored`;
      changes.push(changeOf(PARAMETER_REMOVED, parameterWhere(label, p.name), message, { old: p.type.spec }));
    } else if (!sameTypeSpec(ctx, p.type.spec, q.type.spec)) {
      changes.push(
        changeOf(
          PARAMETER_TYPE_CHANGED,
          parameterWhere(label, p.name),
          `type changed from ${p.type.spec} to ${q.type.spec}`,
          {
            old: p.type.spec,
            new: q.type.spec,
          },
        ),
      );
    } else {
      // An `in` parameter travels in requests, `out` in responses, `ref` in both (the new version's direction).
      const request = q.direction !== 'out';
      const response = q.direction !== 'in';
      const direction = request && response ? 'in requests and responses' : request ? 'in requests' : 'in responses';
      changes.push(...siteArrayChanges(ctx, parameterWhere(label, p.name), p, q, direction, response, request));
      changes.push(
        ...siteChoiceChanges(ctx, parameterWhere(label, p.name), p.choice, q.choice, direction, response, request),
      );
      changes.push(...elementFormChanges(parameterWhere(label, p.name), p.xmlForm, q.xmlForm, direction));
      changes.push(...dataTypeChanges(parameterWhere(label, p.name), p.type, q.type));
      changes.push(
        ...elementNamespaceChanges(parameterWhere(label, p.name), p.xmlNamespace, q.xmlNamespace, direction),
      );
      const bare = a.parameterStyle === 'bare' && b.parameterStyle === 'bare';
      // HTTP GET and POST, and JSON, name the parameter as C# does.
      const fielded = (a.http && b.http) || (ctx.old.scriptService && ctx.new.scriptService);
      if (fielded && (p.partName ?? p.name) !== (q.partName ?? q.name)) {
        const message =
          `the C# name is now "${q.partName ?? q.name}", no longer "${p.partName ?? p.name}": HTTP GET and POST ` +
          `(and JSON) name the field after it (${direction}); SOAP messages are unchanged`;
        changes.push(
          changeOf(PARAMETER_FIELD_RENAMED, parameterWhere(label, p.name), message, {
            old: p.partName ?? p.name,
            new: q.partName ?? q.name,
          }),
        );
      } else if (bare && (p.partName ?? p.name) !== (q.partName ?? q.name)) {
        const message =
          `message part renamed from "${p.partName ?? p.name}" to "${q.partName ?? q.name}" (${direction}); ` +
          'the element and the messages are unchanged';
        changes.push(
          changeOf(PARAMETER_PART_RENAMED, parameterWhere(label, p.name), message, {
            old: p.partName ?? p.name,
            new: q.partName ?? q.name,
          }),
        );
      }
      // A move of the element's own namespace is reported above, not as its class's root.
      if (p.xmlNamespace === q.xmlNamespace && p.namespace !== q.namespace) {
        const message =
          `the element is now ${inNamespace(q.namespace)}, no longer ${inNamespace(p.namespace)} ` +
          `(${direction}; the class's [XmlRoot(Namespace)])`;
        changes.push(
          changeOf(PARAMETER_ROOT_NAMESPACE_CHANGED, parameterWhere(label, p.name), message, {
            old: p.namespace ?? '',
            new: q.namespace ?? '',
          }),
        );
      } else if (p.nillable !== q.nillable && p.type.kind !== 'nullable') {
        const message = q.nillable ? 'became nillable' : 'no longer nillable';
        changes.push(changeOf(PARAMETER_NILLABLE_CHANGED, parameterWhere(label, p.name), message));
      }
    }
  }

  const oldOrder = a.parameters.filter((p) => after.has(p.name)).map((p) => p.name);
  const newOrder = b.parameters.filter((p) => before.has(p.name)).map((p) => p.name);
  if (oldOrder.join('\n') !== newOrder.join('\n')) {
    const message = `order changed from ${nameList(oldOrder)} to ${nameList(newOrder)}`;
    changes.push(
      changeOf(PARAMETERS_REORDERED, parametersWhere(label), message, {
        old: nameList(oldOrder),
        new: nameList(newOrder),
      }),
    );
  }
  return changes;
}

/** Where an element is: in a root namespace, or the request's or response's (the parameter's default). */
function inNamespace(namespace: string | undefined): string {
  return namespace === undefined ? "in the operation's namespace" : `in ${namespace}`;
}

function added(ctx: DiffContext, operation: string, p: ParameterModel): Change {
  const where = parameterWhere(operation, p.name);
  if (p.minOccurs === 1) {
    return changeOf(PARAMETER_ADDED_REQUIRED, where, `added (${p.type.spec}, required)`, { new: p.type.spec });
  }
  const http = httpBindingsOnBothSides(ctx);
  if (http.length > 0) {
    const message = `added (${p.type.spec}): optional in SOAP, but ${http.join(' and ')} callers must send it`;
    return changeOf(PARAMETER_ADDED_REQUIRED_ON_HTTP, where, message, { new: p.type.spec });
  }
  return changeOf(PARAMETER_ADDED_OPTIONAL, where, `added (${p.type.spec}, optional)`, { new: p.type.spec });
}

/**
 * The client types of a `[ScriptService]`: what the .NET Framework's `WebServiceData.ProcessClientTypes` gathers
 * (microsoft/referencesource, System.Web.Extensions/Script/Services/WebServiceData.cs). The proxy script writes a
 * typed constructor for each; JavaScriptSerializer, through the service's `WebServiceTypeResolver`, writes
 * `"__type"` on an object only when its class is one of them (`ResolveTypeId` knows no other type), and reads
 * `"__type"` only for them.
 */
import type { ServiceDescription } from '../service-description.js';
import type { ValueType } from '../xsd/type-description.js';

/** What `WebServiceData.ProcessClientType` gathers: instantiable classes and enums, in the order first met. */
export interface ClientTypes {
  /** Type ids (`Book`, `System.TimeSpan`) of the classes and structs the page can build with `gtc`. */
  readonly classes: string[];
  /** Declared names of the enums. */
  readonly enums: string[];
}

/** Built-in types that are client types: value types or classes with a public default constructor, not IEnumerable. */
export const BUILTIN_CLIENT_TYPES: Readonly<Record<string, string>> = {
  timeSpan: 'System.TimeSpan',
  QName: 'System.Xml.XmlQualifiedName',
  dataSet: 'System.Data.DataSet',
  dataTable: 'System.Data.DataTable',
};

/**
 * `WebServiceData.ProcessClientTypes`: each operation's parameter types, then its result type (unless the result
 * is XML), through arrays and `Nullable<T>`; classes that can be instantiated (not abstract) and built-in types
 * with a public default constructor, and enums. Not the members' types.
 */
export function clientTypes(service: ServiceDescription): ClientTypes {
  const found: ClientTypes = { classes: [], enums: [] };
  const visit = (type: ValueType): void => {
    if (typeof type === 'string') {
      const builtin = BUILTIN_CLIENT_TYPES[type];
      if (builtin !== undefined && !found.classes.includes(builtin)) found.classes.push(builtin);
      return;
    }
    if ('array' in type) return visit(type.array);
    // WebServiceData.ProcessClientType: a generic type of more than one argument (Dictionary<string, T>) adds
    // nothing, not even T.
    if ('dictionary' in type) return;
    if ('enum' in type) {
      if (!found.enums.includes(type.enum)) found.enums.push(type.enum);
      return;
    }
    const declared = service.types?.[type.class];
    if (declared?.kind === 'class' && declared.abstract === true) return;
    const id = clrTypeName(service, type.class);
    if (!found.classes.includes(id)) found.classes.push(id);
  };
  const declaredType = (name: string): void => {
    const declared = service.types?.[name];
    if (declared?.kind === 'enum') visit({ enum: name });
    else if (declared?.kind === 'class') visit({ class: name });
  };
  // WebServiceData.ProcessClientTypes: the class's [GenerateScriptType] types first, then each method's.
  for (const name of service.generateScriptTypes ?? []) declaredType(name);
  for (const op of service.operations) {
    // The method's own [GenerateScriptType]s, then its parameters and result.
    for (const name of op.generateScriptTypes ?? []) declaredType(name);
    // A by-ref type (out, ref) has no public constructor: no client type.
    for (const parameter of op.parameters) if (parameter.direction === undefined) visit(parameter.type);
    if (op.result && op.scriptMethod?.xmlResponse !== true) visit(op.result.type);
  }
  return found;
}

/** A declared type's C# full name: in the service's `typeNamespace` (`Contoso.Models.Book`), or its name alone. */
export function clrTypeName(service: ServiceDescription, name: string): string {
  return service.typeNamespace === undefined ? name : `${service.typeNamespace}.${name}`;
}

const TYPE_IDS = new WeakMap<ServiceDescription, ReadonlyMap<string, string>>();

/**
 * The `__type` id of each declared class that is a client type of `service` (its C# `FullName`: `clrTypeName`); a
 * class not in the map is written without `__type`. Built once per service description.
 */
export function jsonTypeIds(service: ServiceDescription): ReadonlyMap<string, string> {
  let ids = TYPE_IDS.get(service);
  if (ids === undefined) {
    const byId = new Map(Object.keys(service.types ?? {}).map((name) => [clrTypeName(service, name), name]));
    ids = new Map(
      clientTypes(service).classes.flatMap((id) => {
        const name = byId.get(id);
        return name === undefined ? [] : [[name, id] as const];
      }),
    );
    TYPE_IDS.set(service, ids);
  }
  return ids;
}

/**
 * Every name asmxgen derives from a service or operation name lives here, so
 * no emitter derives a name another emitter already derived.
 */

/** ASMX: namespace + `/` + operation, without doubling a `/` the namespace ends with. */
export function soapActionFor(namespace: string, operation: string): string {
  return namespace.endsWith('/') ? namespace + operation : `${namespace}/${operation}`;
}

/**
 * The namespace of the schema that holds `StringArray` (HTTP array parameters): the service namespace +
 * `/AbstractTypes`, with no second `/` when the namespace already ends in one (as SOAPActions are joined).
 */
export function abstractTypesNamespace(namespace: string): string {
  return namespace.endsWith('/') ? `${namespace}AbstractTypes` : `${namespace}/AbstractTypes`;
}

export function defaultEndpointPath(serviceName: string): string {
  return `/${serviceName}.asmx`;
}

/**
 * A name usable inside TypeScript identifiers (`{Op}Input`, `create{Svc}Client`).
 * Reserved words are fine here: they only ever appear with a prefix or suffix,
 * or as property and method names, where TypeScript allows them.
 */
export function isTsIdentifier(name: string): boolean {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name);
}

/** An XML NCName, restricted to the characters a TypeScript identifier also allows. */
export function isXmlName(name: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_.-]*$/.test(name);
}

/** A property key for an XML name: bare when it is an identifier, quoted otherwise (`'my-field'`). */
export function tsPropertyName(xmlName: string): string {
  return isTsIdentifier(xmlName) ? xmlName : `'${xmlName}'`;
}

/**
 * A TypeScript identifier made from an XML name: the name itself when it is one; else its parts (split at the
 * characters an identifier cannot hold) joined, each after the first with its first letter upper-cased
 * (`Call-MAXSO` → `CallMAXSO`, `User.GetApiKey` → `UserGetApiKey`).
 */
export function tsIdentifierFor(xmlName: string): string {
  if (isTsIdentifier(xmlName) && !RESERVED_NAMES.has(xmlName)) return xmlName;
  const parts = xmlName.split(/[^A-Za-z0-9_$]+/).filter((p) => p !== '');
  let name = parts.map((p, i) => (i === 0 ? p : p.charAt(0).toUpperCase() + p.slice(1))).join('');
  if (name === '') name = 'Operation';
  if (/^[0-9]/.test(name)) name = `_${name}`;
  if (RESERVED_NAMES.has(name)) name = `${name}_`;
  return name;
}

/**
 * The TypeScript method name of each distinct operation name (`wsdl:operation name`, an XML name): the name itself
 * when it is an identifier, else {@link tsIdentifierFor} of it, numbered (`CallMAXSO1`, …) when another operation
 * already has that name. Names that are identifiers keep theirs; overloads (one name) share one method name.
 */
export function operationMethodNames(names: readonly string[]): ReadonlyMap<string, string> {
  const distinct = [...new Set(names)];
  const out = new Map<string, string>();
  const taken = new Set<string>();
  for (const name of distinct) {
    if (tsIdentifierFor(name) === name) {
      out.set(name, name);
      taken.add(name);
    }
  }
  for (const name of distinct) {
    if (out.has(name)) continue;
    const base = tsIdentifierFor(name);
    let method = base;
    for (let n = 1; taken.has(method); n++) method = `${base}${n}`;
    out.set(name, method);
    taken.add(method);
  }
  return out;
}

export function lowerFirst(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}

/**
 * Names of JavaScript object internals, refused for operations and parameters: they would collide with the
 * objects that carry handlers and inputs (and the XML parser refuses them as element names).
 */
export const RESERVED_NAMES: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

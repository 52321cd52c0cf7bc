/**
 * `import <URL>`'s probe of `<service>.asmx/js`: a `[ScriptService]` answers it with its client proxy script, which
 * says what no WSDL says (`scriptService`, each method's `UseHttpGet`). The probe is best effort: any failure (no
 * proxy, an error status, the timeout) leaves the spec as the WSDL made it, and is told only with `--verbose`.
 */
import { fetchInput } from '../io/fetch-input.js';
import { SCRIPT_NAMESPACE } from '../spec/parse-script-namespace.js';
import type { Spec } from '../spec/spec-types.js';
import { readProxyScript, type ProxyScriptReading } from '../wsdl-reader/read-proxy-script.js';

export interface ProbeOptions {
  readonly timeoutMs: number;
  /** Told why the probe found no proxy script (with `--verbose`). */
  readonly onMiss?: (line: string) => void;
}

/** The proxy script URL of a WSDL URL of an `.asmx` (`http://h/Svc.asmx?wsdl` → `http://h/Svc.asmx/js`), or none. */
export function proxyScriptUrl(wsdlUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(wsdlUrl);
  } catch {
    return undefined;
  }
  if (!/\.asmx$/i.test(url.pathname)) return undefined;
  return `${url.origin}${url.pathname}/js`;
}

/** The proxy script the service at `wsdlUrl` serves, read; `undefined` when it serves none. */
export async function probeProxyScript(
  wsdlUrl: string,
  options: ProbeOptions,
): Promise<ProxyScriptReading | undefined> {
  const url = proxyScriptUrl(wsdlUrl);
  if (url === undefined) {
    options.onMiss?.(`asmxgen: ${wsdlUrl} is no .asmx address; no proxy script (/js) to probe`);
    return undefined;
  }
  let text: string;
  try {
    const { bytes } = await fetchInput(url, 'the proxy script', { timeoutMs: options.timeoutMs });
    text = new TextDecoder().decode(bytes);
  } catch (error) {
    options.onMiss?.(`asmxgen: no proxy script at ${url} (${error instanceof Error ? error.message : String(error)})`);
    return undefined;
  }
  const reading = readProxyScript(text);
  if (reading === undefined) options.onMiss?.(`asmxgen: ${url} answered, but with no proxy script`);
  return reading;
}

/**
 * The spec with what the proxy script says: `scriptService`, the class's C# namespace (`scriptNamespace`, when it is
 * one the spec can hold), the types' (`typeNamespace`, when they share one), `useHttpGet` on the methods called by GET, and as `generateScriptTypes` the declared
 * classes and enums the script declares that no operation names.
 */
export function withProxyScript(spec: Spec, reading: ProxyScriptReading): Spec {
  const dot = reading.className.lastIndexOf('.');
  const namespace = dot > 0 ? reading.className.slice(0, dot) : undefined;
  const generateScriptTypes = scriptOnlyTypes(spec, reading.clientTypes);
  const typeNamespace = typeNamespaceOf(spec, reading.clientTypes);
  return {
    ...spec,
    service: {
      ...spec.service,
      scriptService: true,
      ...(namespace !== undefined && SCRIPT_NAMESPACE.test(namespace) && { scriptNamespace: namespace }),
      ...(typeNamespace !== undefined && { typeNamespace }),
      ...(generateScriptTypes.length > 0 && { generateScriptTypes }),
    },
    operations: spec.operations.map((op) => {
      const method = reading.methods.get(op.messageName ?? op.name);
      if (method?.useHttpGet !== true) return op;
      return { ...op, scriptMethod: { ...op.scriptMethod, useHttpGet: true } };
    }),
  };
}

/**
 * The C# namespace the script's client types of the spec's declared types are in (`Contoso.Models` of
 * `Contoso.Models.Book`), when they share one a spec can hold; `undefined` for the global namespace or several.
 */
function typeNamespaceOf(spec: Spec, clientTypes: readonly string[]): string | undefined {
  const declared = new Set((spec.types ?? []).map((t) => t.name));
  const namespaces = new Set(
    clientTypes
      .filter((id) => declared.has(id.slice(id.lastIndexOf('.') + 1)))
      .map((id) => id.slice(0, Math.max(0, id.lastIndexOf('.')))),
  );
  const [only] = namespaces;
  return namespaces.size === 1 && only !== '' && SCRIPT_NAMESPACE.test(only!) ? only : undefined;
}

/**
 * The script's client types that are the spec's classes (not abstract) or enums and that no operation's parameter
 * or result names: `[GenerateScriptType]` put them there (a type id's C# namespace, `Contoso.Book`, left out).
 */
function scriptOnlyTypes(spec: Spec, clientTypes: readonly string[]): string[] {
  const declared = new Map((spec.types ?? []).map((t) => [t.name, t]));
  const named = new Set<string>();
  const base = (text: string | undefined) => text?.replace(/\?|(?:\[\])+$/g, '');
  for (const op of spec.operations) {
    for (const parameter of op.parameters ?? []) named.add(base(parameter.type) ?? 'string');
    const result = typeof op.result === 'string' ? op.result : undefined;
    if (result !== undefined) named.add(base(result)!);
  }
  const found: string[] = [];
  for (const id of clientTypes) {
    const name = id.slice(id.lastIndexOf('.') + 1);
    const type = declared.get(name);
    if (type === undefined || named.has(name) || found.includes(name)) continue;
    if (type.kind === 'enum' || (type.kind === 'class' && type.abstract !== true && type.header !== true))
      found.push(name);
  }
  return found;
}

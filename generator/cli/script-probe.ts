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
 * one the spec can hold), and `useHttpGet` on the methods called by GET.
 */
export function withProxyScript(spec: Spec, reading: ProxyScriptReading): Spec {
  const dot = reading.className.lastIndexOf('.');
  const namespace = dot > 0 ? reading.className.slice(0, dot) : undefined;
  return {
    ...spec,
    service: {
      ...spec.service,
      scriptService: true,
      ...(namespace !== undefined && SCRIPT_NAMESPACE.test(namespace) && { scriptNamespace: namespace }),
    },
    operations: spec.operations.map((op) => {
      const method = reading.methods.get(op.messageName ?? op.name);
      if (method?.useHttpGet !== true) return op;
      return { ...op, scriptMethod: { ...op.scriptMethod, useHttpGet: true } };
    }),
  };
}

/**
 * What a `[ScriptService]`'s client proxy script (`/X.asmx/js`) tells that no WSDL does: that the service answers
 * JSON calls, and which of its methods are called by GET (`[ScriptMethod(UseHttpGet = true)]`). Each method of the
 * proxy calls `this._invoke(path, 'Method', useGet, {params}, …)`, whatever the runtime that wrote it (.NET
 * Framework's `this._get_path()`, Mono's `X.get_path()`, line breaks anywhere between the arguments).
 */

export interface ProxyScriptReading {
  /** The proxy class's full name (`Contoso.Services.Svc`): the service class's C# namespace and name. */
  readonly className: string;
  /** Each method the script calls, by its name on the wire (`MessageName`), with whether it is called by GET. */
  readonly methods: ReadonlyMap<string, { readonly useHttpGet: boolean }>;
  /**
   * The types the script declares for the page (`gtc("Book")`, `Genre.registerEnum('Genre'…)`), in script order:
   * those no operation names are the service's `[GenerateScriptType]` types.
   */
  readonly clientTypes: readonly string[];
}

/** A typed constructor (`gtc("Book")`) or an enum's registration (`Genre.registerEnum('Genre', true)`). */
const CLIENT_TYPE = /\bgtc\(\s*["']([^"'\r\n]+)["']\s*\)|\.registerEnum\(\s*["']([^"'\r\n]+)["']/g;

/** `_invoke(` then a path expression without a comma, the quoted method name, and `true` or `false`. */
const INVOKE = /\._invoke\(\s*[^,()]*(?:\([^()]*\))?[^,()]*,\s*(['"])([^'"\r\n]+)\1\s*,\s*(true|false)\s*,/g;

/**
 * The methods of a proxy script; `undefined` when the text is no proxy script (no class derived from
 * `Sys.Net.WebServiceProxy`, or no `_invoke` call).
 */
export function readProxyScript(text: string): ProxyScriptReading | undefined {
  const registered = /\.registerClass\(\s*['"]([^'"]+)['"]\s*,\s*Sys\.Net\.WebServiceProxy\s*\)/.exec(text);
  if (!registered) return undefined;
  const methods = new Map<string, { useHttpGet: boolean }>();
  for (const match of text.matchAll(INVOKE)) methods.set(match[2]!, { useHttpGet: match[3] === 'true' });
  if (methods.size === 0) return undefined;
  const clientTypes: string[] = [];
  for (const match of text.matchAll(CLIENT_TYPE)) {
    const name = match[1] ?? match[2]!;
    if (!clientTypes.includes(name)) clientTypes.push(name);
  }
  return { className: registered[1]!, methods, clientTypes };
}

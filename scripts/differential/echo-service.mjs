// An echo service for a WSDL (scripts/differential.mjs): Mono's `wsdl -server -fields` writes the WSDL's data
// classes with all their XmlSerializer attributes; the service classes it writes are replaced by one
// `[WebMethod] T EchoT(T value) { return value; }` per class and enum, in the original's namespace, each with the
// style its type was written for (literal, or the original's rpc or document/encoded) — an `.asmx` the real
// runtime serves.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runTool } from './run-tool.mjs';

/**
 * Writes `dir/{name}Echo.asmx` for `wsdlFile`; the C# namespace `csNamespace` keeps its types apart from the
 * other services of the folder. Resolves with `{ asmx, className, types, leftOut }` (`leftOut`: `{ type, reason }`
 * of the types no echo service can echo beside the others) or `{ error }`.
 *
 * With `scriptService` (the JSON mode), the service is a `[ScriptService]`, each enum also has an echo by GET
 * (`Echo{type}ByGet`, `[ScriptMethod(UseHttpGet = true)]`: its parameter is simple), and the `{Name}Specified`
 * fields `wsdl` adds beside optional value-type members are `[ScriptIgnore]` (see `scriptIgnoreSpecified`).
 */
export async function writeEchoService(wsdlFile, dir, name, csNamespace, { scriptService = false } = {}) {
  const source = join(dir, `${name}.server.cs`);
  const made = await runTool('wsdl', [
    '-nologo',
    '-server',
    '-fields',
    `-namespace:${csNamespace}`,
    `-out:${source}`,
    wsdlFile,
  ]);
  if (made.code !== 0) return { error: `wsdl -server: ${lastLines(made.out)}` };
  if (!existsSync(source)) return { error: `wsdl -server wrote no classes: ${lastLines(made.out)}` };
  let code = flagsAsDeclared(readFileSync(source, 'utf8'));
  if (scriptService) code = scriptIgnoreSpecified(code);
  const services = serviceClasses(code);
  if (services.length === 0) return { error: 'wsdl -server wrote no service class' };
  const first = services[0].text;
  const namespace = /WebServiceAttribute\(Namespace="([^"]*)"\)/.exec(first)?.[1] ?? 'http://tempuri.org/';
  const { echoed, leftOut } = withDistinctRoots(declaredTypes(stripRanges(code, services)));
  if (echoed.length === 0) return { error: 'the WSDL declares no type to echo' };
  const className = `${name}Echo`;
  const style = serviceStyle(readFileSync(wsdlFile, 'utf8'), services.map((s) => s.text).join('\n'));
  const asmx =
    `<%@ WebService Language="C#" Class="${csNamespace}.${className}" %>\n` +
    echoSource(stripRanges(code, services), className, namespace, style, echoed, scriptService);
  return {
    asmx,
    className,
    types: echoed.map((t) => t.name),
    enums: echoed.filter((t) => t.enum).map((t) => t.name),
    leftOut,
  };
}

/**
 * JavaScriptSerializer writes every public field, `[XmlIgnore]` or not: a `{Name}Specified` field `wsdl` writes
 * beside an optional value-type member would be a JSON member no WSDL shows (the service's own class may have it,
 * a `ShouldSerialize{Name}` method or neither), and so would the C# name of an `[XmlAnyAttribute]` field (an
 * `<anyAttribute>` names none). The JSON echo service hides both (`[ScriptIgnore]`), so that the comparison is of
 * what the contract says.
 */
function scriptIgnoreSpecified(code) {
  return code
    .replace(
      /^( +)\[System\.Xml\.Serialization\.XmlIgnoreAttribute\(\)\]\n(\1public bool \w+Specified;)$/gm,
      '$1[System.Xml.Serialization.XmlIgnoreAttribute()]\n$1[System.Web.Script.Serialization.ScriptIgnore()]\n$2',
    )
    .replace(
      /^( +)(\[System\.Xml\.Serialization\.XmlAnyAttributeAttribute\(\)\]\n)/gm,
      '$1[System.Web.Script.Serialization.ScriptIgnore()]\n$1$2',
    );
}

/**
 * A WSDL lists a `[Flags]` enum's members without their numbers, and `wsdl` numbers them 1, 2, 4, … in order;
 * the service that served the WSDL almost always declares a member named `None` as 0 (the .NET design rule),
 * which is what `asmxgen import` assumes (docs/import.md, "flags values"). The echo service declares the enum so:
 * `None = 0`, the others 1, 2, 4, … — the service the WSDL came from, not wsdl's guess.
 */
function flagsAsDeclared(code) {
  return code.replace(/\[System\.FlagsAttribute\(\)\][^{]*\benum\s+\w+\s*\{([^}]*)\}/g, (whole, body) => {
    const members = [...body.matchAll(/^\s*(\w+) = \d+,?\s*$/gm)].map((m) => m[1]);
    if (!members.includes('None')) return whole;
    let next = 1;
    const numbers = new Map(members.map((m) => [m, m === 'None' ? 0 : (next *= 2) / 2]));
    return whole.replace(/^(\s*)(\w+) = \d+(,?)(\s*)$/gm, (line, indent, name, comma, end) =>
      numbers.has(name) ? `${indent}${name} = ${numbers.get(name)}${comma}${end}` : line,
    );
  });
}

/** The classes deriving from WebService, with their ranges in `code` (their attributes included). */
function serviceClasses(code) {
  const found = [];
  const header =
    /\n((?: {4}\[[^\n]*\]\n)*) {4}public abstract partial class \w+ : System\.Web\.Services\.WebService \{\n/g;
  for (let match; (match = header.exec(code));) {
    const start = match.index + 1;
    let close = code.indexOf('\n    }\n', match.index + match[0].length - 1);
    if (close < 0) close = code.length;
    // The remarks comment before the attributes goes with the class.
    const remark = code.lastIndexOf('\n    /// <remarks/>\n', start);
    const from = remark >= 0 && remark + '\n    /// <remarks/>\n'.length === start ? remark + 1 : start;
    found.push({ from, to: close + '\n    }\n'.length, text: code.slice(from, close) });
  }
  return found;
}

function stripRanges(code, ranges) {
  let out = '';
  let at = 0;
  for (const { from, to } of ranges) {
    out += code.slice(at, from);
    at = to;
  }
  return out + code.slice(at);
}

/**
 * Top-level classes and enums of the namespace, in declaration order, with their attributes; not those
 * `[XmlType(IncludeInSchema = false)]` keeps out of schemas (an `[XmlChoiceIdentifier]`'s enum), which no method
 * can take.
 */
function declaredTypes(code) {
  const types = [];
  for (const m of code.matchAll(/((?:^ {4}\[[^\n]*\]\n)*)^ {4}public (?:abstract )?(partial class|enum) (\w+)/gm)) {
    if (!/IncludeInSchema=false/.test(m[1])) types.push({ name: m[3], enum: m[2] === 'enum', attributes: m[1] });
  }
  return types;
}

/**
 * The types an echo service can echo side by side, and those it cannot. HTTP GET and POST answer an enum's echo
 * (a class's they leave out: its parameter is no simple value) with a document whose root is the enum's literal
 * name (`[XmlRoot]`, else `[XmlType]`'s name, else the C# name) in the service namespace, and the runtime refuses
 * a whole service in which two return types share that root (`The top XML element 'Size2' … references distinct
 * types`): `wsdl` writes two such enums for two schema types of one name in different namespaces (`Size2` and
 * `Size21`). The first is echoed, the others left out.
 */
function withDistinctRoots(types) {
  const echoed = [];
  const leftOut = [];
  const roots = new Map();
  for (const type of types) {
    if (!type.enum) {
      echoed.push(type);
      continue;
    }
    const root =
      /XmlRootAttribute\("([^"]+)"/.exec(type.attributes)?.[1] ??
      /XmlTypeAttribute\(TypeName="([^"]+)"/.exec(type.attributes)?.[1] ??
      type.name;
    const first = roots.get(root);
    if (first === undefined) {
      roots.set(root, type.name);
      echoed.push(type);
    } else
      leftOut.push({
        type: type.name,
        reason: `its HTTP reply root ${root} is ${first}'s too: the runtime refuses a service returning both`,
      });
  }
  return { echoed, leftOut };
}

/**
 * The echo method of `type`: `Echo{type}`, or `Echo{type}_` where that would be the response element of another
 * echo (`EchoCartItemResponse` for a type `CartItemResponse` beside `CartItem`), which the runtime refuses.
 */
export function echoMethod(type, types) {
  return type.endsWith('Response') && types.includes(type.slice(0, -'Response'.length))
    ? `Echo${type}_`
    : `Echo${type}`;
}

/**
 * The original service's style: `[SoapRpcService]` where its SOAP binding is `style="rpc"` (its encoded types are
 * then in the service namespace, not `{ns}/encodedTypes`), and the method attribute of its encoded methods (rpc,
 * or document/encoded), for the types `wsdl` wrote for them.
 */
function serviceStyle(wsdl, serviceClasses) {
  const rpcService = /<(?:\w+:)?binding\b[^>]*\bstyle="rpc"/.test(wsdl);
  const rpc = /SoapRpcMethodAttribute\(/.test(serviceClasses);
  const encoded = /Use=System\.Web\.Services\.Description\.SoapBindingUse\.Encoded/.test(serviceClasses);
  let encodedMethod = '';
  if (rpc) encodedMethod = '[System.Web.Services.Protocols.SoapRpcMethodAttribute()]';
  else if (encoded)
    encodedMethod =
      '[System.Web.Services.Protocols.SoapDocumentMethodAttribute(Use=System.Web.Services.Description.SoapBindingUse.Encoded)]';
  return { rpcService, encodedMethod };
}

/**
 * An echo's method attribute: a type `wsdl` wrote for encoded messages (`[SoapType]`, no `[XmlType]`) is echoed
 * encoded, one written for literal messages (`[XmlType]`, no `[SoapType]`) literal; one with neither (no
 * namespace to say) as the original's encoded methods where it has only those.
 */
function methodAttribute(type, style, literalService) {
  const soap = /SoapTypeAttribute\(/.test(type.attributes);
  const xml = /XmlTypeAttribute\(/.test(type.attributes);
  const encoded = style.encodedMethod !== '' && (soap ? !xml : !xml && !literalService);
  if (encoded) return style.encodedMethod;
  return style.rpcService ? '[System.Web.Services.Protocols.SoapDocumentMethodAttribute()]' : '';
}

function echoSource(code, className, namespace, style, types, scriptService) {
  const names = types.map((t) => t.name);
  const literalService = types.some((t) => /XmlTypeAttribute\(/.test(t.attributes));
  const methods = types
    .map((type) => {
      const attribute = methodAttribute(type, style, literalService);
      return (
        `        [System.Web.Services.WebMethodAttribute()]${attribute ? `\n        ${attribute}` : ''}\n` +
        `        public ${type.name} ${echoMethod(type.name, names)}(${type.name} value) { return value; }\n`
      );
    })
    .join('\n');
  const byGet = scriptService
    ? types
        .filter((type) => type.enum)
        .map(
          (type) =>
            '\n        [System.Web.Services.WebMethodAttribute()]\n' +
            '        [System.Web.Script.Services.ScriptMethod(UseHttpGet = true)]\n' +
            `        public ${type.name} ${echoMethod(type.name, names)}ByGet(${type.name} value) { return value; }\n`,
        )
        .join('')
    : '';
  const service =
    `    [System.Web.Services.WebServiceAttribute(Namespace="${namespace}")]\n` +
    (scriptService ? '    [System.Web.Script.Services.ScriptService()]\n' : '') +
    (style.rpcService ? '    [System.Web.Services.Protocols.SoapRpcServiceAttribute()]\n' : '') +
    `    public class ${className} : System.Web.Services.WebService {\n${methods}${byGet}    }\n`;
  const close = code.lastIndexOf('}');
  return `${code.slice(0, close)}\n${service}}\n`;
}

function lastLines(text) {
  return text.trim().split('\n').slice(-3).join(' ').slice(0, 400);
}

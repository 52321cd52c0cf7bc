// The differential harness's JSON mode (`scripts/differential.mjs --json`; docs/wire.md, "JSON differential"):
// the echo service made a `[ScriptService]` is called with ASP.NET AJAX's JSON requests on the real runtime
// (Mono's ScriptHandlerFactory) and on `asmxgen serve` of the imported spec plus `scriptService: true`, and the
// replies are compared: status, content type, and the body as JSON values and as bytes. Where docs/wire.md says
// asmxgen follows the .NET Framework over Mono, the .NET Framework's form is asserted instead, with the rule's
// source (`NET_RULES`).
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { runMono, runTool } from './run-tool.mjs';

const JSON_TYPE = 'application/json';
const NET_JSON_TYPE = 'application/json; charset=utf-8';
const GENERIC_ERROR = '{"Message":"There was an error processing the request.","StackTrace":"","ExceptionType":""}';

/** The .NET Framework rules the comparison applies, each with its source (docs/wire.md, "JSON (ScriptService)"). */
export const NET_RULES = {
  contentType: 'HttpResponse adds the charset: application/json; charset=utf-8 (Mono: application/json)',
  // Not asserted where it stands: WebServiceData.ResolveTypeId names only the client types (parameter and result
  // types, [GenerateScriptType]) by their CLR FullName, which asmxgen does not follow yet (docs/wire.md).
  typeKey:
    'JavaScriptSerializer with WebServiceData\'s type resolver writes "__type" first (Mono: none): removed before comparing',
  escapes: 'HttpUtility.JavaScriptStringEncode escapes & U+2028 U+2029 (Mono: raw)',
  jsonErrors:
    'RestHandler.ExecuteWebServiceCall: an error while reading the parameters is a JSON error, jsonerror: true, hidden by customErrors (Mono: its HTML error page)',
  missing:
    'WebServiceMethodData.CallMethod: a missing parameter is WebService_MissingArg, a JSON error (Mono: default(T))',
  typeIn: 'ObjectConverter with the service\'s type resolver binds "__type" to the derived class (Mono: ignored)',
};

/**
 * What a WSDL cannot say and the spec of a `[ScriptService]` does, from the echo service's C#: the `Echo…ByGet`
 * operations are `[ScriptMethod(UseHttpGet = true)]`; each member is named as its C# field (JSON's name; the XML
 * name stays as `xmlName`), and the members are listed in the C# declaration order (JSON's order: `wsdl` declares
 * the attributes after the elements, where `import` lists them first). `classes`: `#members` lines of
 * JsonSamples.cs, `Map<class, [{ name, xml }]>`.
 */
export function withScriptMethods(specFile, classes) {
  const spec = parseYaml(readFileSync(specFile, 'utf8'));
  spec.service = { ...spec.service, scriptService: true };
  for (const op of spec.operations ?? [])
    if (/ByGet$/.test(op.messageName ?? op.name)) op.scriptMethod = { ...op.scriptMethod, useHttpGet: true };
  for (const [name, type] of Object.entries(spec.types ?? {})) {
    const fields = classes.get(name);
    if (!fields || !Array.isArray(type?.members)) continue;
    const xmlOf = (m) => (m.text ? '#text' : (m.xmlName ?? m.name));
    const placed = [];
    for (const field of fields) {
      const free = type.members.filter((m) => !placed.includes(m));
      const member = free.find((m) => m.name === field.name) ?? free.find((m) => xmlOf(m) === field.xml);
      if (member === undefined) continue;
      if (member.name !== field.name) {
        if (member.xmlName === undefined && !member.text) member.xmlName = member.name;
        member.name = field.name;
      }
      placed.push(member);
    }
    type.members = [...placed, ...type.members.filter((m) => !placed.includes(m))];
  }
  writeFileSync(specFile, stringifyYaml(spec));
}

/**
 * The samples of every echo, as Mono's JavaScriptSerializer writes them (`JsonSamples.cs` with
 * `Differential.cs`'s samples, against the echo service's own assembly): `{ method, sample, json, clr }`, or
 * `{ error }` when they cannot be made.
 */
export async function jsonSamples(root, svc, references) {
  for (const file of ['Differential.cs', 'JsonSamples.cs'])
    copyFileSync(join(root, 'scripts/differential', file), join(svc.dir, file));
  const built = await runTool(
    'mcs',
    [
      '-nologo',
      '-main:JsonSamples',
      ...references.map((r) => `-r:${r}`),
      '-r:System.Web.Extensions.dll',
      '-r:echo.dll',
      '-out:JsonSamples.exe',
      'JsonSamples.cs',
      'Differential.cs',
    ],
    { cwd: svc.dir },
  );
  if (built.code !== 0) return { error: `the samples do not compile: ${built.out.trim().split('\n')[0]}` };
  const ran = await runMono(['JsonSamples.exe', join(svc.dir, 'echo.dll'), svc.ns], {
    cwd: svc.dir,
    timeoutMs: 120_000,
  });
  const samples = [];
  const classes = new Map();
  for (const line of ran.out.split('\n')) {
    const [method, sample, json, clr] = line.split('\t');
    if (method === '#members') {
      const fields = json ? json.split(',').map((f) => f.split('=')) : [];
      classes.set(
        sample,
        fields.map(([name, xml]) => ({ name, xml })),
      );
      continue;
    }
    if (!method || json === undefined) continue;
    samples.push(json === '-' ? { method, sample, error: clr } : { method, sample, json, clr });
  }
  if (ran.code !== 0) return { error: `the samples stopped: ${ran.out.trim().split('\n').slice(-1)[0]}` };
  return { samples, classes };
}

/**
 * The exchanges of one echo `method` (of the type `type`; an enum's has its `…ByGet` twin): every sample posted as
 * `{"value":…}`, and with the rich one an extra parameter, a missing one and a value of the wrong type; every
 * derived sample again with its `__type`; an enum by GET with its JSON in the query.
 */
export function jsonRequests(method, samples, { isEnum, byGet }) {
  const requests = [];
  const post = (name, body, expect = 'same', extra = {}) =>
    requests.push({ name, method: 'POST', path: method, body, expect, ...extra });
  for (const s of samples) {
    if (s.error !== undefined) continue;
    post(s.sample, `{"value":${s.json}}`);
    if (s.sample.startsWith('derived ') && s.json.startsWith('{')) {
      const typed = `{"__type":${JSON.stringify(s.clr)}${s.json === '{}' ? '' : ','}${s.json.slice(1)}`;
      post(`${s.sample} with __type`, `{"value":${typed}}`, 'typed', { typed, clr: s.clr });
    }
  }
  const rich = samples.find((s) => s.sample === 'rich' && s.error === undefined);
  if (rich !== undefined) {
    post('extra parameter', `{"value":${rich.json},"extra":[1,{"a":"b"}]}`);
    post('missing parameter', '{}', 'missing');
    post('wrong type', isEnum ? '{"value":"NoSuchMember"}' : '{"value":[1,2]}');
    if (byGet)
      requests.push({
        name: 'by GET',
        method: 'GET',
        path: `${method}ByGet?value=${encodeURIComponent(rich.json)}`,
        body: undefined,
        expect: 'same',
      });
  }
  return requests;
}

/** Sends `request` to `base` (`http://…/Svc.asmx`): `{ status, contentType, jsonerror, body }`. */
export async function sendJson(base, request) {
  const response = await fetch(`${base}/${request.path}`, {
    method: request.method,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
    body: request.body,
  });
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    jsonerror: response.headers.get('jsonerror') === 'true',
    body: Buffer.from(await response.arrayBuffer()).toString('utf8'),
  };
}

/**
 * The first difference between the runtime's reply `mono` and asmxgen's `ours` to `request`, or `undefined`:
 * Mono's form where Mono and the .NET Framework agree, the .NET Framework's where docs/wire.md follows it.
 */
export function jsonDifference(request, mono, ours) {
  // Mono ignores `__type` (an abstract class then fails to bind: its error page); the .NET Framework binds it.
  if (request.expect === 'missing' || (monoErrorPage(mono) && request.expect !== 'typed')) {
    const rule = request.expect === 'missing' ? NET_RULES.missing : NET_RULES.jsonErrors;
    if (ours.status !== 500 || !ours.jsonerror || ours.contentType !== NET_JSON_TYPE || ours.body !== GENERIC_ERROR)
      return `asmxgen: ${describe(ours)}; expected the .NET Framework's JSON error (${rule}); runtime: ${describe(mono)}`;
    return undefined;
  }
  // Mono ignores `__type`: what it answers is no reference for a typed request (the .NET Framework's form is).
  if (request.expect === 'typed' && (ours.status !== 200 || ours.contentType !== NET_JSON_TYPE))
    return `asmxgen: ${describe(ours)}; expected 200 ${NET_JSON_TYPE} (${NET_RULES.typeIn})`;
  if (mono.status !== ours.status && request.expect !== 'typed')
    return `status: runtime ${describe(mono)} | asmxgen ${describe(ours)}`;
  const expectedType = mono.contentType === JSON_TYPE || request.expect === 'typed' ? NET_JSON_TYPE : mono.contentType;
  if (ours.contentType !== expectedType)
    return `content type: runtime ${mono.contentType} | asmxgen ${ours.contentType} (expected ${expectedType})`;
  if (mono.jsonerror !== ours.jsonerror && request.expect !== 'typed')
    return `jsonerror: runtime ${mono.jsonerror} | asmxgen ${ours.jsonerror}`;
  if (mono.contentType !== JSON_TYPE && request.expect !== 'typed')
    return mono.body === ours.body ? undefined : bytesDiffer(mono.body, ours.body);
  let ourValue;
  try {
    ourValue = readJson(ours.body);
  } catch (error) {
    return `asmxgen's body is no JSON (${error.message}): ${clip(ours.body)}`;
  }
  const untyped = withoutTypeKeys(ourValue);
  if (request.expect === 'typed') {
    // The .NET Framework binds the derived class and echoes it whole: the reply is the value sent, `__type` first.
    const expected = `{"d":${request.typed}}`;
    const named = ourValue instanceof JsonObject ? ourValue.members.d?.members?.__type : undefined;
    if (named !== request.clr)
      return `asmxgen's "__type" is ${JSON.stringify(named)}, not ${request.clr} (${NET_RULES.typeIn}): ${clip(ours.body)}`;
    const d = valueDifference(withoutTypeKeys(readJson(expected)).value, untyped.value);
    if (d !== undefined) return `as values (${NET_RULES.typeIn}): ${d.replace('runtime', 'sent')}`;
    return untypedBytes(ours.body) === untypedBytes(expected) ? undefined : bytesDiffer(expected, ours.body);
  }
  let monoValue;
  try {
    monoValue = readJson(mono.body);
  } catch (error) {
    return `the runtime's body is no JSON (${error.message}): ${clip(mono.body)}`;
  }
  if (!sameJson(monoValue, untyped.value)) return `as values: ${valueDifference(monoValue, untyped.value)}`;
  const normalized = untypedBytes(ours.body);
  return normalized === mono.body ? undefined : bytesDiffer(mono.body, normalized);
}

/** Mono's HTML error page (a 500 ScriptHandlerFactory answers for errors while binding: no `jsonerror`). */
function monoErrorPage(reply) {
  return reply.status === 500 && reply.contentType.startsWith('text/html');
}

/** asmxgen's bytes in Mono's form: no `"__type":"…"` members, `&` U+2028 U+2029 raw. */
function untypedBytes(body) {
  return body
    .replace(/\{"__type":"(?:[^"\\]|\\.)*"(,?)/g, '{')
    .replaceAll('\\u0026', '&')
    .replaceAll('\\u2028', '\u2028')
    .replaceAll('\\u2029', '\u2029');
}

/**
 * The value without its `__type` members (the `{"d":…}` around it kept whole).
 */
function withoutTypeKeys(value) {
  const walk = (v, top) => {
    if (Array.isArray(v)) return v.map((item) => walk(item, false));
    if (v === null || typeof v !== 'object' || v instanceof JsonNumber) return v;
    return new JsonObject(
      Object.fromEntries(
        Object.entries(v.members)
          .filter(([k]) => top || k !== '__type')
          .map(([k, item]) => [k, walk(item, false)]),
      ),
    );
  };
  return { value: walk(value, true) };
}
// --- JSON as values: numbers kept as written, objects compared whatever their members' order ----------------------

class JsonNumber {
  constructor(text) {
    this.text = text;
  }
}
class JsonObject {
  constructor(members) {
    this.members = members;
  }
}

/** Reads standard JSON (and JavaScriptSerializer's bare `NaN`, `Infinity`), keeping numbers as written. */
export function readJson(text) {
  let at = 0;
  const space = () => {
    while (/\s/.test(text[at] ?? '')) at++;
  };
  const value = () => {
    space();
    const c = text[at];
    if (c === '{') {
      at++;
      const members = {};
      space();
      if (text[at] === '}') return (at++, new JsonObject(members));
      for (;;) {
        space();
        const key = string();
        space();
        if (text[at++] !== ':') throw new Error(`':' expected at ${at}`);
        members[key] = value();
        space();
        const next = text[at++];
        if (next === '}') return new JsonObject(members);
        if (next !== ',') throw new Error(`',' or '}' expected at ${at}`);
      }
    }
    if (c === '[') {
      at++;
      const items = [];
      space();
      if (text[at] === ']') return (at++, items);
      for (;;) {
        items.push(value());
        space();
        const next = text[at++];
        if (next === ']') return items;
        if (next !== ',') throw new Error(`',' or ']' expected at ${at}`);
      }
    }
    if (c === '"') return string();
    const word = /^[-+\w.]+/.exec(text.slice(at))?.[0];
    if (word === undefined) throw new Error(`a value expected at ${at}`);
    at += word.length;
    if (word === 'null') return null;
    if (word === 'true') return true;
    if (word === 'false') return false;
    return new JsonNumber(word);
  };
  const string = () => {
    const match = /^"(?:[^"\\]|\\.)*"/.exec(text.slice(at));
    if (!match) throw new Error(`a string expected at ${at}`);
    at += match[0].length;
    return JSON.parse(match[0]);
  };
  const result = value();
  space();
  if (at !== text.length) throw new Error(`text after the value at ${at}`);
  return result;
}

function sameJson(a, b) {
  return valueDifference(a, b) === undefined;
}

function valueDifference(a, b, at = 'body') {
  if (a instanceof JsonNumber || b instanceof JsonNumber)
    return a instanceof JsonNumber && b instanceof JsonNumber && Number(a.text) === Number(b.text)
      ? undefined
      : `${at}: runtime ${show(a)} | asmxgen ${show(b)}`;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length)
      return `${at}: runtime ${show(a)} | asmxgen ${show(b)}`;
    for (let i = 0; i < a.length; i++) {
      const d = valueDifference(a[i], b[i], `${at}[${i}]`);
      if (d) return d;
    }
    return undefined;
  }
  if (a instanceof JsonObject || b instanceof JsonObject) {
    if (!(a instanceof JsonObject) || !(b instanceof JsonObject))
      return `${at}: runtime ${show(a)} | asmxgen ${show(b)}`;
    for (const key of new Set([...Object.keys(a.members), ...Object.keys(b.members)])) {
      if (!(key in a.members)) return `${at}.${key}: runtime has no such member | asmxgen ${show(b.members[key])}`;
      if (!(key in b.members)) return `${at}.${key}: runtime ${show(a.members[key])} | asmxgen has no such member`;
      const d = valueDifference(a.members[key], b.members[key], `${at}.${key}`);
      if (d) return d;
    }
    return undefined;
  }
  return a === b ? undefined : `${at}: runtime ${show(a)} | asmxgen ${show(b)}`;
}

function show(v) {
  if (v instanceof JsonNumber) return v.text;
  if (v instanceof JsonObject) return clip(`{${Object.keys(v.members).join(',')}}`);
  if (Array.isArray(v)) return `[${v.length} items]`;
  return clip(JSON.stringify(v));
}

function describe(reply) {
  return `${reply.status} ${reply.contentType}${reply.jsonerror ? ' jsonerror' : ''} ${clip(reply.body)}`;
}

function bytesDiffer(a, b) {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - 50);
  return `bytes at ${i}: runtime …${clip(a.slice(from, i + 60))} | asmxgen …${clip(b.slice(from, i + 60))}`;
}

function clip(text) {
  const flat = String(text).replace(/\s+/g, ' ');
  return flat.length > 240 ? `${flat.slice(0, 240)}…` : flat;
}

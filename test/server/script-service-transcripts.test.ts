/**
 * JSON calls of a `[ScriptService]`, replayed from the exchanges captured from the real ASP.NET runtime
 * (../shared/reference/scriptservice/transcripts.json: Mono's System.Web.Extensions serving LibraryScript.asmx)
 * against the server of the imported LibraryScript WSDL plus `scriptService: true` and its script methods, with
 * handlers doing what LibraryScript.asmx's C# does. Each exchange compares the status, the Content-Type, `jsonerror`
 * and the body bytes.
 *
 * Where Mono and the .NET Framework 4.x differ, .NET's form is asserted (`NET` below), each with the rule's source
 * in microsoft/referencesource (System.Web.Extensions). Exchanges not reproduced yet are listed in `NOT_YET` with
 * the reason, so the list shrinks as the work lands.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeService } from '../../generator/emit/describe-service.js';
import { contentText } from '../../generator/model/file-content.js';
import { generateWsdl } from '../../generator/emit/generate.js';
import { renderDocuments } from '../../generator/emit/service-documents.js';
import { buildModel } from '../../generator/index.js';
import type { Spec, SpecOperation } from '../../generator/spec/spec-types.js';
import { loadSpec } from '../../generator/spec/load-spec.js';
import { readWsdl } from '../../generator/wsdl-reader/read-wsdl.js';
import { htmlEncodeMessageChain } from '../../runtime/src/http/html-escape.js';
import { GOLDEN_DIR } from '../golden/scenarios.js';
import { XsdDateTime } from '../../runtime/src/service-description.js';
import { createServiceServer, type CallContext } from '../../runtime/src/server.js';
import { RUNTIME_ERROR_PAGE } from '../../runtime/src/server/runtime-error-page.js';
import { sharedFile } from '../shared-files.js';
import { send } from './raw-http.js';
import { BAG_HANDLERS } from './script-bag-handlers.js';

interface Exchange {
  readonly name: string;
  readonly request: {
    readonly method: string;
    readonly path: string;
    readonly headers: Record<string, string>;
    readonly body: string;
    readonly bodyEncoding?: 'base64';
  };
  readonly response: { readonly status: number; readonly headers: Record<string, string>; readonly body: string };
}

const TRANSCRIPTS = JSON.parse(
  readFileSync(sharedFile('reference/scriptservice/transcripts.json'), 'utf8'),
) as readonly Exchange[];
const exchange = (name: string) => TRANSCRIPTS.find((e) => e.name === name)!;
const SERVED_WSDL = exchange('classic wsdl').response.body;

/** The imported spec, plus what no WSDL shows: [ScriptService], [ScriptMethod], EnableSession, C# member names. */
function scriptSpec(): Spec {
  const imported = readWsdl(SERVED_WSDL, 'LibraryScript.wsdl').spec;
  const script: Record<string, Partial<SpecOperation>> = {
    Lend: { scriptMethod: { useHttpGet: true } },
    Titles: { scriptMethod: { useHttpGet: true } },
    GetBookByGet: { scriptMethod: { useHttpGet: true } },
    GetBookXml: { scriptMethod: { responseFormat: 'xml' } },
    GetStringXml: { scriptMethod: { responseFormat: 'xml' } },
    GetStringXmlSerialized: { scriptMethod: { responseFormat: 'xml', xmlSerializeString: true } },
    Counter: { enableSession: true },
  };
  return {
    ...imported,
    // `[GenerateScriptType(typeof(Author))]` on the class.
    service: { ...imported.service, scriptService: true, generateScriptTypes: ['Author'] },
    // `[XmlElement("Keyword")] public string[] Keywords`: JSON names the C# field.
    types: imported.types!.map((t) =>
      t.kind === 'class' && t.name === 'Book'
        ? {
            ...t,
            members: t.members.map((m) => (m.name === 'Keyword' ? { ...m, name: 'Keywords', xmlName: 'Keyword' } : m)),
          }
        : t,
    ),
    operations: imported.operations.map((op) => ({ ...op, ...script[op.messageName ?? op.name] })),
  };
}

const MODEL = buildModel(scriptSpec());

const dt = (text: string) => XsdDateTime.parse(text);
function sample(isbn: string) {
  return {
    Isbn: isbn,
    Edition: 2,
    Title: 'Tom & Jerry <3',
    Genre: 'non-fiction',
    Formats: ['Hardcover', 'Audio'],
    Authors: [{ $type: 'Author', Name: 'Ada', BirthYear: 1815, Country: 'UK' }, { Name: 'Bob', BirthYear: null }, null],
    Price: '12.50',
    Published: dt('1999-12-31T23:59:59.25'),
    Pages: null,
    Key: '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
    Cover: Uint8Array.from([137, 80, 78, 71]),
    Available: true,
    Keywords: ['cats', '', null],
    Copies: [{ Barcode: 'c-1', DueBack: dt('2024-02-29T12:00:00Z') }],
    Rating: 4.5,
    Sales: 9007199254740993n,
  };
}

/** `value.ToString("yyyy-MM-dd'T'HH:mm:ss.fffffff") + " " + value.Kind`; a DateTime with an offset is Local. */
function describeDate(value: XsdDateTime): string {
  const text = value.toString();
  const [wall, fraction = ''] = text.replace(/(Z|[+-]\d\d:\d\d)$/, '').split('.');
  const kind = value.kind === 'utc' ? 'Utc' : value.kind === 'offset' ? 'Local' : 'Unspecified';
  return `${wall}.${fraction.padEnd(7, '0')} ${kind}`;
}

/** What LibraryScript.asmx's methods do. */
const HANDLERS = {
  GetBook: ({ isbn }: { isbn: string }) => sample(isbn),
  GetBookByGet: ({ isbn }: { isbn: string }) => sample(isbn),
  GetBookXml: ({ isbn }: { isbn: string }) => sample(isbn),
  FindBooks: ({ max }: { max: number }) =>
    Array.from({ length: Math.max(0, Math.min(max, 2)) }, (_, i) => sample(`isbn-${i}`)),
  AddBook: ({ book }: { book: { Key: string } | null }) => book?.Key ?? '00000000-0000-0000-0000-000000000000',
  EchoBook: ({ book }: { book: unknown }) => book,
  EchoGenres: ({ genres }: { genres: unknown }) => genres,
  EchoFormat: ({ format }: { format: unknown }) => format,
  Lend: ({ until }: { until: XsdDateTime | null }) => (until ? until.toDate().getUTCDate() : null),
  Titles: ({ count }: { count: number }) => Array.from({ length: count }, (_, i) => `T${i}`),
  WhoAmI: (_: unknown, ctx: { soapHeaders: { ticket?: { Token: string; Level: number } } }) =>
    ctx.soapHeaders.ticket ? `${ctx.soapHeaders.ticket.Token}/${ctx.soapHeaders.ticket.Level}` : null,
  // `if (trace != null) trace.Id = trace.Id + "-renewed"; return days * 2;` (trace is InOut)
  Renew: ({ days }: { days: number }, ctx: CallContext) => {
    const { trace } = ctx.soapHeaders as { trace?: { Id?: string } };
    if (trace) (ctx.outHeaders as { trace?: object }).trace = { ...trace, Id: `${trace.Id ?? ''}-renewed` };
    return days * 2;
  },
  EchoXml: ({ xml }: { xml: unknown }) => xml,
  EchoAny: ({ value }: { value: unknown }) => value,
  GetStringXml: ({ text }: { text: string }) => `<b>${text}</b>`,
  GetStringXmlSerialized: ({ text }: { text: string }) => `<b>${text}</b>`,
  // `int n = Session["n"] == null ? 0 : (int)Session["n"]; n++; Session["n"] = n; return n;`
  Counter: async (_: unknown, ctx: CallContext) => {
    const n = ((await ctx.session!.get<number>('n')) ?? 0) + 1;
    await ctx.session!.set('n', n);
    return n;
  },
  CounterNoSession: () => -1,
  // The third is `DateTimeKind.Local`: a Node handler states the host's offset (here a UTC host's).
  Dates: () => [
    dt('2024-02-29T12:30:45.123Z'),
    dt('2024-02-29T12:30:45.123'),
    dt('2024-02-29T12:30:45.123+00:00'),
    dt('1969-12-31T23:59:59.999Z'),
    XsdDateTime.MIN_VALUE,
    dt('9999-12-31T23:59:59.9999999'),
  ],
  EchoDate: ({ value }: { value: XsdDateTime }) => describeDate(value),
  RoundTripDate: ({ value }: { value: XsdDateTime }) => value,
  GetPerson: ({ which }: { which: number }) =>
    which === 1
      ? { $type: 'Author', Name: 'Ada', BirthYear: 1815, Country: 'UK' }
      : which === 2
        ? null
        : { Name: 'Bob', BirthYear: null },
  GetPeople: () => [
    { $type: 'Author', Name: 'Ada', BirthYear: 1815, Country: 'UK' },
    { Name: 'Bob', BirthYear: null },
    null,
  ],
  DescribePerson: ({ person }: { person: { $type?: string; Name: string; Country?: string } | null }) =>
    person === null
      ? 'null'
      : `${person.$type ?? 'Person'}:${person.Name}${person.$type === 'Author' ? `/${person.Country}` : ''}`,
  Fail: ({ message, nested }: { message: string; nested: boolean }) => {
    throw new Error(nested ? `outer: ${message}` : message);
  },
  Ping: () => undefined,
  Script: () =>
    '</script><script>alert(\'x&y\')</script> "quoted" \\ back / slash \u00fcn\u00efc\u00f6d\u00e9 \u2713 \u{1F600} \u2028\u2029 \u0001\t\r\n\u007f end',
  Add: ({ a, b }: { a: number; b: number }) => a + b,
  Concat: ({ a, b, c, d }: { a: string; b: number; c: boolean; d: number }) => `${a}|${b}|${c ? 'True' : 'False'}|${d}`,
  Mixed: () => [
    { $type: 'int', value: 1 },
    { $type: 'double', value: 2.5 },
    { $type: 'string', value: 's' },
    { $type: 'boolean', value: true },
    null,
    { $type: 'decimal', value: '12.50' },
    { $type: 'long', value: 9007199254740993n },
    { $type: 'string', value: 'c' },
    { $type: 'Genre', value: 'Poetry' },
    { $type: 'string', value: '3f2504e0-4f89-11d3-9a0c-0305e82c3301' },
    // JavaScriptSerializer.SerializeUri: uri.GetComponents(SerializationInfoString, UriFormat.UriEscaped).
    { $type: 'string', value: 'http://example.com/a%20b' },
    { $type: 'base64Binary', value: Uint8Array.from([1, 2, 3]) },
    { $type: 'double', value: NaN },
    { $type: 'float', value: Infinity },
  ],
  Renamed: ({ x }: { x: string }) => `renamed:${x}`,
};

/** The JSON error every failure after routing gets while `customErrors` is on (RestHandler.WriteExceptionJsonString). */
const GENERIC_ERROR = '{"Message":"There was an error processing the request.","StackTrace":"","ExceptionType":""}';
const JSON_TYPE = 'application/json; charset=utf-8';

/** The reflection error of ScriptBag as the .NET Framework formats it. */
const BAG_ERROR = [
  'Method ScriptBag.EchoBag can not be reflected.',
  "There was an error reflecting 'bag'.",
  'The type System.Collections.Generic.Dictionary`2[[System.String, mscorlib, Version=4.0.0.0, Culture=neutral, ' +
    'PublicKeyToken=b77a5c561934e089],[System.Object, mscorlib, Version=4.0.0.0, Culture=neutral, ' +
    'PublicKeyToken=b77a5c561934e089]] is not supported because it implements IDictionary.',
];

/**
 * The .NET Framework's JSON for a body Mono wrote: `__type` first in every object of a client type of the service
 * (JavaScriptSerializer with the service's WebServiceTypeResolver, whose ResolveTypeId knows only the types
 * WebServiceData.ProcessClientTypes gathered: parameter and result types and [GenerateScriptType]s, not `Copy`,
 * which only a member of Book holds; each such object starts with the member below), and `&`, U+2028, U+2029
 * escaped (HttpUtility.JavaScriptStringEncode).
 */
function dotNetJson(mono: string): string {
  return mono
    .replaceAll('{"Isbn"', '{"__type":"Book","Isbn"')
    .replaceAll('{"Country"', '{"__type":"Author","Country"')
    .replaceAll('{"Name"', '{"__type":"Person","Name"')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/**
 * The .NET client types of the spec's service: the class's `[GenerateScriptType]` types first (Author), then the
 * parameter and result classes, method by method, then the enums (WebServiceData.ProcessClientTypes; Mono lists
 * Person before Book).
 */
const NET_CLIENT_TYPES = [
  'var gtc = Sys.Net.WebServiceProxy._generateTypedConstructor;',
  "if (typeof(Author) === 'undefined') {",
  'var Author=gtc("Author");',
  "Author.registerClass('Author');",
  '}',
  "if (typeof(Book) === 'undefined') {",
  'var Book=gtc("Book");',
  "Book.registerClass('Book');",
  '}',
  "if (typeof(Person) === 'undefined') {",
  'var Person=gtc("Person");',
  "Person.registerClass('Person');",
  '}',
  "if (typeof(Genre) === 'undefined') {",
  'var Genre = function() { throw Error.invalidOperation(); }',
  'Genre.prototype = {Fiction: 0,Poetry: 1,NonFiction: 2}',
  "Genre.registerEnum('Genre', true);",
  '}',
  "if (typeof(Format) === 'undefined') {",
  'var Format = function() { throw Error.invalidOperation(); }',
  'Format.prototype = {None: 0,Hardcover: 1,Paperback: 2,Audio: 4}',
  "Format.registerEnum('Format', true);",
  '}',
  '',
].join('\n');

/**
 * The .NET Framework's proxy script for the one Mono wrote (System.Web.Extensions/Script/Services/
 * ClientProxyGenerator.cs): the same methods, verbs, parameters and path, laid out as .NET does. Lines end in CRLF
 * and the script starts with no blank line; the prototype begins with `_get_path` and each method calls
 * `this._invoke(this._get_path(), …)`; the static accessors include `enableJsonp` and `jsonpCallbackParameter`
 * (in the debug script, each getter holds its `<value>` comment and the static methods start a line); the client
 * types are the `[GenerateScriptType]` types and the classes and enums of parameters and results (ProcessClientTypes:
 * not `object`, which Mono registers as `System.Object`), `var` before the global
 * enums, their members unquoted, `registerEnum(…, true)`, a closing `}` on its own line.
 */
function dotNetProxy(mono: string, debug: boolean, name = 'LibraryScript', clientTypes = NET_CLIENT_TYPES): string {
  const accessors = ['path', 'timeout', 'defaultUserContext', 'defaultSucceededCallback', 'defaultFailedCallback'];
  const monoAccessors = accessors
    .map(
      (p) =>
        `${name}.set_${p} = function(value) { ${name}._staticInstance.set_${p}(value); }\n` +
        `${name}.get_${p} = function() { return ${name}._staticInstance.get_${p}(); }\n`,
    )
    .join('');
  const netAccessors = debug
    ? [
        `${name}.set_path = function(value) {\n${name}._staticInstance.set_path(value); }`,
        `${name}.get_path = function() { \n/// <value type="String" mayBeNull="true">The service url.</value>\nreturn ${name}._staticInstance.get_path();}`,
        `${name}.set_timeout = function(value) {\n${name}._staticInstance.set_timeout(value); }`,
        `${name}.get_timeout = function() { \n/// <value type="Number">The service timeout.</value>\nreturn ${name}._staticInstance.get_timeout(); }`,
        `${name}.set_defaultUserContext = function(value) { \n${name}._staticInstance.set_defaultUserContext(value); }`,
        `${name}.get_defaultUserContext = function() { \n/// <value mayBeNull="true">The service default user context.</value>\nreturn ${name}._staticInstance.get_defaultUserContext(); }`,
        `${name}.set_defaultSucceededCallback = function(value) { \n ${name}._staticInstance.set_defaultSucceededCallback(value); }`,
        `${name}.get_defaultSucceededCallback = function() { \n/// <value type="Function" mayBeNull="true">The service default succeeded callback.</value>\nreturn ${name}._staticInstance.get_defaultSucceededCallback(); }`,
        `${name}.set_defaultFailedCallback = function(value) { \n${name}._staticInstance.set_defaultFailedCallback(value); }`,
        `${name}.get_defaultFailedCallback = function() { \n/// <value type="Function" mayBeNull="true">The service default failed callback.</value>\nreturn ${name}._staticInstance.get_defaultFailedCallback(); }`,
        `${name}.set_enableJsonp = function(value) { ${name}._staticInstance.set_enableJsonp(value); }`,
        `${name}.get_enableJsonp = function() { \n/// <value type="Boolean">Specifies whether the service supports JSONP for cross domain calling.</value>\nreturn ${name}._staticInstance.get_enableJsonp(); }`,
        `${name}.set_jsonpCallbackParameter = function(value) { ${name}._staticInstance.set_jsonpCallbackParameter(value); }`,
        `${name}.get_jsonpCallbackParameter = function() { \n/// <value type="String">Specifies the parameter name that contains the callback function name for a JSONP request.</value>\nreturn ${name}._staticInstance.get_jsonpCallbackParameter(); }`,
        '',
      ].join('\n')
    : monoAccessors +
      ['enableJsonp', 'jsonpCallbackParameter']
        .map(
          (p) =>
            `${name}.set_${p} = function(value) { ${name}._staticInstance.set_${p}(value); }\n` +
            `${name}.get_${p} = function() { return ${name}._staticInstance.get_${p}(); }\n`,
        )
        .join('');
  expect(mono).toContain(monoAccessors);
  const types = mono.indexOf('var gtc = ');
  let text = types < 0 ? mono : mono.slice(0, types);
  text = text
    .replace(/^\n/, '')
    .replace(
      `${name}.prototype={\n`,
      `${name}.prototype={\n_get_path:function() {\n var p = this.get_path();\n if (p) return p;\n else return ${name}._staticInstance.get_path();},\n`,
    )
    .replaceAll(`this._invoke(${name}.get_path(), `, 'this._invoke(this._get_path(), ')
    .replace(monoAccessors, netAccessors);
  if (debug) text = text.replaceAll(new RegExp(`^(${name}\\.\\w+= function\\([^)]*\\) \\{)`, 'gm'), '$1\n');
  return (text + clientTypes).replaceAll('\n', '\r\n');
}

/** The debug script without its methods' `<param>` comments (test/runtime/proxy-script.test.ts checks those). */
function withoutDocComments(script: string): string {
  return script.replaceAll(/^\/\/\/ <param [^\r]*\r\n/gm, '');
}

const proxyScript = (body: string): Expected => ({
  status: 200,
  contentType: 'application/x-javascript; charset=utf-8',
  body,
});

interface Expected {
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
  readonly jsonerror?: boolean;
  /** What of the reply's body is compared (`/jsdebug`: its script without the IntelliSense comments). */
  readonly compared?: (body: string) => string;
}

const ok = (body: string): Expected => ({ status: 200, contentType: JSON_TYPE, body });
/** A classic HTTP GET/POST error as the .NET Framework answers remote callers: the message alone, and a CRLF. */
const classicError = (message: string, why: string) => ({
  expected: { status: 500, contentType: 'text/plain; charset=utf-8', body: `${message}\r\n` },
  why,
});
/**
 * ASP.NET's Runtime Error page, as the .NET Framework answers a remote caller (`customErrors mode="RemoteOnly"`)
 * when the handler factory throws: System.Web/ErrorFormatter.cs (`GenericApplicationErrorFormatter`, remote form,
 * laid out by `GetHtmlErrorMessage`) with System.Web.txt's `Generic_Err_*` strings. Mono's page shows the
 * exception, its stack trace and the runtime's version instead.
 */
const runtimeErrorPage = (why: string) => ({
  expected: { status: 500, contentType: 'text/html; charset=utf-8', body: RUNTIME_ERROR_PAGE },
  why,
});
const jsonError: Expected = { status: 500, contentType: JSON_TYPE, body: GENERIC_ERROR, jsonerror: true };

/**
 * Where the .NET Framework answers otherwise than the Mono capture, .NET's reply and why. Every other listed
 * exchange must match Mono's bytes (`application/json` gaining the charset .NET's HttpResponse adds).
 */
const NET: Record<string, { readonly expected: Expected; readonly why: string }> = {
  'json Lend (UseHttpGet method by POST)': {
    expected: jsonError,
    why: 'RestHandler.GetRawParams: a UseHttpGet method is called by GET only (WebService_InvalidVerbRequest)',
  },
  'json Titles (UseHttpGet method by POST)': {
    expected: jsonError,
    why: 'RestHandler.GetRawParams: a UseHttpGet method is called by GET only',
  },
  'verb PUT json': {
    expected: jsonError,
    why: 'RestHandler.GetRawParams: a method without UseHttpGet takes POST only',
  },
  'get method without UseHttpGet (GetBook)': {
    expected: jsonError,
    why: 'RestHandler.GetRawParams: a method without UseHttpGet takes POST only',
  },
  'get no-parameter method without UseHttpGet (Ping)': {
    expected: jsonError,
    why: 'RestHandler.GetRawParams: a method without UseHttpGet takes POST only',
  },
  'json Fail': { expected: jsonError, why: 'RestHandler.WriteExceptionJsonString: customErrors hides the exception' },
  'json Fail nested': { expected: jsonError, why: 'RestHandler.WriteExceptionJsonString: customErrors' },
  'method missing (POST /Svc.asmx, JSON)': {
    expected: { status: 415, contentType: 'application/soap+xml; charset=utf-8', body: '' },
    why:
      'RestHandlerFactory.IsRestMethodCall: no method after the path is no JSON call; SoapServerProtocolFactory takes ' +
      'every POST to the endpoint, and a content type that is no SOAP one is 415 with an empty body ' +
      '(wire-contract.md section 2; Mono answers with its error page)',
  },
  'classic soap11 Fail': {
    expected: {
      status: 500,
      contentType: 'text/xml; charset=utf-8',
      body: exchange('classic soap11 Fail').response.body.replace(
        /<faultstring>[^]*<\/faultstring>/,
        '<faultstring>Server was unable to process request.</faultstring>',
      ),
    },
    why:
      "SoapServerProtocol: customErrors hides the exception from a remote caller; the capture is a local one's, " +
      'with the stack trace a server never writes (exposeErrors appends the message only: the classic tests)',
  },
  'json EchoXml': { expected: jsonError, why: 'ObjectConverter: no conversion to XmlElement; errors are JSON errors' },
  'params missing one': {
    expected: jsonError,
    why: 'WebServiceMethodData.CallMethod: a missing parameter is WebService_MissingArg',
  },
  'params none given': { expected: jsonError, why: 'WebServiceMethodData.CallMethod: WebService_MissingArg' },
  'params wrong case': {
    expected: jsonError,
    why: 'WebServiceMethodData.CallMethod: parameters are matched by exact name; the others are missing',
  },
  'params non-numeric string for int': {
    expected: jsonError,
    why: 'ObjectConverter fails inside ExecuteWebServiceCall',
  },
  'params null for int': {
    expected: jsonError,
    why: 'ObjectConverter.ConvertObjectToType: null converts to no value type',
  },
  'params object for int': { expected: jsonError, why: 'ObjectConverter: a dictionary converts to no Int32' },
  'params int overflow': { expected: jsonError, why: 'ObjectConverter fails inside ExecuteWebServiceCall' },
  'params array for class': { expected: jsonError, why: 'ObjectConverter fails inside ExecuteWebServiceCall' },
  'params string for class': { expected: jsonError, why: 'ObjectConverter fails inside ExecuteWebServiceCall' },
  'body malformed (not json)': { expected: jsonError, why: 'JavaScriptSerializer throws inside ExecuteWebServiceCall' },
  'body malformed (trailing comma, unclosed)': {
    expected: jsonError,
    why: "JavaScriptObjectDeserializer wants a member or '}' after ','",
  },
  'body empty': {
    expected: jsonError,
    why: 'GetRawParamsFromPostRequest: an empty body is {}; then the parameters are missing (WebService_MissingArg)',
  },
  'body json array': { expected: jsonError, why: 'Deserialize<IDictionary<string, object>> fails on an array' },
  'body json null': { expected: jsonError, why: 'a null dictionary of parameters fails in StrongTypeParameters' },
  'body json string': { expected: jsonError, why: 'Deserialize<IDictionary<string, object>> fails on a string' },
  'body iso-8859-1 charset': {
    expected: ok('{"d":"caf\uFFFD|1|True|2"}'),
    why: 'GetRawParamsFromPostRequest reads the body with new StreamReader(InputStream): UTF-8 whatever the charset',
  },
  'get UseHttpGet GetBookByGet quoted string': {
    expected: ok(dotNetJson(exchange('json GetBook').response.body)),
    why: 'GetRawParamsFromGetRequest: each query value is JSON (serializer.DeserializeObject)',
  },
  'get UseHttpGet GetBookByGet unquoted number-like': {
    expected: jsonError,
    why: 'GetRawParamsFromGetRequest: 978-0 is no JSON primitive',
  },
  'get UseHttpGet GetBookByGet unquoted word': {
    expected: jsonError,
    why: 'GetRawParamsFromGetRequest: abc is no JSON primitive',
  },
  'get UseHttpGet Lend with date': {
    expected: ok('{"d":29}'),
    why: 'GetRawParamsFromGetRequest: the query value is JSON, here a date',
  },
  'get UseHttpGet Lend null': {
    expected: ok('{"d":null}'),
    why: 'GetRawParamsFromGetRequest: the query value is JSON, here null',
  },
  'get UseHttpGet missing parameter': {
    expected: jsonError,
    why: 'WebServiceMethodData.CallMethod: WebService_MissingArg',
  },
  'json DescribePerson __type Author': {
    expected: ok('{"d":"Author:Ada/UK"}'),
    why: "JavaScriptSerializer's type resolver binds __type to a known type",
  },
  'json EchoBook': {
    expected: ok(
      dotNetJson(
        exchange('json EchoBook').response.body.replace(
          '{"Name":"Ada","BirthYear":1815}',
          '{"Country":"UK","Name":"Ada","BirthYear":1815}',
        ),
      ),
    ),
    why: "JavaScriptSerializer's type resolver binds __type to a known type: the Author comes back an Author",
  },
  'json Lend null': {
    expected: jsonError,
    why: 'RestHandler.GetRawParams: a UseHttpGet method is called by GET only',
  },
  'json EchoDate with offset': {
    expected: ok('{"d":"2024-02-29T12:30:45.1230000 Utc"}'),
    why: 'JavaScriptObjectDeserializer.DeserializeStringIntoDateTime ignores a +hhmm (or letter) suffix: a Utc DateTime',
  },
  'json EchoDate /Date(ms)/ unescaped': {
    expected: jsonError,
    why:
      'JavaScriptObjectDeserializer.IsNextElementDateTime reads a date only from the escaped "\\/Date(" text; ' +
      "/Date(ms)/ is a string, which ObjectConverter's DateTimeConverter (DateTime.Parse) does not take",
  },
  'json DescribePerson plain': {
    expected: ok('{"d":"Person:Bob"}'),
    why: 'the same as Mono (LibraryScript prints the CLR type name)',
  },
  'json Dates': {
    expected: ok(
      '{"d":["\\/Date(1709209845123)\\/","\\/Date(1709209845123)\\/","\\/Date(1709209845123)\\/",' +
        '"\\/Date(-1)\\/","\\/Date(-62135596800000)\\/","\\/Date(253402300799999)\\/"]}',
    ),
    why: 'JavaScriptSerializer.SerializeDateTime writes DateTime.MinValue unclamped (Mono clamps it to 0100-01-01)',
  },
  'tz+05:30 json Dates': {
    expected: ok(
      dotNetJson(exchange('tz+05:30 json Dates').response.body).replace('-59011459200000', '-62135596800000'),
    ),
    why:
      'DateTime.ToUniversalTime stops at DateTime.MinValue, which SerializeDateTime writes unclamped (Mono clamps ' +
      'it to 0100-01-01)',
  },
  'tz+05:30 json Lend (UseHttpGet method by POST)': {
    expected: jsonError,
    why: 'RestHandler.GetRawParams: a UseHttpGet method is called by GET only',
  },
  'json Mixed (object[])': {
    expected: ok(dotNetJson(exchange('json Mixed (object[])').response.body).replace('a b', 'a%20b')),
    why: 'JavaScriptSerializer.SerializeUri writes the escaped URI',
  },
  'session Counter by GET (cookie, no UseHttpGet)': {
    expected: jsonError,
    why: 'RestHandler.GetRawParams: a method without UseHttpGet takes POST only',
  },
  'ctype text/json': classicError(
    'Request format is invalid: text/json.',
    'RestHandlerFactory.IsRestMethodCall takes application/json only: HttpServerProtocol.ReadParameters formats the content type',
  ),
  'ctype text/plain with JSON body': classicError(
    'Request format is invalid: text/plain.',
    'a classic HTTP POST: HttpServerProtocol.ReadParameters formats the content type (Mono leaves {0})',
  ),
  'ctype none with JSON body': classicError(
    'Request format is invalid: .',
    'a classic HTTP POST: HttpServerProtocol.ReadParameters formats the (empty) content type (Mono leaves {0})',
  ),
  'ctype form-urlencoded with JSON body': classicError(
    'Missing parameter: a.',
    'a classic HTTP POST form without the field a: ValueCollectionParameterReader names it (Mono leaves {0})',
  ),
  'ctype application/json-patch+json': classicError(
    'Request format is invalid: application/json-patch+json.',
    'RestHandlerFactory.IsRestMethodCall takes application/json or application/json;… only: a classic HTTP POST',
  ),
  'method unknown, classic form post': classicError(
    "Request format is unrecognized for URL unexpectedly ending in '/Nope'.",
    'WebServiceHandlerFactory: no method of that name (Mono says "{0} Web Service method name is not valid.")',
  ),
  'json GetBookXml (ResponseFormat.Xml)': {
    expected: {
      status: 200,
      contentType: 'text/xml; charset=utf-8',
      body: exchange('json GetBookXml (ResponseFormat.Xml)').response.body,
    },
    why:
      "RestHandler.InvokeMethod writes XmlSerializeObjectToString's document, as captured (no known difference); " +
      'HttpResponse adds the charset',
  },
  'json GetStringXmlSerialized (string, ResponseFormat.Xml, XmlSerializeString)': {
    expected: {
      status: 200,
      contentType: 'text/xml; charset=utf-8',
      body: exchange('json GetStringXmlSerialized (string, ResponseFormat.Xml, XmlSerializeString)').response.body,
    },
    why: 'RestHandler.InvokeMethod: XmlSerializeString writes the string by XmlSerializer; HttpResponse adds the charset',
  },
  'json GetStringXml (string, ResponseFormat.Xml)': {
    expected: { status: 200, contentType: 'text/xml; charset=utf-8', body: '<b>x & y</b>' },
    why: 'RestHandler.InvokeMethod: a string result of ResponseFormat.Xml is written as it is',
  },
  'proxy js': {
    expected: proxyScript(dotNetProxy(exchange('proxy js').response.body, false)),
    why: "ClientProxyGenerator.GetClientProxyScript: .NET's layout of the same script (see dotNetProxy)",
  },
  'proxy JS uppercase': {
    expected: proxyScript(dotNetProxy(exchange('proxy js').response.body, false)),
    why: 'RestHandlerFactory.IsClientProxyRequest: /js in any case',
  },
  'proxy js by POST': {
    expected: proxyScript(dotNetProxy(exchange('proxy js').response.body, false)),
    why: 'RestHandlerFactory.IsClientProxyRequest: any verb',
  },
  'proxy js with JSON Content-Type': {
    expected: proxyScript(dotNetProxy(exchange('proxy js').response.body, false)),
    why: 'RestHandlerFactory.GetHandler: the proxy paths are checked before the JSON content type',
  },
  'proxy jsdebug': {
    expected: { ...proxyScript(dotNetProxy(exchange('proxy js').response.body, true)), compared: withoutDocComments },
    why: 'WebServiceClientProxyGenerator: /jsdebug is the debug script (IntelliSense comments, getters commented)',
  },
  'proxy jsfoo': {
    expected: {
      status: 500,
      contentType: 'text/plain; charset=utf-8',
      body: "Request format is unrecognized for URL unexpectedly ending in '/jsfoo'.\r\n",
    },
    why: 'RestHandlerFactory.IsClientProxyRequest: only /js and /jsdebug; /jsfoo goes to the classic handler',
  },
  // Plain.asmx, a service without [ScriptService] (its own server below): ASP.NET's ScriptHandlerFactory takes the
  // JSON calls and /js of every .asmx, and WebServiceData's constructor refuses them (WebService_NoScriptServiceAttribute)
  // out of RestHandlerFactory.GetHandler: the Runtime Error page. Mono calls the method ({"d":3}).
  'no-ScriptService JSON call (Plain Add)': runtimeErrorPage(
    'WebServiceData(Type, pageMethods: false) throws WebService_NoScriptServiceAttribute: no JSON call',
  ),
  'proxy js of Plain (no [ScriptService])': runtimeErrorPage(
    "WebServiceData(Type, pageMethods: false) throws WebService_NoScriptServiceAttribute: no proxy script (Mono's page says so too)",
  ),
  'method unknown': runtimeErrorPage(
    'RestHandler.CreateHandler: WebServiceData.GetMethodData throws WebService_UnknownWebMethod (ArgumentException)',
  ),
  'method wrong case': runtimeErrorPage('WebServiceData.GetMethodData: method names are matched by exact name'),
  'method empty (POST /Svc.asmx/, JSON)': runtimeErrorPage(
    'RestHandler.CreateHandler: a PathInfo shorter than 2 throws WebService_InvalidWebServiceCall',
  ),
  // ScriptBag.asmx (its own server below): Dictionary<string, object> and Dictionary<string, int>.
  'proxy js of ScriptBag': {
    expected: proxyScript(dotNetProxy(exchange('proxy js of ScriptBag').response.body, false, 'ScriptBag', '')),
    why:
      "ClientProxyGenerator.GetClientProxyScript: .NET's layout of the same script; WebServiceData.ProcessClientType " +
      'adds no client type for a generic type of two arguments (Dictionary<string, T>), not even T',
  },
  'bag EchoBag': {
    expected: jsonError,
    why:
      'JavaScriptObjectDeserializer.DeserializeInternal hands an object with __type to ObjectConverter.ConvertObjectToType ' +
      'while parsing; its resolver (WebServiceData) knows no Author, so ConvertDictionaryToObject throws a bare ' +
      'InvalidOperationException: a JSON error (Mono binds it as a dictionary); the same body without it below',
  },
  'bag wsdl': {
    expected: {
      status: 500,
      contentType: 'text/plain; charset=utf-8',
      body: `${htmlEncodeMessageChain(BAG_ERROR)}\r\n`,
    },
    why:
      'ServerProtocolFactory.Create hands the reflection error to DiscoveryServerProtocol.WriteException: text/plain, ' +
      'GenerateFaultString(e, true) (each message HTML-encoded, .NET formats Method {0}.{1}; no type names or stack ' +
      'trace for a remote caller), and a line end',
  },
  'bag soap11 Counts': {
    expected: {
      status: 500,
      contentType: 'text/xml; charset=utf-8',
      body: exchange('bag soap11 Counts').response.body.replace(
        /<faultstring>[^]*<\/faultstring>/,
        `<faultstring>${['Server was unable to process request.', ...BAG_ERROR].join(' ---&gt; ')}</faultstring>`,
      ),
    },
    why:
      'ServerProtocolFactory.Create hands the reflection error to SoapServerProtocol.WriteException: a Server fault, ' +
      'its faultstring GenerateFaultString of the SoapException over it, the messages joined (remote form: no type ' +
      'names, no stack trace); EchoBag, the first method, fails the whole type',
  },
  'json Overloaded (CLR name of a renamed method)': runtimeErrorPage(
    'WebServiceData keys a method by its WebMethod MessageName: the CLR name is an unknown web method',
  ),
};

/** Exchanges not reproduced yet, each with the reason. */
const NOT_YET: Record<string, string> = {
  'classic help page':
    "Mono's own help page (its DefaultWsdlHelpGenerator.aspx); the server writes the .NET Framework's, as " +
    'wire-contract.md section 5 describes it, which test/server/wire-contract.test.ts checks',
};

/** Plain.asmx: `[WebService(Namespace = "urn:example:plain")]`, no `[ScriptService]`, `int Add(int a, int b)`. */
const PLAIN = buildModel({
  service: { name: 'Plain', namespace: 'urn:example:plain' },
  operations: [
    {
      name: 'Add',
      parameters: [
        { name: 'a', type: 'int' },
        { name: 'b', type: 'int' },
      ],
      result: 'int',
    },
  ],
});

/**
 * ScriptBag.asmx: `Dictionary<string, object> EchoBag(Dictionary<string, object> bag)` and
 * `Dictionary<string, int> Counts()`, which XmlSerializer cannot reflect: its spec (test/golden/script-bag) has no
 * WSDL, and the server answers its classic protocols with the reflection error.
 */
const BAG = buildModel(await loadSpec(join(GOLDEN_DIR, 'script-bag', 'spec.yaml')));

let server: ReturnType<typeof createServiceServer>;
let bag: ReturnType<typeof createServiceServer>;
let bagPort: number;
/** The same service as a host in India (UTC+05:30) runs it: the `tz+05:30` exchanges. */
let india: ReturnType<typeof createServiceServer>;
let indiaPort: number;
let plain: ReturnType<typeof createServiceServer>;
let port: number;
let plainPort: number;

beforeAll(async () => {
  server = createServiceServer(describeService(MODEL), renderDocuments(MODEL), HANDLERS);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
  india = createServiceServer(
    describeService(MODEL),
    renderDocuments(MODEL),
    {
      ...HANDLERS,
      // `new DateTime(2024, 2, 29, 12, 30, 45, 123, DateTimeKind.Local)` on that host.
      Dates: () => [...HANDLERS.Dates().slice(0, 2), dt('2024-02-29T12:30:45.123+05:30'), ...HANDLERS.Dates().slice(3)],
    },
    { timeZone: 'Asia/Kolkata' },
  );
  await new Promise<void>((done) => india.listen(0, '127.0.0.1', done));
  indiaPort = (india.address() as AddressInfo).port;
  plain = createServiceServer(describeService(PLAIN), renderDocuments(PLAIN), {
    Add: ({ a, b }: { a: number; b: number }) => a + b,
  });
  await new Promise<void>((done) => plain.listen(0, '127.0.0.1', done));
  plainPort = (plain.address() as AddressInfo).port;
  bag = createServiceServer(describeService(BAG), renderDocuments(BAG), BAG_HANDLERS);
  await new Promise<void>((done) => bag.listen(0, '127.0.0.1', done));
  bagPort = (bag.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((done) => server.close(() => done()));
  await new Promise<void>((done) => plain.close(() => done()));
  await new Promise<void>((done) => india.close(() => done()));
  await new Promise<void>((done) => bag.close(() => done()));
});

/** The reply the capture holds, in the form asserted here. */
function expectedOf(e: Exchange): Expected {
  const net = NET[e.name];
  if (net) return net.expected;
  const type = e.response.headers['Content-Type'] ?? '';
  if (type === 'application/json') {
    return { status: e.response.status, contentType: JSON_TYPE, body: dotNetJson(e.response.body) };
  }
  return { status: e.response.status, contentType: type, body: e.response.body };
}

const REPLAYED = TRANSCRIPTS.filter((e) => NOT_YET[e.name] === undefined);

describe('a [ScriptService] answers the captured JSON exchanges (LibraryScript.asmx)', () => {
  it('keeps the WSDL the runtime served, byte for byte, with scriptService and script methods in the spec', async () => {
    const [wsdl] = await generateWsdl(MODEL, { baseUrl: 'http://localhost:8080' });
    const served = SERVED_WSDL.replaceAll(
      /http:\/\/[^/"]+\/LibraryScript\.asmx/g,
      'http://localhost:8080/LibraryScript.asmx',
    );
    expect(contentText(wsdl!.content)).toBe(served);
  });

  it('lists every exchange as replayed or not yet, and replays most', () => {
    for (const name of Object.keys(NOT_YET))
      expect(
        TRANSCRIPTS.some((e) => e.name === name),
        name,
      ).toBe(true);
    for (const name of Object.keys(NET))
      expect(
        REPLAYED.some((e) => e.name === name),
        name,
      ).toBe(true);
    expect(REPLAYED.length).toBeGreaterThanOrEqual(70);
  });

  it.each(REPLAYED.map((e) => [e.name, e] as const))('%s', async (_, e) => {
    const body = e.request.bodyEncoding === 'base64' ? Buffer.from(e.request.body, 'base64') : e.request.body;
    const headers = Object.fromEntries(
      Object.entries(e.request.headers)
        .filter(([name]) => !/^content-length$/i.test(name))
        .map(([name, value]) => [name, name === 'Cookie' ? maskedCookie(value) : value]),
    );
    const to = e.request.path.startsWith('/Plain.asmx')
      ? plainPort
      : e.request.path.startsWith('/ScriptBag.asmx')
        ? bagPort
        : e.name.startsWith('tz+05:30 ')
          ? indiaPort
          : port;
    const reply = await send(to, e.request.path, {
      method: e.request.method,
      headers,
      ...(e.request.method === 'GET' && body.length === 0 ? {} : { body }),
    });
    const expected = expectedOf(e);
    const compared = expected.compared ? expected.compared(reply.text) : reply.text;
    expect({ status: reply.status, type: reply.headers['content-type'], body: compared }).toEqual({
      status: expected.status,
      type: expected.contentType,
      body: expected.body,
    });
    expect(reply.headers.jsonerror).toBe(expected.jsonerror ? 'true' : undefined);
    expectSessionCookie(e, reply.headers['set-cookie']);
  });
});

/** The session ids the server handed out, by the id the capture shows in their place. */
const SESSION_IDS = new Map<string, string>();
const CAPTURED_COOKIE = /^ASP\.NET_SessionId=([0-9A-F]{24}); path=\/$/;
/**
 * SessionIDManager.CreateSessionCookie: the id (24 characters of a-z and 0-5, SessionId.Encode), `path=/`,
 * `HttpOnly`, and the `cookieSameSite` default of .NET 4.7.2+ (Lax). Mono writes `<24 hex>; path=/` only.
 */
const NET_COOKIE = /^ASP\.NET_SessionId=([a-z0-5]{24}); path=\/; HttpOnly; SameSite=Lax$/;

/** A captured request's Cookie header, each captured session id replaced by the one the server gave for it. */
function maskedCookie(value: string): string {
  return value.replace(/(ASP\.NET_SessionId=)([0-9A-F]{24})/, (all, name: string, id: string) =>
    SESSION_IDS.has(id) ? name + SESSION_IDS.get(id)! : all,
  );
}

/** A reply sets the session cookie exactly where the capture's does, in .NET's form; its id is remembered. */
function expectSessionCookie(e: Exchange, setCookie: string[] | undefined): void {
  const captured = e.response.headers['Set-Cookie'];
  if (captured === undefined || NET[e.name] !== undefined) {
    expect(setCookie).toBeUndefined();
    return;
  }
  const capturedId = CAPTURED_COOKIE.exec(captured)![1]!;
  expect(setCookie).toHaveLength(1);
  const id = NET_COOKIE.exec(setCookie![0]!)?.[1];
  expect(id, setCookie![0]).toBeDefined();
  expect([...SESSION_IDS.values()]).not.toContain(id);
  SESSION_IDS.set(capturedId, id!);
}

describe('ScriptBag.asmx: a [ScriptService] XmlSerializer cannot reflect (Dictionary<string, T>)', () => {
  const echo = exchange('bag EchoBag');

  it("binds each JSON value of a Dictionary<string, object> as the .NET Framework does ('bag EchoBag' without its unknown __type)", async () => {
    const body = echo.request.body.replace(',"typed":{"__type":"Author","Name":"Ada"}', '');
    expect(body).not.toBe(echo.request.body);
    const reply = await send(bagPort, echo.request.path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body,
    });
    // Mono's reply without `typed`, and `/Date(0)/` unescaped a string: JavaScriptObjectDeserializer.IsNextElementDateTime
    // reads a date from the escaped `"\/Date(` only, and JavaScriptString.QuoteString writes `/` as it is.
    const expected = echo.response.body
      .replace(/,"typed":\{[^}]*\},"typed:type":"[^"]*"/, '')
      .replace(
        '"dateText":"\\/Date(0)\\/","dateText:type":"System.DateTime"',
        '"dateText":"/Date(0)/","dateText:type":"System.String"',
      );
    expect(expected).not.toBe(echo.response.body);
    expect({ status: reply.status, type: reply.headers['content-type'], body: reply.text }).toEqual({
      status: 200,
      type: JSON_TYPE,
      body: expected,
    });
  });

  it.each([
    ['a bag that is no JSON object', '{"bag":[1]}'],
    ['an unknown __type in a value', '{"bag":{"x":{"__type":"Nope"}}}'],
  ])('answers the JSON error for %s', async (_, body) => {
    const reply = await send(bagPort, '/ScriptBag.asmx/EchoBag', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body,
    });
    expect({ status: reply.status, type: reply.headers['content-type'], body: reply.text }).toEqual({
      status: 500,
      type: JSON_TYPE,
      body: GENERIC_ERROR,
    });
  });

  it('answers SOAP 1.2 with a Server fault of the reflection error', async () => {
    const reply = await send(bagPort, '/ScriptBag.asmx', {
      method: 'POST',
      headers: { 'Content-Type': 'application/soap+xml; charset=utf-8' },
      body:
        '<?xml version="1.0" encoding="utf-8"?><soap12:Envelope xmlns:soap12="http://www.w3.org/2003/05/soap-envelope">' +
        '<soap12:Body><Counts xmlns="urn:example:library" /></soap12:Body></soap12:Envelope>',
    });
    expect(reply.status).toBe(500);
    expect(reply.headers['content-type']).toBe('application/soap+xml; charset=utf-8');
    expect(reply.text).toContain(
      `<soap:Text xml:lang="en">${['Server was unable to process request.', ...BAG_ERROR].join(' ---&gt; ')}</soap:Text>`,
    );
  });

  it.each([
    ['?disco', 'GET', '/ScriptBag.asmx?disco'],
    ['HTTP GET', 'GET', '/ScriptBag.asmx/Counts'],
    ['HTTP POST', 'POST', '/ScriptBag.asmx/Counts'],
  ])(
    'answers %s with the reflection error as text (DiscoveryServerProtocol, HttpServerProtocol)',
    async (_, method, path) => {
      const reply = await send(bagPort, path, {
        method,
        headers: method === 'POST' ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {},
        ...(method === 'POST' ? { body: '' } : {}),
      });
      expect({ status: reply.status, type: reply.headers['content-type'], body: reply.text }).toEqual({
        status: 500,
        type: 'text/plain; charset=utf-8',
        body: `${htmlEncodeMessageChain(BAG_ERROR)}\r\n`,
      });
    },
  );

  it.each(['/ScriptBag.asmx', '/ScriptBag.asmx?op=Counts'])(
    'answers the help page %s with the Runtime Error page (DocumentationServerProtocol writes no error)',
    async (path) => {
      const reply = await send(bagPort, path, { method: 'GET', headers: {} });
      expect({ status: reply.status, type: reply.headers['content-type'], body: reply.text }).toEqual({
        status: 500,
        type: 'text/html; charset=utf-8',
        body: RUNTIME_ERROR_PAGE,
      });
    },
  );
});

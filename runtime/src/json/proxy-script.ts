/**
 * The client proxy script of a `[ScriptService]` (`/X.asmx/js`, and `/X.asmx/jsdebug` with IntelliSense comments), as
 * the .NET Framework's `ClientProxyGenerator` writes it (docs/wire.md, "Proxy scripts"): a class deriving from
 * MicrosoftAjax's `Sys.Net.WebServiceProxy` with one method per operation, each calling
 * `this._invoke(path, 'Method', useGet, {params}, …)`; the static forms of those methods; typed constructors (`gtc`)
 * for the classes a parameter or a result names; and the enums they name. Lines end in CRLF.
 *
 * Names are the CLR names the service description keeps (the service's, the declared types', C# enum member names);
 * the service class is in its `scriptNamespace`, the types in their `typeNamespace` (global without one). Built once per service when the server starts, never per request.
 */
import type { OperationDescription, ServiceDescription } from '../service-description.js';
import type { ValueType } from '../xsd/type-description.js';
import { DATA_TYPE_BASES } from '../xsd/type-description.js';
import { BUILTIN_CLIENT_TYPES, clientTypes, clrTypeName, type ClientTypes } from './client-types.js';
import { clrFullName, type ClrType } from './clr-names.js';

const NL = '\r\n';

/** `ServicesUtilities.GetClientTypeFromServerType` for types that are no client type: the JavaScript type. */
const SCRIPT_TYPES: Readonly<Record<string, string>> = {
  string: 'String',
  char: 'String',
  guid: 'String',
  boolean: 'Boolean',
  byte: 'Number',
  unsignedByte: 'Number',
  short: 'Number',
  unsignedShort: 'Number',
  int: 'Number',
  unsignedInt: 'Number',
  long: 'Number',
  unsignedLong: 'Number',
  float: 'Number',
  double: 'Number',
  decimal: 'Number',
  dateTime: 'Date',
  // byte[], and XmlNode and its kind (IEnumerable).
  base64Binary: 'Array',
  xmlElement: 'Array',
  xmlNode: 'Array',
  xmlDocument: 'Array',
};

/** The `/js` and `/jsdebug` scripts of `service`; `undefined` when it has no operation (no script is written then). */
export function buildProxyScript(service: ServiceDescription, debug: boolean): string | undefined {
  if (service.operations.length === 0) return undefined;
  // The class's full name: `Ns.Svc` in a C# namespace (registered first), else a global `var`.
  const namespace = service.scriptNamespace;
  const name = namespace === undefined ? service.name : `${namespace}.${service.name}`;
  const types = clientTypes(service);
  const out: string[] = [];
  // GenerateConstructor, GeneratePrototype.
  const declaration = namespace === undefined ? `var ${name}` : `Type.registerNamespace('${namespace}');${NL}${name}`;
  out.push(`${declaration}=function() {${NL}${name}.initializeBase(this);${NL}`);
  out.push(
    `this._timeout = 0;${NL}this._userContext = null;${NL}this._succeeded = null;${NL}this._failed = null;${NL}`,
  );
  out.push(`}${NL}${name}.prototype={${NL}`);
  out.push(`_get_path:function() {${NL} var p = this.get_path();${NL} if (p) return p;${NL} else return `);
  out.push(`${name}._staticInstance.get_path();},${NL}`);
  const comments = new Map<string, string>();
  out.push(
    service.operations
      .map((op) => {
        const args = parameterNames(op);
        const comment = debug ? docComments(service, op, types) : '';
        comments.set(op.name, comment);
        const callArgs = [...args, 'succeededCallback, failedCallback, userContext'].join(',');
        const dictionary = `{${args.map((arg) => `${arg}:${arg}`).join(',')}}`;
        const useGet = op.scriptMethod?.useHttpGet === true ? 'true' : 'false';
        return (
          `${op.name}:function(${callArgs}) {${NL}${comment}` +
          `return this._invoke(this._get_path(), '${op.name}',${useGet},${dictionary},` +
          'succeededCallback,failedCallback,userContext); }'
        );
      })
      .join(`,${NL}`),
  );
  out.push(`}${NL}`);
  // GenerateRegisterClass, GenerateStaticInstance.
  out.push(`${name}.registerClass('${name}',Sys.Net.WebServiceProxy);${NL}`);
  out.push(`${name}._staticInstance = new ${name}();${NL}`);
  out.push(debug ? debugStaticProperties(name) : staticProperties(name));
  out.push(`${name}.set_path("${urlPathEncode(service.path)}");${NL}`);
  // GenerateStaticMethods.
  for (const op of service.operations) {
    const args = [...parameterNames(op), 'onSuccess,onFailed,userContext'].join(',');
    const comment = debug ? `${NL}${comments.get(op.name)!}` : '';
    out.push(`${name}.${op.name}= function(${args}) {${comment}${name}._staticInstance.${op.name}(${args}); }${NL}`);
  }
  out.push(typeProxies(service, types, new Set(namespace === undefined ? [] : [namespace])));
  return out.join('');
}

/** `ParameterInfo.Name` of every parameter the method declares, `out` ones included. */
function parameterNames(op: OperationDescription): string[] {
  return op.parameters.map((parameter) => parameter.field ?? parameter.name);
}

/** The static accessors of the release script: one line each. */
function staticProperties(name: string): string {
  const target = `${name}._staticInstance`;
  return PROPERTIES.map(
    ([property]) =>
      `${name}.set_${property} = function(value) { ${target}.set_${property}(value); }${NL}` +
      `${name}.get_${property} = function() { return ${target}.get_${property}(); }${NL}`,
  ).join('');
}

/** Each static property the proxy class forwards, with `/jsdebug`'s `<value>` comment. */
const PROPERTIES: readonly (readonly [name: string, value: string, setterHead: string, getterTail: string])[] = [
  ['path', '<value type="String" mayBeNull="true">The service url.</value>', `{${NL}`, ''],
  ['timeout', '<value type="Number">The service timeout.</value>', `{${NL}`, ' '],
  ['defaultUserContext', '<value mayBeNull="true">The service default user context.</value>', `{ ${NL}`, ' '],
  [
    'defaultSucceededCallback',
    '<value type="Function" mayBeNull="true">The service default succeeded callback.</value>',
    `{ ${NL} `,
    ' ',
  ],
  [
    'defaultFailedCallback',
    '<value type="Function" mayBeNull="true">The service default failed callback.</value>',
    `{ ${NL}`,
    ' ',
  ],
  [
    'enableJsonp',
    '<value type="Boolean">Specifies whether the service supports JSONP for cross domain calling.</value>',
    '{ ',
    ' ',
  ],
  [
    'jsonpCallbackParameter',
    '<value type="String">Specifies the parameter name that contains the callback function name for a JSONP request.</value>',
    '{ ',
    ' ',
  ],
];

/** The static accessors of the debug script, each getter with its `<value>` comment. */
function debugStaticProperties(name: string): string {
  const target = `${name}._staticInstance`;
  return PROPERTIES.map(
    ([property, value, setterHead, getterTail]) =>
      `${name}.set_${property} = function(value) ${setterHead}${target}.set_${property}(value); }${NL}` +
      `${name}.get_${property} = function() { ${NL}/// ${value}${NL}return ${target}.get_${property}();${getterTail}}${NL}`,
  ).join('');
}

/**
 * `/jsdebug`'s comments of a method: one `<param>` per parameter (the JavaScript type when one is known, the CLR
 * type's full name), then the callbacks'.
 */
function docComments(service: ServiceDescription, op: OperationDescription, types: ClientTypes): string {
  let text = '';
  for (const parameter of op.parameters) {
    // An out or ref parameter's type is a by-ref type (`System.Int32&`): neither a client type nor a script type.
    const byRef = parameter.direction !== undefined;
    const scriptType = byRef ? '' : clientTypeName(service, parameter.type, types);
    const typeAttribute = scriptType === '' ? '' : ` type="${scriptType}"`;
    const serverType = clrName(service, parameter.type) + (byRef ? '&' : '');
    text += `/// <param name="${parameter.field ?? parameter.name}"${typeAttribute}>${serverType}</param>${NL}`;
  }
  text += `/// <param name="succeededCallback" type="Function" optional="true" mayBeNull="true"></param>${NL}`;
  text += `/// <param name="failedCallback" type="Function" optional="true" mayBeNull="true"></param>${NL}`;
  text += `/// <param name="userContext" optional="true" mayBeNull="true"></param>${NL}`;
  return text;
}

/** `GetClientTypeFromServerType`: the client type's id, an enum's name, or the JavaScript type (`''`: any). */
function clientTypeName(service: ServiceDescription, type: ValueType, types: ClientTypes): string {
  if (typeof type === 'string') {
    const builtin = BUILTIN_CLIENT_TYPES[type];
    if (builtin !== undefined) return builtin;
    const base = (DATA_TYPE_BASES as Record<string, string>)[type] ?? type;
    return SCRIPT_TYPES[base] ?? '';
  }
  if ('array' in type) return 'Array';
  // An IDictionary: JavaScript's Object.
  if ('dictionary' in type) return 'Object';
  if ('enum' in type) return clrTypeName(service, type.enum);
  const id = clrTypeName(service, type.class);
  return types.classes.includes(id) ? id : '';
}

/** The CLR type's `FullName` (a `Nullable<T>` unwrapped, as the comments write it). */
function clrName(service: ServiceDescription, type: ValueType): string {
  return clrFullName(clrTypeOf(type), service.typeNamespace);
}

/** A value type's CLR type (a dictionary's `T?` values named as `T`: the description keeps no `Nullable`). */
function clrTypeOf(type: ValueType): ClrType {
  if (typeof type === 'string') return { builtin: (DATA_TYPE_BASES as Record<string, string>)[type] ?? type };
  if ('array' in type) return { array: clrTypeOf(type.array) };
  if ('dictionary' in type) return { dictionary: clrTypeOf(type.dictionary) };
  return { declared: 'enum' in type ? type.enum : type.class };
}

/** `GenerateClientTypeProxies` and `GenerateEnumTypeProxies`. */
function typeProxies(service: ServiceDescription, types: ClientTypes, namespaces: Set<string>): string {
  let text = '';
  const ensureNamespace = (typeName: string): void => {
    const dot = typeName.lastIndexOf('.');
    if (dot < 0) return;
    const namespace = typeName.slice(0, dot);
    if (namespaces.has(namespace)) return;
    namespaces.add(namespace);
    text += `Type.registerNamespace('${namespace}');${NL}`;
  };
  if (types.classes.length > 0) text += `var gtc = Sys.Net.WebServiceProxy._generateTypedConstructor;${NL}`;
  for (const id of types.classes) {
    ensureNamespace(id);
    const declaration = id.includes('.') ? id : `var ${id}`;
    text += `if (typeof(${id}) === 'undefined') {${NL}${declaration}=gtc("${id}");${NL}`;
    text += `${id}.registerClass('${id}');${NL}}${NL}`;
  }
  for (const name of types.enums) {
    const declared = service.types?.[name];
    if (declared?.kind !== 'enum') continue;
    // Enum.GetNames and Enum.GetValues: sorted by value.
    const members = declared.values
      .map((value, index) => ({ name: value.name ?? value.xmlName, value: value.value, index }))
      .sort((a, b) => unsignedOrder(a.value, b.value) || a.index - b.index);
    const id = clrTypeName(service, name);
    ensureNamespace(id);
    text += `if (typeof(${id}) === 'undefined') {${NL}`;
    text += `${id.includes('.') ? id : `var ${id}`} = function() { throw Error.invalidOperation(); }${NL}`;
    text += `${id}.prototype = {${members.map((m) => `${m.name}: ${m.value}`).join(',')}}${NL}`;
    text += `${id}.registerEnum('${id}', true);${NL}}${NL}`;
  }
  return text;
}

/** Enum values compared as their unsigned bits, as .NET sorts them (negative values last). */
function unsignedOrder(a: number, b: number): number {
  if (a < 0 !== b < 0) return a < 0 ? 1 : -1;
  return a - b;
}

/** `HttpUtility.UrlPathEncode`: UTF-8 bytes outside printable ASCII, and spaces, percent-encoded. */
function urlPathEncode(path: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(path)) {
    out +=
      byte < 0x20 || byte >= 0x7f || byte === 0x20
        ? `%${byte.toString(16).padStart(2, '0')}`
        : String.fromCharCode(byte);
  }
  return out;
}

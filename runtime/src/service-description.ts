/**
 * What the runtime knows of a service: the wire facts the generator derived
 * from the spec, emitted as a constant into every generated service. Server
 * and client read only this; neither derives a name of its own.
 */

import type { JsonStringDescription } from './json/json-string-value.js';
import type {
  ChoiceElementDescription,
  HeaderDescription,
  TypeDescription,
  ValueType,
} from './xsd/type-description.js';

export type * from './xsd/type-description.js';
export { DATA_TYPE_BASES } from './xsd/type-description.js';

export type Transport = 'soap11' | 'soap12' | 'httpGet' | 'httpPost';

/**
 * How a call came to a server: a transport of the service's bindings, or `json`, a `[ScriptService]`'s JSON call
 * (ASP.NET AJAX, by POST or, for a `useHttpGet` script method, GET), which no WSDL lists.
 */
export type CallTransport = Transport | 'json';

export interface ParameterDescription {
  /** Element name in the SOAP request; field name on HTTP GET/POST; property name of the input object. */
  readonly name: string;
  readonly type: ValueType;
  /** `minOccurs="0"`: the value may be absent (reference types). */
  readonly optional: boolean;
  /** `nillable="true"` (`T?`): `xsi:nil` is `null`. */
  readonly nillable?: boolean;
  /**
   * `out` (C# `out`): only in the response element, after the result; `ref` (C# `ref`): in the request element
   * and in the response element. Absent for an in parameter. See `reply-values.ts`.
   */
  readonly direction?: 'out' | 'ref';
  /**
   * A choice of elements in the parameter's place (`[XmlElement(Name, typeof(T))]`s): its value is
   * `{ $element, value }`, and `name` is not on the wire.
   */
  readonly choice?: readonly ChoiceElementDescription[];
  /**
   * The element's namespace when it is not the request element's: a class with `[XmlRoot(Namespace)]`, which
   * Mono's runtime reads and writes in the root's namespace.
   */
  readonly namespace?: string;
  /** A typed JSON string (`json:`): read, validated and given to the handler as its value (`json-string-value.ts`). */
  readonly json?: JsonStringDescription;
  /**
   * `[XmlElement]` on an array parameter: `type` is an `ArrayValueType` (its `item` the parameter's element name), and
   * by SOAP its items are repeated elements named `name` in the parameter's place, with no `ArrayOfX` between. Read,
   * none is an empty array (`undefined` on a server whose request element is empty, `<Op />`, as Mono hands the
   * method null there); written, `undefined` or `null` is none, and a `null` item `xsi:nil` where the items are
   * nillable, else left out. HTTP GET and POST carry it as any array (`name=1&name=2`).
   */
  readonly unwrapped?: boolean;
  /**
   * The C# parameter's name, where `[XmlElement("x")]` renames its element (`name`): HTTP GET and POST name its
   * field so, and ASP.NET AJAX its JSON property; `name` when omitted.
   */
  readonly field?: string;
}

export interface OperationDescription {
  /** Operation name: the request element, the `/Op` path segment, the handler and client method. */
  readonly name: string;
  /**
   * The handler's method name, when the operation's name is no JavaScript identifier (`Call-MAXSO` is served by
   * `CallMAXSO`); the name otherwise.
   */
  readonly method?: string;
  readonly soapAction: string;
  readonly responseElement: string;
  readonly parameters: readonly ParameterDescription[];
  /** Absent for a void operation. */
  readonly result?: {
    readonly type: ValueType;
    /** `{Op}Result`, child of the response element. */
    readonly element: string;
    /** `nillable="true"`: `null` is written as `xsi:nil`. */
    readonly nillable?: boolean;
    /**
     * With `out` or `ref` parameters, the property of the reply object that holds the return value: `result` unless a
     * parameter has that name (`reply-values.ts`).
     */
    readonly key?: string;
    /**
     * The root element of the HTTP GET/POST reply document (`Book`, `ArrayOfBook`, `int`); absent for a raw-XML
     * result, which is the document itself.
     */
    readonly httpElement?: string;
    /** The result element's namespace when its class's `[XmlRoot(Namespace)]` puts it in another one (Mono). */
    readonly namespace?: string;
    /** The HTTP reply document's root namespace when its class's `[XmlRoot(Namespace)]` says so. */
    readonly httpNamespace?: string;
    /** A typed JSON string (`resultJson:`): the handler returns its value, written as JSON text. */
    readonly json?: JsonStringDescription;
    /**
     * `[return: XmlElement]` on an array result: `type` is an `ArrayValueType`, and by SOAP its items are repeated
     * elements named `element` in the response element, with no `{Op}Result` between (see
     * `ParameterDescription.unwrapped`).
     */
    readonly unwrapped?: boolean;
    /**
     * Several `[return: XmlElement(Name, typeof(T))]`s: the result is one of these elements in its place, or, when
     * `unwrapped`, any number of them repeated in the response element (see `ParameterDescription.choice`); its
     * value is `{ $element, value }` (an array of them), and `element` is not on the wire. HTTP GET and POST write
     * the values alone, as `httpType` (`ArrayOfAnyType`, `anyType`).
     */
    readonly choice?: readonly ChoiceElementDescription[];
    /**
     * The type HTTP GET and POST replies write (and a `ResponseFormat.Xml` script method's), when it is not `type`:
     * they write the result as its C# type, with no `[return: XmlElement]` nor `[return: XmlArrayItem]`, so an
     * unwrapped `Player[]` result is `ArrayOfPlayer` (`httpElement`) of `<Player>` items.
     */
    readonly httpType?: ValueType;
  };
  /** SOAP headers, in the order the runtime writes them (by field name, ordinal). */
  readonly headers?: readonly HeaderDescription[];
  /** Left off the HTTP GET/POST bindings (a parameter or result they cannot carry): those answer as ASMX does. */
  readonly httpOmitted?: boolean;
  /** The SOAP request element (`RequestElementName`), when it is not the operation's name. */
  readonly requestElement?: string;
  /** The request element's namespace (`RequestNamespace`; a bare operation's parameters'), when not the service's. */
  readonly requestNamespace?: string;
  /** The response element's namespace (`ResponseNamespace`; a bare operation's result's), when not the service's. */
  readonly responseNamespace?: string;
  /**
   * `ParameterStyle.Bare`: the SOAP Body holds each parameter's element, and the reply's the result element, with
   * no wrapper (`responseElement` is then unused).
   */
  readonly bare?: boolean;
  /** `OneWay`: the server answers `202 Accepted` with no body before running the handler; the client reads nothing. */
  readonly oneWay?: boolean;
  /** SOAP section 5 encoding (rpc/encoded, document/encoded): its SOAP messages follow `soap-encoding.ts`. */
  readonly encoded?: EncodedDescription;
  /** `[ScriptMethod]` of a `[ScriptService]`'s operation, when not its defaults (POST, JSON replies). */
  readonly scriptMethod?: ScriptMethodDescription;
  /** `[WebMethod(EnableSession = true)]`: its handler gets `ctx.session` (ASP.NET's session, `session/`). */
  readonly enableSession?: boolean;
  /** `[GenerateScriptType]` on a `[ScriptService]`'s method: client types gathered before its parameters'. */
  readonly generateScriptTypes?: readonly string[];
}

/** How a `[ScriptService]`'s JSON calls reach an operation and are answered (`server/json-call.ts`). */
export interface ScriptMethodDescription {
  /** `UseHttpGet`: JSON calls by GET, parameters JSON-encoded in the query; by POST otherwise. */
  readonly useHttpGet?: boolean;
  /** `ResponseFormat.Xml`: the result as XmlSerializer writes it, `text/xml`; `{"d":…}` otherwise. */
  readonly xmlResponse?: boolean;
  /** `XmlSerializeString`: with `xmlResponse`, a string result is XmlSerializer's `<string>` document, not the text. */
  readonly xmlSerializeString?: boolean;
}

/** An encoded operation's wire facts (SOAP section 5, `soap-encoding.ts`). */
export interface EncodedDescription {
  readonly style: 'rpc' | 'document';
  /** The request wrapper's namespace: rpc's `RequestNamespace`, document/encoded's encoded types namespace. */
  readonly requestNamespace: string;
  /** The response wrapper's namespace. */
  readonly responseNamespace: string;
  /** Where the encoded types are (`xsi:type="types:Crate"`): the service namespace, or `{ns}/encodedTypes`. */
  readonly typesNamespace: string;
}

export interface ServiceDescription {
  readonly name: string;
  readonly namespace: string;
  /** Endpoint path, e.g. `/AuthenticationWebService.asmx`. */
  readonly path: string;
  /** Enabled transports, in canonical order. */
  readonly transports: readonly Transport[];
  /** In spec order (the WSDL's order). */
  readonly operations: readonly OperationDescription[];
  /** Declared classes, structs and enums, by declared name. */
  readonly types?: Readonly<Record<string, TypeDescription>>;
  /**
   * The arrays an `object` may hold (`[XmlInclude(typeof(T[]))]`), by their XSD name (`ArrayOfBook`): such a value
   * is `{ $type: 'ArrayOfBook', value: [...] }`, written with `xsi:type="ArrayOfBook"`.
   */
  readonly anyArrays?: Readonly<Record<string, ValueType>>;
  /**
   * The namespace of the HTTP GET/POST reply documents when it is not the service's: a `[SoapRpcService]` writes
   * its literal types to `{namespace}/literalTypes`.
   */
  readonly httpNamespace?: string;
  /**
   * `RoutingStyle = SoapServiceRoutingStyle.RequestElement`: a SOAP 1.1 request is routed by its body's first
   * element, not by its SOAPAction (which it must still send; `server/soap-routing.ts`).
   */
  readonly routingStyle?: 'requestElement';
  /** `[ScriptService]`: `/X.asmx/Op` with a JSON content type is a JSON call (`server/json-call.ts`). */
  readonly scriptService?: boolean;
  /** The C# namespace of a `[ScriptService]`'s class: its `/js` proxy class is declared there (`json/proxy-script.ts`). */
  readonly scriptNamespace?: string;
  /**
   * The C# namespace of a `[ScriptService]`'s declared types: JSON's `__type` and the `/js` proxy name them by their
   * full name (`Contoso.Models.Book`); global without one.
   */
  readonly typeNamespace?: string;
  /** `[GenerateScriptType]` on a `[ScriptService]`'s class: types its `/js` proxy script declares first. */
  readonly generateScriptTypes?: readonly string[];
  /**
   * Why XmlSerializer cannot reflect the service (a `Dictionary<string, T>` parameter or result): the exception
   * chain's messages, outermost first. Its JSON calls and `/js` work; its WSDL, SOAP, HTTP GET/POST and help pages
   * answer with this error (`server/reflection-error.ts`).
   */
  readonly reflectionError?: readonly string[];
}

/**
 * Documents the server serves, rendered at generation time. Request-dependent
 * parts are left as markers, filled per request by `fillDocument`:
 * `ADDRESS_MARKER` is the endpoint URL (`http://host/X.asmx`), `BASE_MARKER`
 * the scheme and host (`http://host`), `HOST_MARKER` the Host header value.
 */
export interface ServiceDocuments {
  /** `?wsdl`: the WSDL, byte for byte as the ASMX runtime serves it. */
  readonly wsdl: string;
  /** `?disco`. */
  readonly disco: string;
  /**
   * A service with a binding in another namespace: the other documents the runtime serves, by id: `?wsdl=wsdl1`
   * (`descriptions.wsdl1`) and `?schema=schema1` (`schemas.schema1`), which `?wsdl` names.
   */
  readonly descriptions?: Readonly<Record<string, string>>;
  readonly schemas?: Readonly<Record<string, string>>;
  /** `GET /X.asmx`: the operation list (HTML). */
  readonly helpPage: string;
  /** `GET /X.asmx?op=Op`, per operation name (HTML). */
  readonly operationPages: Readonly<Record<string, string>>;
  /** `?op=` naming no operation (HTML). */
  readonly methodNotFoundPage: string;
}

export const ADDRESS_MARKER = '\u0000address\u0000';
export const BASE_MARKER = '\u0000base\u0000';
export const HOST_MARKER = '\u0000host\u0000';

export { XsdDateTime } from './values/xsd-date-time.js';
export type { DateTimeKind } from './values/xsd-date-time.js';
export { XmlFragment } from './values/xml-fragment.js';
export type { AnyValue, AnySimpleValue, AnyDeclaredValue, AnyJsonValue } from './values/any-value.js';
export type { JsonSchemaIssue, JsonSchemaValidator, JsonStringDescription } from './json/json-string-value.js';
export { jsonEqual, jsonLength } from './json/json-schema-helpers.js';

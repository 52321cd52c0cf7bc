import type { BindingKind, JsonSchemaObject } from '../model/types.js';
import type { ChoiceElementDeclaration, TypeDeclaration } from '../model/type-declarations.js';

/**
 * A spec as written in YAML, after validation. The loader guarantees every
 * field below has the type it declares, and every type reference names a
 * built-in or a declared type; the model builder derives the rest.
 */
export interface Spec {
  readonly service: SpecService;
  /** Enabled bindings; all four when omitted. */
  readonly bindings?: readonly BindingKind[];
  /** Declared classes, structs and enums, in declaration order. */
  readonly types?: readonly TypeDeclaration[];
  readonly operations: readonly SpecOperation[];
  /** How the WSDL's text differs from Mono's between servers; Mono's form when omitted. */
  readonly wsdl?: SpecWsdl;
}

/**
 * What varies between servers that serve the same service: the .NET Framework and Mono write the same WSDL
 * but for these. `asmxgen import` records them as read, so that the generated WSDL is the served one byte for
 * byte.
 */
export interface SpecWsdl {
  /**
   * The order of the root element's `xmlns:` declarations before `targetNamespace`, by prefix (`soap`, `tm`,
   * `soapenc`, `mime`, `tns`, `s`, `soap12`, `http`, `s1`, …). Prefixes the WSDL does not declare are skipped;
   * declared prefixes the list leaves out follow in the runtime's order. Mono's order when omitted.
   */
  readonly namespaceOrder?: readonly string[];
  /** `crlf` (Windows servers) or `lf`; `lf` when omitted. */
  readonly lineEnds?: 'lf' | 'crlf';
  /**
   * `net1.0`: the .NET Framework 1.0's, which is 1.1's with the WSDL namespace as the default namespace
   * (`<definitions … xmlns="…wsdl/">`, unprefixed WSDL elements, `<documentation>`) and the service's namespace
   * declared as `s0` (after `s`) instead of `tns`.
   * `net1.1`: the .NET Framework 1.1's WSDL writer. Its root declares `http soap s soapenc tns tm mime` (no
   * SOAP 1.2, which it has not), its `documentation` elements are `<documentation xmlns="…wsdl/">`, the service's
   * description is in `wsdl:service` only, and `soap:binding` has `style="document"`. The .NET Framework 2.0 and
   * later's and Mono's writer when omitted. `mono`: Mono's XmlSerializer, which names the result element of a class
   * with `[XmlRoot("X")]` after the root (`X`, `nillable`, `minOccurs="1"`) where the .NET Framework writes
   * `{message name}Result` (corpus `Renames`).
   * `net1.0`: the .NET Framework 1.0's writer: as `net1.1`, but the WSDL namespace is the default namespace (its
   * elements unprefixed: `<definitions … xmlns="…wsdl/">`), the service's namespace is `s0` (not `tns`), the root
   * declares `s1 http soap s s0 soapenc tm mime`, and `documentation` elements are plain `<documentation>`.
   */
  readonly runtime?: 'net1.0' | 'net1.1' | 'mono';
  /** A line end after `</wsdl:definitions>`; none when omitted, as the runtime serves it. */
  readonly finalNewline?: boolean;
  /**
   * The inline schema of a `DataSet`: `legacy` (`<s:element ref="s:schema" /><s:any />`, the .NET Framework's
   * default, `system.data.dataset` `WSDL_VERSION` below 2) or `v2` (Mono's); `v2` when omitted.
   */
  readonly dataSetSchema?: 'legacy' | 'v2';
  /**
   * The service's schema starts with `<s:import namespace="http://www.w3.org/2001/XMLSchema" />`, as the .NET
   * Framework 1.x writes it for a `DataSet` and SharePoint's WSDLs have it; not when omitted.
   */
  readonly xsdImport?: boolean;
  /**
   * The text before the root element when it is not the runtime's `<?xml version="1.0" encoding="utf-8"?>` and a
   * line end: SharePoint's WSDL pages serve blank lines and no declaration. Only that declaration and whitespace.
   */
  readonly prolog?: string;
  /**
   * `compact`: empty elements end with `/>` (`<s:import namespace="…"/>`), as in SharePoint's static WSDL files;
   * the runtime's ` />` (a space before `/>`) when omitted.
   */
  readonly selfClosing?: 'compact';
  /**
   * `wsdl:service` holds an empty `<documentation xmlns="…/wsdl/" />`, as the .NET Framework 1.1 writes it for a
   * service with no description (`[WebService(Namespace = …)]` without `Description`); only with `runtime: net1.1`
   * or `net1.0` and no `service.description`. Nothing when omitted.
   */
  readonly emptyDocumentation?: boolean;
  /**
   * The served document, kept beside the spec by `asmxgen import` when the spec cannot regenerate it byte for
   * byte (a copy edited by hand, another tool's output): a path relative to the spec's folder. `generate`
   * writes it (ports' addresses from `--base-url`) while `fingerprint` matches the spec's contract.
   */
  readonly original?: string;
  /**
   * `sha256-` and the base64 SHA-256 of the WSDL the spec generates, recorded by `import` with `original`:
   * once the spec's contract changes, the kept document no longer describes it.
   */
  readonly fingerprint?: string;
}

export interface SpecService {
  readonly name: string;
  readonly namespace: string;
  /** Endpoint path; `/{name}.asmx` when omitted. */
  readonly path?: string;
  /** Service description, emitted as `wsdl:documentation`. */
  readonly description?: string;
  /** `[WebServiceBinding(Name)]` with every method in it: the SOAP binding and port type name. */
  readonly binding?: string;
  /**
   * `[WebServiceBinding(Name, Namespace)]` of `binding`, when it is not the service's: the binding's messages,
   * port type and bindings, and its operations' elements, are in this namespace, which the runtime serves in a
   * document of its own (`?wsdl=wsdl1`).
   */
  readonly bindingNamespace?: string;
  /** `[WebServiceBinding(ConformsTo = BasicProfile1_1, EmitConformanceClaims = true)]`. */
  readonly conformanceClaim?: boolean;
  /**
   * `RoutingStyle` of `[SoapDocumentService]` or `[SoapRpcService]`: `requestElement` routes SOAP 1.1 requests by
   * their body's first element instead of their SOAPAction (which must still be sent), so that operations may share
   * a SOAPAction (`[SoapDocumentMethod(Action = "")]`); `soapAction` (the default) routes by SOAPAction.
   */
  readonly routingStyle?: 'soapAction' | 'requestElement';
  /**
   * Several SOAP bindings: the `[WebServiceBinding(Name)]`s the operations are spread over (`operations[].binding`),
   * and `default` for `{Service}Soap`, which holds the operations without a `binding`; in the order the WSDL writes
   * them (the runtime's hash-table order of their names).
   */
  readonly soapBindings?: readonly SpecSoapBinding[];
  /** `[XmlInclude]` on the service class, in attribute order. */
  readonly include?: readonly string[];
  /**
   * `rpc`: `[SoapRpcService]`, every operation rpc/encoded unless it says otherwise, encoded types in the service
   * namespace; `document` (the default): document/literal.
   */
  readonly style?: 'document' | 'rpc';
  /** `[SoapDocumentService(ParameterStyle)]`: the operations' default `parameterStyle`; `wrapped` when omitted. */
  readonly parameterStyle?: 'wrapped' | 'bare';
  /**
   * `[ScriptService]` (ASP.NET AJAX): the service also answers JSON calls (`POST /Svc.asmx/Op` with
   * `Content-Type: application/json`, replies `{"d":…}`); no WSDL shows it. Not when omitted.
   */
  readonly scriptService?: boolean;
  /**
   * The C# namespace of a `[ScriptService]`'s class (`Contoso.Services`): its `/js` proxy script declares the class
   * there (`Type.registerNamespace('Contoso.Services')`, `Contoso.Services.Svc`), the name pages call it by. The
   * global namespace when omitted.
   */
  readonly scriptNamespace?: string;
  /**
   * The C# namespace of a `[ScriptService]`'s declared types (`Contoso.Models`): JSON names a class by its full name
   * (`"__type":"Contoso.Models.Book"`), and the `/js` proxy script declares the types there. The global namespace
   * when omitted.
   */
  readonly typeNamespace?: string;
  /**
   * `[GenerateScriptType(typeof(T))]` on a `[ScriptService]`'s class, in attribute order: declared classes and enums
   * its `/js` proxy script declares typed constructors (`gtc`) or enums for, before those its operations name.
   */
  readonly generateScriptTypes?: readonly string[];
}

/** `[ScriptMethod]` of an operation of a `[ScriptService]` service: how its JSON calls are made and answered. */
export interface SpecScriptMethod {
  /** `UseHttpGet = true`: JSON calls by GET, each parameter JSON-encoded in the query; POST when omitted. */
  readonly useHttpGet?: boolean;
  /** `ResponseFormat.Xml`: the result as XmlSerializer writes it (`text/xml`); `json` (`{"d":…}`) when omitted. */
  readonly responseFormat?: 'json' | 'xml';
  /**
   * `XmlSerializeString = true`, with `responseFormat: xml`: a string result is written as XmlSerializer writes a
   * string (`<string>…</string>`); the text itself when omitted.
   */
  readonly xmlSerializeString?: boolean;
}

/** An entry of `service.soapBindings`: the default binding, or a named `[WebServiceBinding]`. */
export type SpecSoapBinding = 'default' | SpecNamedBinding;

export interface SpecNamedBinding {
  /** `[WebServiceBinding(Name)]`: the SOAP port type, binding and port; the SOAP 1.2 ones `{name}1`. */
  readonly name: string;
  /** `ConformsTo = WsiProfiles.BasicProfile1_1, EmitConformanceClaims = true` on this binding. */
  readonly conformanceClaim?: boolean;
  /**
   * `[WebServiceBinding(Namespace)]`, when it is not the service's: the binding's messages, port type and bindings,
   * and its operations' elements, are in this namespace, which the runtime serves in a document of its own.
   */
  readonly namespace?: string;
}

export interface SpecOperation {
  readonly name: string;
  /** `[SoapDocumentMethod(Binding)]`: a named entry of `service.soapBindings`; the default binding when omitted. */
  readonly binding?: string;
  /** `[WebMethod(MessageName)]`: names the elements, messages, SOAPAction and HTTP path instead of `name`. */
  readonly messageName?: string;
  /** Grouping label for people (JSDoc, help page); never in the WSDL. */
  readonly group?: string;
  /** Operation description, emitted as `wsdl:documentation`. */
  readonly description?: string;
  /** SOAPAction; namespace + `/` + message name when omitted. */
  readonly soapAction?: string;
  readonly parameters?: readonly SpecParameter[];
  /** Result type reference; a void operation when omitted. */
  readonly result?: string;
  /** `[return: XmlArrayItem("X")]`: the item name of an array result. */
  readonly resultItemName?: string;
  /**
   * `[return: XmlElement]` on an array result: its items are repeated elements named `resultElement` (or
   * `{message name}Result`) in the response wrapper, with no `ArrayOfX` between. HTTP GET and POST reply with it
   * as a plain array (`ArrayOfX`).
   */
  readonly resultUnwrapped?: boolean;
  /**
   * Several `[return: XmlElement(Name, typeof(T))]`s: the result is one of these elements, in its place, or, with
   * `resultUnwrapped` on an array result, any number of them repeated in the response element; on an array result
   * without it, several `[return: XmlArrayItem(Name, typeof(T))]`s (its items are these elements, `ArrayOfChoiceN`).
   * `result` is then the declared type (`anyType` or a class, or an array of one).
   */
  readonly resultChoice?: readonly ChoiceElementDeclaration[];
  /**
   * `[return: XmlElement("X")]`: the name of the result's element, in the response wrapper or, for a bare operation,
   * as its top-level element (whose message part keeps `{message name}Result`); `{message name}Result` when omitted.
   */
  readonly resultElement?: string;
  /** `[return: XmlElement(DataType = "date")]`: the result's XSD type (`data-types.ts`). */
  readonly resultDataType?: string;
  /** `[return: XmlElement(IsNullable = true)]` on a reference-type result. */
  readonly resultNillable?: boolean;
  /** A string result that holds JSON: its schema (`resultJson:`). The wire keeps the string. */
  readonly resultJson?: SpecJson;
  /** `[return: XmlArrayItem(IsNullable = false)]` (`false`): an array result's items are not nillable. */
  readonly resultItemNullable?: boolean;
  /** `[return: XmlArrayItem(Form = XmlSchemaForm.Unqualified)]`: an array result's items are in no namespace. */
  readonly resultItemForm?: 'unqualified';
  /** `[return: XmlElement(Form = XmlSchemaForm.Unqualified)]`: the result's element is in no namespace. */
  readonly resultForm?: 'unqualified';
  /**
   * `[return: XmlElement(Namespace = "…")]`: the result's element is in that namespace, a top-level element of its
   * schema that the response wrapper refers to (`ref=`); wrapped document/literal operations only.
   */
  readonly resultNamespace?: string;
  readonly headers?: readonly SpecHeader[];
  /** `rpc` (`[SoapRpcMethod]`) or `document` (`[SoapDocumentMethod]`); the service's `style` when omitted. */
  readonly style?: 'document' | 'rpc';
  /**
   * `encoded` (SOAP section 5) or `literal`; `encoded` for an rpc operation, else `literal` in a document service
   * and `encoded` in an rpc one, when omitted. rpc/literal is not expressible.
   */
  readonly use?: 'literal' | 'encoded';
  /** `[SoapDocumentMethod(RequestElementName)]`: the request element's name; the message name when omitted. */
  readonly requestElement?: string;
  /** `[SoapDocumentMethod(ResponseElementName)]`: the response element's name; `{message name}Response` when omitted. */
  readonly responseElement?: string;
  /**
   * `RequestNamespace` of `[SoapDocumentMethod]` or `[SoapRpcMethod]`: the namespace of the request wrapper
   * (document) or rpc element (rpc); the service namespace when omitted.
   */
  readonly requestNamespace?: string;
  /**
   * `ResponseNamespace` of `[SoapDocumentMethod]` or `[SoapRpcMethod]`: the namespace of the response wrapper
   * (document) or rpc element (rpc); the service namespace when omitted.
   */
  readonly responseNamespace?: string;
  /**
   * `[SoapDocumentMethod(ParameterStyle = SoapParameterStyle.Bare)]`: each parameter, and the result, is its own
   * top-level element and message part, with no wrapper element; `wrapped` when omitted.
   */
  readonly parameterStyle?: 'wrapped' | 'bare';
  /** `[SoapDocumentMethod(OneWay = true)]`: no response; the server answers 202 before the handler runs. */
  readonly oneWay?: boolean;
  /** `[ScriptMethod]`: only in a `service.scriptService` service; its defaults (POST, JSON) when omitted. */
  readonly scriptMethod?: SpecScriptMethod;
  /** `[WebMethod(EnableSession = true)]`: the operation takes part in the ASP.NET session (`ASP.NET_SessionId`). */
  readonly enableSession?: boolean;
  /**
   * `[GenerateScriptType(typeof(T))]` on a `[ScriptService]`'s method, in attribute order: declared classes and enums
   * its `/js` proxy script declares (and JSON names with `__type`) before the method's parameter and result types.
   */
  readonly generateScriptTypes?: readonly string[];
}

export interface SpecParameter {
  readonly name: string;
  /** A type reference; `string` when omitted. */
  readonly type?: string;
  /** `out` or `ref` (C# `out`/`ref` parameters); `in` when omitted. */
  readonly direction?: 'in' | 'out' | 'ref';
  /** A `List<T>` of the array type: the same XML, but HttpGet/HttpPost cannot bind it. */
  readonly list?: boolean;
  /** `[XmlArrayItem("X")]` on an array parameter. */
  readonly itemName?: string;
  /**
   * `[XmlElement]` on an array parameter: its items are repeated elements named after the parameter, in the
   * wrapper element, with no `ArrayOfX` between (`nillable` then makes the items nillable). HTTP GET and POST bind
   * it, and reply with it, as a plain array.
   */
  readonly unwrapped?: boolean;
  /** `[XmlElement(DataType = "date")]`: the parameter's XSD type (`data-types.ts`). */
  readonly dataType?: string;
  /** `[XmlElement(IsNullable = true)]` on a reference-type parameter. */
  readonly nillable?: boolean;
  /** `[XmlArrayItem(IsNullable = false)]` (`false`) on an array parameter: its items are not nillable. */
  readonly itemNullable?: boolean;
  /** `[XmlArrayItem(Form = XmlSchemaForm.Unqualified)]` on an array parameter: its items are in no namespace. */
  readonly itemForm?: 'unqualified';
  /** `[XmlElement(Form = XmlSchemaForm.Unqualified)]`: the parameter's element is in no namespace. */
  readonly form?: 'unqualified';
  /**
   * `[XmlElement(Namespace = "…")]`: the parameter's element is in that namespace, a top-level element of its schema
   * that the request (or response) wrapper refers to (`ref=`); wrapped document/literal operations only.
   */
  readonly namespace?: string;
  /**
   * Several `[XmlElement(Name, typeof(T))]`s: the parameter is one of these elements, in its place; on an array
   * parameter, several `[XmlArrayItem(Name, typeof(T))]`s (its items are these elements, `ArrayOfChoiceN`), or
   * with `unwrapped` any number of the elements repeated in its place (`[XmlElement(Name, typeof(T))]`s on `T[]`).
   * `type` is then the declared type (`anyType` when omitted).
   */
  readonly choice?: readonly ChoiceElementDeclaration[];
  /** A string parameter that holds JSON: its schema (`json:`). The wire keeps the string. */
  readonly json?: SpecJson;
  /**
   * A parameter whose element `[XmlElement("x")]` renames: `name` is the element (`x`, in SOAP messages and in
   * TypeScript), `partName` the C# parameter's name, which a bare operation's message part shows
   * (`<wsdl:part name="Request" element="tns:x" />`), and HTTP GET and POST (their parts and form fields) and
   * ASP.NET AJAX's JSON use. The element's name when omitted.
   */
  readonly partName?: string;
}

/**
 * The JSON Schema (draft-07) of the JSON a string parameter or result holds, resolved once when the spec is read
 * (`parse-json-schema.ts`): read from its file, `$ref`s to other local files inlined under `$defs`.
 */
export interface SpecJson {
  /** The schema, self-contained: every `$ref` in it is a pointer into it. */
  readonly schema: JsonSchemaObject;
  /** The file it was read from, as the spec names it (relative to the spec's folder); inline when omitted. */
  readonly file?: string;
}

export type { JsonSchemaObject };

export interface SpecHeader {
  /** The service class's field the header is bound to (`[SoapHeader("field")]`). */
  readonly field: string;
  /** A declared class with `header: true`. */
  readonly type: string;
  /** `in` when omitted. */
  readonly direction?: 'in' | 'out' | 'inOut';
  /** `Required`; `true` when omitted. No effect on the WSDL. */
  readonly required?: boolean;
}

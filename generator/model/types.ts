import type { ChoiceElementDescription, TypeDescription, ValueType } from '@asmxgen/runtime';
import type { FileContent } from './file-content.js';
import type { RuntimeValueName, TsDeclaration } from './ts-types.js';
import type { ArrayTypeModel, ChoiceModel, TypeModel } from './type-model.js';
import type { TypeRef } from './type-refs.js';
import type { WsdlModel } from './wsdl-model.js';

/** The four ways an ASMX service is reachable, in the order ASMX lists its bindings. */
export type BindingKind = 'soap11' | 'soap12' | 'httpGet' | 'httpPost';

export const BINDING_KINDS: readonly BindingKind[] = ['soap11', 'soap12', 'httpGet', 'httpPost'];

/** One parameter of an operation, as the request element's child and as an HTTP field. */
export interface ParameterModel {
  /** The XML element name and the HTTP GET/POST field name. */
  readonly name: string;
  readonly type: TypeRef;
  /** `minOccurs="0"` (reference types) or `"1"` (value types and `T?`), as ASMX writes it. */
  readonly minOccurs: 0 | 1;
  /** `T?`: `nillable="true"`. */
  readonly nillable: boolean;
  /** `in`; `out` (only in the response, after the result) or `ref` (in both). */
  readonly direction: 'in' | 'out' | 'ref';
  /** A `List<T>` rather than an array: the same XML, but HttpGet/HttpPost cannot bind it. */
  readonly list: boolean;
  /** The property name in the generated TypeScript input type. */
  readonly tsName: string;
  /** The TypeScript type of the value, `| null` where it may be nil. */
  readonly tsType: string;
  /** The type as the runtime reads and writes it. */
  readonly valueType: ValueType;
  /** A choice of elements in the parameter's place (`[XmlElement(Name, typeof(T))]`s). */
  readonly choice: ChoiceModel | undefined;
  /** The same choice as the runtime reads and writes it (`{ $element, value }` values). */
  readonly valueChoice: readonly ChoiceElementDescription[] | undefined;
  /**
   * The element's namespace when its class's `[XmlRoot(Namespace)]` puts it in another one than the request
   * element's (Mono; a `ref=` in the WSDL); `undefined` otherwise.
   */
  readonly namespace: string | undefined;
  /** `[XmlElement(Form = XmlSchemaForm.Unqualified)]`: the element is in no namespace (`form="unqualified"`). */
  readonly xmlForm?: 'unqualified';
  /** `[XmlElement(Namespace)]` (the spec's `namespace`), which `namespace` then holds too. */
  readonly xmlNamespace?: string;
  /**
   * A parameter whose element `[XmlElement("x")]` renames: the C# name (the spec's `partName`) that a bare
   * operation's message part keeps, and HTTP GET/POST's parts and fields and JSON's properties use; the element's
   * name when omitted.
   */
  readonly partName?: string;
  /** A typed JSON string (`json:`): `tsType` is then its schema's type. */
  readonly json?: JsonSiteModel;
  /** `[XmlElement]` on an array parameter: `type` is an array of no array type, its items repeated in place. */
  readonly unwrapped?: boolean;
}

/**
 * A typed JSON string (`json:` of a parameter, `resultJson:`): a string on the wire and in the WSDL, its schema's
 * value in TypeScript. Named once here for the emitters: the type in `types.ts`, the validator in `json-schemas.ts`.
 */
export interface JsonSiteModel {
  /** The schema, self-contained (`parse-json-schema.ts`). */
  readonly schema: JsonSchemaObject;
  /** The TypeScript type of the value: `{Method}{Parameter}Json` (`…Json` once), `{Method}ResultJson`. */
  readonly tsType: string;
  /** The validator `json-schemas.ts` exports: `validate{tsType}`. */
  readonly validator: string;
}

/** A JSON Schema as a plain object (JSON values only). */
export type JsonSchemaObject = { readonly [keyword: string]: unknown };

export interface ResultModel {
  readonly type: TypeRef;
  /** `{message name}Result`, the child of the response element. */
  readonly elementName: string;
  readonly minOccurs: 0 | 1;
  readonly nillable: boolean;
  /** The TypeScript type of the value, `| null` where it may be nil (not `| undefined`). */
  readonly tsType: string;
  readonly valueType: ValueType;
  /**
   * With `out` or `ref` parameters, the property of the reply object that holds the return value: `result`, or
   * `returnValue` (then `result1`, `result2`, …) when a parameter takes that name.
   */
  readonly replyKey: string;
  /**
   * The root element of the HTTP GET/POST reply (`Book`, `ArrayOfBook`, `int`); `undefined` when HTTP does not carry
   * the operation, or for a raw-XML result (the reply is the document itself).
   */
  readonly httpElement: string | undefined;
  /** The result element's namespace when its class's `[XmlRoot(Namespace)]` puts it elsewhere (Mono), else `undefined`. */
  readonly namespace: string | undefined;
  /** `[return: XmlElement(Form = XmlSchemaForm.Unqualified)]`: the element is in no namespace. */
  readonly xmlForm?: 'unqualified';
  /** `[return: XmlElement(Namespace)]` (the spec's `resultNamespace`), which `namespace` then holds too. */
  readonly xmlNamespace?: string;
  /** The HTTP reply's root element's namespace when its class's `[XmlRoot(Namespace)]` says so, else `undefined`. */
  readonly httpNamespace: string | undefined;
  /** A typed JSON string (`resultJson:`): `tsType` is then its schema's type. */
  readonly json?: JsonSiteModel;
  /** `[return: XmlElement]` on an array result: its items are repeated elements named `elementName`. */
  readonly unwrapped?: boolean;
  /**
   * Several `[return: XmlElement(Name, typeof(T))]`s: the result is one of these elements (any number of them when
   * `unwrapped`), in its place; `elementName` is then not on the wire.
   */
  readonly choice?: ChoiceModel;
  /** The same choice as the runtime reads and writes it (`{ $element, value }` values). */
  readonly valueChoice?: readonly ChoiceElementDescription[];
  /** The type HTTP GET/POST replies write, when it is not `valueType` (their plain array, `ArrayOfBook`). */
  readonly httpValueType?: ValueType;
}

/** A SOAP header of an operation (`[SoapHeader("field")]`). */
export interface HeaderModel {
  /** The service's field the header is bound to; headers are sorted by it (ordinal). */
  readonly field: string;
  /** The header class (declared name). */
  readonly type: string;
  /** The header's top-level element: the class's `[XmlRoot]` name, else its XML type name. */
  readonly element: string;
  readonly direction: 'in' | 'out' | 'inOut';
  /** `Required = false` changes nothing in the WSDL; kept for the wire. */
  readonly required: boolean;
  /**
   * The header element's namespace: the class's `[XmlRoot(Namespace)]` when it has one, else the service's. The
   * schema of that namespace declares the element.
   */
  readonly namespace: string;
  /** The qualified element the header message's part names (`tns:AuthHeader`, `s1:MessageHeader`). */
  readonly elementRef: string;
  /** `{message name}{element}`, the header's WSDL message (one part, named `element`). */
  readonly message: string;
  /** In the binding's `wsdl:input` (In, InOut). */
  readonly input: boolean;
  /** In the binding's `wsdl:output` (Out, InOut). */
  readonly output: boolean;
  /** The TypeScript type of the header's value. */
  readonly tsType: string;
}

/** How HttpGet and HttpPost describe an operation they keep. */
export interface HttpOperationModel {
  /** One part per parameter: `s:string`, or the AbstractTypes `StringArray` for arrays. */
  readonly parts: readonly { readonly name: string; readonly type: string }[];
  /** The reply body; `undefined` for a void operation. */
  readonly body:
    | {
        /** The part's element (`tns:Book`); `undefined` for XML results, sent as `text/xml`. */
        readonly element: string | undefined;
        /** An `XmlNode` result: `<mime:content part="Body" type="text/xml" />`. */
        readonly xml: boolean;
      }
    | undefined;
}

/** A part of a SOAP message: `parameters` naming a wrapper element, or a bare parameter's (or result's) element. */
export interface SoapPartModel {
  readonly name: string;
  /** The element, qualified with its schema's prefix (`tns:Op`, `s1:Op`). */
  readonly element: string;
}

/** The message names of one operation, per binding family. */
export interface MessageNames {
  readonly soapIn: string;
  readonly soapOut: string;
  readonly httpGetIn: string;
  readonly httpGetOut: string;
  readonly httpPostIn: string;
  readonly httpPostOut: string;
}

/**
 * SOAP section 5 encoding (`use="encoded"`): an rpc/encoded operation (`[SoapRpcMethod]`, or any method of a
 * `[SoapRpcService]`) or a document/encoded one (`[SoapDocumentMethod(Use = SoapBindingUse.Encoded)]`).
 */
export interface EncodedOperationModel {
  /** `style=` of `soap:operation`. */
  readonly style: 'rpc' | 'document';
  /**
   * `namespace=` of the input's `soap:body`: the rpc request wrapper's namespace (`RequestNamespace`, else the
   * service's); for document/encoded, the encoded types' namespace.
   */
  readonly inputNamespace: string;
  /** The same for the output (`ResponseNamespace`). */
  readonly outputNamespace: string;
  /** The encoded types' namespace: the service's in an rpc service, else `{namespace}/encodedTypes`. */
  readonly typesNamespace: string;
  /** The SOAP message parts, `type=` qualified names in the encoded types' schema (`s:int`, `tns:ArrayOfInt`). */
  readonly inputParts: readonly EncodedPartModel[];
  readonly outputParts: readonly EncodedPartModel[];
}

/** A `wsdl:part` with `type=`: an rpc parameter or result, or document/encoded's one `parameters` part. */
export interface EncodedPartModel {
  readonly name: string;
  readonly type: string;
}

export interface OperationModel {
  /** The method name: `wsdl:operation name`; several operations share one when they have message names. */
  readonly name: string;
  /** `[SoapDocumentMethod(Binding)]`: the spec's named SOAP binding; `undefined` for the default one. */
  readonly binding: string | undefined;
  /** `[WebMethod(MessageName)]`, else the name: elements, messages, SOAPAction and HTTP path use it. */
  readonly messageName: string;
  /** `name=` of `wsdl:input` and `wsdl:output`: the message name when it differs from the name. */
  readonly ioName: string | undefined;
  /** `wsdl:documentation` of the operation (ASMX `WebMethod(Description)`). */
  readonly description: string | undefined;
  /** A grouping label for people: JSDoc and the help page, never the WSDL. */
  readonly group: string | undefined;
  readonly parameters: readonly ParameterModel[];
  /** The parameters of the request element and of `{Op}Input`: the `in` and `ref` ones, in order. */
  readonly requestParameters: readonly ParameterModel[];
  /**
   * The `out` and `ref` parameters, in order: the response element holds them after the result, and the handler
   * returns (the client resolves to) an object of the result and them. Empty for most operations.
   */
  readonly replyParameters: readonly ParameterModel[];
  readonly result: ResultModel | undefined;
  /** Sorted by field name (ordinal), as the runtime writes them. */
  readonly headers: readonly HeaderModel[];
  /** How HttpGet/HttpPost describe it; `undefined` when they leave it out. */
  readonly http: HttpOperationModel | undefined;
  /** HttpGet or HttpPost is enabled and leaves the operation out (a parameter or result they cannot carry). */
  readonly httpOmitted: boolean;
  readonly soapAction: string;
  /** Section 5 encoding (rpc/encoded, document/encoded); `undefined` for document/literal, the ASMX default. */
  readonly encoded: EncodedOperationModel | undefined;
  /** The request wrapper element (`[SoapDocumentMethod(RequestElementName)]`, else the message name). */
  readonly requestElement: string;
  /** The response wrapper element (`ResponseElementName`, else `{message name}Response`). */
  readonly responseElement: string;
  /** The request element's namespace (`RequestNamespace`, else the service namespace); a bare one's parameters'. */
  readonly requestNamespace: string;
  /** The response element's namespace (`ResponseNamespace`, else the service namespace); a bare one's result's. */
  readonly responseNamespace: string;
  /** `wrapped` (one wrapper element per message) or `bare` (`ParameterStyle.Bare`: an element per parameter). */
  readonly parameterStyle: 'wrapped' | 'bare';
  /** `[SoapDocumentMethod(OneWay = true)]`: no SOAP response; the server answers 202 before running the handler. */
  readonly oneWay: boolean;
  /** `[ScriptMethod]`, with its defaults: how a `[ScriptService]` service's JSON calls reach it and are answered. */
  readonly scriptMethod: ScriptMethodModel;
  /** `[WebMethod(EnableSession = true)]`: the operation takes part in the ASP.NET session. */
  readonly enableSession: boolean;
  /** `[GenerateScriptType]` on a `[ScriptService]`'s method: client types before its parameters' and result's. */
  readonly generateScriptTypes: readonly string[];
  /**
   * SOAP 1.2 cannot route the operation by its request element (a bare operation without exactly one parameter):
   * its SOAP 1.2 binding says `soapActionRequired="true"`.
   */
  readonly soapActionRequired: boolean;
  /** The parts of the SOAP messages; `output` is `undefined` for a one-way operation. */
  readonly soapParts: {
    readonly input: readonly SoapPartModel[];
    readonly output: readonly SoapPartModel[] | undefined;
  };
  readonly messages: MessageNames;
  /** `/Op`, the `http:operation location` and the path suffix of the HTTP bindings. */
  readonly httpLocation: string;
  /**
   * A call can carry files: the operation takes no parameters and HttpPost is enabled, so its client input is
   * `ClientUpload` (files sent as `multipart/form-data`) and its handler gets them as `ctx.files`.
   */
  readonly takesFiles: boolean;
  /** TypeScript names derived once for every emitter. */
  readonly ts: {
    /** Method name on handlers and clients. */
    readonly method: string;
    /** `{Op}Input`. */
    readonly inputType: string;
    /** `{Op}Result` type alias name. */
    readonly resultType: string;
    /** Names of the types of its SOAP headers; `undefined` for an operation without any. */
    readonly headers: OperationHeaderNames | undefined;
  };
}

/** `[ScriptMethod(UseHttpGet, ResponseFormat)]` of an operation, with the runtime's defaults (POST, JSON). */
export interface ScriptMethodModel {
  readonly useHttpGet: boolean;
  readonly responseFormat: 'json' | 'xml';
  /** `XmlSerializeString`: a string result of `ResponseFormat.Xml` is XmlSerializer's `<string>` document. */
  readonly xmlSerializeString: boolean;
}

/** The TypeScript names of an operation's SOAP header types (`ts-names.ts` allocates them). */
export interface OperationHeaderNames {
  /** `{Op}Headers`: the headers it reads (In, InOut), by field; `undefined` when it reads none. */
  readonly in: string | undefined;
  /** `{Op}OutHeaders`: the headers it writes (Out, InOut), by field; `undefined` when it writes none. */
  readonly out: string | undefined;
  /** `{Op}Context`: the handler's context, `CallContext` with `soapHeaders` and `outHeaders`. */
  readonly context: string;
  /** `{Op}CallOptions`: a call's options, the client's call options with `soapHeaders` and `outHeaders`. */
  readonly callOptions: string;
}

/**
 * One SOAP binding of the service (`[WebServiceBinding]`): its port type, its SOAP 1.1 and SOAP 1.2 bindings and
 * ports, and the operations in it. A service has one, or several when its methods are spread over bindings.
 */
export interface SoapBindingModel {
  /** The spec's binding name; `undefined` for the default binding (`{Service}Soap`). */
  readonly name: string | undefined;
  readonly portType: string;
  readonly soap11Binding: string;
  readonly soap12Binding: string;
  /** The SOAP 1.1 binding claims WS-I Basic Profile 1.1. */
  readonly conformanceClaim: boolean;
  /** Its operations, in declaration order. */
  readonly operations: readonly OperationModel[];
  /**
   * `[WebServiceBinding(Namespace)]`: the namespace of its messages, port type and bindings (its operations'
   * elements default to it); the service's, unless the spec names another, which the runtime serves in a document
   * of its own (`?wsdl=wsdl1`).
   */
  readonly namespace: string;
}

export interface ServiceModel {
  readonly name: string;
  readonly namespace: string;
  /** The endpoint path, starting with `/`, e.g. `/AuthenticationWebService.asmx`. */
  readonly path: string;
  readonly description: string | undefined;
  /** `[ScriptService]`: the service answers JSON calls too (ASP.NET AJAX); never in the WSDL. */
  readonly scriptService: boolean;
  /**
   * Why XmlSerializer cannot reflect the service (a `dictionary<T>` parameter or result: `reflection-error.ts`), the
   * exception chain's messages; `undefined` when it can. Such a service has no WSDL (nothing writes one) and only its
   * JSON calls and `/js` work; its other protocols answer with this error.
   */
  readonly reflectionError: readonly string[] | undefined;
  /** `RoutingStyle = RequestElement`: SOAP 1.1 requests are routed by their request element, not their SOAPAction. */
  readonly routingByElement: boolean;
  /** The C# namespace of a `[ScriptService]`'s class, which its `/js` proxy class is declared in; none when global. */
  readonly scriptNamespace: string | undefined;
  /** The C# namespace of a `[ScriptService]`'s declared types (JSON's `__type`, the `/js` proxy); none when global. */
  readonly typeNamespace: string | undefined;
  /** `[GenerateScriptType]` on a `[ScriptService]`'s class: types its `/js` proxy script declares first. */
  readonly generateScriptTypes?: readonly string[];
  /** `[SoapRpcService]`: the SOAP bindings say `style="rpc"`, every operation is rpc/encoded unless it says otherwise. */
  readonly rpc: boolean;
  /** Where the literal types are (HTTP's reply documents): the service namespace, or `{namespace}/literalTypes` when `rpc`. */
  readonly literalNamespace: string;
  /** Enabled bindings, always in the canonical order. */
  readonly bindings: readonly BindingKind[];
  /** The same, as flags; `soap` and `http` when either version or verb is on. */
  readonly enabled: Readonly<Record<BindingKind | 'soap' | 'http', boolean>>;
  readonly operations: readonly OperationModel[];
  /**
   * The SOAP bindings, in the order the WSDL writes them (one, unless the spec lists `service.soapBindings`).
   * `wsdlNames` names the first default-or-only one.
   */
  readonly soapBindings: readonly SoapBindingModel[];
  /** The operations in the order the SOAP pass writes them: binding by binding, each in declaration order. */
  readonly soapOperations: readonly OperationModel[];
  /** Names of the WSDL port types and bindings. */
  readonly wsdlNames: {
    readonly soapPortType: string;
    readonly httpGetPortType: string;
    readonly httpPostPortType: string;
    readonly soap11Binding: string;
    readonly soap12Binding: string;
    readonly httpGetBinding: string;
    readonly httpPostBinding: string;
  };
  /** Declared types (classes, structs, enums), in declaration order. */
  readonly types: readonly TypeModel[];
  /** The same, as `types.ts` declares them (TypeScript names, members, `{Base}Value` unions). */
  readonly tsDeclarations: readonly TsDeclaration[];
  /** The same, as the runtime reads them (`service.types`), by declared name. */
  readonly typeDescriptions: Readonly<Record<string, TypeDescription>>;
  /** The runtime's value types (`XsdDateTime`, `XmlFragment`, `AnyValue`) the service's TypeScript types name. */
  readonly runtimeValues: readonly RuntimeValueName[];
  /**
   * Every SOAP header field some operation reads (In, InOut), with its TypeScript type, in order of first use: the
   * `soapHeaders` a client sends with every call that reads the field.
   */
  readonly soapHeaderFields: readonly { readonly field: string; readonly tsType: string }[];
  /** `ArrayOfX` types, in reflection order. */
  readonly arrayTypes: readonly ArrayTypeModel[];
  /** `[XmlInclude]` on the service class (an array's item class for `T[]`). */
  readonly include: readonly string[];
  /** The arrays the service includes (`[XmlInclude(typeof(T[]))]`), which an `object` may hold, by XSD name. */
  readonly anyArrays: Readonly<Record<string, ValueType>>;
  /** The operations HttpGet and HttpPost keep (those with `http`), in order. */
  readonly httpOperations: readonly OperationModel[];
  /** The WSDL's schemas, namespaces and claims, as the writer prints them. */
  readonly wsdl: WsdlModel;
  /**
   * What the generated TypeScript (server, client, tests) cannot carry, one line each: `generate` refuses a spec
   * with any (`UnsupportedSpecError`; `--wsdl-only` writes its WSDL). Empty for every spec the format can hold now
   * (`out`/`ref` parameters, `List<T>` parameters and choices are carried).
   */
  readonly codeBlockers: readonly string[];
  /** TypeScript names derived once for every emitter. */
  readonly ts: {
    readonly handlersInterface: string;
    readonly createHandler: string;
    readonly createServer: string;
    readonly createFetchHandler: string;
    readonly createClient: string;
    readonly clientInterface: string;
    /** `{Svc}Transport`, the union of the enabled transports. */
    readonly transportType: string;
    /** `{Svc}ClientOptions`. */
    readonly clientOptionsType: string;
    /** `{Svc}CallOptions`. */
    readonly callOptionsType: string;
    /** `{Svc}SoapHeaders`: the client's `soapHeaders` option, when some operation reads a SOAP header. */
    readonly soapHeadersType: string;
  };
}

/** Options that shape the generated files but are not part of the service. */
export interface GenerateOptions {
  /** Scheme, host and port the WSDL's addresses name, e.g. `http://localhost:8080`. */
  readonly baseUrl?: string;
  /**
   * Where generated code takes the runtime from: `package` (the default) imports `@asmxgen/runtime`; `vendor`
   * copies its sources into the output's `runtime/` folder.
   */
  readonly runtime?: RuntimeMode;
  /**
   * The test suite `{Svc}.test.ts`: `false` leaves it out; `importPath` is how it imports the output's
   * `index.js` when it is put elsewhere than in the output folder (default `./index.js`).
   */
  readonly tests?: false | { readonly importPath: string };
}

/**
 * Where generated code takes the runtime from. `package`: it imports `@asmxgen/runtime`, which the application
 * installs. `vendor`: the runtime's sources are copied into the output's `runtime/` folder and imported from
 * there, so the output depends on no package of asmxgen's.
 */
export type RuntimeMode = 'package' | 'vendor';

/** One file of generated output, relative to the output folder, with `/` separators. */
export interface GeneratedFile {
  readonly path: string;
  /** Its text, whole or in pieces (`file-content.ts`): the file is the pieces one after the other, as UTF-8. */
  readonly content: FileContent;
}

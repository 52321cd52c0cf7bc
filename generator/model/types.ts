import type { XsdType } from './xsd-types.js';

/** The four ways an ASMX service is reachable, in the order ASMX lists its bindings. */
export type BindingKind = 'soap11' | 'soap12' | 'httpGet' | 'httpPost';

export const BINDING_KINDS: readonly BindingKind[] = ['soap11', 'soap12', 'httpGet', 'httpPost'];

/** One parameter of an operation, as the request element's child and as an HTTP field. */
export interface ParameterModel {
  /** The XML element name and the HTTP GET/POST field name. */
  readonly name: string;
  readonly type: XsdType;
  /** `minOccurs="0"` (reference types) or `"1"` (value types), as ASMX writes it. */
  readonly minOccurs: 0 | 1;
  /** The property name in the generated TypeScript input type. */
  readonly tsName: string;
  /** The TypeScript type of the value. */
  readonly tsType: string;
}

export interface ResultModel {
  readonly type: XsdType;
  /** `{Op}Result`, the child of the response element. */
  readonly elementName: string;
  readonly minOccurs: 0 | 1;
  readonly tsType: string;
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

export interface OperationModel {
  /** The operation (and request element) name, case-sensitive on the wire. */
  readonly name: string;
  /** `wsdl:documentation` of the operation (ASMX `WebMethod(Description)`). */
  readonly description: string | undefined;
  /** A grouping label for people: JSDoc and the help page, never the WSDL. */
  readonly group: string | undefined;
  readonly parameters: readonly ParameterModel[];
  readonly result: ResultModel | undefined;
  readonly soapAction: string;
  readonly requestElement: string;
  readonly responseElement: string;
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
  };
}

/** An XSD helper element ASMX declares for typed HTTP replies (`<s:element name="int" type="s:int" />`). */
export interface HttpResultElementModel {
  readonly type: XsdType;
  readonly nillable: boolean;
}

export interface ServiceModel {
  readonly name: string;
  readonly namespace: string;
  /** The endpoint path, starting with `/`, e.g. `/AuthenticationWebService.asmx`. */
  readonly path: string;
  readonly description: string | undefined;
  /** Enabled bindings, always in the canonical order. */
  readonly bindings: readonly BindingKind[];
  /** The same, as flags; `soap` and `http` when either version or verb is on. */
  readonly enabled: Readonly<Record<BindingKind | 'soap' | 'http', boolean>>;
  readonly operations: readonly OperationModel[];
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
  /** Result helper elements, in order of first use, when an HTTP binding is on. */
  readonly httpResultElements: readonly HttpResultElementModel[];
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
  readonly content: string;
}

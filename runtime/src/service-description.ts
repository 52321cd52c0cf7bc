/**
 * What the runtime knows of a service: the wire facts the generator derived
 * from the spec, emitted as a constant into every generated service. Server
 * and client read only this; neither derives a name of its own.
 */

export type Transport = 'soap11' | 'soap12' | 'httpGet' | 'httpPost';

/** The XSD simple types of the spec format (the generator's `XSD_TYPES` table). */
export type XsdType =
  | 'string'
  | 'boolean'
  | 'byte'
  | 'unsignedByte'
  | 'short'
  | 'unsignedShort'
  | 'int'
  | 'unsignedInt'
  | 'long'
  | 'unsignedLong'
  | 'float'
  | 'double'
  | 'decimal'
  | 'dateTime'
  | 'base64Binary';

export interface ParameterDescription {
  /** Element name in the SOAP request; field name on HTTP GET/POST; property name of the input object. */
  readonly name: string;
  readonly type: XsdType;
  /** `minOccurs="0"`: the value may be absent (reference types). */
  readonly optional: boolean;
}

export interface OperationDescription {
  /** Operation name: the request element, the `/Op` path segment, the handler and client method. */
  readonly name: string;
  readonly soapAction: string;
  readonly responseElement: string;
  readonly parameters: readonly ParameterDescription[];
  /** Absent for a void operation. */
  readonly result?: {
    readonly type: XsdType;
    /** `{Op}Result`, child of the response element. */
    readonly element: string;
  };
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

import type { BindingKind } from '../model/types.js';
import type { XsdType } from '../model/xsd-types.js';

/**
 * A spec as written in YAML, after validation. The loader guarantees every
 * field below has the type it declares; the model builder derives the rest.
 */
export interface Spec {
  readonly service: SpecService;
  /** Enabled bindings; all four when omitted. */
  readonly bindings?: readonly BindingKind[];
  readonly operations: readonly SpecOperation[];
}

export interface SpecService {
  readonly name: string;
  readonly namespace: string;
  /** Endpoint path; `/{name}.asmx` when omitted. */
  readonly path?: string;
  /** Service description, emitted as `wsdl:documentation`. */
  readonly description?: string;
}

export interface SpecOperation {
  readonly name: string;
  /** Grouping label for people (JSDoc, help page); never in the WSDL. */
  readonly group?: string;
  /** Operation description, emitted as `wsdl:documentation`. */
  readonly description?: string;
  /** SOAPAction; namespace + `/` + name when omitted. */
  readonly soapAction?: string;
  readonly parameters?: readonly SpecParameter[];
  /** Result type; a void operation when omitted. */
  readonly result?: XsdType;
}

export interface SpecParameter {
  readonly name: string;
  /** `string` when omitted. */
  readonly type?: XsdType;
}

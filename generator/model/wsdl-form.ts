import { net11Namespaces } from './net11-namespaces.js';
import type { NamespaceDeclaration } from './wsdl-model.js';

const WSDL_NS = 'http://schemas.xmlsoap.org/wsdl/';

/**
 * How the writer spells what every WSDL has: the WSDL namespace's prefix, the service namespace's, the
 * `documentation` elements and the SOAP-encoded arrays' `arrayType` attribute. The .NET Framework 2.0 and later
 * and Mono write the `wsdl:` form; the .NET Framework 1.0 (`wsdl.runtime: net1.0`) the WSDL namespace as default.
 */
export interface WsdlForm {
  /** The service namespace's prefix: `tns`, or `s0` in the .NET 1.0 form. */
  readonly tns: string;
  /** The root's declaration of the WSDL namespace: `xmlns:wsdl`, or `xmlns` (the default namespace). */
  readonly wsdlDeclaration: string;
  /** The WSDL elements are written without a prefix (`<message>`, not `<wsdl:message>`). */
  readonly unprefixed: boolean;
  /** The start and end tags around a description. */
  readonly documentationStart: string;
  readonly documentationEnd: string;
  /** An encoded array's `arrayType` attribute: its name, and the declaration written after `ref` ('' when none). */
  readonly arrayTypeAttribute: string;
  readonly arrayTypeDeclaration: string;
}

const PREFIXED: WsdlForm = {
  tns: 'tns',
  wsdlDeclaration: 'xmlns:wsdl',
  unprefixed: false,
  documentationStart: `<wsdl:documentation xmlns:wsdl="${WSDL_NS}">`,
  documentationEnd: '</wsdl:documentation>',
  arrayTypeAttribute: 'wsdl:arrayType',
  arrayTypeDeclaration: '',
};

/** The .NET Framework 1.1's: `wsdl:` elements, but documentation in the WSDL namespace as default. */
const NET11: WsdlForm = {
  ...PREFIXED,
  documentationStart: `<documentation xmlns="${WSDL_NS}">`,
  documentationEnd: '</documentation>',
};

/**
 * The .NET Framework 1.0's: the WSDL namespace is the default namespace, so `documentation` needs no declaration,
 * and the `arrayType` attribute of the WSDL namespace gets one of its own, named after its depth (`d7p1`).
 */
const NET10: WsdlForm = {
  tns: 's0',
  wsdlDeclaration: 'xmlns',
  unprefixed: true,
  documentationStart: '<documentation>',
  documentationEnd: '</documentation>',
  arrayTypeAttribute: 'd7p1:arrayType',
  arrayTypeDeclaration: ` xmlns:d7p1="${WSDL_NS}"`,
};

export function wsdlForm(runtime: string | undefined): WsdlForm {
  return runtime === 'net1.0' ? NET10 : runtime === 'net1.1' ? NET11 : PREFIXED;
}

/**
 * The root's declarations as the .NET Framework 1.0 writes them: 1.1's, in 1.0's order (the service's namespace right
 * after `s`), the service's prefix `s0`.
 */
export function net10Namespaces(computed: readonly NamespaceDeclaration[]): NamespaceDeclaration[] {
  return net11Namespaces(computed, true).map((n) => (n.prefix === 'tns' ? { prefix: 's0', uri: n.uri } : n));
}

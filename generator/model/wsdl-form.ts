import { net11Namespaces } from './net11-namespaces.js';
import type { NamespaceDeclaration, WsdlForm } from './wsdl-model.js';

/**
 * The spellings of each writer's form (`WsdlModel.form`): the .NET Framework 2.0 and later's and Mono's `wsdl:` form,
 * 1.1's `documentation`, and 1.0's with the WSDL namespace as default namespace.
 */
const WSDL_NS = 'http://schemas.xmlsoap.org/wsdl/';

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

/**
 * The .NET Framework 1.0's WSDL form (`wsdl.runtime: net1.0`), from the document the templates write in 1.1's: the
 * WSDL namespace is the default namespace, so its elements lose the `wsdl:` prefix and `documentation` its
 * declaration, and the service's namespace is declared and referred to as `s0` instead of `tns`.
 *
 * Values are escaped where the templates write them: `<` never stands in text or attribute values, so every
 * `<wsdl:` and `</wsdl:` is a tag; a QName reference to the service's namespace is an attribute value starting
 * `tns:`.
 */
const WSDL_NS = 'http://schemas.xmlsoap.org/wsdl/';

export function toNet10Form(text: string): string {
  return text
    .replace(/<(\/?)wsdl:/g, '<$1')
    .replace(` xmlns:wsdl="${WSDL_NS}">`, ` xmlns="${WSDL_NS}">`)
    .replaceAll(`<documentation xmlns="${WSDL_NS}">`, '<documentation>')
    .replace(' xmlns:tns="', ' xmlns:s0="')
    .replace(/(\s[A-Za-z]+)="tns:/g, '$1="s0:');
}

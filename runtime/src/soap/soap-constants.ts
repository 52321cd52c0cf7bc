/**
 * The fixed names of the wire: envelope namespaces, the XML Schema
 * namespaces, and the media types each transport sends. Server and client
 * read them here; nothing else spells one out.
 */

export type SoapVersion = '1.1' | '1.2';

export const SOAP11_ENVELOPE_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
export const SOAP12_ENVELOPE_NS = 'http://www.w3.org/2003/05/soap-envelope';
export const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
export const XSD_NS = 'http://www.w3.org/2001/XMLSchema';
export const XML_NS = 'http://www.w3.org/XML/1998/namespace';
export const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

/** Media types (lower case, no parameters), as compared against a request's `Content-Type`. */
export const SOAP11_MEDIA_TYPE = 'text/xml';
export const SOAP12_MEDIA_TYPE = 'application/soap+xml';
export const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';
export const MULTIPART_FORM_MEDIA_TYPE = 'multipart/form-data';

/** `Content-Type` of a SOAP 1.1 message, of the WSDL and disco documents, and of an HTTP GET/POST result. */
export const XML_CONTENT_TYPE = 'text/xml; charset=utf-8';
export const SOAP12_CONTENT_TYPE = 'application/soap+xml; charset=utf-8';
export const TEXT_CONTENT_TYPE = 'text/plain; charset=utf-8';
export const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';

/** The XML declaration every reply and request document starts with. */
export const XML_DECLARATION = '<?xml version="1.0" encoding="utf-8"?>';

export function envelopeNamespace(version: SoapVersion): string {
  return version === '1.1' ? SOAP11_ENVELOPE_NS : SOAP12_ENVELOPE_NS;
}

/** The version an envelope namespace names; `undefined` for any other namespace. */
export function soapVersionOf(namespace: string): SoapVersion | undefined {
  return namespace === SOAP11_ENVELOPE_NS ? '1.1' : namespace === SOAP12_ENVELOPE_NS ? '1.2' : undefined;
}

/** `Content-Type` of a SOAP message of `version` (a reply, a fault, or a request without its `action`). */
export function soapContentType(version: SoapVersion): string {
  return version === '1.1' ? XML_CONTENT_TYPE : SOAP12_CONTENT_TYPE;
}

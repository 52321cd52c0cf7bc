/** The namespaces a WSDL 1.1 document as ASMX writes it uses; prefixes are the document's own choice. */
export const WSDL_NS = 'http://schemas.xmlsoap.org/wsdl/';
export const SOAP11_NS = 'http://schemas.xmlsoap.org/wsdl/soap/';
export const SOAP12_NS = 'http://schemas.xmlsoap.org/wsdl/soap12/';
export const HTTP_NS = 'http://schemas.xmlsoap.org/wsdl/http/';
export const XSD_NS = 'http://www.w3.org/2001/XMLSchema';

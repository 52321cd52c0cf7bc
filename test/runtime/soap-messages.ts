/**
 * SOAP messages for the runtime tests, spelled out by hand (not with the
 * runtime's builders), so the tests check the runtime's bytes against the
 * wire contract's text.
 */
export const SOAP11 = 'http://schemas.xmlsoap.org/soap/envelope/';
export const SOAP12 = 'http://www.w3.org/2003/05/soap-envelope';

const DECLARATION = '<?xml version="1.0" encoding="utf-8"?>';

function open(ns: string): string {
  return (
    `${DECLARATION}<soap:Envelope xmlns:soap="${ns}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ` +
    'xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body>'
  );
}
const CLOSE = '</soap:Body></soap:Envelope>';

/** A request envelope as clients send it: `body` inside `soap:Body`, an optional `soap:Header`. */
export function request11(body: string, header?: string): string {
  return `${DECLARATION}<soap:Envelope xmlns:soap="${SOAP11}">${header === undefined ? '' : `<soap:Header>${header}</soap:Header>`}<soap:Body>${body}</soap:Body></soap:Envelope>`;
}

export function request12(body: string, header?: string): string {
  return request11(body, header).replace(SOAP11, SOAP12);
}

/** The reply ASMX writes around `body`. */
export function reply11(body: string): string {
  return `${open(SOAP11)}${body}${CLOSE}`;
}

export function reply12(body: string): string {
  return `${open(SOAP12)}${body}${CLOSE}`;
}

export function fault11(code: string, message: string, detail = '<detail />'): string {
  return reply11(
    `<soap:Fault><faultcode>soap:${code}</faultcode><faultstring>${message}</faultstring>${detail}</soap:Fault>`,
  );
}

export function fault12(code: string, message: string, detail = '<soap:Detail />'): string {
  return reply12(
    `<soap:Fault><soap:Code><soap:Value>soap:${code}</soap:Value></soap:Code>` +
      `<soap:Reason><soap:Text xml:lang="en">${message}</soap:Text></soap:Reason>${detail}</soap:Fault>`,
  );
}

export const XML_TYPE = 'text/xml; charset=utf-8';
export const SOAP12_TYPE = 'application/soap+xml; charset=utf-8';
export const TEXT_TYPE = 'text/plain; charset=utf-8';

/**
 * The SOAP 1.2 Upgrade header ASMX writes before a VersionMismatch fault, with SOAP 1.1 and 1.2 on, and with
 * SOAP 1.2 alone (observed, the same bytes in a 1.1 and a 1.2 envelope).
 */
export const UPGRADE_11_12 =
  '<soap:Header><soap12:Upgrade xmlns:soap12="http://www.w3.org/2003/05/soap-envelope">' +
  '<soap12:SupportedEnvelope qname="soap:Envelope" xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" />' +
  '<soap12:SupportedEnvelope qname="soap12:Envelope" xmlns:soap12="http://www.w3.org/2003/05/soap-envelope" />' +
  '</soap12:Upgrade></soap:Header>';
export const UPGRADE_12 =
  '<soap:Header><soap12:Upgrade xmlns:soap12="http://www.w3.org/2003/05/soap-envelope">' +
  '<soap12:SupportedEnvelope qname="soap12:Envelope" xmlns:soap12="http://www.w3.org/2003/05/soap-envelope" />' +
  '</soap12:Upgrade></soap:Header>';

/** A reply with `header` put before its Body. */
export function withHeader(reply: string, header: string): string {
  return reply.replace('<soap:Body>', `${header}<soap:Body>`);
}

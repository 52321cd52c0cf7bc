/**
 * The bytes of SOAP messages, as ASMX writes them: one line, no
 * indentation, the envelope prefixed `soap` in both versions and declaring
 * `soap`, `xsi` and `xsd` in that order; elements of the service namespace
 * declare it as the default namespace. Replies and faults for the server,
 * requests (and their HTTP headers) for the client.
 */
import type { SoapFaultCode } from './soap-fault.js';
import {
  envelopeNamespace,
  SOAP12_ENVELOPE_NS,
  soapContentType,
  XML_DECLARATION,
  XSD_NS,
  XSI_NS,
  type SoapVersion,
} from './soap-constants.js';
import { escapeXmlAttr, escapeXmlText } from '../xml/xml-escape.js';

function envelope(version: SoapVersion, body: string, header = ''): string {
  return (
    `${XML_DECLARATION}<soap:Envelope xmlns:soap="${envelopeNamespace(version)}" xmlns:xsi="${XSI_NS}" ` +
    `xmlns:xsd="${XSD_NS}">${header}<soap:Body>${body}</soap:Body></soap:Envelope>`
  );
}

/** `<name xmlns="namespace">children</name>`, or `<name xmlns="namespace" />` without children. */
function wrapper(name: string, namespace: string, children: string): string {
  const start = `<${name} xmlns="${escapeXmlAttr(namespace)}"`;
  return children === '' ? `${start} />` : `${start}>${children}</${name}>`;
}

/** `<name>text</name>`, `<name />` for the empty string. */
function simpleElement(name: string, text: string): string {
  return text === '' ? `<${name} />` : `<${name}>${escapeXmlText(text)}</${name}>`;
}

export interface ResponseResult {
  /** The result element, `{Op}Result`. */
  readonly element: string;
  /** Its lexical value (not escaped); `undefined` omits the element (a null reference-type result). */
  readonly value: string | undefined;
}

/**
 * A success reply: `<{Op}Response xmlns="ns" />` for a void operation (or
 * an omitted result), `<{Op}Response xmlns="ns"><{Op}Result>v</{Op}Result></{Op}Response>` otherwise.
 */
export function buildResponseEnvelope(
  version: SoapVersion,
  namespace: string,
  responseElement: string,
  result?: ResponseResult,
): string {
  const children = result && result.value !== undefined ? simpleElement(result.element, result.value) : '';
  return envelope(version, wrapper(responseElement, namespace, children));
}

/**
 * A success reply whose result element (and `soap:Header`, when given) is already written:
 * `<{Op}Response xmlns="ns">{result}</{Op}Response>`, `<{Op}Response xmlns="ns" />` for an empty result.
 */
export function buildResponseEnvelopeXml(
  version: SoapVersion,
  namespace: string,
  responseElement: string,
  resultXml: string,
  headerXml = '',
): string {
  return envelope(version, wrapper(responseElement, namespace, resultXml), headerXml);
}

/** A wrapped success reply without `soap:Header` around its result, worked out once per operation and version. */
export interface ResponseEnvelopeFrame {
  /** Up to the response element's start tag, included. */
  readonly open: string;
  /** From the response element's end tag on. */
  readonly close: string;
  /** The whole reply for an empty result: `<{Op}Response xmlns="ns" />`. */
  readonly empty: string;
}

/** The frame of `buildResponseEnvelopeXml(version, namespace, responseElement, resultXml)`, made by it. */
export function responseEnvelopeFrame(
  version: SoapVersion,
  namespace: string,
  responseElement: string,
): ResponseEnvelopeFrame {
  const mark = '\u0000';
  const marked = buildResponseEnvelopeXml(version, namespace, responseElement, mark);
  const at = marked.indexOf(mark);
  return {
    open: marked.slice(0, at),
    close: marked.slice(at + mark.length),
    empty: buildResponseEnvelopeXml(version, namespace, responseElement, ''),
  };
}

/**
 * An element already written (`<name …>…</name>` or `<name … />`) declaring `namespace` as its default namespace
 * at the end of its start tag, where XmlTextWriter declares it: a part of a bare message, which no wrapper element
 * puts in a namespace. (Attribute values escape `>`, so the first one ends the start tag.)
 */
function withNamespace(xml: string, namespace: string): string {
  const end = xml.indexOf('>');
  const at = xml[end - 1] === '/' ? end - 2 : end;
  return `${xml.slice(0, at)} xmlns="${escapeXmlAttr(namespace)}"${xml.slice(at)}`;
}

/** A Body holding the parts of a bare message as they are, `<soap:Body />` with none. */
function bareEnvelope(version: SoapVersion, parts: string, header = ''): string {
  return parts === ''
    ? `${XML_DECLARATION}<soap:Envelope xmlns:soap="${envelopeNamespace(version)}" xmlns:xsi="${XSI_NS}" ` +
        `xmlns:xsd="${XSD_NS}">${header}<soap:Body /></soap:Envelope>`
    : envelope(version, parts, header);
}

/**
 * A success reply of a bare operation (`ParameterStyle.Bare`): the result element, already written, right in the
 * Body in its namespace, `<{Op}Result xmlns="ns">v</{Op}Result>`; `<soap:Body />` for a void operation or an
 * omitted result.
 */
export function buildBareResponseEnvelopeXml(
  version: SoapVersion,
  namespace: string,
  resultElement: string | undefined,
  resultXml: string,
  headerXml = '',
): string {
  const part =
    resultElement === undefined || !resultXml.startsWith(`<${resultElement}`)
      ? resultXml
      : withNamespace(resultXml, namespace);
  return bareEnvelope(version, part, headerXml);
}

/**
 * A success reply of a bare operation with out or ref parameters: each part (the result element, then each out and
 * ref parameter's, already written) right in the Body, each in the response namespace.
 */
export function buildBareRepliesEnvelopeXml(
  version: SoapVersion,
  namespace: string,
  parts: readonly { readonly element: string; readonly xml: string }[],
  headerXml = '',
): string {
  let body = '';
  for (const { element, xml } of parts) {
    body += xml.startsWith(`<${element}`) ? withNamespace(xml, namespace) : xml;
  }
  return bareEnvelope(version, body, headerXml);
}

/**
 * A document/literal bare request (`ParameterStyle.Bare`): each parameter's element right in the Body, in the
 * order given, each declaring the namespace: `<p1 xmlns="ns">v</p1><p2 xmlns="ns">v</p2>`.
 */
export function buildBareRequestEnvelope(
  version: SoapVersion,
  namespace: string,
  params: readonly RequestParameter[],
  headerXml = '',
): string {
  let parts = '';
  for (const param of params) {
    const xml = param.xml ?? (param.value === undefined ? undefined : simpleElement(param.name, param.value));
    if (xml !== undefined && xml !== '') parts += withNamespace(xml, namespace);
  }
  return bareEnvelope(version, parts, headerXml);
}

export interface FaultContent {
  readonly code: SoapFaultCode;
  /** `faultstring` / `Reason/Text`, not escaped. */
  readonly message: string;
  /** Text of the detail element, not escaped. */
  readonly detail?: string | undefined;
  /**
   * The envelopes named in a SOAP 1.2 `Upgrade` header (a VersionMismatch fault): the header is written,
   * listing them in this order, when given and not empty.
   */
  readonly supportedEnvelopes?: readonly SoapVersion[] | undefined;
}

const SOAP12_CODES: Readonly<Record<SoapFaultCode, string>> = {
  Client: 'Sender',
  Server: 'Receiver',
  VersionMismatch: 'VersionMismatch',
  MustUnderstand: 'MustUnderstand',
};

/**
 * The `soap:Header` ASMX puts before a VersionMismatch fault (SoapServerProtocol.CreateUpgradeHeader), the
 * same bytes in a 1.1 and a 1.2 envelope: a `soap12:Upgrade` element declaring its prefix, and a
 * `SupportedEnvelope` per envelope, each declaring the prefix its `qname` uses (redundantly for `soap12`).
 */
function upgradeHeader(supported: readonly SoapVersion[]): string {
  const envelopes = supported.map((version) => {
    const prefix = version === '1.1' ? 'soap' : 'soap12';
    return `<soap12:SupportedEnvelope qname="${prefix}:Envelope" xmlns:${prefix}="${envelopeNamespace(version)}" />`;
  });
  return (
    `<soap:Header><soap12:Upgrade xmlns:soap12="${SOAP12_ENVELOPE_NS}">${envelopes.join('')}</soap12:Upgrade>` +
    '</soap:Header>'
  );
}

/**
 * A fault. SOAP 1.1: unqualified `faultcode`, `faultstring`, `detail`; SOAP
 * 1.2: `Code/Value`, `Reason/Text xml:lang="en"`, `Detail`. The detail
 * element is empty without a detail, and left out of a MustUnderstand fault
 * (ASMX writes none for a header fault). With `supportedEnvelopes`, the
 * SOAP 1.2 Upgrade header comes before the Body.
 */
export function buildFaultEnvelope(version: SoapVersion, fault: FaultContent): string {
  const message = escapeXmlText(fault.message);
  const detail = fault.detail === undefined || fault.detail === '' ? undefined : escapeXmlText(fault.detail);
  const withDetail = fault.code !== 'MustUnderstand';
  let content: string;
  if (version === '1.1') {
    const detailElement = !withDetail ? '' : detail === undefined ? '<detail />' : `<detail>${detail}</detail>`;
    content = `<faultcode>soap:${fault.code}</faultcode><faultstring>${message}</faultstring>${detailElement}`;
  } else {
    const detailElement = !withDetail
      ? ''
      : detail === undefined
        ? '<soap:Detail />'
        : `<soap:Detail>${detail}</soap:Detail>`;
    content =
      `<soap:Code><soap:Value>soap:${SOAP12_CODES[fault.code]}</soap:Value></soap:Code>` +
      `<soap:Reason><soap:Text xml:lang="en">${message}</soap:Text></soap:Reason>${detailElement}`;
  }
  const header = fault.supportedEnvelopes?.length ? upgradeHeader(fault.supportedEnvelopes) : '';
  return envelope(version, `<soap:Fault>${content}</soap:Fault>`, header);
}

export interface RequestParameter {
  /** The parameter's element name. */
  readonly name: string;
  /** Its lexical value (not escaped); `undefined` leaves the element out. */
  readonly value: string | undefined;
  /** SOAP: its element, already written (a value of another type than the XSD simple ones); wins over `value`. */
  readonly xml?: string | undefined;
  /** HTTP GET/POST: its values, each sent as `name=value` (an array's items); wins over `value`. */
  readonly texts?: readonly string[] | undefined;
}

/**
 * A document/literal wrapped request, as .NET proxies send it:
 * `<Op xmlns="ns"><p1>v</p1>...</Op>` in the Body, parameters in the
 * order given; `<Op xmlns="ns" />` without parameters.
 */
export function buildRequestEnvelope(
  version: SoapVersion,
  namespace: string,
  operationName: string,
  params: readonly RequestParameter[],
  headerXml = '',
): string {
  return envelope(version, wrapper(operationName, namespace, requestChildren(params)), headerXml);
}

function requestChildren(params: readonly RequestParameter[]): string {
  let children = '';
  for (const param of params) {
    if (param.xml !== undefined) children += param.xml;
    else if (param.value !== undefined) children += simpleElement(param.name, param.value);
  }
  return children;
}

/**
 * What every request of one wrapped operation without SOAP headers shares, written once: the envelope up to the
 * operation's element's start tag (`start`), what follows its last child (`end`), and the whole envelope of a call
 * without parameters (`empty`).
 */
export interface RequestEnvelopeFrame {
  readonly start: string;
  readonly end: string;
  readonly empty: string;
}

export function requestEnvelopeFrame(
  version: SoapVersion,
  namespace: string,
  operationName: string,
): RequestEnvelopeFrame {
  const marker = '\u0000';
  const whole = envelope(version, wrapper(operationName, namespace, marker));
  const at = whole.indexOf(marker);
  return {
    start: whole.slice(0, at),
    end: whole.slice(at + marker.length),
    empty: buildRequestEnvelope(version, namespace, operationName, []),
  };
}

/** `buildRequestEnvelope` without SOAP headers, from the operation's frame. */
export function framedRequestEnvelope(frame: RequestEnvelopeFrame, params: readonly RequestParameter[]): string {
  const children = requestChildren(params);
  return children === '' ? frame.empty : frame.start + children + frame.end;
}

/**
 * The HTTP headers of a SOAP request: SOAP 1.1 `Content-Type: text/xml` and
 * a quoted `SOAPAction`; SOAP 1.2 the action as the content type's `action`
 * parameter.
 */
export function soapRequestHeaders(version: SoapVersion, soapAction: string): Record<string, string> {
  const quoted = `"${soapAction.replace(/["\\]/g, '\\$&')}"`;
  return version === '1.1'
    ? { 'Content-Type': soapContentType('1.1'), SOAPAction: `"${soapAction}"` }
    : { 'Content-Type': `${soapContentType('1.2')}; action=${quoted}` };
}

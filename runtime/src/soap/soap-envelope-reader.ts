/**
 * The structure of a received SOAP message (a request on the server, a reply
 * on the client): its version, Header and Body, and a fault in the Body.
 */
import { SoapFault, type SoapFaultCode } from './soap-fault.js';
import { soapVersionOf, type SoapVersion } from './soap-constants.js';
import { childElements, firstChildElement, textContent, type XmlElement } from '../xml/xml-reader.js';

export type EnvelopeReading =
  | {
      readonly kind: 'envelope';
      readonly version: SoapVersion;
      /** `Header`, when it is the envelope's first child element. */
      readonly header: XmlElement | undefined;
      /** The first `Body` child element; `undefined` when there is none. */
      readonly body: XmlElement | undefined;
    }
  /** The root is in an envelope namespace but is not an `Envelope`. */
  | { readonly kind: 'not-envelope'; readonly version: SoapVersion }
  /** The root's namespace is neither SOAP version's. */
  | { readonly kind: 'unknown-namespace'; readonly namespace: string };

export function readEnvelope(root: XmlElement): EnvelopeReading {
  const version = soapVersionOf(root.namespace);
  if (version === undefined) return { kind: 'unknown-namespace', namespace: root.namespace };
  if (root.localName !== 'Envelope') return { kind: 'not-envelope', version };
  const children = childElements(root);
  const inEnvelope = (element: XmlElement | undefined, localName: string) =>
    element !== undefined && element.localName === localName && element.namespace === root.namespace;
  const first = children[0];
  return {
    kind: 'envelope',
    version,
    header: inEnvelope(first, 'Header') ? first : undefined,
    body: children.find((child) => inEnvelope(child, 'Body')),
  };
}

const CODES: Readonly<Record<string, SoapFaultCode>> = {
  Client: 'Client',
  Sender: 'Client',
  Server: 'Server',
  Receiver: 'Server',
  VersionMismatch: 'VersionMismatch',
  MustUnderstand: 'MustUnderstand',
};

/** A fault as a reply's Body holds it. */
export interface FaultReading {
  /**
   * The SOAP 1.1 name of the code (SOAP 1.2's `Sender` is `Client`, `Receiver`
   * is `Server`; SOAP 1.1's dotted `Client.Xyz` is `Client`); an unknown code
   * reads as `Server`.
   */
  readonly code: SoapFaultCode;
  /** The code as written: `soap:Client`, `soap:Sender`, ... */
  readonly rawCode: string;
  /** `faultstring` (SOAP 1.2: the `Reason/Text`). */
  readonly message: string;
  /** The text of the detail element; `undefined` when it is absent or empty. */
  readonly detail: string | undefined;
}

/** The fault a reply's Body holds; `undefined` when the Body's first element is not a fault. */
export function readFaultReading(body: XmlElement, version: SoapVersion): FaultReading | undefined {
  const fault = firstChildElement(body);
  if (!fault || fault.localName !== 'Fault' || fault.namespace !== body.namespace) return undefined;
  const parts = childElements(fault);
  const find = (localName: string, namespace: string) =>
    parts.find((part) => part.localName === localName && part.namespace === namespace);
  const text = (element: XmlElement | undefined) => (element ? deepText(element) : undefined);
  let codeText: string | undefined;
  let message: string | undefined;
  let detail: string | undefined;
  if (version === '1.1') {
    codeText = text(find('faultcode', ''));
    message = text(find('faultstring', ''));
    detail = text(find('detail', ''));
  } else {
    const code = find('Code', body.namespace);
    const value = code && childElements(code).find((c) => c.localName === 'Value' && c.namespace === body.namespace);
    codeText = text(value);
    const reason = find('Reason', body.namespace);
    message = text(reason && childElements(reason).find((c) => c.localName === 'Text'));
    detail = text(find('Detail', body.namespace));
  }
  const rawCode = (codeText ?? '').trim();
  const localCode = rawCode.replace(/^[^:]*:/, '').split('.')[0]!;
  return {
    code: Object.hasOwn(CODES, localCode) ? CODES[localCode]! : 'Server',
    rawCode,
    message: message ?? '',
    detail: detail === '' ? undefined : detail,
  };
}

/** `readFaultReading` as a `SoapFault`. */
export function readFault(body: XmlElement, version: SoapVersion): SoapFault | undefined {
  const reading = readFaultReading(body, version);
  return reading && new SoapFault(reading.code, reading.message, reading.detail);
}

/** All text below `element`, child elements' text included. */
function deepText(element: XmlElement): string {
  return textContent(element) ?? element.children.map((c) => (typeof c === 'string' ? c : deepText(c))).join('');
}

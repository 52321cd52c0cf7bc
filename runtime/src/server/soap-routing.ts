/**
 * Which operation a SOAP request calls (wire contract §2), as ASMX decides.
 *
 * With both SOAP transports on, a request with a `SOAPAction` header and a
 * content type other than `application/soap+xml` is routed on SOAPAction
 * alone: quotes at both ends removed, URL-decoded, matched exactly. Any other
 * request is routed on the content type's `action` parameter, then on the
 * Body's first element (`{namespace}Op`). With one SOAP transport on, that
 * transport's rule applies.
 */
import { SOAP12_MEDIA_TYPE, type SoapVersion } from '../soap/soap-constants.js';
import type { XmlElement } from '../xml/xml-reader.js';
import { elementKey, type OperationEntry, type ServiceTables } from './service-tables.js';

export const ACTION_REQUIRED =
  'Unable to handle request without a valid action parameter. Please supply a valid soap action.';

/**
 * ASMX's guess of the version before the envelope is read: `1.1` routes on
 * SOAPAction. It also types the replies sent before the envelope is known.
 */
export function guessSoapVersion(
  transports: ServiceTables['transports'],
  soapAction: string | undefined,
  mediaType: string | undefined,
): SoapVersion {
  const on11 = transports.has('soap11');
  const on12 = transports.has('soap12');
  if (on11 !== on12) return on11 ? '1.1' : '1.2';
  return soapAction === undefined || mediaType === SOAP12_MEDIA_TYPE ? '1.2' : '1.1';
}

export type SoapRoute =
  | { readonly kind: 'operation'; readonly entry: OperationEntry }
  /** Routing needed the Body's first element, and there is no Body. */
  | { readonly kind: 'no-body' }
  /** A Client fault's message. */
  | { readonly kind: 'unknown'; readonly message: string };

export function routeSoapRequest(
  guess: SoapVersion,
  soapAction: string | undefined,
  actionParameter: string | undefined,
  body: XmlElement | undefined,
  tables: ServiceTables,
): SoapRoute {
  if (guess === '1.1') {
    if (soapAction === undefined) return { kind: 'unknown', message: ACTION_REQUIRED };
    // RoutingStyle = RequestElement: the body's first element names the operation, whatever the SOAPAction says.
    if (tables.service.routingStyle === 'requestElement') {
      if (!body) return { kind: 'no-body' };
      const first = body.children.find((child): child is XmlElement => typeof child !== 'string');
      const entry = first && tables.byRequestElement.get(elementKey(first.namespace, first.localName));
      if (entry) return { kind: 'operation', entry };
      return {
        kind: 'unknown',
        message: `The request element <${first?.localName ?? ''} xmlns='${first?.namespace ?? ''}'> was not recognized.`,
      };
    }
    const action = urlDecode(unquote(soapAction));
    const entry = tables.bySoapAction.get(action);
    return entry
      ? { kind: 'operation', entry }
      : { kind: 'unknown', message: `Server did not recognize the value of HTTP Header SOAPAction: ${action}.` };
  }
  const action = actionParameter ? urlDecode(actionParameter) : '';
  const byAction = action ? tables.bySoapAction.get(action) : undefined;
  if (byAction) return { kind: 'operation', entry: byAction };
  if (!body) return { kind: 'no-body' };
  const first = body.children.find((child): child is XmlElement => typeof child !== 'string');
  const byElement = first && tables.byRequestElement.get(elementKey(first.namespace, first.localName));
  if (byElement) return { kind: 'operation', entry: byElement };
  return {
    kind: 'unknown',
    message: action ? `Unable to handle request. The action '${action}' was not recognized.` : ACTION_REQUIRED,
  };
}

function unquote(value: string): string {
  return value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
}

/** `HttpUtility.UrlDecode`, as ASMX applies it to actions: `+` is a space, `%XX` a byte; malformed escapes stay. */
function urlDecode(value: string): string {
  if (!/[%+]/.test(value)) return value;
  return new URLSearchParams(`a=${value.replace(/&/g, '%26')}`).get('a') ?? value;
}

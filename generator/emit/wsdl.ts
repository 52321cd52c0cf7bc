import { escapeXmlAttr } from '@asmxgen/runtime/xml';
import { ADDRESS_MARKER } from '@asmxgen/runtime';
import { serviceAddress } from '../model/addresses.js';
import type { GeneratedFile, ServiceModel } from '../model/types.js';
import { template } from '../render/templates.js';

/** The WSDL with `ADDRESS_MARKER` for the address, rendered once per model (models are immutable). */
const withMarker = new WeakMap<ServiceModel, string>();

/**
 * The WSDL exactly as the ASMX runtime serves it: `templates/wsdl.hbs`
 * renders it, and the file has no newline after its last line (unless the spec's `wsdl` section says the
 * server writes one; it may also ask for CRLF line ends and another order of the root's declarations). The address
 * appears only in the ports' `location` attributes: the text is rendered once
 * per model with `ADDRESS_MARKER` there (which the served WSDL keeps, the
 * runtime fills it per request), and the marker is replaced for a given
 * address.
 */
export function renderWsdl(model: ServiceModel, address: string): string {
  const original = model.wsdl.original;
  if (original !== undefined) {
    return address === ADDRESS_MARKER ? original : original.split(ADDRESS_MARKER).join(escapeXmlAttr(address));
  }
  return renderGeneratedWsdl(model, address);
}

/** The WSDL the model generates, even when the spec keeps the served document (its fingerprint hashes this). */
export function renderGeneratedWsdl(model: ServiceModel, address: string): string {
  let text = withMarker.get(model);
  if (text === undefined) {
    text = render(model, ADDRESS_MARKER);
    withMarker.set(model, text);
  }
  if (address === ADDRESS_MARKER) return text;
  const parts = text.split(ADDRESS_MARKER);
  // One marker per port; anything else (a marker in the service's own text) renders the address in place.
  return parts.length - 1 === portCount(model) ? parts.join(escapeXmlAttr(address)) : render(model, address);
}

/** The ports of the service: one per enabled binding, the SOAP ones once per SOAP binding of the service. */
function portCount(model: ServiceModel): number {
  const soapKinds = (model.enabled.soap11 ? 1 : 0) + (model.enabled.soap12 ? 1 : 0);
  return model.bindings.length + soapKinds * (model.soapBindings.length - 1);
}

function render(model: ServiceModel, address: string): string {
  const rendered = template('wsdl.hbs')({ ...model, address });
  const text = rendered.endsWith('\n') ? rendered.slice(0, -1) : rendered;
  const { lineEnd, finalNewline, prolog, emptyElementEnd } = model.wsdl;
  // Values are escaped (`<` and `>` are `&lt;` and `&gt;` in text and attributes): every `<wsdl:` and `</wsdl:` is
  // a WSDL element's tag, and every ` />` an empty element's end.
  const named = model.wsdl.form.unprefixed ? text.replaceAll('<wsdl:', '<').replaceAll('</wsdl:', '</') : text;
  const tags = emptyElementEnd === ' />' ? named : named.replaceAll(' />', emptyElementEnd);
  const lines = lineEnd === '\n' ? tags : tags.replaceAll('\n', lineEnd);
  const body = prolog === undefined ? lines : prolog + lines.slice(lines.indexOf(lineEnd) + lineEnd.length);
  return finalNewline ? body + lineEnd : body;
}

export function emitWsdl(model: ServiceModel, baseUrl: string): GeneratedFile[] {
  return [{ path: `${model.name}.wsdl`, content: renderWsdl(model, serviceAddress(model, baseUrl)) }];
}

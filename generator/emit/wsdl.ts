import { escapeXmlAttr } from '@asmxgen/runtime/xml';
import { ADDRESS_MARKER, BASE_MARKER } from '@asmxgen/runtime';
import { serviceAddress } from '../model/addresses.js';
import type { GeneratedFile, ServiceModel } from '../model/types.js';
import { template } from '../render/templates.js';
import { renderWsdlDocuments, servedInSeveralDocuments } from './wsdl-documents.js';

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
    if (address === ADDRESS_MARKER) return original;
    // A kept address without a path (the service at its root) holds the scheme and host only.
    const base = address.endsWith(model.path) ? address.slice(0, address.length - model.path.length) : address;
    return original.split(ADDRESS_MARKER).join(escapeXmlAttr(address)).split(BASE_MARKER).join(escapeXmlAttr(base));
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
  return servedInSeveralDocuments(model) ? renderWsdlDocuments(model, address).main : renderMerged(model, address);
}

/**
 * The whole description in one document: the WSDL, or, for a service the runtime serves in several documents (a
 * binding in another namespace), what they describe together, as the help pages' samples read it.
 */
export function renderMergedWsdl(model: ServiceModel, address: string): string {
  return servedInSeveralDocuments(model) ? renderMerged(model, address) : renderWsdl(model, address);
}

function renderMerged(model: ServiceModel, address: string): string {
  const portBindings = model.soapBindings.map((b) => ({ ...b, portPrefix: model.wsdl.form.tns }));
  const rendered = template('wsdl.hbs')({ ...model, address, portBindings });
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

/**
 * `{Service}.wsdl`; for a service served in several documents, also `{Service}.wsdl1.wsdl` (`?wsdl=wsdl1`) and
 * `{Service}.schema1.xsd`, … (`?schema=schema1`, …), beside it.
 */
export function emitWsdl(model: ServiceModel, baseUrl: string): GeneratedFile[] {
  const address = serviceAddress(model, baseUrl);
  const main: GeneratedFile = { path: `${model.name}.wsdl`, content: renderWsdl(model, address) };
  if (model.wsdl.original !== undefined || !servedInSeveralDocuments(model)) return [main];
  return [main, ...renderWsdlDocuments(model, address).others.map((d) => documentFile(model.name, d))];
}

/** The file of `?wsdl=wsdl1` (`Svc.wsdl1.wsdl`) or `?schema=schema1` (`Svc.schema1.xsd`). */
export function documentFile(service: string, document: { query: string; text: string }): GeneratedFile {
  const [key, id] = document.query.split('=') as [string, string];
  return { path: `${service}.${id}.${key === 'wsdl' ? 'wsdl' : 'xsd'}`, content: document.text };
}

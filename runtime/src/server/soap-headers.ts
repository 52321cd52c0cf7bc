/**
 * SOAP headers on the server (`[SoapHeader]`): the operation's In and InOut headers are read into the
 * handler's `ctx.soapHeaders`, keyed by field; what the handler leaves in `ctx.outHeaders` for Out and InOut
 * headers (InOut ones start as received) is written in the reply's `soap:Header`, in the operation's order, each element declaring the service
 * namespace. A header with `mustUnderstand` `1`/`true` that the operation does not declare (as In or InOut)
 * is not understood: ASMX's MustUnderstand fault. Other unknown headers are ignored.
 *
 * An InOut header is the same object in and out in ASMX, so the reply's copy carries the SOAP attributes the
 * request's did (`SoapHeader.MustUnderstand`, `Actor`/`Role`, `Relay`), written before the header's own
 * attributes as the runtime writes them: `soap:mustUnderstand="1"`, `soap:actor`/`soap:role`, `soap:relay="1"`.
 */
import type { OperationDescription } from '../service-description.js';
import { attributeValue, childElements, type XmlElement } from '../xml/xml-reader.js';
import { escapeXmlAttr } from '../xml/xml-escape.js';
import { SOAP12_ENVELOPE_NS } from '../soap/soap-constants.js';
import { readValue } from '../values/read-value.js';
import { writeValue } from '../values/write-value.js';
import { SOAP_PART_DEPTH } from '../values/namespace-prefixes.js';
import type { ValueContext } from '../values/value-kinds.js';
import { headerNamespace, headerWriteOptions } from '../soap/header-namespace.js';

export type HeaderReading =
  | {
      readonly ok: true;
      readonly headers: Record<string, unknown>;
      /** By field: the SOAP attributes of each header read, as the reply writes them back (`''` for none). */
      readonly envelopeAttributes: Record<string, string>;
    }
  | { readonly ok: false; readonly notUnderstood: XmlElement };

function reads(direction: string): boolean {
  return direction === 'in' || direction === 'inOut';
}

export function readSoapHeaders(
  op: OperationDescription,
  values: ValueContext,
  header: XmlElement | undefined,
  envelopeNs: string,
): HeaderReading {
  const headers: Record<string, unknown> = {};
  const envelopeAttributes: Record<string, string> = {};
  if (header === undefined) return { ok: true, headers, envelopeAttributes };
  const declared = op.headers ?? [];
  for (const child of childElements(header)) {
    const description = declared.find(
      (h) => reads(h.direction) && h.element === child.localName && child.namespace === headerNamespace(values, h),
    );
    if (description === undefined) {
      if (isTrue(attributeValue(child, envelopeNs, 'mustUnderstand'))) return { ok: false, notUnderstood: child };
      continue;
    }
    if (!(description.field in headers)) {
      headers[description.field] = readValue(values, child, { class: description.type }, false);
      envelopeAttributes[description.field] = soapAttributes(child, envelopeNs);
    }
  }
  return { ok: true, headers, envelopeAttributes };
}

function isTrue(value: string | undefined): boolean {
  const trimmed = value?.trim();
  return trimmed === '1' || trimmed === 'true';
}

/** A header's `mustUnderstand`, `actor` (SOAP 1.1) or `role` (1.2) and `relay` (1.2), as ASMX writes them back. */
function soapAttributes(element: XmlElement, envelopeNs: string): string {
  let text = isTrue(attributeValue(element, envelopeNs, 'mustUnderstand')) ? ' soap:mustUnderstand="1"' : '';
  const soap12 = envelopeNs === SOAP12_ENVELOPE_NS;
  const actorName = soap12 ? 'role' : 'actor';
  const actor = attributeValue(element, envelopeNs, actorName);
  if (actor !== undefined && actor !== '') text += ` soap:${actorName}="${escapeXmlAttr(actor)}"`;
  if (soap12 && isTrue(attributeValue(element, envelopeNs, 'relay'))) text += ' soap:relay="1"';
  return text;
}

/** `ctx.outHeaders` before the handler runs: each InOut header the request carried, as it carried it. */
export function initialOutHeaders(
  op: OperationDescription,
  received: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const description of op.headers ?? []) {
    if (description.direction === 'inOut' && received[description.field] !== undefined) {
      out[description.field] = received[description.field];
    }
  }
  return out;
}

/**
 * The reply's `soap:Header`, `''` when no Out or InOut header has a value; InOut headers with the SOAP
 * attributes the request gave them (`envelopeAttributes` of `readSoapHeaders`).
 */
export function writeSoapHeaders(
  op: OperationDescription,
  values: ValueContext,
  headers: Readonly<Record<string, unknown>>,
  envelopeAttributes: Readonly<Record<string, string>> = {},
): string {
  let content = '';
  for (const description of op.headers ?? []) {
    if (description.direction === 'in') continue;
    const value = headers[description.field];
    if (value === null || value === undefined) continue;
    const lead = description.direction === 'inOut' ? (envelopeAttributes[description.field] ?? '') : '';
    content += writeValue(
      values,
      description.element,
      { class: description.type },
      value,
      {},
      headerWriteOptions(values, description, lead, SOAP_PART_DEPTH),
    );
  }
  return content === '' ? '' : `<soap:Header>${content}</soap:Header>`;
}

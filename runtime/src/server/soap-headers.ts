/**
 * SOAP headers on the server (`[SoapHeader]`): the operation's In and InOut headers are read into the
 * handler's `ctx.soapHeaders`, keyed by field; what the handler leaves in `ctx.outHeaders` for Out and InOut
 * headers (InOut ones start as received) is written in the reply's `soap:Header`, in the operation's order, each element declaring the service
 * namespace. A header with `mustUnderstand` `1`/`true` that the operation does not declare (as In or InOut)
 * is not understood: ASMX's MustUnderstand fault. Other unknown headers are ignored.
 */
import type { OperationDescription } from '../service-description.js';
import { attributeValue, childElements, type XmlElement } from '../xml-reader.js';
import { escapeXmlAttr } from '../xml-escape.js';
import { readValue } from '../values/read-value.js';
import { writeValue } from '../values/write-value.js';
import type { ValueContext } from '../values/value-kinds.js';

export type HeaderReading =
  | { readonly ok: true; readonly headers: Record<string, unknown> }
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
  if (header === undefined) return { ok: true, headers };
  const declared = op.headers ?? [];
  for (const child of childElements(header)) {
    const description = declared.find(
      (h) => reads(h.direction) && h.element === child.localName && child.namespace === values.namespace,
    );
    if (description === undefined) {
      const mustUnderstand = attributeValue(child, envelopeNs, 'mustUnderstand')?.trim();
      if (mustUnderstand === '1' || mustUnderstand === 'true') return { ok: false, notUnderstood: child };
      continue;
    }
    if (!(description.field in headers)) {
      headers[description.field] = readValue(values, child, { class: description.type }, false);
    }
  }
  return { ok: true, headers };
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

/** The reply's `soap:Header`, `''` when no Out or InOut header has a value. */
export function writeSoapHeaders(
  op: OperationDescription,
  values: ValueContext,
  headers: Readonly<Record<string, unknown>>,
): string {
  let content = '';
  const lead = ` xmlns="${escapeXmlAttr(values.namespace)}"`;
  for (const description of op.headers ?? []) {
    if (description.direction === 'in') continue;
    const value = headers[description.field];
    if (value === null || value === undefined) continue;
    content += writeValue(values, description.element, { class: description.type }, value, {}, { lead });
  }
  return content === '' ? '' : `<soap:Header>${content}</soap:Header>`;
}

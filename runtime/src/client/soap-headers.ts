/**
 * SOAP headers in the client, as .NET proxies send them: the operation's In and InOut headers that have a
 * value (the call's `soapHeaders` over the client's), in the operation's order, each element declaring the
 * service namespace; the reply's Out and InOut headers read into the call's `outHeaders`.
 */
import type { OperationDescription } from '../service-description.js';
import { childElements, type XmlElement } from '../xml/xml-reader.js';
import { readValue } from '../values/read-value.js';
import { writeValue } from '../values/write-value.js';
import { SOAP_PART_DEPTH } from '../values/namespace-prefixes.js';
import type { ValueContext } from '../values/value-kinds.js';
import { headerNamespace, headerWriteOptions } from '../soap/header-namespace.js';

/** The request's `soap:Header`; `''` without one to send. */
export function soapHeaderXml(
  op: OperationDescription,
  context: ValueContext,
  clientHeaders: Readonly<Record<string, unknown>>,
  callHeaders: Readonly<Record<string, unknown>> | undefined,
): string {
  let content = '';
  for (const header of op.headers ?? []) {
    if (header.direction === 'out') continue;
    const value =
      callHeaders !== undefined && Object.hasOwn(callHeaders, header.field)
        ? callHeaders[header.field]
        : clientHeaders[header.field];
    if (value === null || value === undefined) continue;
    // As XmlSerializer writes a header: its attributes, then the namespace declaration.
    const options = headerWriteOptions(context, header, '', SOAP_PART_DEPTH);
    content += writeValue(context, header.element, { class: header.type }, value, {}, options);
  }
  return content === '' ? '' : `<soap:Header>${content}</soap:Header>`;
}

/** The reply's Out and InOut headers, keyed by field, into `into`. */
export function readReplyHeaders(
  op: OperationDescription,
  context: ValueContext,
  header: XmlElement | undefined,
  into: Record<string, unknown>,
): void {
  if (header === undefined) return;
  for (const child of childElements(header)) {
    const description = (op.headers ?? []).find(
      (h) => h.direction !== 'in' && h.element === child.localName && child.namespace === headerNamespace(context, h),
    );
    if (description !== undefined && !(description.field in into)) {
      into[description.field] = readValue(context, child, { class: description.type }, false);
    }
  }
}

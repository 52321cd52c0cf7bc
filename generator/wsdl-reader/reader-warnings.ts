import type { WsdlDocument } from './wsdl-document.js';
import type { XmlNode } from './xml-tree.js';

/**
 * What the reader guessed or left out of a served document no runtime wrote as it stands (a copy edited by hand):
 * `file:line:column: what was done; what to check`, in the order read. Such a document never regenerates byte for
 * byte, so `import` keeps it beside the spec (`wsdl.original`).
 */
const warnings = new WeakMap<WsdlDocument, string[]>();

/** Records a warning at the start tag of `node`, or at its attribute `attribute`. */
export function warnAt(doc: WsdlDocument, node: XmlNode, reason: string, attribute?: string): void {
  const error = attribute === undefined ? doc.fail(node, reason) : doc.failAt(node, attribute, reason);
  const list = warnings.get(doc) ?? [];
  if (!list.includes(error.message)) list.push(error.message);
  warnings.set(doc, list);
}

/** The warnings recorded while reading `doc`, in the order read. */
export function readerWarnings(doc: WsdlDocument): readonly string[] {
  return warnings.get(doc) ?? [];
}

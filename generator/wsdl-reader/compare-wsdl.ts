import { HTTP_NS, SOAP11_NS, SOAP12_NS, WSDL_NS } from './wsdl-namespaces.js';
import { resolveQName, type XmlNode } from './xml-tree.js';

/** Attributes whose values are QNames: compared by the namespace and local name they name, not by prefix. */
const QNAME_ATTRIBUTES = new Set(['type', 'base', 'element', 'message', 'binding', 'ref']);

const ADDRESS_NAMESPACES = new Set([SOAP11_NS, SOAP12_NS, HTTP_NS]);

/** Where a WSDL first differs from another, and how. */
export interface WsdlDifference {
  /** The node of the first WSDL at (or in) which it differs. */
  readonly node: XmlNode;
  /** The node of the other WSDL at the same place. */
  readonly expected?: XmlNode;
  readonly detail: string;
}

/**
 * The first difference between two WSDLs as documents, not as text: elements by namespace and local name, in
 * order; attributes by name, QName values by what they name; the text of `wsdl:documentation`. Prefixes,
 * namespace declarations, attribute order, whitespace between elements and the ports' hosts do not count (an
 * address counts by its path), nor does `style="document"` on `soap:binding` (the default, which .NET 1.x
 * wrote). `undefined` when they are the same document.
 */
export function compareWsdl(actual: XmlNode, expected: XmlNode): WsdlDifference | undefined {
  if (actual.namespace !== expected.namespace || actual.localName !== expected.localName) {
    return {
      node: actual,
      expected,
      detail: `found ${startTag(actual)} where the runtime writes ${startTag(expected)}`,
    };
  }
  const address = ADDRESS_NAMESPACES.has(actual.namespace) && actual.localName === 'address';
  const names = new Set([...actual.attributes.keys(), ...expected.attributes.keys()]);
  for (const name of names) {
    const a = actual.attributes.get(name);
    const e = expected.attributes.get(name);
    if (a === undefined || e === undefined) {
      if (a === e || (a === 'document' && name === 'style' && isSoapBinding(actual))) continue;
      return {
        node: actual,
        expected,
        detail:
          a === undefined
            ? `${startTag(actual)} has no ${name}, where the runtime writes ${name}="${e}"`
            : `${startTag(actual)} has ${name}="${a}", which the runtime does not write there`,
      };
    }
    if (!sameValue(name, actual, a, expected, e, address)) {
      return {
        node: actual,
        expected,
        detail: `${startTag(actual)} has ${name}="${a}", where the runtime writes ${name}="${e}"`,
      };
    }
  }
  if (actual.namespace === WSDL_NS && actual.localName === 'documentation' && actual.elements.length === 0) {
    if (actual.text !== expected.text) {
      return {
        node: actual,
        expected,
        detail: `the documentation reads "${actual.text}", where the runtime writes "${expected.text}"`,
      };
    }
  }
  const count = Math.min(actual.elements.length, expected.elements.length);
  for (let i = 0; i < count; i++) {
    const difference = compareWsdl(actual.elements[i]!, expected.elements[i]!);
    if (difference) return difference;
  }
  if (actual.elements.length < expected.elements.length) {
    const missing = expected.elements[count]!;
    return {
      node: actual,
      expected: missing,
      detail: `${startTag(actual)} ends before ${startTag(missing)}, which the runtime writes next`,
    };
  }
  if (actual.elements.length > expected.elements.length) {
    const extra = actual.elements[count]!;
    return {
      node: extra,
      expected,
      detail: `${startTag(extra)} follows the last of what the runtime writes in ${startTag(actual)}`,
    };
  }
  return undefined;
}

function sameValue(name: string, actual: XmlNode, a: string, expected: XmlNode, e: string, address: boolean): boolean {
  if (a === e) return true;
  if (address && name === 'location') return pathOf(a) === pathOf(e);
  if (!QNAME_ATTRIBUTES.has(name)) return false;
  const qa = resolveQName(actual, a);
  const qe = resolveQName(expected, e);
  return qa !== undefined && qe !== undefined && qa.namespace === qe.namespace && qa.localName === qe.localName;
}

/** `soap:binding` or `soap12:binding`, whose `style="document"` (.NET 1.x writes it) is the default. */
function isSoapBinding(node: XmlNode): boolean {
  return (node.namespace === SOAP11_NS || node.namespace === SOAP12_NS) && node.localName === 'binding';
}

function pathOf(url: string): string {
  try {
    return new URL(url, 'http://localhost/').pathname;
  } catch {
    return url;
  }
}

/** `<s:element minOccurs="0" name="x">`, as written (the runtime's start tags keep prefixes of the generated text). */
function startTag(node: XmlNode): string {
  const attributes = [...node.attributes].map(([k, v]) => ` ${k}="${v}"`).join('');
  return `<${node.qualifiedName}${attributes}>`;
}

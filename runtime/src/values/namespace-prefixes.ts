/**
 * The namespace prefixes of the writer the ASMX runtime serializes with (XmlTextWriter), for the server's replies
 * and the client's requests alike:
 *
 * - An attribute in a namespace (a qualified attribute) takes the innermost prefix in scope bound to it; without
 *   one, the writer makes one up, `d{depth}p{n}`: the element's depth in its document (the SOAP envelope 1, its
 *   Body 2, a wrapped response 3, its result 4; an HTTP GET/POST document's root 1) and the count of prefixes made
 *   on that element (`d4p1`, `d4p2`).
 * - The prefixes made on an element are declared at the end of its start tag, the last made first, before its
 *   default namespace's declaration; they stay in scope for its content.
 * - An element in a namespace a prefix in scope is bound to is written with that prefix (`<d4p1:Label>`), and
 *   declares no default namespace, even where the default namespace is its own. A default namespace never counts
 *   as a prefix.
 * - An attribute of the XML namespace is written with its reserved prefix, `xml:lang`, declared nowhere.
 */
import { XML_NS, XSD_NS, XSI_NS } from '../soap/soap-constants.js';
import { escapeXmlAttr } from '../xml/xml-escape.js';

export interface PrefixBinding {
  readonly prefix: string;
  readonly namespace: string;
}

/** The prefixes in scope where an element is written, the innermost last. */
export type PrefixScope = readonly PrefixBinding[];

export const NO_PREFIXES: PrefixScope = [];

/** The depth of a SOAP header element, or of a bare message's part (a child of `soap:Header` or `soap:Body`). */
export const SOAP_PART_DEPTH = 3;

/** The depth of a message part's element: in the Body (bare), or in the request or response element (wrapped). */
export function partDepth(bare: boolean | undefined): number {
  return bare ? SOAP_PART_DEPTH : SOAP_PART_DEPTH + 1;
}

/** The innermost prefix in scope bound to `namespace` (and not bound again further in), if any. */
export function prefixOf(scope: PrefixScope, namespace: string): string | undefined {
  for (let i = scope.length - 1; i >= 0; i--) {
    const binding = scope[i]!;
    if (binding.namespace !== namespace) continue;
    if (!rebound(scope, binding.prefix, i)) return binding.prefix;
  }
  return undefined;
}

function rebound(scope: PrefixScope, prefix: string, at: number): boolean {
  for (let j = at + 1; j < scope.length; j++) if (scope[j]!.prefix === prefix) return true;
  return false;
}

/** The prefixes one element's attributes use: found in scope, or made and declared on the element. */
export class ElementPrefixes {
  private readonly made: PrefixBinding[] = [];

  private readonly scope: PrefixScope;
  private readonly depth: number;

  constructor(scope: PrefixScope, depth: number) {
    this.scope = scope;
    this.depth = depth;
  }

  /** The prefix of an attribute in `namespace`. */
  attributePrefix(namespace: string): string {
    if (namespace === XML_NS) return 'xml';
    const found = prefixOf(this.scope, namespace) ?? prefixOf(this.made, namespace);
    if (found !== undefined) return found;
    const prefix = `d${this.depth}p${this.made.length + 1}`;
    this.made.push({ prefix, namespace });
    return prefix;
  }

  /** The declarations of the prefixes made, the last made first, each with its leading space. */
  declarations(): string {
    let out = '';
    for (let i = this.made.length - 1; i >= 0; i--) {
      const { prefix, namespace } = this.made[i]!;
      out += ` xmlns:${prefix}="${escapeXmlAttr(namespace)}"`;
    }
    return out;
  }

  /** The prefixes in scope for the element's content. */
  inner(): PrefixScope {
    return this.made.length === 0 ? this.scope : [...this.scope, ...this.made];
  }
}

/**
 * XmlSerializer's declarations of `xsd` and `xsi` in an HTTP GET/POST reply document, and the `q{n}` prefixes it
 * makes there, as the runtime writes them (`ObjectIncludes.asmx`, test/interop/object-arrays-real-asmx.test.ts):
 *
 * - The first element the serializer opens itself (a class's, an array's, a nil one, raw XML's) declares
 *   `xmlns:xsd` then `xmlns:xsi`, first among its attributes, each unless a prefix in scope is bound to its
 *   namespace; no element after it declares them again. That is the root, but for the case below.
 * - An element whose start tag the serializer has XmlTextWriter write directly, a simple value's and an `object`'s
 *   included array, enum or simple value, declares neither. Where it is the root, its `xsi:type` comes before xsi
 *   is declared, so XmlTextWriter makes a prefix for it as for a qualified attribute (`d1p1`, above), in scope for
 *   the whole document: `<anyType d1p1:type="ArrayOfOiClient" xmlns:d1p1="…XMLSchema-instance" …>`, then
 *   `<OiClient xmlns:xsd="…XMLSchema" d1p1:nil="true" />` for a first item that is nil.
 * - A qualified name (`xsi:type`'s) in a namespace no prefix in scope is bound to takes the serializer's next
 *   `q{n}`, declared just before the attribute: `xmlns:q1="…XMLSchema" d1p1:type="q1:int"`, `q2` for the next.
 */
export class DocumentDeclarations {
  private pending = true;
  private made = 0;

  /**
   * What an element the serializer opens itself declares first (with its leading space; `''` once the declarations
   * are written), and the prefixes in scope for its attributes and content.
   */
  open(scope: PrefixScope): { readonly text: string; readonly scope: PrefixScope } {
    if (!this.pending) return { text: '', scope };
    this.pending = false;
    let text = '';
    let inner = scope;
    for (const binding of SCHEMA_PREFIXES) {
      if (prefixOf(inner, binding.namespace) !== undefined) continue;
      text += ` xmlns:${binding.prefix}="${binding.namespace}"`;
      inner = [...inner, binding];
    }
    return { text, scope: inner };
  }

  /** The prefix of a qualified name in `namespace`: bound in scope, else the next `q{n}` with its declaration. */
  qualifier(scope: PrefixScope, namespace: string): { readonly prefix: string; readonly declaration: string } {
    const bound = prefixOf(scope, namespace);
    if (bound !== undefined) return { prefix: bound, declaration: '' };
    const prefix = `q${++this.made}`;
    return { prefix, declaration: ` xmlns:${prefix}="${escapeXmlAttr(namespace)}"` };
  }
}

const SCHEMA_PREFIXES: readonly PrefixBinding[] = [
  { prefix: 'xsd', namespace: XSD_NS },
  { prefix: 'xsi', namespace: XSI_NS },
];

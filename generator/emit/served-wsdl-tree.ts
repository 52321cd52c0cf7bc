/**
 * The served WSDL as a tree of namespace-resolved elements, for the help page samples: a document asmxgen wrote
 * (or the kept original its reader accepted), so it is known to be well-formed and is read without checks or
 * positions, in one pass (a 2,000-operation WSDL is megabytes). Comments, processing instructions and CDATA are
 * skipped; text is not kept (the samples need none).
 */
import type { XmlNode } from '../wsdl-reader/xml-tree.js';

const XMLNS = 'http://www.w3.org/2000/xmlns/';
const MARKUP =
  /<(!--[\s\S]*?--|!\[CDATA\[[\s\S]*?\]\]|![^>]*|\?[\s\S]*?\?|\/?[^\s/>!?][^\s/>]*)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g;
const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

interface Building {
  readonly namespace: string;
  readonly localName: string;
  readonly qualifiedName: string;
  readonly attributes: Map<string, string>;
  readonly scope: ReadonlyMap<string, string>;
  readonly elements: Building[];
  readonly text: string;
  readonly offset: number;
}

/** The root element of `text`. */
export function servedWsdlTree(text: string): XmlNode {
  const root = new Map<string, string>([['xml', 'http://www.w3.org/XML/1998/namespace']]);
  const stack: Building[] = [];
  let top: Building | undefined;
  for (const match of text.matchAll(MARKUP)) {
    const name = match[1]!;
    const first = name.charCodeAt(0);
    if (first === 0x21 /* ! */ || first === 0x3f /* ? */) continue;
    if (first === 0x2f /* / */) {
      stack.pop();
      continue;
    }
    const parent = stack[stack.length - 1];
    let scope: Map<string, string> | ReadonlyMap<string, string> = parent?.scope ?? root;
    const attributes = new Map<string, string>();
    for (const [, attribute, double, single] of match[2]!.matchAll(ATTRIBUTE)) {
      const value = decode(double ?? single ?? '');
      if (attribute === 'xmlns' || attribute!.startsWith('xmlns:')) {
        if (scope === (parent?.scope ?? root)) scope = new Map(scope);
        (scope as Map<string, string>).set(attribute === 'xmlns' ? '' : attribute!.slice(6), value);
      } else attributes.set(attribute!, value);
    }
    const colon = name.indexOf(':');
    const prefix = colon === -1 ? '' : name.slice(0, colon);
    const node: Building = {
      namespace: prefix === 'xmlns' ? XMLNS : (scope.get(prefix) ?? ''),
      localName: name.slice(colon + 1),
      qualifiedName: name,
      attributes,
      scope,
      elements: [],
      text: '',
      offset: match.index,
    };
    if (parent) parent.elements.push(node);
    else top ??= node;
    if (match[3] !== '/') stack.push(node);
  }
  if (!top) throw new Error('asmxgen: the served WSDL has no root element');
  return top;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (all, ref: string) =>
    ref.startsWith('#x')
      ? String.fromCodePoint(parseInt(ref.slice(2), 16))
      : ref.startsWith('#')
        ? String.fromCodePoint(parseInt(ref.slice(1), 10))
        : (ENTITIES[ref] ?? all),
  );
}

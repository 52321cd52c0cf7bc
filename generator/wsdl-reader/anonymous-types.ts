/**
 * Anonymous classes (`[XmlType(AnonymousType = true)]`, which xsd.exe gives a schema's anonymous complex types):
 * the runtime writes such a class inline, as an `<s:complexType>` without a name in every element of it, and names
 * it nowhere but in the `ArrayOfX` of its arrays (whose items are named after the class by default) and the
 * top-level element of an HTTP result. Reading them back, inline complex types with the same content are one class,
 * named after the best evidence of its name: an array item's element, else (for a class whose content is only seen
 * in particles) the first element holding it.
 */
import { XSD_NS } from './wsdl-namespaces.js';
import { isElement, resolveQName, significant, type XmlNode } from './xml-tree.js';

/** Attributes whose values are QNames: compared by what they name, not by prefix. */
const QNAME_ATTRIBUTES = new Set(['type', 'base', 'ref']);

export interface AnonymousClass {
  /** The class's name (and XSD name, as `ArrayOf` names are made of it). */
  readonly name: string;
  /** The namespace of the schema it is written in. */
  readonly namespace: string;
  /** Its first inline `<s:complexType>`, read as the class. */
  readonly node: XmlNode;
}

/**
 * Finds the anonymous classes of `schemas`: every inline `<s:complexType>` of an element inside a type or an
 * operation's element, which `isBuiltin` does not recognize as a built-in's inline content (XML, DataSet).
 * `taken(namespace, name)` says whether a named type already has a name there.
 */
export function findAnonymousClasses(
  schemas: readonly XmlNode[],
  isBuiltin: (complexType: XmlNode) => boolean,
  taken: (namespace: string, name: string) => boolean,
): Map<XmlNode, AnonymousClass> {
  interface Candidate {
    readonly key: string;
    readonly namespace: string;
    readonly node: XmlNode;
    readonly name: string;
    /** 0: an array item's element (named after the class); 1: a top-level (HTTP result) element; 2: any other. */
    readonly rank: number;
    /** A top-level element: an operation's wrapper, or the HTTP result element of an anonymous class. */
    readonly top?: boolean;
  }
  const nested: Candidate[] = [];
  for (const schema of schemas) {
    const namespace = schema.attributes.get('targetNamespace') ?? '';
    /** `arrayType`: the `ArrayOfX` whose item `element` is. */
    const visit = (element: XmlNode, arrayType: string | undefined, top: boolean) => {
      const inline = significant(element);
      if (inline.length === 1 && isElement(inline[0]!, XSD_NS, 'complexType') && !isBuiltin(inline[0]!)) {
        const key = `${namespace}\u0000${canonical(inline[0]!)}`;
        const name = element.attributes.get('name') ?? '';
        if (arrayType !== undefined) {
          // `ArrayOf` + the class's name made Pascal-case, numbered when several item names share it; the items
          // are named after the class unless renamed.
          const stem = arrayType.slice('ArrayOf'.length).replace(/[0-9]+$/, '');
          nested.push({ key, namespace, node: inline[0]!, name: pascal(name) === stem ? name : stem, rank: 0 });
        } else if (top) {
          nested.push({ key, namespace, node: inline[0]!, name, rank: 1, top: true });
        } else {
          nested.push({ key, namespace, node: inline[0]!, name, rank: 2 });
        }
      }
      walk(element, undefined);
    };
    const walk = (node: XmlNode, arrayType: string | undefined) => {
      for (const child of significant(node)) {
        if (isElement(child, XSD_NS, 'element')) visit(child, arrayType, false);
        else walk(child, isElement(child, XSD_NS, 'sequence') ? arrayType : undefined);
      }
    };
    for (const child of significant(schema)) {
      if (isElement(child, XSD_NS, 'element')) visit(child, undefined, true);
      else if (isElement(child, XSD_NS, 'complexType')) {
        const name = child.attributes.get('name') ?? '';
        walk(child, name.startsWith('ArrayOf') ? name : undefined);
      }
    }
  }
  const classes = new Map<string, AnonymousClass>();
  const names = new Set<string>();
  const byKey = new Map<string, Candidate[]>();
  for (const c of nested) byKey.set(c.key, [...(byKey.get(c.key) ?? []), c]);
  for (const [key, candidates] of byKey) {
    // Only content some type's or operation's element holds is a class: a top-level element alone is a wrapper.
    const held = candidates.filter((c) => !c.top);
    if (held.length === 0) continue;
    const best = [...candidates].sort((a, b) => a.rank - b.rank)[0]!;
    const stem = pascal(best.name);
    let name = stem;
    for (let n = 1; taken(best.namespace, name) || names.has(`${best.namespace}\u0000${name}`); n++)
      name = `${stem}${n}`;
    names.add(`${best.namespace}\u0000${name}`);
    classes.set(key, { name, namespace: best.namespace, node: held[0]!.node });
  }
  const found = new Map<XmlNode, AnonymousClass>();
  for (const c of nested) {
    const anonymous = classes.get(c.key);
    if (anonymous) found.set(c.node, anonymous);
  }
  return found;
}

/** The content of a node as a string that ignores prefixes, attribute order and annotations. */
function canonical(node: XmlNode): string {
  const attributes = [...node.attributes]
    .map(([name, value]) => {
      if (!QNAME_ATTRIBUTES.has(name)) return `${name}=${value}`;
      const q = resolveQName(node, value);
      return `${name}={${q?.namespace ?? '?'}}${q?.localName ?? value}`;
    })
    .sort()
    .join(' ');
  return `<{${node.namespace}}${node.localName} ${attributes}>${significant(node).map(canonical).join('')}</>`;
}

/** A class name from an element name: its first letter upper-cased (`line` → `Line`). */
function pascal(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

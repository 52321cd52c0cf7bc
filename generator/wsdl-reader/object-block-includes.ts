/**
 * The `[XmlInclude]`s of a service that returns `object` and includes the types its methods return: read from where
 * the runtime wrote them (`read-wsdl.ts`'s last include arrangement).
 */
import type { RawDeclaration } from './read-schema.js';
import type { WsdlDocument } from './wsdl-document.js';
import type { XmlNode } from './xml-tree.js';

/**
 * `[XmlInclude]`s the runtime writes where an `object` is first written: the classes and `ArrayOfX` types of the
 * service's schema after that item up to the next top-level element, which it wrote from its type scope (classes
 * newest first, then arrays in the order reached). A service that returns `object` often includes every type its
 * methods return, some reached elsewhere too and arrays among them (`[XmlInclude(typeof(Client[]))]`), which the
 * unreached classes alone do not give. The reflection order that writes them so: the classes from the last
 * written, each as its array where the block has that array; `undefined` when the WSDL has no such block.
 */
export function objectBlockIncludes(
  doc: WsdlDocument,
  classes: readonly Extract<RawDeclaration, { kind: 'class' }>[],
  reached: readonly string[],
  membersOf: (c: Extract<RawDeclaration, { kind: 'class' }>) => ReadonlySet<string>,
): { xmlName: string; array: boolean }[] | undefined {
  const schema = doc.schemas.find((n) => n.attributes.get('targetNamespace') === doc.targetNamespace);
  if (schema === undefined) return undefined;
  const items = schema.elements;
  const untyped = (n: XmlNode): boolean =>
    n.elements.some(
      (e) =>
        (e.localName === 'element' &&
          !e.attributes.has('type') &&
          !e.attributes.has('ref') &&
          e.elements.length === 0) ||
        untyped(e),
    );
  const start = items.findIndex((n) => n.localName === 'element' && untyped(n));
  if (start === -1) return undefined;
  const blockNodes: XmlNode[] = [];
  for (let i = start + 1; i < items.length && items[i]!.localName.endsWith('Type'); i++) blockNodes.push(items[i]!);
  const byNode = new Map(classes.map((c) => [c.node, c]));
  const blockClasses = blockNodes.flatMap((n) => {
    const c = byNode.get(n);
    return c !== undefined && c.base === undefined && c.namespace === undefined ? [c] : [];
  });
  // Classes another block class reaches are written with it, not from the scope.
  const viaMembers = new Set(blockClasses.flatMap((c) => [...membersOf(c)].filter((n) => n !== c.xmlName)));
  const own = blockClasses.filter((c) => !viaMembers.has(c.xmlName));
  if (own.length === 0 || own.every((c) => reached.includes(c.xmlName))) return undefined;
  const arrays = new Set(
    blockNodes.flatMap((n) => {
      const name = n.attributes.get('name') ?? '';
      const sequence = n.elements.length === 1 && n.elements[0]!.localName === 'sequence' ? n.elements[0]! : undefined;
      const item = sequence?.elements.length === 1 ? sequence.elements[0]! : undefined;
      const type = item?.attributes.get('type');
      if (!name.startsWith('ArrayOf') || item?.attributes.get('maxOccurs') !== 'unbounded' || !type) return [];
      const local = type.slice(type.indexOf(':') + 1);
      return item.attributes.get('name') === local && name === `ArrayOf${local}` ? [local] : [];
    }),
  );
  return [...own].reverse().map((c) => ({ xmlName: c.xmlName, array: arrays.has(c.xmlName) }));
}

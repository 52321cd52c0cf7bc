/** An element of a WSDL document as the reader's tree holds it (`xml-tree.ts`, `written-xml-tree.ts`). */
export interface XmlNode {
  /** The resolved namespace URI; `''` for none. */
  readonly namespace: string;
  readonly localName: string;
  /** As written, prefix included. */
  readonly qualifiedName: string;
  /** Attributes other than namespace declarations, by qualified name, values decoded. */
  readonly attributes: ReadonlyMap<string, string>;
  /** Prefix → namespace in scope at this element; `''` is the default namespace. */
  readonly scope: ReadonlyMap<string, string>;
  /** Child elements, in document order. */
  readonly elements: readonly XmlNode[];
  /** The element's own character data (CDATA included), line ends normalized; child elements' text excluded. */
  readonly text: string;
  /** Offset of the `<` of the start tag. */
  readonly offset: number;
}

/** A QName resolved by the declarations in scope. */
export interface QName {
  readonly namespace: string;
  readonly localName: string;
}

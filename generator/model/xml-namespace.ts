/**
 * The XML namespace, bound to the reserved prefix `xml` (`xml:lang`, `xml:space`). An attribute in it
 * (`[XmlAttribute("lang", Namespace = "http://www.w3.org/XML/1998/namespace")]`) is the only member of that
 * namespace the runtime takes: its schema writes `<s:attribute ref="xml:lang" use="optional" />` and imports the
 * namespace without a schema of its own or a root `xmlns:` declaration, and the wire writes `xml:lang="…"`.
 */
export const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';

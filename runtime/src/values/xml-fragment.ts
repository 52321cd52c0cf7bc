/**
 * Raw XML (`XmlElement`, `XmlNode`, `[XmlAnyElement]`, DataSet, and the
 * untyped content of an `object`), kept as text: an `XmlFragment` is written
 * back as it was read, byte for byte as ASMX writes it (docs/types.md).
 *
 * The text is XML content (elements, text, comments, CDATA; none, one or
 * several nodes) that declares every prefix it uses. Read from the wire, it is
 * the source text with `<e/>` written `<e />` as .NET's writer does, and the
 * namespace declarations it inherited added to its elements.
 */
import { readXml, XmlReadError } from '../xml/xml-reader.js';

const TRUSTED = Symbol('trusted');

export class XmlFragment {
  private constructor(
    private readonly text: string,
    token: symbol,
  ) {
    if (token !== TRUSTED) throw new TypeError('Use XmlFragment.parse.');
  }

  /** Checks `text` is well-formed XML content declaring its prefixes; a `SyntaxError` when it is not. */
  static parse(text: string): XmlFragment {
    try {
      readXml(`<f>${text}</f>`);
    } catch (error) {
      if (error instanceof XmlReadError) throw new SyntaxError(`Not well-formed XML content: ${error.message}`);
      throw error;
    }
    return new XmlFragment(text, TRUSTED);
  }

  /** The empty fragment. */
  static readonly EMPTY: XmlFragment = new XmlFragment('', TRUSTED);

  /** For the runtime's reader: text it read from a checked document. */
  static fromCheckedText(text: string): XmlFragment {
    return text === '' ? XmlFragment.EMPTY : new XmlFragment(text, TRUSTED);
  }

  toString(): string {
    return this.text;
  }

  toJSON(): string {
    return this.text;
  }

  equals(other: XmlFragment): boolean {
    return this.text === other.text;
  }
}

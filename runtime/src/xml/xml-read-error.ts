/** A document that is not acceptable XML: malformed, a DTD, a forbidden character, too deep. */
export class XmlReadError extends Error {
  override readonly name = 'XmlReadError';
}

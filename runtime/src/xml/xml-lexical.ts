/**
 * The lexical rules fast-xml-parser leaves to us: the characters XML 1.0
 * allows, entity and character references (only the five predefined
 * entities; nothing declared is ever expanded), attribute-value
 * normalization, the XML declaration, and the refusal of every markup
 * declaration (`<!DOCTYPE`, `<!ENTITY`, ...).
 */
import { XmlReadError } from './xml-read-error.js';

// --- Characters and references -------------------------------------------------------------------------------------

const FORBIDDEN_CHARACTER = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
/**
 * The code units a forbidden character is made of (and those of every pair of surrogates): a text without any has
 * none, and this test, by code unit, is several times cheaper than the exact one by code point.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const MAYBE_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

/** A character XML 1.0 does not allow (control characters, U+FFFE/U+FFFF, lone surrogates). */
export function hasForbiddenCharacter(text: string): boolean {
  return MAYBE_FORBIDDEN.test(text) && FORBIDDEN_CHARACTER.test(text);
}

function isXmlChar(cp: number): boolean {
  return (
    cp === 0x9 ||
    cp === 0xa ||
    cp === 0xd ||
    (cp >= 0x20 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd) ||
    (cp >= 0x10000 && cp <= 0x10ffff)
  );
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' };
const REFERENCE = /&(?:#x([0-9A-Fa-f]+);|#([0-9]+);|(lt|gt|amp|apos|quot);)?/g;

/** Expands the five predefined entities and character references; anything else after `&` is an error. */
function decodeReferences(raw: string): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(
    REFERENCE,
    (_match, hex: string | undefined, dec: string | undefined, named: string | undefined) => {
      if (named !== undefined) return PREDEFINED[named]!;
      if (hex === undefined && dec === undefined) {
        throw new XmlReadError('Reference to an undeclared entity, or a stray "&".');
      }
      const cp = hex !== undefined ? Number.parseInt(hex, 16) : Number.parseInt(dec!, 10);
      if (!isXmlChar(cp)) throw new XmlReadError('A character reference names a character XML 1.0 does not allow.');
      return String.fromCodePoint(cp);
    },
  );
}

export function decodeText(raw: string): string {
  if (raw.includes(']]>')) throw new XmlReadError("']]>' is not allowed in character data.");
  return decodeReferences(raw);
}

/** Attribute-value normalization (literal whitespace becomes a space), then references. */
export function decodeAttribute(raw: string): string {
  if (raw.includes('<')) throw new XmlReadError("'<' is not allowed in an attribute value.");
  return decodeReferences(raw.replace(/[\t\n\r]/g, ' '));
}

// --- Prolog and markup declarations ----------------------------------------------------------------------------------

const XML_DECLARATION =
  /^<\?xml\s+version\s*=\s*(?:"1\.0"|'1\.0')(?:\s+encoding\s*=\s*(?:"[A-Za-z][\w.-]*"|'[A-Za-z][\w.-]*'))?(?:\s+standalone\s*=\s*(?:"(?:yes|no)"|'(?:yes|no)'))?\s*\?>/;

export function checkDeclaration(text: string): void {
  if (/^<\?xml[\s?]/.test(text) && !XML_DECLARATION.test(text)) {
    throw new XmlReadError('The XML declaration is malformed or names a version other than 1.0.');
  }
}

/** XML 1.0's `Name` production (a processing instruction's target must be one). */
const NAME_START =
  ':A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C\u200D\u2070-\u218F' +
  '\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\u{10000}-\u{EFFFF}';
// eslint-disable-next-line no-misleading-character-class -- XML's Name ranges, per code point: U+200C/D, U+0300-U+036F
const NAME = new RegExp(`^[${NAME_START}][${NAME_START}\\-.0-9\u00B7\u0300-\u036F\u203F\u2040]*$`, 'u');

/**
 * Refuses every markup declaration (`<!DOCTYPE`, `<!ENTITY`, ...) wherever it
 * is, skipping comments, CDATA sections and processing instructions; also a
 * CDATA section before the root element, and a processing instruction whose
 * target is not a name or is `xml` (in any case) anywhere but the XML
 * declaration at the start (fast-xml-parser lets these through).
 */
export function refuseMarkupDeclarations(text: string): void {
  let i = text.indexOf('<');
  let inProlog = true;
  while (i !== -1) {
    let next = i + 1;
    if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      if (end === -1) throw new XmlReadError('A comment is not closed.');
      const body = text.slice(i + 4, end);
      if (body.includes('--') || body.endsWith('-')) throw new XmlReadError("'--' is not allowed in a comment.");
      next = end + 3;
    } else if (text.startsWith('<![CDATA[', i)) {
      const end = text.indexOf(']]>', i + 9);
      if (end === -1) throw new XmlReadError('A CDATA section is not closed.');
      if (inProlog) throw new XmlReadError('A CDATA section is allowed only inside the root element.');
      next = end + 3;
    } else if (text.startsWith('<?', i)) {
      const end = text.indexOf('?>', i + 2);
      if (end === -1) throw new XmlReadError('A processing instruction is not closed.');
      const target = /^[^\t\n\r ]*/.exec(text.slice(i + 2, end))![0];
      if (!NAME.test(target) || (/^xml$/i.test(target) && !(i === 0 && target === 'xml'))) {
        throw new XmlReadError('A processing instruction needs a target name other than "xml".');
      }
      next = end + 2;
    } else if (text.charCodeAt(i + 1) === 0x21 /* ! */) {
      throw new XmlReadError('DTDs and markup declarations are prohibited.');
    } else {
      inProlog = false;
    }
    i = text.indexOf('<', next);
  }
}

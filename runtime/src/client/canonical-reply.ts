/**
 * The SOAP success reply as ASMX writes it, recognized by its text: an
 * ASMX service (and the generated server, which writes the same bytes with
 * `buildResponseEnvelope`) answers every successful call of an operation
 * with one envelope, the same but for the result's text. A reply that is
 * exactly that envelope, in UTF-8, whose result text holds no markup, no
 * CR, no character XML forbids and no reference but the four ASMX writes
 * (`&amp;`, `&lt;`, `&gt;`, `&#xD;`), is read without an XML parser: the
 * parser would read the same document to the same value. Any
 * other reply (another prefix, an attribute, whitespace, an entity, a fault,
 * another charset) is read by the parser, and checked as always.
 */
import { buildResponseEnvelope } from '../soap/soap-envelope.js';
import type { SoapVersion } from '../soap/soap-constants.js';
import type { OperationDescription } from '../service-description.js';
import { hasForbiddenCharacter } from '../xml/xml-lexical.js';
import type { ReceivedReply } from './received-reply.js';

/** What a reader found: the result's lexical value (`undefined` when the reply has none), or not the form. */
export type Recognized = { readonly lexical: string | undefined } | undefined;

export type CanonicalReplyReader = (reply: ReceivedReply) => Recognized;

// `ignoreBOM`: a byte order mark stays in the text (and the reply is then not the form); a U+FEFF that starts the
// result's text is text.
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
/** Text the parser would refuse, or read otherwise than as written: markup, CR (line ends are normalized), `]]>`. */
const NOT_VERBATIM = /[<\r]|]]>/;
/** A reference other than those ASMX writes in text. */
const OTHER_REFERENCE = /&(?!(?:amp|lt|gt|#xD);)/;
const REFERENCES = /&(?:amp|lt|gt|#xD);/g;
const REFERENCED: Readonly<Record<string, string>> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&#xD;': '\r' };
const ABSENT: Recognized = { lexical: undefined };
const EMPTY: Recognized = { lexical: '' };

export function canonicalReplyReader(
  version: SoapVersion,
  namespace: string,
  op: OperationDescription,
): CanonicalReplyReader {
  const withoutResult = buildResponseEnvelope(version, namespace, op.responseElement);
  if (!op.result) return (reply) => (textOf(reply) === withoutResult ? ABSENT : undefined);
  const { element } = op.result;
  const empty = buildResponseEnvelope(version, namespace, op.responseElement, { element, value: '' });
  const sample = buildResponseEnvelope(version, namespace, op.responseElement, { element, value: 'x' });
  const at = sample.indexOf(`<${element}>x</${element}>`);
  const prefix = sample.slice(0, at + element.length + 2);
  const suffix = sample.slice(at + element.length + 3);
  return (reply) => {
    const text = textOf(reply);
    if (text === undefined) return undefined;
    if (!text.startsWith(prefix) || !text.endsWith(suffix) || text.length < prefix.length + suffix.length) {
      return text === withoutResult ? ABSENT : text === empty ? EMPTY : undefined;
    }
    const value = text.slice(prefix.length, text.length - suffix.length);
    if (NOT_VERBATIM.test(value) || hasForbiddenCharacter(value)) return undefined;
    if (!value.includes('&')) return { lexical: value };
    if (OTHER_REFERENCE.test(value)) return undefined;
    return { lexical: value.replace(REFERENCES, (reference) => REFERENCED[reference]!) };
  };
}

/**
 * The body as text when it is UTF-8: its charset says so, or it names none (the XML is then UTF-8 unless it
 * starts with a byte order mark, which stays in the text). `undefined` for any other charset or invalid bytes.
 */
function textOf(reply: ReceivedReply): string | undefined {
  const { charset } = reply;
  if (charset !== undefined) {
    const label = charset.trim().toLowerCase();
    if (label !== 'utf-8' && label !== 'utf8') return undefined;
  }
  try {
    return decoder.decode(reply.bytes);
  } catch {
    return undefined;
  }
}

/**
 * The SOAP success reply as ASMX writes it, recognized by its bytes: an
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
import { buildResponseEnvelope } from '../soap-envelope.js';
import type { SoapVersion } from '../soap-constants.js';
import type { OperationDescription } from '../service-description.js';
import { hasForbiddenCharacter } from '../xml-lexical.js';
import type { ReceivedReply } from './received-reply.js';

/** What `recognize` found: the result's lexical value (`undefined` when the reply has none), or not the form. */
export type Recognized = { readonly lexical: string | undefined } | undefined;

export type CanonicalReplyReader = (reply: ReceivedReply) => Recognized;

const encoder = new TextEncoder();
// `ignoreBOM`: a U+FEFF that starts the result's text is text, not a byte order mark.
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
  const withoutResult = encoder.encode(buildResponseEnvelope(version, namespace, op.responseElement));
  if (!op.result) return (reply) => (utf8(reply) && equal(reply.bytes, withoutResult) ? ABSENT : undefined);
  const { element } = op.result;
  const empty = encoder.encode(buildResponseEnvelope(version, namespace, op.responseElement, { element, value: '' }));
  const marker = `<${element}>x</${element}>`;
  const sample = buildResponseEnvelope(version, namespace, op.responseElement, { element, value: 'x' });
  const at = sample.indexOf(marker);
  const prefix = encoder.encode(sample.slice(0, at + element.length + 2));
  const suffix = encoder.encode(sample.slice(at + element.length + 3));
  const minLength = prefix.byteLength + suffix.byteLength;
  return (reply) => {
    if (!utf8(reply)) return undefined;
    const { bytes } = reply;
    if (bytes.byteLength < minLength)
      return equal(bytes, withoutResult) ? ABSENT : equal(bytes, empty) ? EMPTY : undefined;
    if (!startsWith(bytes, prefix, 0) || !startsWith(bytes, suffix, bytes.byteLength - suffix.byteLength)) {
      return undefined;
    }
    let text: string;
    try {
      text = decoder.decode(bytes.subarray(prefix.byteLength, bytes.byteLength - suffix.byteLength));
    } catch {
      return undefined;
    }
    if (NOT_VERBATIM.test(text) || hasForbiddenCharacter(text)) return undefined;
    if (!text.includes('&')) return { lexical: text };
    if (OTHER_REFERENCE.test(text)) return undefined;
    return { lexical: text.replace(REFERENCES, (reference) => REFERENCED[reference]!) };
  };
}

/** A reply whose charset is UTF-8 (or that names none: the XML then must be UTF-8 or start with a BOM). */
function utf8(reply: ReceivedReply): boolean {
  const { charset } = reply;
  if (charset === undefined) return true;
  const label = charset.trim().toLowerCase();
  return label === 'utf-8' || label === 'utf8';
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  return a.byteLength === b.byteLength && startsWith(a, b, 0);
}

function startsWith(bytes: Uint8Array, part: Uint8Array, offset: number): boolean {
  if (offset < 0 || offset + part.byteLength > bytes.byteLength) return false;
  for (let i = 0; i < part.byteLength; i++) if (bytes[offset + i] !== part[i]) return false;
  return true;
}

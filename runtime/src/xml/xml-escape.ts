/**
 * XML escaping for text and attribute values, shared by the generator (WSDL,
 * disco), the server (replies, faults) and the client (envelopes). Carriage
 * returns are written as `&#xD;` so that they survive a parser's line-end
 * normalization: a string sent is the string received. Text never carries a
 * character XML 1.0 forbids (not even as a reference): each becomes U+FFFD,
 * so that a fault echoing a client's bytes stays well-formed (values are
 * checked before they get here).
 */
import { hasForbiddenCharacter } from './xml-lexical.js';

const TEXT_SPECIALS = /[&<>\r]/;
const FORBIDDEN_CHARACTERS = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const ATTR_SPECIALS = /[&<>"\r\n\t]/;

const TEXT_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#xD;' };
const ATTR_ENTITIES: Record<string, string> = {
  ...TEXT_ENTITIES,
  '"': '&quot;',
  '\n': '&#xA;',
  '\t': '&#x9;',
};

export function escapeXmlText(value: string): string {
  if (hasForbiddenCharacter(value)) value = value.replace(FORBIDDEN_CHARACTERS, '\uFFFD');
  return TEXT_SPECIALS.test(value) ? value.replace(/[&<>\r]/g, (c) => TEXT_ENTITIES[c]!) : value;
}

export function escapeXmlAttr(value: string): string {
  return ATTR_SPECIALS.test(value) ? value.replace(/[&<>"\r\n\t]/g, (c) => ATTR_ENTITIES[c]!) : value;
}

/**
 * XML escaping for text and attribute values, shared by the generator (WSDL,
 * disco), the server (replies, faults) and the client (envelopes). Carriage
 * returns are written as `&#xD;` so that they survive a parser's line-end
 * normalization: a string sent is the string received.
 */

const TEXT_SPECIALS = /[&<>\r]/;
const ATTR_SPECIALS = /[&<>"\r\n\t]/;

const TEXT_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#xD;' };
const ATTR_ENTITIES: Record<string, string> = {
  ...TEXT_ENTITIES,
  '"': '&quot;',
  '\n': '&#xA;',
  '\t': '&#x9;',
};

export function escapeXmlText(value: string): string {
  return TEXT_SPECIALS.test(value) ? value.replace(/[&<>\r]/g, (c) => TEXT_ENTITIES[c]!) : value;
}

export function escapeXmlAttr(value: string): string {
  return ATTR_SPECIALS.test(value) ? value.replace(/[&<>"\r\n\t]/g, (c) => ATTR_ENTITIES[c]!) : value;
}

/**
 * `Content-Type` header values, parsed by WHATWG's "parse a MIME type"
 * algorithm (what `node:util`'s MIMEType implements, written out here so the
 * client runs in browsers too): the media type in lower case and the
 * parameters SOAP uses.
 */

export interface ContentType {
  /** Type and subtype, lower case: `text/xml`. */
  readonly mediaType: string;
  readonly charset: string | undefined;
  /** SOAP 1.2's `action` parameter, unquoted. */
  readonly action: string | undefined;
}

const HTTP_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;
const TRAILING_WHITESPACE = /[\t\n\r ]+$/;
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const QUOTED_STRING_TOKEN = /^[\t\u0020-\u007E\u0080-\u00FF]*$/;

/** Values parsed lately: a client sends the same one with every request. Bounded; results are frozen. */
const recent = new Map<string, ContentType | undefined>();
const RECENT_LIMIT = 64;

/** `undefined` for a missing or unparsable value. */
export function parseContentType(header: string | undefined): ContentType | undefined {
  if (header === undefined) return undefined;
  if (recent.has(header)) return recent.get(header);
  const parsed = parse(header);
  if (recent.size >= RECENT_LIMIT) recent.delete(recent.keys().next().value!);
  recent.set(header, parsed && Object.freeze(parsed));
  return parsed;
}

function parse(header: string): ContentType | undefined {
  const input = header.replace(HTTP_WHITESPACE, '');
  const slash = input.indexOf('/');
  if (slash === -1) return undefined;
  const type = input.slice(0, slash);
  let position = input.indexOf(';', slash);
  if (position === -1) position = input.length;
  const subtype = input.slice(slash + 1, position).replace(TRAILING_WHITESPACE, '');
  if (!TOKEN.test(type) || !TOKEN.test(subtype)) return undefined;
  const params = new Map<string, string>();
  while (position < input.length) {
    position++; // the ';'
    while (/[\t\n\r ]/.test(input.charAt(position))) position++;
    let end = position;
    while (end < input.length && input[end] !== ';' && input[end] !== '=') end++;
    const name = input.slice(position, end).toLowerCase();
    position = end;
    if (input[position] === ';') continue;
    position++; // the '='
    if (position >= input.length) break;
    let value: string;
    if (input[position] === '"') {
      [value, position] = quotedString(input, position);
      while (position < input.length && input[position] !== ';') position++;
    } else {
      end = input.indexOf(';', position);
      if (end === -1) end = input.length;
      value = input.slice(position, end).replace(TRAILING_WHITESPACE, '');
      position = end;
      if (value === '') continue;
    }
    if (name !== '' && TOKEN.test(name) && QUOTED_STRING_TOKEN.test(value) && !params.has(name)) {
      params.set(name, value);
    }
  }
  return {
    mediaType: `${type}/${subtype}`.toLowerCase(),
    charset: params.get('charset'),
    action: params.get('action'),
  };
}

/** An HTTP quoted string starting at `start` (a `"`), unescaped; and the position after it. */
function quotedString(input: string, start: number): [string, number] {
  let value = '';
  let position = start + 1;
  while (position < input.length) {
    const char = input[position]!;
    position++;
    if (char === '"') break;
    if (char === '\\') {
      if (position >= input.length) return [`${value}\\`, position];
      value += input[position];
      position++;
    } else {
      value += char;
    }
  }
  return [value, position];
}

/**
 * `--redact`: the values of the named elements (in XML bodies: SOAP requests and replies) and parameters (in a
 * query or a form body) replaced by `REDACTED` in what the proxy writes, and nothing else changed: the rest of
 * the text stays as it was sent. Names match ignoring case, elements by their local name. A value that is JSON
 * text (an object or an array: services of this kind often carry their data as a JSON string) has the values
 * of its named members replaced too, at any depth.
 */
export const REDACTED = 'REDACTED';

export class Redaction {
  private readonly names: ReadonlySet<string>;

  constructor(names: readonly string[]) {
    this.names = new Set(names.map((name) => name.toLowerCase()));
  }

  get active(): boolean {
    return this.names.size > 0;
  }

  matches(name: string): boolean {
    return this.names.has(name.toLowerCase());
  }

  /** A query or form body (`a=1&password=x`): the named parameters' values replaced. */
  form(text: string): string {
    if (!this.active || text === '') return text;
    return text
      .split('&')
      .map((pair) => {
        const equals = pair.indexOf('=');
        const name = equals === -1 ? pair : pair.slice(0, equals);
        if (this.matches(decodeFormName(name))) return `${name}=${REDACTED}`;
        const value = equals === -1 ? undefined : decodeFormValue(pair.slice(equals + 1));
        const redacted = value === undefined ? undefined : this.jsonMembers(value);
        return redacted === undefined ? pair : `${name}=${encodeURIComponent(redacted)}`;
      })
      .join('&');
  }

  /** A URL: the named parameters of its query replaced. */
  url(url: string): string {
    const mark = url.indexOf('?');
    if (!this.active || mark === -1) return url;
    const hash = url.indexOf('#', mark);
    const end = hash === -1 ? url.length : hash;
    return `${url.slice(0, mark + 1)}${this.form(url.slice(mark + 1, end))}${url.slice(end)}`;
  }

  /**
   * An XML document: the content of each element with a named local name (text, or everything inside a
   * complex one) replaced. Text that is not well-formed enough to scan is left as it is up to where the scan
   * stopped, and the rest of an open named element is replaced.
   */
  xml(text: string): string {
    if (!this.active) return text;
    return redactXml(
      text,
      (localName) => this.matches(localName),
      (value) => this.jsonMembers(value),
    );
  }

  /** Text that is JSON: the named members' values replaced; any other text as it is. */
  json(text: string): string {
    return (this.active && this.jsonMembers(text)) || text;
  }

  /** JSON text (an object or an array) with a named member, that member's value replaced; else `undefined`. */
  private jsonMembers(text: string): string | undefined {
    if (!/^\s*[[{]/.test(text)) return undefined;
    try {
      JSON.parse(text);
    } catch {
      return undefined;
    }
    return redactJson(text, (name) => this.matches(name));
  }
}

/** `--redact a,b --redact c` → `[a, b, c]`. */
export function redactNames(values: readonly string[]): string[] {
  return values
    .flatMap((value) => value.split(','))
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

function decodeFormName(name: string): string {
  return decodeFormValue(name) ?? name;
}

function decodeFormValue(value: string): string | undefined {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/**
 * Valid JSON text with the value of every member whose name is `named` replaced by `"REDACTED"`, the rest as it
 * was (spacing included); `undefined` when no member is named.
 */
function redactJson(text: string, named: (name: string) => boolean): string | undefined {
  let out = '';
  let copied = 0;
  let at = 0;
  const space = () => {
    while (' \t\n\r'.includes(text[at]!)) at++;
  };
  const string = (): string => {
    const start = at++;
    while (text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
    return JSON.parse(text.slice(start, ++at)) as string;
  };
  const value = (): void => {
    space();
    const open = text[at];
    if (open === '"') return void string();
    if (open !== '{' && open !== '[') {
      at += /^[^,\]}\s]+/.exec(text.slice(at))![0].length; // a number or a literal: the text is valid JSON
      return;
    }
    const close = open === '{' ? '}' : ']';
    at++;
    space();
    if (text[at] === close) return void at++;
    for (;;) {
      let redact = false;
      if (open === '{') {
        space();
        redact = named(string());
        space();
        at++; // the colon
        space();
      }
      const start = at;
      value();
      if (redact) {
        out += `${text.slice(copied, start)}"${REDACTED}"`;
        copied = at;
      }
      space();
      if (text[at++] === close) return;
    }
  };
  value();
  return copied === 0 ? undefined : out + text.slice(copied);
}

const XML_ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Character data as text: the five entities and character references decoded. */
function decodeXmlText(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|lt|gt|amp|quot|apos);/g, (_, ref: string) =>
    ref[0] === '#'
      ? String.fromCodePoint(ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10))
      : XML_ENTITIES[ref]!,
  );
}

/** Text as character data, escaped as XmlSerializer escapes element text. */
function escapeXmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function redactXml(
  text: string,
  named: (localName: string) => boolean,
  jsonMembers: (value: string) => string | undefined,
): string {
  let out = '';
  let copied = 0;
  let depth = 0;
  /** Where the content of the outermost open named element starts, if one is open. */
  let redactFrom = -1;
  let redactDepth = -1;
  let at = 0;
  while (at < text.length) {
    const lt = text.indexOf('<', at);
    if (lt === -1) break;
    if (redactFrom === -1 && lt > at && /[[{]/.test(text.slice(at, lt))) {
      // Character data that may be JSON text: its named members' values.
      const redacted = jsonMembers(decodeXmlText(text.slice(at, lt)));
      if (redacted !== undefined) {
        out += text.slice(copied, at) + escapeXmlText(redacted);
        copied = lt;
      }
    }
    if (text.startsWith('<!--', lt)) {
      at = skipPast(text, lt, '-->');
    } else if (text.startsWith('<![CDATA[', lt)) {
      at = skipPast(text, lt, ']]>');
    } else if (text.startsWith('<?', lt)) {
      at = skipPast(text, lt, '?>');
    } else if (text.startsWith('<!', lt)) {
      at = skipPast(text, lt, '>');
    } else if (text[lt + 1] === '/') {
      const gt = text.indexOf('>', lt);
      if (gt === -1) break;
      depth--;
      if (redactFrom !== -1 && depth === redactDepth) {
        out += text.slice(copied, redactFrom) + REDACTED;
        copied = lt;
        redactFrom = -1;
      }
      at = gt + 1;
    } else {
      const end = tagEnd(text, lt);
      if (end === -1) break;
      const selfClosing = text[end - 1] === '/';
      const name = /^<([^\s/>]+)/.exec(text.slice(lt, end + 1))?.[1] ?? '';
      const localName = name.slice(name.indexOf(':') + 1);
      if (!selfClosing) {
        if (redactFrom === -1 && named(localName)) {
          redactFrom = end + 1;
          redactDepth = depth;
        }
        depth++;
      }
      at = end + 1;
    }
  }
  if (redactFrom !== -1) return out + text.slice(copied, redactFrom) + REDACTED;
  return out + text.slice(copied);
}

/** The index just past `close` after `from`, or the end of the text. */
function skipPast(text: string, from: number, close: string): number {
  const at = text.indexOf(close, from);
  return at === -1 ? text.length : at + close.length;
}

/** The `>` closing the start tag at `lt`, skipping quoted attribute values; -1 when there is none. */
function tagEnd(text: string, lt: number): number {
  let quote = '';
  for (let i = lt + 1; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '>') {
      return i;
    }
  }
  return -1;
}

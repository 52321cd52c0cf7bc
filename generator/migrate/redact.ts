/**
 * `--redact`: the values of the named elements (in XML bodies: SOAP requests and replies) and parameters (in a
 * query or a form body) replaced by `REDACTED` in what the proxy writes, and nothing else changed: the rest of
 * the text stays as it was sent. Names match ignoring case, elements by their local name.
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
        return this.matches(decodeFormName(name)) ? `${name}=${REDACTED}` : pair;
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
    return redactXml(text, (localName) => this.matches(localName));
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
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

function redactXml(text: string, named: (localName: string) => boolean): string {
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

/**
 * The XML writer the ASMX help pages write their sample messages with (`XmlTextWriter`, indented by two spaces):
 * a namespace declaration for an element goes after its attributes, an attribute in an undeclared namespace gets a
 * generated `dN pM` prefix declared right after it, an empty element ends ` />`, and once text is written in an
 * element, nothing inside it is indented any more (mixed content). Placeholders (`string`, `int`, enum values) are
 * kept apart from the markup, so the page can show them as placeholders.
 */
import { escapeXmlAttr, escapeXmlText } from '@asmxgen/runtime/xml';

/** The written sample: markup (XML text as written) and placeholders, in order. */
export type SamplePiece = string | { readonly placeholder: string };

interface Frame {
  readonly prefix: string;
  readonly localName: string;
  /**
   * Declarations in scope from this element on: prefix (`''` for the default namespace) → namespace; made with the
   * first (most elements declare nothing).
   */
  declarations: Map<string, string> | undefined;
  mixed: boolean;
  /** Nothing but attributes written yet: the start tag is still open. */
  open: boolean;
  prefixCount: number;
  /** The namespace this element's own name declares (`''`: the default one), written when its start tag closes. */
  pending: { readonly prefix: string; readonly namespace: string } | undefined;
}

/** An attribute value: text and placeholders. */
export type AttributeValue = readonly SamplePiece[];

export class SampleXmlWriter {
  private readonly pieces: SamplePiece[] = [];
  private readonly stack: Frame[] = [];
  private started = false;

  /** `<?xml version="1.0" encoding="utf-8"?>`. */
  startDocument(): void {
    this.pieces.push('<?xml version="1.0" encoding="utf-8"?>');
    this.started = true;
  }

  /** Writes a literal line (an `<?xml version="1.0"?>` of an HTTP sample without a schema). */
  raw(text: string): void {
    this.pieces.push(text);
    this.started = true;
  }

  /** A start tag; `prefix` given (the envelope's) declares it, otherwise the namespace's prefix in scope is used. */
  startElement(localName: string, namespace: string, prefix?: string): void {
    const parent = this.top();
    if (parent) this.closeStartTag(parent);
    this.indent(false);
    let chosen = prefix;
    let declarations: Map<string, string> | undefined;
    let pending: Frame['pending'];
    if (chosen === undefined) {
      const found = this.prefixOf(namespace);
      if (found !== undefined) chosen = found;
      else chosen = '';
    }
    if (this.lookup(chosen) !== namespace) {
      pending = { prefix: chosen, namespace };
      declarations = new Map([[chosen, namespace]]);
    }
    const frame: Frame = {
      prefix: chosen,
      localName,
      declarations,
      mixed: parent?.mixed ?? false,
      open: true,
      prefixCount: 0,
      pending,
    };
    this.stack.push(frame);
    this.pieces.push(`<${chosen ? `${chosen}:` : ''}${localName}`);
  }

  /** An attribute; in a namespace, by its prefix in scope or a generated one declared after it. */
  attribute(localName: string, namespace: string, value: AttributeValue): void {
    let prefix = '';
    let generated = false;
    if (namespace !== '') {
      const found = this.prefixOf(namespace, true);
      if (found !== undefined) prefix = found;
      else {
        const frame = this.top()!;
        frame.prefixCount += 1;
        prefix = `d${this.stack.length}p${frame.prefixCount}`;
        generated = true;
      }
    }
    this.pieces.push(` ${prefix ? `${prefix}:` : ''}${localName}="`);
    for (const piece of value) this.pieces.push(typeof piece === 'string' ? escapeXmlAttr(piece) : piece);
    this.pieces.push('"');
    if (generated) this.declare(prefix, namespace);
  }

  /** `xmlns:prefix="namespace"` unless the prefix already names it; the prefix in scope for it otherwise. */
  defineNamespace(prefix: string, namespace: string): string | undefined {
    if (namespace === '') return undefined;
    const existing = this.prefixOf(namespace, true);
    if (existing !== undefined) return existing;
    this.declare(prefix, namespace);
    return prefix;
  }

  /** Text content: markup and placeholders. It makes the element's content mixed. */
  text(value: AttributeValue): void {
    const frame = this.top();
    if (frame) {
      this.closeStartTag(frame);
      frame.mixed = true;
    }
    for (const piece of value) this.pieces.push(typeof piece === 'string' ? escapeXmlText(piece) : piece);
  }

  endElement(): void {
    const frame = this.stack[this.stack.length - 1]!;
    if (frame.open) {
      this.writePendingDeclaration(frame);
      this.pieces.push(' />');
      this.stack.pop();
      return;
    }
    this.indent(true);
    this.pieces.push(`</${frame.prefix ? `${frame.prefix}:` : ''}${frame.localName}>`);
    this.stack.pop();
  }

  /** Everything written, ends of open elements included. */
  finish(): SamplePiece[] {
    while (this.stack.length > 0) this.endElement();
    return this.pieces;
  }

  private top(): Frame | undefined {
    return this.stack[this.stack.length - 1];
  }

  private declare(prefix: string, namespace: string): void {
    const frame = this.top()!;
    (frame.declarations ??= new Map()).set(prefix, namespace);
    this.pieces.push(` xmlns:${prefix}="${escapeXmlAttr(namespace)}"`);
  }

  private writePendingDeclaration(frame: Frame): void {
    const pending = frame.pending;
    if (pending === undefined) return;
    const name = pending.prefix ? `xmlns:${pending.prefix}` : 'xmlns';
    this.pieces.push(` ${name}="${escapeXmlAttr(pending.namespace)}"`);
    frame.pending = undefined;
  }

  private closeStartTag(frame: Frame): void {
    if (!frame.open) return;
    this.writePendingDeclaration(frame);
    this.pieces.push('>');
    frame.open = false;
  }

  /** A line end and two spaces per level, unless the enclosing content is mixed (or nothing is written yet). */
  private indent(beforeEnd: boolean): void {
    if (!this.started) {
      this.started = true;
      return;
    }
    const enclosing = this.top();
    if (enclosing?.mixed) return;
    this.pieces.push(`\n${'  '.repeat(beforeEnd ? this.stack.length - 1 : this.stack.length)}`);
  }

  /** The namespace a prefix names in scope. */
  private lookup(prefix: string): string | undefined {
    for (let i = this.stack.length - 1; i >= 0; i--) {
      const namespace = this.stack[i]!.declarations?.get(prefix);
      if (namespace !== undefined) return namespace;
    }
    return prefix === '' ? '' : undefined;
  }

  /** The innermost prefix naming `namespace` and not redeclared further in; `''` for the default namespace. */
  private prefixOf(namespace: string, forAttribute = false): string | undefined {
    for (let i = this.stack.length - 1; i >= 0; i--) {
      const declarations = this.stack[i]!.declarations;
      if (declarations === undefined) continue;
      for (const [prefix, declared] of declarations) {
        if (declared !== namespace) continue;
        if (forAttribute && prefix === '') continue;
        if (this.lookup(prefix) === namespace) return prefix;
      }
    }
    if (!forAttribute && namespace === '' && this.lookup('') === '') return '';
    return undefined;
  }
}

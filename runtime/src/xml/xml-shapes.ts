/**
 * Remembered document shapes: reading a message that differs from one read
 * before only in the text of its leaf elements, without parsing it again.
 *
 * A client sends the same envelope for every call of an operation; only the
 * parameter values change. Once `readXml` has parsed and checked such a
 * document in full, its shape is kept: the document cut at the text of each
 * element that holds only text (a slot), into literal pieces. A later
 * document made of exactly those pieces, with slot texts that are valid
 * character data, is well-formed with the same elements, attributes and
 * namespaces (putting valid character data in place of character data
 * changes nothing else), so its tree is the remembered one with the new
 * texts and the offsets after each slot moved. A slot text is valid when it
 * has no `<` (the next piece must start at the first one), no character XML
 * does not allow, no `]]>` and no reference other than the predefined
 * entities and character references; one that is not, or any other
 * difference, and the document is read in full.
 *
 * Only documents that passed every check are learned, so no request can
 * teach a shape that lets a malformed document through. The number of
 * shapes and the size of a learned document are bounded.
 */
import { LineIndex } from './line-index.js';
import { Element, type XmlElement } from './xml-element.js';
import { decodeText, hasForbiddenCharacter } from './xml-lexical.js';

const DEFAULT_CAPACITY = 16;
/** Larger documents are not learned (their pieces would be kept in memory). */
const MAX_LEARNED_LENGTH = 16 * 1024;

interface Slot {
  /** Where the raw text starts and ends in the learned document. */
  readonly start: number;
  readonly end: number;
}

/** A shape learned: what a caller may know of it (the tree it was learned from, and which elements are slots). */
export interface KnownShape {
  /** The tree of the document the shape was learned from. */
  readonly root: XmlElement;
  /** The slot `element` (of `root`) holds as its only child, if any. */
  slotOf(element: XmlElement): number | undefined;
}

/** A document of a known shape: the shape, and its slots' texts. */
export interface ShapeMatch {
  readonly shape: KnownShape;
  /** Each slot's text, decoded (line ends normalized, references replaced). */
  readonly texts: readonly string[];
}

class Shape implements KnownShape {
  constructor(
    /** `pieces.length === slots.length + 1`: the document is pieces[0] slot[0] pieces[1] … pieces[n]. */
    readonly pieces: readonly string[],
    readonly slots: readonly Slot[],
    readonly root: Element,
    /** The elements whose only child is a slot's text, by slot. */
    readonly owners: ReadonlyMap<XmlElement, number>,
  ) {}

  slotOf(element: XmlElement): number | undefined {
    return this.owners.get(element);
  }
}

class Found implements ShapeMatch {
  constructor(
    readonly shape: Shape,
    readonly texts: readonly string[],
    /** How much longer each slot's raw text is than the learned one's. */
    readonly growth: readonly number[],
  ) {}
}

export class XmlShapes {
  private readonly shapes: Shape[] = [];

  constructor(private readonly capacity = DEFAULT_CAPACITY) {}

  /** The tree of `text` when it has a known shape and valid slot texts; `undefined` otherwise. */
  match(text: string): XmlElement | undefined {
    const found = this.find(text);
    return found === undefined ? undefined : this.tree(found, text);
  }

  /**
   * The shape of `text` and its slots' texts, when it has a known shape and valid slot texts (`undefined`
   * otherwise): what `match` finds, without building the tree.
   */
  find(text: string): ShapeMatch | undefined {
    for (let i = 0; i < this.shapes.length; i++) {
      const shape = this.shapes[i]!;
      if (!startsAt(text, shape.pieces[0]!, 0)) continue;
      const found = readSlots(shape, text);
      if (found === undefined) continue;
      if (i > 0) [this.shapes[i - 1], this.shapes[i]] = [shape, this.shapes[i - 1]!];
      return found;
    }
    return undefined;
  }

  /** The tree of `text`, which `find` found of a known shape. */
  tree(found: ShapeMatch, text: string): XmlElement {
    const { shape } = found as Found;
    return copyElement(shape.root, shape, found as Found, new LineIndex(text));
  }

  /** Keeps the shape of `text`, which `readXml` read in full as `root`. */
  learn(text: string, root: XmlElement): void {
    if (text.length > MAX_LEARNED_LENGTH || !(root instanceof Element)) return;
    const shape = shapeOf(text, root);
    if (shape === undefined) return;
    if (this.shapes.length >= this.capacity) this.shapes.pop();
    this.shapes.unshift(shape);
  }
}

/**
 * Whether `text` has `piece` at `at`. `String.prototype.startsWith` compares a few hundred characters several times
 * slower than a substring's equality (V8 11), and a remembered shape's first piece is a few hundred characters.
 */
function startsAt(text: string, piece: string, at: number): boolean {
  return text.substring(at, at + piece.length) === piece;
}

/** The slots of `text` in `shape`; `undefined` when it is not of that shape or a slot is not valid text. */
function readSlots(shape: Shape, text: string): Found | undefined {
  const { pieces, slots } = shape;
  const texts: string[] = [];
  const growth: number[] = [];
  let at = pieces[0]!.length;
  for (let i = 1; i < pieces.length; i++) {
    const lt = text.indexOf('<', at);
    if (lt === -1 || !startsAt(text, pieces[i]!, lt)) return undefined;
    const decoded = decodeSlot(text.slice(at, lt));
    if (decoded === undefined) return undefined;
    texts.push(decoded);
    growth.push(lt - at - (slots[i - 1]!.end - slots[i - 1]!.start));
    at = lt + pieces[i]!.length;
  }
  return at === text.length ? new Found(shape, texts, growth) : undefined;
}

/** A slot's raw text as character data, line ends normalized; `undefined` when it is not valid. */
function decodeSlot(raw: string): string | undefined {
  if (hasForbiddenCharacter(raw)) return undefined;
  try {
    return decodeText(raw.includes('\r') ? raw.replace(/\r\n?/g, '\n') : raw);
  } catch {
    return undefined;
  }
}

/** `element` of the learned tree with the new slot texts, its offset moved by the growth of the slots before it. */
function copyElement(element: Element, shape: Shape, reading: Found, lines: LineIndex): Element {
  const slot = shape.owners.get(element);
  let children: (XmlElement | string)[];
  if (slot !== undefined) {
    const text = reading.texts[slot]!;
    children = text === '' ? [] : [text];
  } else {
    children = [];
    for (const child of element.children) {
      children.push(typeof child === 'string' ? child : copyElement(child as Element, shape, reading, lines));
    }
  }
  // No element starts or ends inside a slot.
  let shift = 0;
  let k = 0;
  for (; k < shape.slots.length && shape.slots[k]!.start < element.offset; k++) shift += reading.growth[k]!;
  let endShift = shift;
  for (; k < shape.slots.length && shape.slots[k]!.start < element.end; k++) endShift += reading.growth[k]!;
  return new Element(
    element.namespace,
    element.localName,
    element.qualifiedName,
    element.attributes,
    children,
    element.offset + shift,
    lines,
    element.end + endShift,
    element.scope,
  );
}

/** The shape of a document read in full; `undefined` when its offsets are not what this module expects. */
function shapeOf(text: string, root: Element): Shape | undefined {
  const slots: Slot[] = [];
  const owners = new Map<XmlElement, number>();
  const visit = (element: Element): boolean => {
    if (text.charCodeAt(element.offset) !== 0x3c || !text.startsWith(element.qualifiedName, element.offset + 1)) {
      return false;
    }
    if (element.children.every((child) => typeof child === 'string')) {
      const slot = leafSlot(text, element);
      if (slot !== undefined) {
        owners.set(element, slots.length);
        slots.push(slot);
      }
      return true;
    }
    return element.children.every((child) => typeof child === 'string' || visit(child as Element));
  };
  if (!visit(root)) return undefined;
  const pieces: string[] = [];
  let at = 0;
  for (const slot of slots) {
    pieces.push(text.slice(at, slot.start));
    at = slot.end;
  }
  pieces.push(text.slice(at));
  return new Shape(pieces, slots, root, owners);
}

/**
 * The text of `<name …>text</name>` as a slot: written as plain character
 * data (no CDATA, comment or PI) that reads as the element's text.
 */
function leafSlot(text: string, element: Element): Slot | undefined {
  let i = element.offset + 1 + element.qualifiedName.length;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 || c === 0x27) i = text.indexOf(String.fromCharCode(c), i + 1);
    else if (c === 0x3e) break;
    if (i === -1) return undefined;
  }
  if (i >= text.length || text.charCodeAt(i - 1) === 0x2f /* "/>" */) return undefined;
  const start = i + 1;
  const end = text.indexOf('<', start);
  if (end === -1 || !text.startsWith(`</${element.qualifiedName}`, end)) return undefined;
  const after = text.charCodeAt(end + 2 + element.qualifiedName.length);
  if (!(after === 0x3e || after === 0x20 || after === 0x09 || after === 0x0a || after === 0x0d)) return undefined;
  const expected = element.children.length === 0 ? '' : (element.children[0] as string);
  if (element.children.length > 1 || decodeSlot(text.slice(start, end)) !== expected) return undefined;
  return { start, end };
}

/**
 * SOAP section 5 encoding (rpc/encoded, document/encoded), as the ASMX runtime writes and reads it: the one
 * module server and client share for encoded operations.
 *
 * - SOAP 1.1: the body says `soap:encodingStyle`; the wrapper (`types:{Op}Response`; `tns:` in the service
 *   namespace, else `q1:`) holds the parameters or the result, unqualified, each simple value with its
 *   `xsi:type`; a class or an array is a reference
 *   (`href="#id1"`) to an element after the wrapper (`types:Crate id="id1" xsi:type="types:Crate"`,
 *   `soapenc:Array id="id1" soapenc:arrayType="xsd:int[3]"` of `Item`s), written in the order first referred
 *   to. A null reference is left out.
 * - SOAP 1.2: no multi-references: classes and arrays are written in place with `soapenc:id`, arrays with
 *   `soapenc:itemType` and `soapenc:arraySize`; an rpc reply names its result first (`rpc:result`).
 * - Reading takes either form: `href`/`id` (1.1) and `soapenc:ref`/`soapenc:id` (1.2) are resolved, `xsi:nil`
 *   is null, an item element may have any name.
 */
import type { EncodedDescription, OperationDescription } from '../service-description.js';
import type { ValueType } from '../xsd/type-description.js';
import { XSD_NS, XSI_NS } from './soap-constants.js';
import { escapeXmlAttr, escapeXmlText } from '../xml/xml-escape.js';
import { childElements, textContent, type XmlElement } from '../xml/xml-reader.js';
import { defaultTextValue, formatText, isTextType, parseText } from '../values/simple-values.js';
import { isValueType, type TypeTable } from '../values/value-kinds.js';
import { LexicalValueError, MalformedValueError, ValueReadError } from '../values/value-errors.js';

export const SOAP11_ENCODING_NS = 'http://schemas.xmlsoap.org/soap/encoding/';
export const SOAP12_ENCODING_NS = 'http://www.w3.org/2003/05/soap-encoding';
const SOAP12_RPC_NS = 'http://www.w3.org/2003/05/soap-rpc';
const ENVELOPE_NS = {
  '1.1': 'http://schemas.xmlsoap.org/soap/envelope/',
  '1.2': 'http://www.w3.org/2003/05/soap-envelope',
} as const;

type Version = '1.1' | '1.2';

/** What the writer needs besides the values: the operation and the service's types. */
export interface EncodedSite {
  readonly types: TypeTable;
  readonly namespace: string;
  readonly op: OperationDescription;
  readonly encoded: EncodedDescription;
}

/** The whole reply envelope of an encoded operation (`value` is the handler's result; ignored when void). */
export function writeEncodedReply(site: EncodedSite, version: Version, value: unknown): string {
  const { op, encoded } = site;
  const writer = new EncodedWriter(site.types, version);
  // The response wrapper takes the prefix the envelope declares for its namespace: `types:` for the encoded types'
  // (where it is by default), `tns:` for the service's (an rpc method of a document service), else `q1:`.
  const prefix =
    encoded.responseNamespace === encoded.typesNamespace
      ? 'types'
      : encoded.responseNamespace === site.namespace
        ? 'tns'
        : undefined;
  const wrapper = `${prefix ?? 'q1'}:${op.responseElement}`;
  const declaration = prefix !== undefined ? '' : ` xmlns:q1="${escapeXmlAttr(encoded.responseNamespace)}"`;
  let content = '';
  if (op.result) {
    const part = writer.part(op.result.element, op.result.type, value);
    // SOAP 1.2 rpc names the result even when it is null, and so left out.
    if (version === '1.2' && encoded.style === 'rpc') {
      content += `<rpc:result xmlns="">${escapeXmlText(op.result.element)}</rpc:result>`;
    }
    content += part;
  }
  const body =
    (content === '' ? `<${wrapper}${declaration} />` : `<${wrapper}${declaration}>${content}</${wrapper}>`) +
    writer.referencedElements();
  return envelope(site, version, encoded.style === 'rpc', body);
}

/** The request envelope of an encoded operation, as a client sends it. */
export function writeEncodedRequest(site: EncodedSite, version: Version, input: Record<string, unknown>): string {
  const { op, encoded } = site;
  const writer = new EncodedWriter(site.types, version);
  const wrapper = `q1:${op.name}`;
  const declaration = ` xmlns:q1="${escapeXmlAttr(encoded.requestNamespace)}"`;
  const content = op.parameters.map((p) => writer.part(p.name, p.type, input[p.name])).join('');
  const body =
    (content === '' ? `<${wrapper}${declaration} />` : `<${wrapper}${declaration}>${content}</${wrapper}>`) +
    writer.referencedElements();
  return envelope(site, version, false, body);
}

function envelope(site: EncodedSite, version: Version, rpc: boolean, body: string): string {
  const encoding = version === '1.1' ? SOAP11_ENCODING_NS : SOAP12_ENCODING_NS;
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    `<soap:Envelope xmlns:soap="${ENVELOPE_NS[version]}" xmlns:soapenc="${encoding}"` +
    ` xmlns:tns="${escapeXmlAttr(site.namespace)}" xmlns:types="${escapeXmlAttr(site.encoded.typesNamespace)}"` +
    (version === '1.2' && rpc ? ` xmlns:rpc="${SOAP12_RPC_NS}"` : '') +
    ` xmlns:xsi="${XSI_NS}" xmlns:xsd="${XSD_NS}">` +
    (version === '1.1' ? `<soap:Body soap:encodingStyle="${SOAP11_ENCODING_NS}">` : '<soap:Body>') +
    body +
    '</soap:Body></soap:Envelope>'
  );
}

/** Writes values; in SOAP 1.1, classes and arrays become references written after the wrapper. */
class EncodedWriter {
  private readonly ids = new Map<object, string>();
  private readonly queue: { id: string; type: ValueType; value: unknown }[] = [];

  constructor(
    private readonly types: TypeTable,
    private readonly version: Version,
  ) {}

  /** A parameter, result or member element; `''` for a null reference. */
  part(name: string, type: ValueType, value: unknown): string {
    if (value === null || value === undefined) {
      if (isValueType(this.types, type)) throw new TypeError(`${name} is ${value}; it is a value type.`);
      return '';
    }
    if (isTextType(type)) {
      return this.text(name, ` xsi:type="${this.typeName(type)}"`, formatText(this.types, type, value));
    }
    if (this.version === '1.1') return `<${name} href="#${this.reference(type, value)}" />`;
    return this.inline(name, type, value, true);
  }

  /** The SOAP 1.1 multi-reference elements, in the order first referred to (references they make follow). */
  referencedElements(): string {
    let out = '';
    for (let i = 0; i < this.queue.length; i++) {
      const { id, type, value } = this.queue[i]!;
      if (typeof type !== 'string' && 'array' in type) {
        const items = value as readonly unknown[];
        const arrayType = `${this.typeName(type.array)}[${items.length}]`;
        const head = `soapenc:Array id="${id}" soapenc:arrayType="${arrayType}"`;
        const content = items.map((item) => this.item(type.array, item)).join('');
        out += content === '' ? `<${head} />` : `<${head}>${content}</soapenc:Array>`;
      } else {
        const name = `types:${(type as { class: string }).class}`;
        out += `<${name} id="${id}" xsi:type="${name}">${this.members(type, value)}</${name}>`;
      }
    }
    return out;
  }

  private reference(type: ValueType, value: unknown): string {
    const key = value as object;
    let id = this.ids.get(key);
    if (id === undefined) {
      id = `id${this.ids.size + 1}`;
      this.ids.set(key, id);
      this.queue.push({ id, type, value });
    }
    return id;
  }

  /** SOAP 1.2: a class or an array in place, with its `soapenc:id`. */
  private inline(name: string, type: ValueType, value: unknown, typed: boolean): string {
    const id = `id${this.ids.size + 1}`;
    this.ids.set(value as object, id);
    if (typeof type !== 'string' && 'array' in type) {
      const items = value as readonly unknown[];
      const head =
        `${name} soapenc:id="${id}" soapenc:itemType="${this.typeName(type.array)}"` +
        ` soapenc:arraySize="${items.length}"`;
      const content = items.map((item) => this.item(type.array, item)).join('');
      return content === '' ? `<${head} />` : `<${head}>${content}</${name}>`;
    }
    const xsiType = typed ? ` xsi:type="${this.typeName(type)}"` : '';
    return `<${name} soapenc:id="${id}"${xsiType}>${this.members(type, value)}</${name}>`;
  }

  /** An array's item: its text without `xsi:type`, or a reference (1.1) or the value in place (1.2). */
  private item(type: ValueType, value: unknown): string {
    if (value === null || value === undefined) return `<Item xsi:nil="true" />`;
    if (isTextType(type)) return this.text('Item', '', formatText(this.types, type, value));
    if (this.version === '1.1') return `<Item href="#${this.reference(type, value)}" />`;
    return this.inline('Item', type, value, false);
  }

  private members(type: ValueType, value: unknown): string {
    const description = this.types[(type as { class: string }).class];
    if (description?.kind !== 'class') throw new TypeError('an encoded class value of no declared class');
    const object = value as Record<string, unknown>;
    return description.members.map((m) => this.part(m.name, m.type, object[m.name])).join('');
  }

  private text(name: string, attributes: string, lexical: string): string {
    return lexical === '' ? `<${name}${attributes} />` : `<${name}${attributes}>${escapeXmlText(lexical)}</${name}>`;
  }

  /** `xsd:int`, `types:Crate`: the XSD types by their names, declared types in the encoded types' namespace. */
  private typeName(type: ValueType): string {
    if (typeof type === 'string') return `xsd:${type}`;
    if ('class' in type) return `types:${type.class}`;
    if ('enum' in type) return `types:${type.enum}`;
    if ('dictionary' in type) throw new Error('XmlSerializer reflects no Dictionary<,>: no encoded form');
    return `types:ArrayOf${capitalized(this.itemStem(type.array))}`;
  }

  private itemStem(type: ValueType): string {
    return this.typeName(type).replace(/^[a-z]+:/, '');
  }
}

function capitalized(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * An encoded operation's input from its request wrapper (the Body's first element), by parameter name; a
 * parameter the request leaves out is its type's default (value types) or `null`.
 */
export function readEncodedParameters(
  types: TypeTable,
  op: OperationDescription,
  body: XmlElement,
  wrapper: XmlElement | undefined,
): Record<string, unknown> {
  const reader = new EncodedReader(types, body);
  const children = wrapper ? childElements(wrapper) : [];
  const input: Record<string, unknown> = {};
  for (const p of op.parameters) {
    const element = children.find((c) => c.localName === p.name);
    input[p.name] = element ? reader.value(element, p.type) : reader.absent(p.type);
  }
  return input;
}

/** An encoded reply's result (the wrapper is the Body's first element); `undefined` for a void operation. */
export function readEncodedResult(
  types: TypeTable,
  op: OperationDescription,
  body: XmlElement,
  wrapper: XmlElement,
): unknown {
  if (!op.result) return undefined;
  const reader = new EncodedReader(types, body);
  const element = childElements(wrapper).find((c) => c.localName === op.result!.element);
  return element ? reader.value(element, op.result.type) : reader.absent(op.result.type);
}

class EncodedReader {
  private readonly byId = new Map<string, XmlElement>();

  constructor(
    private readonly types: TypeTable,
    body: XmlElement,
  ) {
    const visit = (e: XmlElement) => {
      const id = attribute(e, '', 'id') ?? attribute(e, SOAP12_ENCODING_NS, 'id');
      if (id !== undefined && !this.byId.has(id)) this.byId.set(id, e);
      for (const c of childElements(e)) visit(c);
    };
    for (const c of childElements(body)) visit(c);
  }

  absent(type: ValueType): unknown {
    return isValueType(this.types, type) ? defaultTextValue(this.types, type) : null;
  }

  value(element: XmlElement, type: ValueType): unknown {
    const target = this.dereference(element);
    const nil = attribute(target, XSI_NS, 'nil');
    if (nil === 'true' || nil === '1') return this.absent(type);
    if (isTextType(type)) {
      if (childElements(target).length > 0) throw new MalformedValueError(`${target.localName} holds elements`);
      try {
        return parseText(this.types, type, textContent(target) ?? '');
      } catch (error) {
        if (error instanceof LexicalValueError) {
          const { line, column } = target.positionAfter();
          throw new ValueReadError(error.message, line, column);
        }
        throw error;
      }
    }
    if (typeof type !== 'string' && 'array' in type) {
      return childElements(target).map((item) => this.value(item, type.array));
    }
    if (typeof type !== 'string' && 'class' in type) {
      const description = this.types[type.class];
      if (description?.kind !== 'class') return null;
      const children = childElements(target);
      const out: Record<string, unknown> = {};
      for (const m of description.members) {
        const child = children.find((c) => c.localName === m.name);
        if (child) out[m.name] = this.value(child, m.type);
        else if (isValueType(this.types, m.type)) out[m.name] = this.absent(m.type);
      }
      return out;
    }
    return textContent(target) ?? null;
  }

  /** The element an `href="#id"` (1.1) or `soapenc:ref="id"` (1.2) refers to; the element itself otherwise. */
  private dereference(element: XmlElement): XmlElement {
    const href = attribute(element, '', 'href');
    const ref = href?.startsWith('#') ? href.slice(1) : attribute(element, SOAP12_ENCODING_NS, 'ref');
    if (ref === undefined) return element;
    const target = this.byId.get(ref);
    if (!target) {
      const { line, column } = element.position();
      throw new ValueReadError(`The referenced element with ID '${ref}' was not found in the document.`, line, column);
    }
    return target;
  }
}

function attribute(element: XmlElement, namespace: string, localName: string): string | undefined {
  return element.attributes.find((a) => a.namespace === namespace && a.localName === localName)?.value;
}

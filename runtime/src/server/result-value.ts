/**
 * A handler's result as the result element of a SOAP reply, or as an HTTP GET/POST reply document. `null` or
 * `undefined` is an absent result for reference types (`xsi:nil` where the result is nillable); for a value
 * type, and for a value not of the result's type, it is the handler's bug: a `TypeError` (answered as a
 * Server fault). So is a string holding a character XML 1.0 cannot carry.
 *
 * XSD simple types take the fast path of before (one lexical value); everything else goes through the one
 * value writer (`values/write-value.ts`).
 */
import { buildHttpResultDocument } from '../http/http-result.js';
import { formatXsdValue, isReferenceType, type XsdValue } from '../xsd/xsd-values.js';
import type { OperationDescription, XsdType } from '../service-description.js';
import { replySites, type ReplySite } from '../soap/reply-values.js';
import { XML_DECLARATION, XSD_NS, XSI_NS } from '../soap/soap-constants.js';
import { escapeXmlAttr, escapeXmlText } from '../xml/xml-escape.js';
import { hasForbiddenCharacter } from '../xml/xml-lexical.js';
import { isXsdType } from '../xsd/value-type.js';
import { isTextType } from '../values/simple-values.js';
import { withRoot } from '../values/shape-error.js';
import { writeChoice, writeUnwrapped, writeValue } from '../values/write-value.js';
import { compileSiteWriter, type SiteWriter } from '../values/compiled-writer.js';
import { DocumentDeclarations, partDepth } from '../values/namespace-prefixes.js';
import type { ValueContext } from '../values/value-kinds.js';
import { httpChoiceValue, httpResultChoice } from '../values/http-choice.js';
import { httpView } from '../values/data-type-values.js';

type Result = NonNullable<OperationDescription['result']>;

function simpleLexical(op: OperationDescription, result: Result, value: unknown): string | undefined {
  return siteLexical(op.name, result.type as XsdType, value, undefined);
}

/** `value` as the lexical form of an XSD simple type: an operation's result, or its `key` (an out or ref parameter). */
function siteLexical(operation: string, type: XsdType, value: unknown, key: string | undefined): string | undefined {
  if (value === null || value === undefined) {
    if (isReferenceType(type)) return undefined;
    throw new TypeError(
      key === undefined
        ? `${operation} returned ${value}; its result is an xsd:${type}.`
        : `${operation} returned ${value} as ${key}, an xsd:${type}.`,
    );
  }
  const lexical = formatXsdValue(type, value as XsdValue);
  if (hasForbiddenCharacter(lexical)) throw new TypeError(`${operation} returned a string XML 1.0 cannot carry.`);
  return lexical;
}

/** The result element of a SOAP reply; `''` when it is left out. */
export function resultElement(op: OperationDescription, values: ValueContext, value: unknown): string {
  return siteElement(op.name, op.result!, values, value, partDepth(op.bare));
}

/**
 * The children of the response element of an operation with `out` or `ref` parameters (`reply-values.ts`): its
 * result, then each of those parameters, from the object its handler returned.
 */
export function replyElements(op: OperationDescription, values: ValueContext, value: unknown): string {
  return bareReplyParts(op, values, value)
    .map((part) => part.xml)
    .join('');
}

/**
 * The reply's parts, each with its element name: the result element, then each out and ref parameter's, in the
 * reply's order. A bare operation (`ParameterStyle.Bare`) puts each in the response namespace; a wrapped one joins
 * them inside its response element.
 */
export function bareReplyParts(
  op: OperationDescription,
  values: ValueContext,
  value: unknown,
): { readonly element: string; readonly xml: string }[] {
  if (value === null || typeof value !== 'object') {
    throw new TypeError(
      `${op.name} returned ${value === null ? 'null' : typeof value}; it returns an object of its result and its ` +
        'out and ref parameters.',
    );
  }
  const reply = value as Record<string, unknown>;
  return sitesOf(op).map((site) => ({
    element: site.element,
    xml: siteElement(
      op.name,
      site,
      values,
      Object.hasOwn(reply, site.key) ? reply[site.key] : undefined,
      partDepth(op.bare),
      site,
    ),
  }));
}

const replySiteLists = new WeakMap<OperationDescription, readonly ReplySite[]>();

/** `replySites(op)`, made once per operation: its sites key their compiled writers. */
function sitesOf(op: OperationDescription): readonly ReplySite[] {
  let sites = replySiteLists.get(op);
  if (sites === undefined) {
    sites = replySites(op);
    replySiteLists.set(op, sites);
  }
  return sites;
}

function siteElement(
  operation: string,
  site: Pick<ReplySite, 'element' | 'type' | 'nillable' | 'namespace' | 'unwrapped' | 'choice'>,
  values: ValueContext,
  value: unknown,
  level: number,
  named?: ReplySite,
): string {
  try {
    if (site.unwrapped) return unwrappedElements(site, values, value, level);
    // A choice in the site's place: the element its value names (`{ $element, value }`), nothing when absent.
    if (site.choice) return writeChoice(values, site.choice, value, { level });
    if (isXsdType(site.type) && !site.nillable) {
      const lexical = siteLexical(operation, site.type, value, named?.key);
      if (lexical === undefined) return '';
      // `[XmlElement(Namespace)]` puts the element in its namespace, declared on it.
      const open =
        site.namespace === undefined ? site.element : `${site.element} xmlns="${escapeXmlAttr(site.namespace)}"`;
      return lexical === '' ? `<${open} />` : `<${open}>${escapeXmlText(lexical)}</${site.element}>`;
    }
    return siteWriter(site, values)(value, level);
  } catch (error) {
    // A value not of its type says where it is: `result.Items[3].Price`, or the out parameter's name.
    throw withRoot(error, named?.key ?? 'result');
  }
}

/**
 * An unwrapped array site's items (`[XmlElement]`), each an element named as the site, with nothing around them:
 * written by the one value writer, as an unwrapped class member's are (the compiled writers write whole elements).
 */
function unwrappedElements(
  site: Pick<ReplySite, 'element' | 'type' | 'namespace' | 'choice'>,
  values: ValueContext,
  value: unknown,
  level: number,
): string {
  const items: string[] = [];
  writeUnwrapped(values, site.element, site.type, site.choice, value, { level }, site.namespace, items);
  return items.join('');
}

/** Each reply site's writer, compiled at its first reply (`compiled-writer.ts`), by the site's description. */
const siteWriters = new WeakMap<object, { readonly values: ValueContext; readonly write: SiteWriter }>();

function siteWriter(site: Pick<ReplySite, 'element' | 'type' | 'nillable' | 'namespace'>, values: ValueContext) {
  const known = siteWriters.get(site);
  if (known !== undefined && known.values === values) return known.write;
  // A class's `[XmlRoot(Namespace)]` puts the element in the root's namespace, declared on it.
  const write = compileSiteWriter(
    values,
    site.element,
    site.type,
    { nillable: site.nillable },
    {
      namespace: site.namespace,
    },
  );
  siteWriters.set(site, { values, write });
  return write;
}

const DECLARATIONS = ` xmlns:xsd="${XSD_NS}" xmlns:xsi="${XSI_NS}"`;

/**
 * The HTTP GET/POST reply document: its root named `httpElement`, indented by two spaces. The root declares the
 * service namespace last, and `xsd` and `xsi` first where XmlSerializer does (`DocumentDeclarations`): not for a
 * plain text value, nor for an `object`'s array, enum or simple value (`d1p1:type`); a null reference result is
 * `xsi:nil` (the root elements are nillable).
 */
export function httpResultDocument(site: OperationDescription, values: ValueContext, value: unknown): string {
  // HTTP writes a `DataType` result as its C# type.
  const op = httpView(site);
  const result = op.result!;
  const choice = httpResultChoice(site);
  try {
    return httpDocument(op, result, values, choice ? httpChoiceValue(values, choice, value) : value);
  } catch (error) {
    throw withRoot(error, 'result');
  }
}

/**
 * A `ResponseFormat.Xml` script method's result (`json-call.ts`): what `XmlSerializer` of the result's type writes
 * to a string for ASP.NET AJAX's `RestHandler`, as the runtime sends it: the HTTP reply document's root, in no
 * namespace (the service's is ASMX's alone; a class's `[XmlRoot(Namespace)]` keeps its own), and no whitespace
 * between elements.
 */
export function scriptXmlDocument(site: OperationDescription, values: ValueContext, value: unknown): string {
  const op = httpView(site);
  const result = op.result!;
  const namespace = result.httpNamespace ?? '';
  const plain = isTextType(result.type) && value !== null && value !== undefined;
  try {
    const root = writeValue(
      { ...values, namespace },
      result.httpElement ?? result.element,
      result.type,
      value,
      { nillable: true },
      {
        lead: plain ? '' : DECLARATIONS,
        tail: namespace === '' ? '' : ` xmlns="${escapeXmlAttr(namespace)}"`,
        pretty: false,
        depth: 0,
        namespace,
        scope: namespace,
      },
    );
    return `${XML_DECLARATION}${root}`;
  } catch (error) {
    throw withRoot(error, 'result');
  }
}

function httpDocument(op: OperationDescription, result: Result, values: ValueContext, value: unknown): string {
  if (isXsdType(result.type) && !result.nillable)
    return buildHttpResultDocument(result.type, values.namespace, simpleLexical(op, result, value));
  const name = result.httpElement ?? result.element;
  // A class's `[XmlRoot(Namespace)]` puts the document's root in the root's namespace.
  const namespace = result.httpNamespace ?? values.namespace;
  const tail = ` xmlns="${escapeXmlAttr(namespace)}"`;
  const root = writeValue(
    values,
    name,
    result.type,
    value,
    { nillable: true },
    { tail, pretty: true, depth: 0, namespace, scope: namespace, declarations: new DocumentDeclarations() },
  );
  return `${XML_DECLARATION}\n${root}`;
}

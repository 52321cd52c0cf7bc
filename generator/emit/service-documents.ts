import { ADDRESS_MARKER, HOST_MARKER, type ServiceDocuments } from '@asmxgen/runtime';
import type { OperationModel, ServiceModel } from '../model/types.js';
import { BUILTIN_TYPES } from '../model/builtin-types.js';
import type { TypeModel } from '../model/type-model.js';
import type { TypeRef } from '../model/type-refs.js';
import { template } from '../render/templates.js';
import { helpSamples, type OperationSamples, type Sample } from './help-samples.js';
import { renderMergedWsdl, renderWsdl } from './wsdl.js';
import { renderWsdlDocuments, servedInSeveralDocuments } from './wsdl-documents.js';

/** `?disco`: the discovery document, one `soap` entry per SOAP binding (SOAP 1.1 ones, then SOAP 1.2 ones). */
export function renderDisco(model: ServiceModel, address: string): string {
  const soapBindings = [
    ...model.soapBindings.map((b) => model.enabled.soap11 && { name: b.soap11Binding, namespace: b.namespace }),
    ...model.soapBindings.map((b) => model.enabled.soap12 && { name: b.soap12Binding, namespace: b.namespace }),
  ]
    .filter((b) => b !== false)
    .map((b, i) => ({ ...b, index: i + 1 }));
  const text = template('disco.hbs')({ address, soapBindings });
  return text.endsWith('\n') ? text.slice(0, -1) : text;
}

/**
 * Every document the generated server serves, rendered once at generation
 * time, with markers where the request decides (the runtime fills them).
 */
export function renderDocuments(model: ServiceModel): ServiceDocuments {
  const { documents, style, styleMarker } = renderDocumentsSharingStyle(model);
  const fill = (html: string) => html.split(styleMarker).join(style);
  return {
    ...documents,
    helpPage: fill(documents.helpPage),
    operationPages: Object.fromEntries(Object.entries(documents.operationPages).map(([op, html]) => [op, fill(html)])),
    methodNotFoundPage: fill(documents.methodNotFoundPage),
  };
}

/** `?wsdl=wsdl1` and `?schema=schema1`, …, of a service the runtime serves in several documents. */
function namedDocuments(model: ServiceModel): Pick<ServiceDocuments, 'descriptions' | 'schemas'> {
  if (model.wsdl.original !== undefined || !servedInSeveralDocuments(model)) return {};
  const others = renderWsdlDocuments(model, ADDRESS_MARKER).others;
  const byKind = (kind: string) =>
    Object.fromEntries(
      others.filter((d) => d.query.startsWith(`${kind}=`)).map((d) => [d.query.slice(kind.length + 1), d.text]),
    );
  return { descriptions: byKind('wsdl'), schemas: byKind('schema') };
}

/** The documents with every help page's `<style>` element as `styleMarker`, and that element. */
export interface DocumentsSharingStyle {
  readonly documents: ServiceDocuments;
  /** The `<style>` element every help page carries. */
  readonly style: string;
  readonly styleMarker: string;
}

/** Stands for the stylesheet while pages are rendered: each page then holds it once, as `STYLE_MARKER_ELEMENT`. */
const STYLE_MARKER = '\u0000style\u0000';
const STYLE_MARKER_ELEMENT = `<style>\n${STYLE_MARKER}\n</style>`;
/**
 * The help pages' options: the stylesheet's partial gives the marker. Made once, here: a compiled Handlebars
 * template keeps the partials of its last call, and a function made inside `renderDocumentParts` would keep that
 * call's scope with it (the samples' reading of the WSDL, tens of megabytes for a service of 1,500 operations)
 * for as long as the process runs.
 */
const MARKED = { partials: { helpStyle: () => `${STYLE_MARKER}\n` } };

/**
 * `renderDocuments`, with the stylesheet (the same on every help page, several kilobytes) rendered once and
 * a marker in its place on each page: a large service has thousands of pages.
 */
export function renderDocumentsSharingStyle(model: ServiceModel): DocumentsSharingStyle {
  const { operationPages, ...parts } = renderDocumentParts(model);
  const { style, styleMarker, ...documents } = parts;
  return { documents: { ...documents, operationPages: Object.fromEntries(operationPages()) }, style, styleMarker };
}

/**
 * `renderDocumentsSharingStyle`'s documents, the operation pages rendered one at a time as they are iterated
 * (in the order the help page lists them): a service of thousands of operations has tens of megabytes of pages,
 * which a caller that prints each as it comes never holds at once.
 */
export interface DocumentParts
  extends Omit<ServiceDocuments, 'operationPages'>, Omit<DocumentsSharingStyle, 'documents'> {
  /** Each operation's page, by operation name, rendered as the iteration reaches it; each call renders them anew. */
  readonly operationPages: () => Iterable<readonly [operation: string, html: string]>;
}

export function renderDocumentParts(model: ServiceModel): DocumentParts {
  const site = siteView(model);
  const operations = ordinal(model.operations);
  const servicePage = template('help/service.hbs');
  const operationPage = template('help/operation.hbs');
  // One page is rendered whole, for its stylesheet; the others with the marker for it.
  const methodNotFoundPage = template('help/method-not-found.hbs')(site);
  const style = /<style>\n[\s\S]*?<\/style>/.exec(methodNotFoundPage)?.[0];
  if (style === undefined) throw new Error('asmxgen: the help pages have no <style> element');
  const wsdl = renderWsdl(model, ADDRESS_MARKER);
  // Read with the address marker in the ports, which no sample reads: the WSDL rendered once (renderWsdl keeps it),
  // not a copy of its megabytes without the marker held by the tree's texts while every page is rendered.
  const samples = helpSamples(renderMergedWsdl(model, ADDRESS_MARKER));
  return {
    wsdl,
    disco: renderDisco(model, ADDRESS_MARKER),
    ...namedDocuments(model),
    helpPage: servicePage(
      {
        ...site,
        operations: operations.map((op) => ({ name: op.name, description: op.description, group: op.group })),
      },
      MARKED,
    ),
    *operationPages() {
      // One page per name (overloads share one): the last operation's, where the first one is listed.
      const byName = new Map<string, OperationModel>();
      for (const op of operations) byName.set(op.name, op);
      for (const [name, op] of byName) {
        yield [name, operationPage(operationView(model, site, op, samples(name)), MARKED)] as const;
      }
    },
    methodNotFoundPage: methodNotFoundPage.split(style).join(STYLE_MARKER_ELEMENT),
    style,
    styleMarker: STYLE_MARKER_ELEMENT,
  };
}

/*
 * The help pages: ASMX's DefaultWsdlHelpGenerator, page for page (templates/help/, partials in
 * templates/help-partials/). The views below only rearrange model facts; the only marker the pages
 * hold is HOST_MARKER, in the samples' `Host:` lines, and every link is relative.
 */

const SOAP_ENVELOPE_11 = 'http://schemas.xmlsoap.org/soap/envelope/';
const SOAP_ENVELOPE_12 = 'http://www.w3.org/2003/05/soap-envelope';
const TEMPURI = 'http://tempuri.org/';

/** What every help page shows. Links are relative to the endpoint, so they survive proxies and path prefixes. */
interface SiteView {
  readonly service: string;
  readonly description: string | undefined;
  readonly namespace: string;
  readonly tempuri: boolean;
  /** The endpoint path, as the samples' request lines name it. */
  readonly path: string;
  /** The endpoint relative to itself (`X.asmx`): the base of every link. */
  readonly page: string;
  /** Filled per request with the Host header. */
  readonly host: string;
  readonly protocols: readonly { readonly id: string; readonly label: string }[];
  readonly operationCount: number;
}

const PROTOCOLS = [
  { kind: 'soap11', id: 'soap11', label: 'SOAP 1.1' },
  { kind: 'soap12', id: 'soap12', label: 'SOAP 1.2' },
  { kind: 'httpGet', id: 'http-get', label: 'HTTP GET' },
  { kind: 'httpPost', id: 'http-post', label: 'HTTP POST' },
] as const;

function siteView(model: ServiceModel): SiteView {
  const last = model.path.slice(model.path.lastIndexOf('/') + 1);
  return {
    service: model.name,
    description: model.description,
    namespace: model.namespace,
    tempuri: model.namespace === TEMPURI,
    path: model.path,
    // A colon would make the first segment read as a URL scheme.
    page: last.includes(':') ? `./${last}` : last,
    host: HOST_MARKER,
    protocols: PROTOCOLS.filter((p) => model.enabled[p.kind]).map(({ id, label }) => ({ id, label })),
    operationCount: model.operations.length,
  };
}

/** ASMX lists operations in ordinal order: UTF-16 code units, not the spec's order nor the locale's. */
function ordinal(operations: readonly OperationModel[]): OperationModel[] {
  return [...operations].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function operationView(model: ServiceModel, site: SiteView, op: OperationModel, written: OperationSamples | undefined) {
  const samples = [
    model.enabled.soap11 &&
      soapSample('soap11', 'SOAP 1.1', 'soap', SOAP_ENVELOPE_11, 'text/xml', written?.soap11, op.soapAction),
    model.enabled.soap12 &&
      soapSample('soap12', 'SOAP 1.2', 'soap12', SOAP_ENVELOPE_12, 'application/soap+xml', written?.soap12),
    // HttpGet and HttpPost leave out what they cannot carry, and its page shows no sample of them.
    model.enabled.httpGet && op.http && { id: 'http-get', label: 'HTTP GET', soap: false, get: true },
    model.enabled.httpPost && op.http && { id: 'http-post', label: 'HTTP POST', soap: false, get: false },
  ].filter((sample) => sample !== false && sample !== undefined);
  const label = (ref: TypeRef) => typeLabel(ref, model.types);
  return {
    ...site,
    op: {
      name: op.name,
      description: op.description,
      group: op.group,
      requestElement: op.requestElement,
      responseElement: op.responseElement,
      requestNamespace: op.requestNamespace,
      responseNamespace: op.responseNamespace,
      parameters: op.parameters.map((p) => ({ name: p.name, type: label(p.type) })),
      result: op.result && {
        type: label(op.result.type),
        element: op.result.elementName,
        httpElement: op.result.httpElement ?? label(op.result.type),
      },
      /** The HttpPost endpoint, relative like every link (`X.asmx/Op`). */
      action: site.page + op.httpLocation,
      httpPath: model.path + op.httpLocation,
      httpQuery: written?.httpQuery && sampleHtml(written.httpQuery),
      httpResponse: written?.httpResponse && sampleHtml(written.httpResponse),
    },
    testForm: model.enabled.httpPost && op.http !== undefined,
    samples,
  };
}

/**
 * The placeholder a help page shows for a value: its XSD type name (`string`, `guid`, `Book`, `ArrayOfBook`), as the
 * WSDL names it; items repeated in place show their item type.
 */
function typeLabel(ref: TypeRef, types: readonly TypeModel[]): string {
  switch (ref.kind) {
    case 'builtin':
      return BUILTIN_TYPES[ref.name].xsdName;
    case 'class':
    case 'enum':
      return types.find((t) => t.name === ref.name)?.xmlName ?? ref.name;
    case 'nullable':
      return typeLabel(ref.of, types);
    case 'array':
      return ref.arrayType ?? typeLabel(ref.item, types);
    case 'dictionary':
      // No help page shows one: a service with a dictionary answers its help pages with the reflection error.
      return ref.spec;
  }
}

function soapSample(
  id: string,
  label: string,
  prefix: string,
  envelope: string,
  mime: string,
  written: OperationSamples['soap11'],
  soapAction?: string,
) {
  return {
    /** The messages as the runtime's help page writes them; `undefined` for `use="encoded"` (the parameter list). */
    request: written && sampleHtml(written.request),
    response: written?.response && sampleHtml(written.response),
    id,
    label,
    soap: true,
    prefix,
    envelope,
    /** The media type; the templates add `; charset=utf-8` (Handlebars would escape its `=`). */
    mime,
    hasSoapAction: soapAction !== undefined,
    soapAction: soapAction ?? '',
  };
}

/** Markup Handlebars inserts as it is (`toHTML`): a sample, HTML-escaped here, its placeholders marked. */
interface Html {
  toHTML(): string;
}

/** A sample as HTML: the markup's `&`, `<` and `>` escaped, each placeholder in a `ph` span. */
function sampleHtml(sample: Sample): Html {
  // The pieces of the page's text, joined once: a service of thousands of operations has megabytes of samples.
  const parts: string[] = [];
  for (const piece of sample) {
    if (typeof piece === 'string') escapeMarkupInto(parts, piece);
    else {
      parts.push('<span class="ph">');
      escapeMarkupInto(parts, piece.placeholder);
      parts.push('</span>');
    }
  }
  const html = parts.join('');
  return { toHTML: () => html };
}

/** `text` with `&`, `<` and `>` escaped, as parts pushed onto `parts`: the text between them, and their entities. */
function escapeMarkupInto(parts: string[], text: string): void {
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const entity = c === 0x26 ? '&amp;' : c === 0x3c ? '&lt;' : c === 0x3e ? '&gt;' : undefined;
    if (entity === undefined) continue;
    if (i > from) parts.push(text.slice(from, i));
    parts.push(entity);
    from = i + 1;
  }
  if (from < text.length) parts.push(from === 0 ? text : text.slice(from));
}

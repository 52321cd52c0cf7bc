/**
 * The served documents with their markers filled for a request's address:
 * XML-attribute-escaped in the WSDL and disco, HTML-escaped in the help
 * pages. Filled bytes are cached per address (a bounded cache: Host headers
 * are the client's to choose); a document without markers is encoded once.
 */
import { escapeHtml } from '../http/html-escape.js';
import { ADDRESS_MARKER, BASE_MARKER, HOST_MARKER, type ServiceDocuments } from '../service-description.js';
import { escapeXmlAttr } from '../xml/xml-escape.js';
import { encodeUtf8 } from './reply.js';
import type { RequestAddress } from './request-address.js';

const CACHE_LIMIT = 256;
const MARKERS = [ADDRESS_MARKER, BASE_MARKER, HOST_MARKER];

type Escape = (value: string) => string;

export class DocumentSet {
  private readonly cache = new Map<string, Uint8Array>();
  private readonly constant = new Map<string, Uint8Array>();

  constructor(private readonly documents: ServiceDocuments) {}

  wsdl(address: RequestAddress): Uint8Array {
    return this.fill('wsdl', this.documents.wsdl, escapeXmlAttr, address);
  }

  disco(address: RequestAddress): Uint8Array {
    return this.fill('disco', this.documents.disco, escapeXmlAttr, address);
  }

  /** `?wsdl=<id>` or `?schema=<id>`; `undefined` when the service serves no such document. */
  named(document: 'wsdl' | 'schema', id: string, address: RequestAddress): Uint8Array | undefined {
    const texts = document === 'wsdl' ? this.documents.descriptions : this.documents.schemas;
    const text = texts && Object.hasOwn(texts, id) ? texts[id] : undefined;
    return text === undefined ? undefined : this.fill(`${document}=${id}`, text, escapeXmlAttr, address);
  }

  helpPage(address: RequestAddress): Uint8Array {
    return this.fill('help', this.documents.helpPage, escapeHtml, address);
  }

  /** The operation's page; the "Method Not Found" page when `operation` is undefined or has none. */
  operationPage(operation: string | undefined, address: RequestAddress): Uint8Array {
    const page = operation === undefined ? undefined : this.documents.operationPages[operation];
    if (page === undefined) return this.fill('missing', this.documents.methodNotFoundPage, escapeHtml, address);
    return this.fill(`op:${operation}`, page, escapeHtml, address);
  }

  private fill(key: string, template: string, escape: Escape, address: RequestAddress): Uint8Array {
    const fixed = this.constant.get(key);
    if (fixed) return fixed;
    if (!MARKERS.some((marker) => template.includes(marker))) {
      const bytes = encodeUtf8(template);
      this.constant.set(key, bytes);
      return bytes;
    }
    const cacheKey = `${key}\u0000${address.address}\u0000${address.host}`;
    let bytes = this.cache.get(cacheKey);
    if (!bytes) {
      const text = template
        .replaceAll(ADDRESS_MARKER, escape(address.address))
        .replaceAll(BASE_MARKER, escape(address.base))
        .replaceAll(HOST_MARKER, escape(address.host));
      bytes = encodeUtf8(text);
      if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
      this.cache.set(cacheKey, bytes);
    }
    return bytes;
  }
}

import { SourceText } from './source-text.js';
import { parseXmlTree, type XmlNode } from './xml-tree.js';

/**
 * A saved discovery's map: Visual Studio's `Reference.map` ("Add Web Reference") or `disco.exe`'s `.discomap`, an
 * XML `DiscoveryClientResultsFile` listing each document it saved (`DiscoveryClientResult`: the URL it was served
 * at and the local file it was saved as, beside the map).
 */
export interface ReferenceMap {
  readonly file: string;
  readonly results: readonly ReferenceMapResult[];
}

export interface ReferenceMapResult {
  /** `System.Web.Services.Discovery.ContractReference` (a WSDL), `SchemaReference`, `DiscoveryDocumentReference`. */
  readonly referenceType: string;
  /** The address the document was served at (`http://localhost:51232/WebService.asmx?wsdl=wsdl1`). */
  readonly url: string;
  /** The saved file's name, relative to the map's folder. */
  readonly filename: string;
  /** 1-based line of its `DiscoveryClientResult`, for messages. */
  readonly line: number;
}

const CONTRACT_REFERENCE = 'System.Web.Services.Discovery.ContractReference';

/** Reads a map's text; a map asmxgen cannot use is a WsdlError at its `file:line:column`. */
export function parseReferenceMap(text: string, file: string): ReferenceMap {
  const source = new SourceText(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, file);
  const root = parseXmlTree(source);
  if (root.namespace !== '' || root.localName !== 'DiscoveryClientResultsFile') {
    throw source.errorAt(
      root.offset,
      `the root element is <${root.qualifiedName}>, not DiscoveryClientResultsFile: a Reference.map or .discomap ` +
        'is the list of documents Visual Studio\'s "Add Web Reference" (or disco.exe) saved; name that file, the ' +
        'folder holding it, or the WSDL itself',
    );
  }
  const results: ReferenceMapResult[] = [];
  for (const list of root.elements.filter((e) => e.localName === 'Results')) {
    for (const result of list.elements.filter((e) => e.localName === 'DiscoveryClientResult')) {
      results.push(readResult(result, source));
    }
  }
  return { file, results };
}

function readResult(node: XmlNode, source: SourceText): ReferenceMapResult {
  const line = source.position(node.offset).line;
  const get = (name: string): string => {
    const value = node.attributes.get(name);
    if (value === undefined || value.trim() === '') {
      throw source.errorAt(
        node.offset,
        `this DiscoveryClientResult has no ${name}: each saved document is listed with the url it was served at ` +
          'and the filename it was saved as; restore the line from the project, or update the Web Reference',
      );
    }
    return value;
  };
  const url = get('url');
  const filename = get('filename');
  if (/[/\\]/.test(filename) || filename === '.' || filename === '..') {
    throw source.errorAt(
      source.attributeOffset(node.offset, 'filename'),
      `filename="${filename}" is not a file of the map's folder: a Reference.map lists the documents saved beside it`,
    );
  }
  return { referenceType: node.attributes.get('referenceType') ?? '', url, filename, line };
}

/** An address as the map and a document write it, compared: scheme and host in any case, `?WSDL` as `?wsdl`. */
export function mapKey(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}${parsed.search}`.toLowerCase();
  } catch {
    return url.toLowerCase();
  }
}

/** The saved document of `url`, when the map lists it. */
export function mappedResult(map: ReferenceMap, url: string): ReferenceMapResult | undefined {
  const key = mapKey(url);
  return map.results.find((r) => mapKey(r.url) === key);
}

/**
 * The service's own WSDL in a map: the contract served at `?wsdl` (the others, `?wsdl=wsdl1`, are the documents
 * it imports), else the only contract. `undefined` when the map lists none, or several and none at `?wsdl`.
 */
export function mainContract(map: ReferenceMap): ReferenceMapResult | undefined {
  const contracts = map.results.filter((r) => r.referenceType === CONTRACT_REFERENCE);
  const main = contracts.filter((r) => /\?wsdl$/i.test(r.url));
  if (main.length === 1) return main[0];
  return contracts.length === 1 ? contracts[0] : undefined;
}

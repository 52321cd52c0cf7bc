import { parseDictionaryText } from '../model/type-refs.js';
import type { Entry, YamlChecker } from './yaml-checker.js';

/** The fields that shape a parameter's XML, which a dictionary (carried by JSON only) has none of. */
const PARAMETER_XML_FIELDS = [
  'list',
  'itemName',
  'itemNullable',
  'itemForm',
  'choice',
  'dataType',
  'nillable',
  'form',
  'namespace',
  'json',
  'partName',
  'unwrapped',
] as const;

/** The fields that shape a result's XML. */
const RESULT_XML_FIELDS = [
  'resultItemName',
  'resultUnwrapped',
  'resultChoice',
  'resultElement',
  'resultItemNullable',
  'resultItemForm',
  'resultForm',
  'resultNamespace',
  'resultDataType',
  'resultNillable',
  'resultJson',
] as const;

/** Where an operation's site stands: `parameter` or `result`, with its fields and its `type`/`result` entry. */
export interface DictionarySite {
  readonly kind: 'parameter' | 'result';
  readonly text: string | undefined;
  readonly typeEntry: Entry | undefined;
  readonly fields: Readonly<Record<string, Entry | undefined>>;
  /** A parameter's `direction`. */
  readonly direction?: string | undefined;
}

/**
 * A parameter or result of type `dictionary<T>` (C# `Dictionary<string, T>`): only a `[ScriptService]`'s JSON carries
 * it. XmlSerializer cannot reflect an IDictionary, so the service then has no WSDL, SOAP or HTTP GET/POST form (they
 * answer with the reflection error), and the site has no XML to shape; JSON carries no `out` or `ref` parameter, and
 * `ResponseFormat.Xml` writes the result by XmlSerializer. Each problem is reported where it is.
 */
export function checkDictionarySite(
  c: YamlChecker,
  site: DictionarySite,
  scriptService: boolean,
  responseFormat: Entry | undefined,
  xmlResponse: boolean,
): void {
  if (site.text === undefined || site.typeEntry === undefined || !parseDictionaryText(site.text)) return;
  const what = site.kind === 'parameter' ? 'a parameter' : 'a result';
  if (!scriptService) {
    c.problem(
      site.typeEntry,
      `"${site.text}" is carried by a [ScriptService]'s JSON only: XmlSerializer cannot reflect a Dictionary<string, T> ` +
        '(IDictionary), so SOAP, HTTP GET/POST and the WSDL have no form for it; set service.scriptService: true, or ' +
        'use a class or an array',
    );
  }
  if (site.direction === 'out' || site.direction === 'ref') {
    c.problem(
      site.typeEntry,
      `"${site.text}" is carried by JSON only, which has no ${site.direction} parameters: make the parameter an in ` +
        'parameter, or return the dictionary',
    );
  }
  if (site.kind === 'result' && xmlResponse) {
    c.problem(
      responseFormat ?? site.typeEntry,
      `responseFormat: xml writes the result by XmlSerializer, which cannot reflect "${site.text}" (IDictionary): ` +
        'remove responseFormat: xml',
    );
  }
  for (const key of site.kind === 'parameter' ? PARAMETER_XML_FIELDS : RESULT_XML_FIELDS) {
    const entry = site.fields[key];
    if (entry) c.problem(entry, `${what} of type "${site.text}" has no XML form to shape (JSON only): remove ${key}`);
  }
}

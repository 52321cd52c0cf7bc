import type { ServiceModel } from '../model/types.js';
import { jsDoc } from '../printer/js-doc.js';
import type { TsModule } from '../printer/ts-module.js';
import { concatenation, laidOutObject, object, propertyKey, raw, string, type Expr } from '../printer/ts-syntax.js';
import { MODULE_PATHS } from './module-paths.js';
import { importRuntime, RUNTIME, type RuntimeMode } from './runtime-symbols.js';
import { renderDocumentParts } from './service-documents.js';

/**
 * `documents.ts`: the WSDL, discovery document and help pages the server
 * serves, rendered at generation time. One object of string literals
 * (hundreds of kilobytes for a large service), plain ASCII: non-ASCII
 * characters and the NUL-delimited markers print as `\u` escapes. Every help
 * page carries the same stylesheet: it is printed once, as `style`, and each
 * page is its text around it, `'…' + style + '…'`. The operation pages (tens
 * of megabytes for a service of thousands of operations) are rendered and laid
 * out one at a time, only their printed text kept.
 */
export function emitDocumentsModule(model: ServiceModel, runtime: RuntimeMode): TsModule {
  const docs = renderDocumentParts(model);
  const { style, styleMarker } = docs;
  const text = (value: string) => string(value, 'ascii');
  const page = (html: string): Expr => {
    const parts = html.split(styleMarker).map(text);
    return concatenation(parts.flatMap((part, i) => (i === 0 ? [part] : [raw('style'), part])));
  };
  // The documents `?wsdl` imports, by id (`wsdl1`, `schema1`): only a service served in several documents has them.
  const named = (key: string, texts: Readonly<Record<string, string>> | undefined) =>
    texts === undefined
      ? []
      : [[key, object(Object.entries(texts).map(([id, value]) => [propertyKey(id), text(value)] as const))] as const];
  function* operationPages(): Generator<readonly [string, Expr]> {
    for (const [name, html] of docs.operationPages()) yield [propertyKey(name), page(html)];
  }
  return {
    path: MODULE_PATHS.documents,
    statements: [
      ...importRuntime([RUNTIME.ServiceDocuments], runtime),
      {
        kind: 'const',
        name: 'style',
        exported: false,
        value: text(style),
        docs: jsDoc(["The help pages' stylesheet, shared by every page."]),
      },
      {
        kind: 'const',
        name: 'documents',
        type: RUNTIME.ServiceDocuments.name,
        value: object([
          ['wsdl', text(docs.wsdl)],
          ['disco', text(docs.disco)],
          ...named('descriptions', docs.descriptions),
          ...named('schemas', docs.schemas),
          ['helpPage', page(docs.helpPage)],
          // A property of `documents`: its own properties are at the second level of indentation.
          ['operationPages', laidOutObject(operationPages(), 2).expr],
          ['methodNotFoundPage', page(docs.methodNotFoundPage)],
        ]),
        docs: jsDoc([
          `The documents the ${model.name} server serves (WSDL, discovery, help pages), rendered at generation ` +
            'time. The NUL-delimited markers are filled per request with the address it was made to.',
        ]),
      },
    ],
  };
}

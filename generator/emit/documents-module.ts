import type { GeneratedFile, ServiceModel } from '../model/types.js';
import { renderDocumentsSharingStyle } from './service-documents.js';
import type { ModuleExports } from '../printer/ts-module.js';
import { MODULE_PATHS } from './module-paths.js';
import { RUNTIME, runtimeSpecifier, type RuntimeMode } from './runtime-symbols.js';
import { GENERATED_HEADER } from '../printer/ts-module.js';

/** What `documents.ts` exports, for `index.ts`. */
export const DOCUMENTS_EXPORTS: ModuleExports & { path: string } = {
  path: MODULE_PATHS.documents,
  values: ['documents'],
  types: [],
};

/**
 * `documents.ts`: the WSDL, discovery document and help pages the server
 * serves, rendered at generation time. Printed directly rather than through
 * the layout engine: it is one object of long string literals (hundreds of
 * kilobytes for a large service), and its layout is fixed here.
 */
export function emitDocumentsModule(model: ServiceModel, runtime: RuntimeMode): GeneratedFile {
  const { documents: docs, style, styleMarker } = renderDocumentsSharingStyle(model);
  // Plain ASCII: non-ASCII characters (and the NUL markers) print as \u escapes.
  const str = (value: string) =>
    JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  // Every help page carries the same stylesheet: print it once and join it in.
  const page = (html: string) => html.split(styleMarker).map(str).join(' + style + ');
  const pages = Object.keys(docs.operationPages)
    .map((name) => `    ${str(name)}: ${page(docs.operationPages[name]!)},\n`)
    .join('');
  const content =
    GENERATED_HEADER +
    `import type { ${RUNTIME.ServiceDocuments.name} } from '${runtimeSpecifier(RUNTIME.ServiceDocuments.entry, runtime)}';\n\n` +
    `/** The help pages' stylesheet, shared by every page. */\nconst style = ${str(style)};\n\n` +
    `/**\n` +
    ` * The documents the ${model.name} server serves (WSDL, discovery, help pages), rendered at generation\n` +
    ` * time. The NUL-delimited markers are filled per request with the address it was made to.\n` +
    ` */\n` +
    `export const documents: ${RUNTIME.ServiceDocuments.name} = {\n` +
    `  wsdl: ${str(docs.wsdl)},\n` +
    `  disco: ${str(docs.disco)},\n` +
    `  helpPage: ${page(docs.helpPage)},\n` +
    `  operationPages: {\n${pages}  },\n` +
    `  methodNotFoundPage: ${page(docs.methodNotFoundPage)},\n` +
    `};\n`;
  return { path: MODULE_PATHS.documents, content };
}

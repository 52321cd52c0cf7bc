/**
 * Build step (`npm run build`, after `tsc`): precompiles every Handlebars
 * template into `templates.precompiled.cjs` next to the built `templates.js`,
 * so that a run of the generator loads only Handlebars' runtime and compiles
 * nothing (see `templates.ts`). Each entry keeps its source: an entry that no
 * longer matches its template on disk is never used.
 *
 *   node dist/generator/render/precompile-templates.js
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type HandlebarsNamespace from 'handlebars';
import { compileOptions, readTemplateSources, templateKind } from './templates.js';

/** The text of `templates.precompiled.cjs`. */
export function precompiledModule(): string {
  const handlebars = createRequire(import.meta.url)('handlebars') as typeof HandlebarsNamespace;
  const { templates, partials } = readTemplateSources();
  const entries = (sources: Readonly<Record<string, string>>) =>
    Object.entries(sources)
      .map(([path, source]) => {
        const spec = handlebars.precompile(source, compileOptions(templateKind(path)));
        return `    ${JSON.stringify(path)}: { source: ${JSON.stringify(source)}, spec: ${String(spec)} },\n`;
      })
      .join('');
  return (
    '// Precompiled by asmxgen from templates/*.hbs (npm run build). Do not edit.\n' +
    "'use strict';\n" +
    `module.exports = {\n  templates: {\n${entries(templates)}  },\n  partials: {\n${entries(partials)}  },\n};\n`
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(join(dirname(fileURLToPath(import.meta.url)), 'templates.precompiled.cjs'), precompiledModule());
}

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Handlebars from 'handlebars';
import { escapeXmlAttr, escapeXmlText } from '../../templates/runtime/xml-escape.js';
import { packageRoot } from '../package-root.js';

/**
 * The Handlebars environment of the generator. Templates are part of the
 * package, read and compiled once per process; rendering is pure.
 *
 * Code and XML templates compile with `noEscape`: XML values go through the
 * explicit `attr` and `text` helpers, whose rules are the runtime's. HTML
 * templates compile with Handlebars' own HTML escaping.
 */
const hbs = Handlebars.create();
hbs.registerHelper('attr', (value: unknown) => escapeXmlAttr(String(value ?? '')));
hbs.registerHelper('text', (value: unknown) => escapeXmlText(String(value ?? '')));

let partialsLoaded = false;
const cache = new Map<string, Handlebars.TemplateDelegate>();

function templatesDir(): string {
  return join(packageRoot(), 'templates');
}

function loadPartials(): void {
  if (partialsLoaded) return;
  partialsLoaded = true;
  const dir = templatesDir();
  for (const folder of readdirSync(dir, { withFileTypes: true })) {
    if (!folder.isDirectory() || !folder.name.endsWith('-partials')) continue;
    for (const file of readdirSync(join(dir, folder.name)).sort()) {
      if (!file.endsWith('.hbs')) continue;
      hbs.registerPartial(file.slice(0, -4), readFileSync(join(dir, folder.name, file), 'utf8'));
    }
  }
}

export type TemplateKind = 'code' | 'html';

/** Compiles `templates/<name>` once and returns the renderer. */
export function template(name: string, kind: TemplateKind = 'code'): (context: object) => string {
  const key = `${kind}:${name}`;
  let compiled = cache.get(key);
  if (!compiled) {
    loadPartials();
    const source = readFileSync(join(templatesDir(), name), 'utf8');
    compiled = hbs.compile(source, { noEscape: kind === 'code', strict: true, preventIndent: false });
    cache.set(key, compiled);
  }
  return compiled;
}

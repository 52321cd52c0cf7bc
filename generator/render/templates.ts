import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type HandlebarsNamespace from 'handlebars';
import { escapeXmlAttr, escapeXmlText } from '@asmxgen/runtime/xml';
import { packageRoot } from '../package-root.js';

/**
 * The Handlebars environment of the generator, for the XML and HTML it
 * writes (WSDL, discovery document, help pages); TypeScript is printed
 * (`printer/`), never rendered. Templates are part of the package, read and
 * prepared once per process; rendering is pure.
 *
 * XML templates compile with `noEscape`: XML values go through the explicit
 * `attr` and `text` helpers, whose rules are the runtime's (XML escaping is
 * not HTML's). HTML templates (`help/`, `help-partials/`) compile with
 * Handlebars' own HTML escaping, so no value reaches a page unescaped.
 *
 * The build precompiles every template (`precompile-templates.ts`, into
 * `templates.precompiled.cjs` next to the built module): when that file holds
 * exactly the sources on disk, only Handlebars' small runtime is loaded and
 * nothing is compiled, which is most of the start-up time of a small
 * `generate`. Otherwise (running from sources, or a template edited since the
 * build) templates are compiled here, with the same options.
 */
type Handlebars = typeof HandlebarsNamespace;
type TemplateSpecification = ReturnType<Handlebars['precompile']>;

export type TemplateKind = 'xml' | 'html';

/** A template's kind follows its place: `help/…` pages and `help-partials/…` are HTML, the rest XML. */
export function templateKind(path: string): TemplateKind {
  return path.startsWith('help/') || path.startsWith('help-partials/') ? 'html' : 'xml';
}

export function compileOptions(kind: TemplateKind): CompileOptions {
  return { noEscape: kind === 'xml', strict: true, preventIndent: false };
}

interface CompileOptions {
  readonly noEscape: boolean;
  readonly strict: boolean;
  readonly preventIndent: boolean;
}

/**
 * Every template and partial, by path relative to `templates/` (`wsdl.hbs`, `help/service.hbs`,
 * `wsdl-partials/soapBinding.hbs`).
 */
export interface TemplateSources {
  readonly templates: Readonly<Record<string, string>>;
  readonly partials: Readonly<Record<string, string>>;
}

/** What `templates.precompiled.cjs` exports: each source with its precompiled form. */
export interface PrecompiledTemplates {
  readonly templates: Readonly<Record<string, { readonly source: string; readonly spec: TemplateSpecification }>>;
  readonly partials: Readonly<Record<string, { readonly source: string; readonly spec: TemplateSpecification }>>;
}

const require = createRequire(import.meta.url);

function templatesDir(): string {
  return join(packageRoot(), 'templates');
}

/** Reads every `.hbs` file: templates at the top and in `help/`, partials in the `*-partials` folders. */
export function readTemplateSources(): TemplateSources {
  const dir = templatesDir();
  const templates: Record<string, string> = {};
  const partials: Record<string, string> = {};
  const read = (folder: string, into: Record<string, string>) => {
    for (const file of readdirSync(join(dir, folder)).sort()) {
      if (!file.endsWith('.hbs')) continue;
      const path = folder ? `${folder}/${file}` : file;
      into[path] = readFileSync(join(dir, path), 'utf8');
    }
  };
  read('', templates);
  for (const folder of readdirSync(dir, { withFileTypes: true })) {
    if (!folder.isDirectory() || folder.name === 'runtime') continue;
    read(folder.name, folder.name.endsWith('-partials') ? partials : templates);
  }
  return { templates, partials };
}

/** A partial's name: its file name without `.hbs`, whatever its folder. */
function partialName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1, -'.hbs'.length);
}

function registerHelpers(hbs: Handlebars): void {
  hbs.registerHelper('attr', (value: unknown) => escapeXmlAttr(String(value ?? '')));
  hbs.registerHelper('text', (value: unknown) => escapeXmlText(String(value ?? '')));
}

/** Renders a template; `options.partials` stand in for registered partials of the same names. */
export type Renderer = (context: object, options?: { partials?: Record<string, () => string> }) => string;

interface Environment {
  readonly render: (name: string) => Renderer;
}

let environment: Environment | undefined;

function loadEnvironment(): Environment {
  const sources = readTemplateSources();
  const precompiled = loadPrecompiled();
  if (precompiled && matches(precompiled, sources)) {
    const hbs = (require('handlebars/runtime') as Handlebars).create();
    registerHelpers(hbs);
    for (const [path, { spec }] of Object.entries(precompiled.partials)) {
      hbs.registerPartial(partialName(path), hbs.template(spec));
    }
    return cachedRenderers((name) => {
      const entry = precompiled.templates[name];
      return entry && hbs.template(entry.spec);
    });
  }
  const hbs = (require('handlebars') as Handlebars).create();
  registerHelpers(hbs);
  for (const [path, source] of Object.entries(sources.partials)) {
    hbs.registerPartial(partialName(path), hbs.compile(source, compileOptions(templateKind(path))));
  }
  return cachedRenderers((name) => {
    const source = sources.templates[name];
    return source === undefined ? undefined : hbs.compile(source, compileOptions(templateKind(name)));
  });
}

/** Renderers made on first use by `make` (`undefined`: no such template), then reused. */
function cachedRenderers(make: (name: string) => Renderer | undefined): Environment {
  const cache = new Map<string, Renderer>();
  return {
    render: (name) => {
      let renderer = cache.get(name);
      if (!renderer) {
        renderer = make(name);
        if (!renderer) throw new Error(`asmxgen: no template ${name}`);
        cache.set(name, renderer);
      }
      return renderer;
    },
  };
}

function loadPrecompiled(): PrecompiledTemplates | undefined {
  try {
    return require('./templates.precompiled.cjs') as PrecompiledTemplates;
  } catch {
    return undefined;
  }
}

/** The precompiled templates are exactly the sources: same files, same text. */
function matches(precompiled: PrecompiledTemplates, sources: TemplateSources): boolean {
  const same = (a: PrecompiledTemplates['templates'], b: Readonly<Record<string, string>>) =>
    Object.keys(a).length === Object.keys(b).length &&
    Object.entries(b).every(([path, source]) => a[path]?.source === source);
  return same(precompiled.templates, sources.templates) && same(precompiled.partials, sources.partials);
}

/** The renderer of `templates/<name>`, prepared once. */
export function template(name: string): Renderer {
  environment ??= loadEnvironment();
  return environment.render(name);
}

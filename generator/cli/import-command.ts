import { readFile, stat } from 'node:fs/promises';
import { describeIoError } from '../io/describe-io-error.js';
import { InputError } from '../io/input-error.js';
import { probeProxyScript, proxyScriptUrl, withProxyScript } from './script-probe.js';
import { DEFAULT_FETCH_TIMEOUT_MS, fetchInput, type FetchInputOptions } from '../io/fetch-input.js';
import { htmlPageProblem, looksLikeHtml } from '../io/html-page.js';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import type { CommandModule } from 'yargs';
import { decodeXmlBytes, XmlReadError } from '@asmxgen/runtime/xml';
import { specDocument, specYamlText } from '../emit/spec-yaml.js';
import { atomicWriteFile } from '../output/atomic-write.js';
import { packageRoot } from '../package-root.js';
import { checkSpecDocument } from '../spec/parse-spec.js';
import type { Spec } from '../spec/spec-types.js';
import type { ProxyScriptReading } from '../wsdl-reader/read-proxy-script.js';
import { readWsdl, WsdlError, type WsdlMismatch, type WsdlReading } from '../wsdl-reader/read-wsdl.js';
import { wsdlFingerprint } from '../emit/kept-wsdl.js';
import { renderWsdl } from '../emit/wsdl.js';
import { DEFAULT_BASE_URL, serviceAddress } from '../model/addresses.js';
import { textDifference } from '../wsdl-reader/text-difference.js';
import { readWsdlDocuments, type WsdlDocuments } from '../wsdl-reader/read-documents.js';
import { savedDocuments, savedServiceInput, type SavedReferences } from '../io/saved-references.js';
import { buildModel } from '../spec/build-model.js';
import type { CommandContext } from './command-context.js';
import { displayPath } from './common-options.js';
import { UsageError } from './describe-error.js';
import { EXIT_OK } from './exit-codes.js';

interface ImportArgs {
  wsdl: string;
  out: string | undefined;
  force: boolean;
  'script-service': boolean;
  timeout: number;
  quiet?: boolean;
}

/** How `import` and `init --from` fetch a URL: the timeout, and a line on stderr while they wait. */
export type SourceOptions = Pick<FetchInputOptions, 'timeoutMs' | 'onWait'>;

/** `--timeout SECONDS`: how long a WSDL URL may take to answer (`import`, `init --from`, `diff`). */
export const TIMEOUT_OPTION = {
  type: 'number',
  default: DEFAULT_FETCH_TIMEOUT_MS / 1000,
  describe: 'For a URL: how many seconds it may take to answer, body included',
  coerce: (value: unknown): number => {
    if (Array.isArray(value)) throw new UsageError('--timeout is given more than once; give it once');
    const seconds = Number(value);
    if (String(value).trim() === '' || !Number.isFinite(seconds) || seconds <= 0 || seconds > 3600) {
      // yargs reads a word as NaN: the message names the range rather than echoing it.
      const given = Number.isNaN(seconds) ? '' : ` ${String(value)}`;
      throw new UsageError(`--timeout${given} is not a number of seconds above 0 and up to 3600 (e.g. 60)`);
    }
    return seconds;
  },
} as const;

/** How long a WSDL URL may take to answer, body included. */
export const FETCH_TIMEOUT_MS = DEFAULT_FETCH_TIMEOUT_MS;

/** WSDLs are small; anything this big is a mistake (a wrong file, a download). */
const MAX_WSDL_BYTES = 16 * 1024 * 1024;

/** `--out -`: the spec goes to stdout. */
const STDOUT = '-';

export function importCommand(ctx: CommandContext): CommandModule<object, ImportArgs> {
  return {
    builder: (y) =>
      y
        .positional('wsdl', {
          type: 'string',
          describe: 'The WSDL: a file, or an http:// or https:// URL',
          coerce: single('the WSDL'),
        })
        .option('out', {
          type: 'string',
          describe: 'The spec file to write (default spec/<service-name>.yaml); - writes it to stdout',
          nargs: 1,
          coerce: single('--out'),
        })
        .option('force', { type: 'boolean', default: false, describe: 'Overwrite the spec file when it exists' })
        .option('script-service', {
          type: 'boolean',
          default: false,
          describe: 'The service is a [ScriptService] (answers JSON calls), which no WSDL shows: set scriptService',
        })
        .option('timeout', TIMEOUT_OPTION)
        .example('$0 import http://legacy.example.com/Inventory.asmx?wsdl', 'Write spec/inventory.yaml')
        .example('$0 import Inventory.wsdl --out - > inventory.yaml', 'Print the spec') as never,
    handler: async (argv) => {
      if (argv.out === STDOUT && argv.quiet) {
        // The spec is printed through the reporter, which --quiet silences.
        throw new UsageError('--out - prints the spec, which --quiet would hide; leave out --quiet');
      }
      const fetching: SourceOptions = {
        timeoutMs: argv.timeout * 1000,
        onWait: (line) => ctx.report.progress(line),
      };
      // A saved Web Reference (its folder or its Reference.map) is read from its map's service WSDL.
      const saved = await savedServiceInput(argv.wsdl);
      const input = saved?.wsdl ?? argv.wsdl;
      const locate = savedDocuments(input, saved?.references);
      const { text, label } = await readSource(input, fetching);
      let reading: WsdlReading;
      let documents: WsdlDocuments | undefined;
      try {
        documents = await readWsdlDocuments(text, label, input, async (address) => {
          const { location, saved: local, references } = await locate(address);
          try {
            return await readSource(location, fetching);
          } catch (error) {
            if (error instanceof UsageError || error instanceof InputError) {
              const hint = local ? '' : savedCopyHint(input, address, references);
              throw new Error(error.message + hint, { cause: error });
            }
            throw error;
          }
        });
        // Not exact: a WSDL whose spec generates another document is kept beside the spec (below).
        reading = readWsdl(text, label, { exact: false, ...(documents && { documents }) });
      } catch (error) {
        if (!(error instanceof WsdlError)) throw error;
        throw new UsageError(`cannot import ${label}; nothing was written.\n${error.message}`, { cause: error });
      }
      // The same document written otherwise (another server's form) is kept too: generate then gives its bytes.
      const difference = reading.difference ?? (documents ? undefined : regeneratedText(reading, text, label));
      const target = argv.out ?? join('spec', `${kebabCase(reading.spec.service.name)}.yaml`);
      const toStdout = target === STDOUT;
      if (!toStdout) await checkTarget(target, argv.force);
      // A description in several documents is written back as one: there is no single document to keep.
      const kept = difference && !toStdout && !documents ? keptPath(target, reading.spec.service.name) : undefined;
      if (kept) await checkTarget(kept, argv.force);
      const proxy = await probeScriptService(argv.wsdl, argv.timeout * 1000, argv, ctx);
      const imported = proxy ? withProxyScript(reading.spec, proxy) : reading.spec;
      const read = argv['script-service'] ? withScriptService(imported) : imported;
      const spec = kept ? keepOriginal(read, basename(kept)) : read;
      const doc = specDocument(spec, {
        ...(!toStdout && { schemaPath: schemaPathFrom(target) }),
        source: label,
      });
      // The reader only produces valid specs; this guards the file against a bug in it. The document is checked as
      // built: reading its text back (the `yaml` package's own round trip) took a fifth of a large import.
      checkSpecDocument(doc, toStdout ? '<stdout>' : target);
      const yaml = specYamlText(doc);
      const merged = documents && mergedNote(documents.documents, difference, bindingNamespaces(spec));
      const warnings = (reading.warnings ?? []).map((w) => `asmxgen: warning: ${w}`);
      if (toStdout) {
        ctx.report.info(yaml.replace(/\n$/, ''));
        for (const warning of warnings) ctx.report.progress(warning);
        const rewritten = rewrittenPathNote(read);
        if (rewritten) ctx.report.progress(rewritten);
        if (merged) ctx.report.progress(merged);
        else if (difference) {
          ctx.report.progress(
            `asmxgen: ${describeDifference(difference)}. With --out - there is no folder to keep the served WSDL ` +
              'in, so the printed spec generates that other WSDL; import with --out FILE to keep the served one ' +
              'beside the spec (wsdl.original)',
          );
        }
      } else {
        // The kept WSDL first: the spec names it.
        if (kept) await atomicWriteFile(kept, new TextEncoder().encode(text));
        await atomicWriteFile(target, new TextEncoder().encode(yaml));
        ctx.report.info(
          `asmxgen: imported ${spec.service.name} (${summary(spec).join(', ')}) from ${label} ` +
            `into ${displayPath(target)}`,
        );
        if (merged) ctx.report.info(merged);
        for (const warning of warnings) ctx.report.info(warning);
        const rewritten = rewrittenPathNote(spec);
        if (rewritten) ctx.report.info(rewritten);
        if (difference && kept) {
          ctx.report.info(
            `asmxgen: ${describeDifference(difference)}; kept the served WSDL as ${displayPath(kept)} ` +
              "(wsdl.original), which generate writes while the spec's contract is unchanged",
          );
        }
      }
      ctx.setExitCode(EXIT_OK);
    },
  };
}

/**
 * What to do when a file names a document by an address that does not answer: a saved copy names the others by
 * the address it was saved from, and its map says which file holds each.
 */
function savedCopyHint(input: string, location: string, references: SavedReferences | undefined): string {
  if (/^[a-z][a-z0-9+.-]+:\/\//i.test(input) || !/^https?:\/\//i.test(location)) return '';
  if (references) {
    return (
      `; ${displayPath(references.map.file)} does not list ${location}: copy the document saved from that ` +
      'address into the folder, with its line in the map'
    );
  }
  const query = /\?(?:wsdl=(wsdl\d+)|schema=(schema\d+))$/i.exec(location);
  const beside = query
    ? `, or save it beside the file as ${basename(input).replace(/\.wsdl$/i, '')}.` +
      (query[1] !== undefined ? `${query[1]}.wsdl` : `${query[2]}.xsd`)
    : '';
  return (
    '; a saved copy names the documents it was served with by the address it was saved from: import the folder ' +
    "the copy was saved in with its Reference.map (Visual Studio's Web References), or save each document " +
    `beside it and list it in a Reference.map${beside}`
  );
}

/**
 * What `import` says of a service address whose path does not end with .asmx (URL rewriting, or a proxy in front
 * of the service): the spec keeps it, and the generated server answers there; `undefined` for an .asmx path.
 */
function rewrittenPathNote(spec: Spec): string | undefined {
  const path = spec.service.path;
  if (path === undefined || /\.asmx$/i.test(path)) return undefined;
  return (
    `asmxgen: the service answers at ${path}, not at an .asmx path (URL rewriting or a proxy in front of it): ` +
    'the spec keeps it as service.path, and the generated server and client use it'
  );
}

/** Where `import` keeps the served WSDL: `{Service}.served.wsdl` beside the spec. */
export function keptPath(target: string, service: string): string {
  return join(dirname(target), `${service}.served.wsdl`);
}

/** The spec with `wsdl.original` (the kept file's name, beside the spec) and the fingerprint of its contract. */
function keepOriginal(spec: Spec, original: string): Spec {
  return { ...spec, wsdl: { ...spec.wsdl, original, fingerprint: wsdlFingerprint(buildModel(spec)) } };
}

/**
 * Where the WSDL the spec generates, with the served ports' scheme, host and port, differs from the served text;
 * `undefined` when it gives back its bytes.
 */
function regeneratedText(reading: WsdlReading, text: string, label: string): WsdlMismatch | undefined {
  const model = reading.model ?? buildModel(reading.spec);
  const address = reading.addresses.soap11 ?? Object.values(reading.addresses)[0];
  const origin = address === undefined ? undefined : /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(address)?.[0];
  const generated = renderWsdl(model, serviceAddress(model, origin ?? DEFAULT_BASE_URL));
  const served = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return textDifference(served, label, generated, `${model.name}.wsdl`);
}

/** Whether a spec has a binding in another namespace, which the runtime serves in several documents. */
function bindingNamespaces(spec: Spec): boolean {
  const { bindingNamespace, soapBindings } = spec.service;
  return bindingNamespace !== undefined || (soapBindings ?? []).some((b) => b !== 'default' && b.namespace);
}

/**
 * What `import` says of a WSDL read from several documents: they were merged, and `generate` writes the
 * service's description as the ASMX runtime serves it (in one document, or for a binding in another namespace in
 * the same several documents), which differs from them where it does.
 */
function mergedNote(others: readonly string[], difference: WsdlMismatch | undefined, several: boolean): string {
  const read = `asmxgen: read ${count(others.length, 'more document')} (${others.join(', ')}) into the spec`;
  const documents = '?wsdl, ?wsdl=wsdl1 and ?schema=schemaN';
  if (difference) {
    const written = several ? `as ${documents}` : 'in one document';
    return `${read}; ${describeDifference(difference)}. generate writes the WSDL the spec generates, ${written}`;
  }
  return several
    ? `${read}; generate writes the same documents (${documents}), as the ASMX runtime serves them for a binding in ` +
        'another namespace'
    : `${read}; generate writes the same description in one document, as the ASMX runtime serves it`;
}

/** The first place where the WSDL a spec generates differs from the served one, in both. */
function describeDifference(d: WsdlMismatch): string {
  const at = (p: WsdlMismatch['served']) => `${p.file}:${p.line}:${p.column}`;
  return (
    `the spec describes the service's messages, but the WSDL it generates differs from the served one, first at ` +
    `${at(d.served)} (served) and ${at(d.generated)} (generated): ${d.detail}`
  );
}

/** `AuthenticationWebService` → `authentication-web-service`, `HTTPService2` → `http-service2`. */
export function kebabCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .replace(/[_.\s-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
}

function single(what: string) {
  return (value: unknown) => {
    if (Array.isArray(value)) throw new UsageError(`${what} is given more than once; name one`);
    return value as string;
  };
}

/**
 * What a spec holds, for the closing line: operations, declared types and SOAP header classes (when there are
 * any), bindings.
 */
export function summary(spec: Spec): string[] {
  const headers = new Set(spec.operations.flatMap((op) => (op.headers ?? []).map((h) => h.type)));
  const types = spec.types?.length ?? 0;
  return [
    count(spec.operations.length, 'operation'),
    ...(types > 0 ? [count(types, 'type')] : []),
    ...(headers.size > 0 ? [count(headers.size, 'header')] : []),
    count(spec.bindings?.length ?? 4, 'binding'),
  ];
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** The `$schema` path from the spec's folder to the package's `spec/asmxgen.schema.json`, with `/` separators. */
export function schemaPathFrom(target: string): string {
  const schema = join(packageRoot(), 'spec', 'asmxgen.schema.json');
  const path = relative(dirname(resolve(target)), schema)
    .split(sep)
    .join('/');
  return path.startsWith('.') ? path : `./${path}`;
}

async function checkTarget(target: string, force: boolean): Promise<void> {
  const info = await stat(target).catch(() => undefined);
  if (info?.isDirectory())
    throw new UsageError(`--out ${displayPath(target)} is a folder; name the spec file to write`);
  if (info && !force) {
    throw new UsageError(
      `${displayPath(target)} already exists; nothing was written. Pass --force to overwrite it, or --out to ` +
        'write another file.',
    );
  }
}

export async function readSource(
  source: string,
  options: SourceOptions = {},
): Promise<{ text: string; label: string }> {
  if (/^[a-z][a-z0-9+.-]+:\/\//i.test(source)) {
    return { text: notHtml(await fetchWsdl(source, options), source), label: source };
  }
  const label = displayPath(source);
  let bytes: Uint8Array;
  try {
    const info = await stat(source);
    if (info.isDirectory()) throw new UsageError(`cannot read ${label}: is a folder; name a WSDL file`);
    if (info.size > MAX_WSDL_BYTES) throw new UsageError(`cannot read ${label}: ${tooLarge(info.size)}`);
    bytes = await readFile(source);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`cannot read ${label}: ${describeIoError(error)}`, { cause: error });
  }
  return { text: notHtml(decode(bytes, undefined, label), label), label };
}

/** `text`, unless it is an HTML page (served as XML, or a saved file): then what it is and what to do. */
function notHtml(text: string, label: string): string {
  if (looksLikeHtml(text)) throw new UsageError(`cannot import ${label}: ${htmlPageProblem(label, 'a WSDL')}`);
  return text;
}

async function fetchWsdl(url: string, options: SourceOptions): Promise<string> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`cannot fetch ${url}: not a valid URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new UsageError(`cannot fetch ${url}: a ${parsed.protocol} URL; name a file, or an http:// or https:// URL`);
  }
  const { bytes, contentType } = await fetchInput(url, url, {
    timeoutMs: options.timeoutMs ?? FETCH_TIMEOUT_MS,
    ...(options.onWait && { onWait: options.onWait }),
    expected: 'a WSDL',
    ...(parsed.search === '' && { hint: '(the WSDL of an ASMX service is at its address followed by ?wsdl)' }),
  });
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1];
  return decode(bytes, charset, url);
}

function decode(bytes: Uint8Array, charset: string | undefined, label: string): string {
  try {
    return decodeXmlBytes(bytes, charset);
  } catch (error) {
    if (error instanceof XmlReadError) throw new UsageError(`cannot read ${label}: ${error.message}`, { cause: error });
    throw error;
  }
}

function tooLarge(size: number): string {
  return `it is too large (${(size / 1024 / 1024).toFixed(1)} MiB); the limit is 16 MiB`;
}

/**
 * `import <URL>` of an `.asmx`: its proxy script (`/js`), when it serves one, read (`script-probe.ts`); a line says
 * what it set. Silent when there is none, but with `--verbose`.
 */
async function probeScriptService(
  source: string,
  timeoutMs: number,
  argv: object,
  ctx: CommandContext,
): Promise<ProxyScriptReading | undefined> {
  if (!/^https?:\/\//i.test(source)) return undefined;
  const verbose = (argv as { verbose?: boolean }).verbose === true;
  const reading = await probeProxyScript(source, {
    timeoutMs,
    ...(verbose && { onMiss: (line: string) => ctx.report.progress(line) }),
  });
  if (reading) {
    const byGet = [...reading.methods.values()].filter((method) => method.useHttpGet).length;
    ctx.report.progress(
      `asmxgen: ${proxyScriptUrl(source)} is a [ScriptService]'s proxy script: scriptService set` +
        (byGet > 0 ? `, ${byGet} method${byGet === 1 ? '' : 's'} called by GET (scriptMethod.useHttpGet)` : ''),
    );
  }
  return reading;
}

/** `--script-service`: `[ScriptService]`, which the WSDL cannot show. */
function withScriptService(spec: Spec): Spec {
  return { ...spec, service: { ...spec.service, scriptService: true } };
}

import { readFile, stat } from 'node:fs/promises';
import { describeIoError } from '../io/describe-io-error.js';
import { extname } from 'node:path';
import { DEFAULT_BASE_URL, serviceAddress } from '../model/addresses.js';
import { buildModel } from '../spec/build-model.js';
import type { ServiceModel } from '../model/types.js';
import { loadSpecText } from '../spec/load-spec.js';
import { SpecError } from '../spec/spec-error.js';
import type { Spec } from '../spec/spec-types.js';
import type { Addresses } from './diff-context.js';
import { DiffError } from './diff-error.js';
import type { DiffSideInfo } from './diff-report.js';
import { DEFAULT_FETCH_TIMEOUT_MS, fetchInput, MAX_INPUT_BYTES } from '../io/fetch-input.js';
import { readWsdlText } from './read-wsdl-text.js';
import { readWsdlDocuments, type WsdlDocuments } from '../wsdl-reader/read-documents.js';
import { savedDocuments, savedServiceInput, type SavedReferences } from '../io/saved-references.js';
import { InputError } from '../io/input-error.js';
import { WsdlError } from '../wsdl-reader/wsdl-error.js';

/** One side of a diff, read: what the report names it, its model and its ports' addresses. */
export interface DiffSide extends DiffSideInfo {
  readonly model: ServiceModel;
  readonly addresses: Addresses;
}

export interface ReadSideOptions {
  /** `old` or `new`: errors say which side they are about. */
  readonly role: 'old' | 'new';
  /** For a URL: how long the whole fetch may take. */
  readonly timeoutMs?: number;
  /** For a URL: told what is awaited when it takes a while. */
  readonly onWait?: (line: string) => void;
}

const SPEC_EXTENSIONS = new Set(['.yaml', '.yml']);
const WSDL_EXTENSIONS = new Set(['.wsdl', '.xml']);

/**
 * Reads one side: a file path or an http(s) URL, holding a WSDL or a spec. A file's extension decides (`.yaml`,
 * `.yml`: spec; `.wsdl`, `.xml`: WSDL); for a URL or another extension, the content does (XML starts with `<`).
 * A spec side's addresses are the ones `generate` writes by default (`http://localhost:8080` + path).
 * Every problem with the input (unreadable; not a spec or WSDL asmxgen can read) is a {@link DiffError}.
 */
export async function readSide(input: string, options: ReadSideOptions): Promise<DiffSide> {
  const { role } = options;
  const url = isUrl(input, role);
  // A saved Web Reference (its folder or its Reference.map): the WSDL its map lists as the service's own.
  const saved = url ? undefined : await savedReference(input, role);
  const file = saved?.wsdl ?? input;
  const bytes = url
    ? (
        await fetchInput(input, `the ${role} URL ${input}`, {
          timeoutMs: options.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS,
          ...(options.onWait && { onWait: options.onWait }),
        })
      ).bytes
    : await readInputFile(file, role);
  const text = decodeUtf8(bytes, `the ${role} ${url ? 'URL' : 'file'} ${input}`);
  const ext = url ? '' : extname(file).toLowerCase();
  const sniffed = !SPEC_EXTENSIONS.has(ext) && !WSDL_EXTENSIONS.has(ext);
  const kind = sniffed ? sniff(text) : SPEC_EXTENSIONS.has(ext) ? 'spec' : 'wsdl';
  if (kind === 'spec') {
    const model = buildModel(parseSpecSide(text, input, role, sniffed));
    const address = serviceAddress(model, DEFAULT_BASE_URL);
    const addresses: Addresses = Object.fromEntries(model.bindings.map((b) => [b, address]));
    return { input, kind, service: model.name, model, addresses };
  }
  const documents = await readDocuments(text, file, options, saved?.references);
  const reading = readWsdlText(text, file, role, documents);
  const model = buildModel(reading.spec);
  return { input, kind, service: model.name, model, addresses: reading.addresses };
}

/**
 * The documents a WSDL side names (`wsdl:import`, `s:import`/`s:include` with a location), read relative to it
 * as `import` reads them; `undefined` when it names none.
 */
async function readDocuments(
  text: string,
  input: string,
  options: ReadSideOptions,
  references?: SavedReferences,
): Promise<WsdlDocuments | undefined> {
  const { role } = options;
  const locate = savedDocuments(input, references);
  try {
    return await readWsdlDocuments(text, input, input, async (address) => {
      const { location } = await locate(address);
      const url = /^https?:\/\//i.test(location);
      const bytes = url
        ? (
            await fetchInput(location, location, {
              timeoutMs: options.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS,
              ...(options.onWait && { onWait: options.onWait }),
            })
          ).bytes
        : await readInputFile(location, role);
      return { text: decodeUtf8(bytes, location), label: location };
    });
  } catch (error) {
    if (!(error instanceof WsdlError)) throw error;
    throw new DiffError(`cannot read the ${role} WSDL: ${error.message}`, { cause: error });
  }
}

/** The saved Web Reference `input` names (a folder with a map, or the map), read; a problem is the side's error. */
async function savedReference(
  input: string,
  role: string,
): Promise<{ readonly wsdl: string; readonly references: SavedReferences } | undefined> {
  try {
    return await savedServiceInput(input);
  } catch (error) {
    if (error instanceof InputError || error instanceof WsdlError) {
      throw new DiffError(`cannot read the ${role} input: ${error.message}`, { cause: error });
    }
    throw error;
  }
}

/** Whether `input` is a URL: an http(s) one is; another scheme is an error; anything else is a path. */
function isUrl(input: string, role: string): boolean {
  if (!/^[a-z][a-z0-9+.-]+:\/\//i.test(input)) return false;
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new DiffError(`the ${role} input ${input} is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new DiffError(
      `the ${role} input ${input} is a URL diff cannot fetch (${url.protocol}); name a file, or an http:// or ` +
        'https:// URL',
    );
  }
  return true;
}

async function readInputFile(file: string, role: string): Promise<Uint8Array> {
  const what = `the ${role} file ${file}`;
  try {
    const info = await stat(file);
    if (info.isDirectory()) throw new DiffError(`cannot read ${what}: it is a directory`);
    if (info.size > MAX_INPUT_BYTES) {
      throw new DiffError(`cannot read ${what}: it is over 16 MiB, too large for a WSDL or a spec`);
    }
    return await readFile(file);
  } catch (error) {
    if (error instanceof DiffError) throw error;
    throw new DiffError(`cannot read ${what}: ${describeIoError(error)}`);
  }
}

/** UTF-8 text, a byte order mark dropped. */
function decodeUtf8(bytes: Uint8Array, what: string): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new DiffError(`cannot read ${what}: it is not valid UTF-8`);
  }
  if (text.trim() === '') throw new DiffError(`cannot read ${what}: it is empty`);
  return text;
}

/** XML starts with `<` (after any whitespace); anything else is taken for YAML. */
function sniff(text: string): 'spec' | 'wsdl' {
  return text.trimStart().startsWith('<') ? 'wsdl' : 'spec';
}

/** The spec; its `SpecError` becomes a {@link DiffError} naming the side, a problem per line. */
function parseSpecSide(text: string, input: string, role: string, sniffed: boolean): Spec {
  try {
    return loadSpecText(text, input);
  } catch (error) {
    if (!(error instanceof SpecError)) throw error;
    const n = error.problems.length;
    const why = sniffed ? ' (it does not start with "<", so it was read as a YAML spec, not as a WSDL)' : '';
    throw new DiffError(`the ${role} spec ${input}${why} has ${n} problem${n === 1 ? '' : 's'}:\n${error.message}`, {
      cause: error,
    });
  }
}

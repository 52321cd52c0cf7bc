import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { decodeXmlBytes } from '@asmxgen/runtime/xml';
import {
  mainContract,
  mappedResult,
  parseReferenceMap,
  type ReferenceMap,
  type ReferenceMapResult,
} from '../wsdl-reader/reference-map.js';
import { WsdlError } from '../wsdl-reader/wsdl-error.js';
import { describeIoError } from './describe-io-error.js';
import { InputError } from './input-error.js';

/**
 * A saved service description: the documents Visual Studio's "Add Web Reference" saved in a `Web References`
 * folder (or `disco.exe` in its output folder), each named in the map by the address it was served at. A document
 * names the others by those addresses (`?wsdl=wsdl1`, `?schema=schema1`), which rarely answer any more (a
 * developer's `localhost:51232`): the map says which file holds each.
 */
export interface SavedReferences {
  /** The map, as its path is shown. */
  readonly map: ReferenceMap;
  readonly folder: string;
}

/** The map's file names asmxgen looks for in a folder: Visual Studio's, then disco.exe's. */
const MAP_FILE = /^reference\.map$/i;
const DISCOMAP_FILE = /\.discomap$/i;

/** Whether `path` names a map itself (`Reference.map`, `*.discomap`). */
export function isMapFile(path: string): boolean {
  return MAP_FILE.test(basename(path)) || DISCOMAP_FILE.test(basename(path));
}

/** The map in `folder` (`Reference.map`, else the only `*.discomap`); `undefined` when there is none. */
export async function findReferenceMap(folder: string): Promise<SavedReferences | undefined> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return undefined;
  }
  const map = names.find((n) => MAP_FILE.test(n)) ?? onlyOne(names.filter((n) => DISCOMAP_FILE.test(n)));
  return map === undefined ? undefined : readReferenceMap(join(folder, map));
}

function onlyOne(names: string[]): string | undefined {
  return names.length === 1 ? names[0] : undefined;
}

/** Reads and parses the map at `path` (shown as it is given). */
export async function readReferenceMap(path: string): Promise<SavedReferences> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw new InputError(`cannot read ${path}: ${describeIoError(error)}`, { cause: error });
  }
  return { map: parseReferenceMap(decodeXmlBytes(bytes), path), folder: dirname(path) };
}

/**
 * What `import` reads for an input naming a map or a folder: the saved WSDL the map lists as the service's own
 * (`?wsdl`), and the map. `undefined` for any other input (a WSDL file or a URL).
 */
export async function savedServiceInput(
  input: string,
): Promise<{ readonly wsdl: string; readonly references: SavedReferences } | undefined> {
  if (/^[a-z][a-z0-9+.-]+:\/\//i.test(input)) return undefined;
  const info = await stat(input).catch(() => undefined);
  let references: SavedReferences | undefined;
  if (info?.isDirectory()) {
    references = await findReferenceMap(input);
    if (!references) {
      throw new InputError(
        `cannot read ${input}: is a folder, with no Reference.map or .discomap; name a WSDL file, or the folder ` +
          'Visual Studio saved a Web Reference in',
      );
    }
  } else if (info && isMapFile(input)) {
    references = await readReferenceMap(input);
  } else {
    return undefined;
  }
  const main = mainContract(references.map);
  if (!main) {
    const contracts = references.map.results.filter((r) => r.referenceType.endsWith('.ContractReference'));
    throw new WsdlError(
      references.map.file,
      1,
      1,
      contracts.length === 0
        ? 'the map lists no ContractReference (a WSDL): there is no service description to import in it'
        : `the map lists ${contracts.length} WSDLs and none served at ?wsdl, the service's own: import one of ` +
            `them by its file (${contracts.map((c) => c.filename).join(', ')})`,
    );
  }
  return { wsdl: join(references.folder, main.filename), references };
}

/**
 * The saved file of a document `url` names, when the map lists it; a listed file that is missing is an error
 * naming the map's line.
 */
export async function savedFileOf(references: SavedReferences, url: string): Promise<string | undefined> {
  if (!/^https?:\/\//i.test(url)) return undefined;
  const result: ReferenceMapResult | undefined = mappedResult(references.map, url);
  if (!result) return undefined;
  const path = join(references.folder, result.filename);
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile()) {
    throw new InputError(
      `${references.map.file}:${result.line}: lists ${result.filename} as the document served at ${result.url}, ` +
        `but ${path} is not there: copy the whole folder the Web Reference was saved in`,
    );
  }
  return path;
}

/**
 * The file beside a saved WSDL `input` (`Ledger.wsdl`) that holds a document of its service it names by address:
 * `?wsdl=wsdl1` in `Ledger.wsdl1.wsdl`, `?schema=schema1` in `Ledger.schema1.xsd`, as `asmxgen generate` writes a
 * description served in several documents; `undefined` when `input` is a URL, the address is no such query, or the
 * file is not there.
 */
export async function savedDocumentBeside(input: string, url: string): Promise<string | undefined> {
  if (/^[a-z][a-z0-9+.-]+:\/\//i.test(input) || !/^https?:\/\//i.test(url)) return undefined;
  const query = /\?(?:wsdl=(wsdl\d+)|schema=(schema\d+))$/i.exec(url);
  if (!query) return undefined;
  const stem = input.replace(/\.wsdl$/i, '');
  const path = query[1] !== undefined ? `${stem}.${query[1]}.wsdl` : `${stem}.${query[2]}.xsd`;
  const info = await stat(path).catch(() => undefined);
  return info?.isFile() ? path : undefined;
}

/** Where `locate` says a document is read from, and the map it consulted (for what to say when it cannot be read). */
export interface SavedLocation {
  /** A saved file, or the address itself. */
  readonly location: string;
  /** `location` is a saved file: the map lists it for the address, or it lies beside the WSDL under generate's name. */
  readonly saved: boolean;
  readonly references: SavedReferences | undefined;
}

/**
 * Where the documents a WSDL `input` names by address are read from, as `import` and `diff` read them: the file a
 * saved Web Reference's map lists for the address (the map given, else one beside a WSDL file, read only when a
 * document is asked for), else the file beside `input` generate would have written it as (`savedDocumentBeside`),
 * else the address itself. A file the map lists but the folder lacks is an error (the map's line, what to do) whose
 * message the document reader places at the element naming it.
 */
export function savedDocuments(
  input: string,
  references?: SavedReferences,
): (address: string) => Promise<SavedLocation> {
  let map: Promise<SavedReferences | undefined> | undefined;
  const mapOf = () =>
    (map ??= references
      ? Promise.resolve(references)
      : /^[a-z][a-z0-9+.-]+:\/\//i.test(input)
        ? Promise.resolve(undefined)
        : findReferenceMap(dirname(input)));
  return async (address) => {
    const found = await mapOf();
    let listed: string | undefined;
    try {
      listed = found && (await savedFileOf(found, address));
    } catch (error) {
      throw error instanceof InputError ? new Error(error.message, { cause: error }) : error;
    }
    const local = listed ?? (await savedDocumentBeside(input, address));
    return { location: local ?? address, saved: local !== undefined, references: found };
  };
}

import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { decodeXmlBytes, XmlReadError } from '@asmxgen/runtime/xml';
import { describeIoError } from '../io/describe-io-error.js';
import { SpecError } from './spec-error.js';
import type { Spec } from './spec-types.js';

/** The served WSDL a spec keeps (`wsdl.original`), read relative to the spec's folder. */
export interface OriginalWsdl {
  /** The document's text, decoded. */
  readonly text: string;
  /** Its path as the user sees it: the spec's folder joined with `wsdl.original`. */
  readonly file: string;
  readonly fingerprint: string;
}

/**
 * Reads the document `wsdl.original` names, relative to `specFile`'s folder; `undefined` when the spec keeps
 * none. A document that cannot be read is a `SpecError` at `wsdl.original`.
 */
export async function loadOriginalWsdl(specFile: string, spec: Spec): Promise<OriginalWsdl | undefined> {
  const original = spec.wsdl?.original;
  const fingerprint = spec.wsdl?.fingerprint;
  if (original === undefined || fingerprint === undefined) return undefined;
  const file = join(dirname(specFile), original);
  let text: string;
  try {
    text = decodeXmlBytes(await readFile(file));
  } catch (error) {
    const why = error instanceof XmlReadError ? error.message : describeIoError(error);
    throw await problemAtOriginal(
      specFile,
      `cannot read the kept WSDL ${file}: ${why}; restore it (asmxgen import writes it beside the spec), or remove ` +
        'wsdl.original and wsdl.fingerprint to generate the WSDL from the spec',
    );
  }
  return { text, file, fingerprint };
}

/** A `SpecError` at the value of `wsdl.original` in the spec file. */
async function problemAtOriginal(specFile: string, message: string): Promise<SpecError> {
  let line = 1;
  let column = 1;
  try {
    const text = await readFile(specFile, 'utf8');
    const counter = new LineCounter();
    const node = parseDocument(text, { lineCounter: counter }).getIn(['wsdl', 'original'], true) as
      { range?: [number, number, number] } | undefined;
    if (node?.range) ({ line, col: column } = counter.linePos(node.range[0]));
  } catch {
    // The spec was read a moment ago; without it the problem is at its start.
  }
  return new SpecError([{ file: specFile, line, column, path: 'wsdl.original', message }]);
}

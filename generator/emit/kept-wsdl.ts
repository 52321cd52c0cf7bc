import { createHash } from 'node:crypto';
import { ADDRESS_MARKER, BASE_MARKER } from '@asmxgen/runtime';
import type { ServiceModel } from '../model/types.js';
import { markPortAddresses } from '../wsdl-reader/port-addresses.js';
import { renderGeneratedWsdl } from './wsdl.js';

/**
 * The contract's fingerprint: `sha256-` and the base64 SHA-256 of the WSDL the model generates (UTF-8, ports'
 * addresses left as the address marker, so `--base-url` and the ports' hosts do not count). `import` records it
 * with a kept WSDL (`wsdl.fingerprint`); a spec whose contract changed since generates another WSDL, so another
 * fingerprint.
 */
export function wsdlFingerprint(model: ServiceModel): string {
  const digest = createHash('sha256').update(renderGeneratedWsdl(model, ADDRESS_MARKER), 'utf8').digest('base64');
  return `sha256-${digest}`;
}

/** The WSDL a spec with `wsdl.original` writes, and why when it is not the kept one. */
export interface KeptWsdl {
  readonly model: ServiceModel;
  /** Set when the fingerprint no longer matches: one line naming the spec, for the user. */
  readonly note?: string;
}

/**
 * The model that writes the kept document `text` (read from `file`, `wsdl.original`) when `fingerprint` is still
 * the model's own; else the model as it is (it writes the WSDL it generates), with a note saying why.
 */
export function withKeptWsdl(
  model: ServiceModel,
  kept: { readonly text: string; readonly file: string; readonly fingerprint: string; readonly spec: string },
): KeptWsdl {
  if (wsdlFingerprint(model) !== kept.fingerprint) {
    return {
      model,
      note:
        `asmxgen: ${kept.spec}: the contract changed since import (wsdl.fingerprint no longer matches), so the ` +
        `WSDL is generated from the spec instead of copied from ${kept.file}`,
    };
  }
  const body = kept.text.charCodeAt(0) === 0xfeff ? kept.text.slice(1) : kept.text;
  const original = markPortAddresses(body, kept.file, ADDRESS_MARKER, BASE_MARKER);
  return { model: Object.freeze({ ...model, wsdl: Object.freeze({ ...model.wsdl, original }) }) };
}

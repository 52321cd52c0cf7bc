import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defaultEndpointPath, soapActionFor } from '../../generator/model/naming.js';
import { BINDING_KINDS } from '../../generator/model/types.js';
import type { Spec, SpecOperation } from '../../generator/spec/spec-types.js';
import { sharedFile } from '../shared-files.js';

/** Every WSDL a real ASMX runtime served that the shared folder holds, as paths inside it. */
export function sharedWsdls(): string[] {
  const corpus = readdirSync(sharedFile('wsdl-corpus'))
    .filter((f) => f.endsWith('.wsdl'))
    .sort()
    .map((f) => `wsdl-corpus/${f}`);
  return [...corpus, 'reference/AuthenticationWebService.wsdl'];
}

/**
 * Shared WSDLs that `import` does not read yet, each with what its refusal must name: their services use what
 * the spec cannot express yet (complex types, SOAP headers). Each is refused with a located reason, which the
 * round-trip test checks; an entry leaves this list when its service round-trips.
 */
export const NOT_YET_IMPORTED: Readonly<Record<string, RegExp>> = {
  'wsdl-corpus/Library.wsdl': /^Library\.wsdl:\d+:\d+: .*SOAP header/,
};

/** The shared WSDLs `import` reads, which must round-trip byte for byte. */
export function importableSharedWsdls(): string[] {
  return sharedWsdls().filter((w) => !(w in NOT_YET_IMPORTED));
}

export function readShared(relativePath: string): string {
  return readFileSync(sharedFile(relativePath), 'utf8');
}

export const FIXTURES_DIR = resolve(import.meta.dirname, 'fixtures');

export function readFixture(name: string): string {
  return readFileSync(resolve(FIXTURES_DIR, name), 'utf8');
}

/** `text` with each `[from, to]` applied; each `from` must occur exactly once, so an edit cannot miss. */
export function edit(text: string, ...edits: (readonly [string, string])[]): string {
  for (const [from, to] of edits) {
    const first = text.indexOf(from);
    if (first === -1 || text.indexOf(from, first + 1) !== -1) {
      throw new Error(`edit: expected exactly one occurrence of ${JSON.stringify(from)}`);
    }
    text = text.slice(0, first) + to + text.slice(first + from.length);
  }
  return text;
}

/**
 * What a WSDL can say of a spec: no `group`s, and no field spelled out that has its default (`path`
 * `/{name}.asmx`, all four bindings, no parameters, the SOAPAction `namespace/Operation`, type `string`
 * left implicit is written). The form `readWsdl` produces.
 */
export function canonicalSpec(spec: Spec): Spec {
  const { path, ...service } = spec.service;
  const bindings = spec.bindings;
  const allBindings = bindings === undefined || BINDING_KINDS.every((k) => bindings.includes(k));
  return {
    service: { ...service, ...(path !== undefined && path !== defaultEndpointPath(service.name) && { path }) },
    ...(!allBindings && { bindings: BINDING_KINDS.filter((k) => bindings.includes(k)) }),
    operations: spec.operations.map(({ group: _group, soapAction, parameters, ...op }): SpecOperation => ({
      ...op,
      ...(soapAction !== undefined && soapAction !== soapActionFor(spec.service.namespace, op.name) && { soapAction }),
      ...(parameters && parameters.length > 0
        ? { parameters: parameters.map((p) => ({ name: p.name, type: p.type ?? 'string' })) }
        : {}),
    })),
  };
}

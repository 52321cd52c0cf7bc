/**
 * A WSDL whose service schema is unqualified (no `elementFormDefault="qualified"`: a copy saved through another
 * tool, or served so by hand) describes messages whose local elements are in no namespace. The runtime writes the
 * same messages with `form="unqualified"` on each element, so `import` reads every local element as unqualified
 * (`form`, `itemForm`, `resultForm`, …), keeps the served WSDL, and refuses only an element a spec cannot mark.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { buildModel } from '../../generator/spec/build-model.js';
import { readWsdl, WsdlError } from '../../generator/wsdl-reader/read-wsdl.js';
import { EDITED } from './refusal-cases.js';
import { CORPUS_DIR, edit } from './wsdl-fixtures.js';

const UNQUALIFIED = EDITED['the service schema unqualified (elementFormDefault="unqualified")'];
const corpus = (name: string) => readFileSync(resolve(CORPUS_DIR, name), 'utf8');

describe('an unqualified service schema', () => {
  test('imports every local element as unqualified, the wrappers staying in the service namespace', () => {
    const { spec } = readWsdl(UNQUALIFIED, 'Legacy.wsdl', { exact: false });
    const notify = spec.operations.find((o) => o.name === 'Notify')!;
    expect(notify.parameters).toEqual([{ name: 'message', type: 'string', form: 'unqualified' }]);
    const model = buildModel(spec);
    expect(model.namespace).toBe('http://tempuri.org/');
  });

  test('a form="qualified" element in it is qualified, as the schema states', () => {
    const text = edit(UNQUALIFIED, [
      '<s:element minOccurs="0" maxOccurs="1" name="message" type="s:string" />',
      '<s:element minOccurs="0" maxOccurs="1" form="qualified" name="message" type="s:string" />',
    ]);
    const { spec } = readWsdl(text, 'Legacy.wsdl', { exact: false });
    expect(spec.operations.find((o) => o.name === 'Notify')!.parameters).toEqual([{ name: 'message', type: 'string' }]);
  });

  test('members, array items and results of a class are unqualified too (ItemForms.wsdl)', () => {
    const text = edit(corpus('ItemForms.wsdl'), [
      '<s:schema elementFormDefault="qualified" targetNamespace="urn:example:forms">',
      '<s:schema targetNamespace="urn:example:forms">',
    ]);
    const { spec } = readWsdl(text, 'ItemForms.wsdl', { exact: false });
    const forms = new Set(
      spec.operations.flatMap((o) => [
        ...(o.parameters ?? []).map((p) => p.form),
        ...(o.result !== undefined ? [o.resultForm] : []),
      ]),
    );
    expect([...forms]).toEqual(['unqualified']);
    for (const type of Object.values(spec.types ?? {})) {
      for (const m of 'members' in type ? type.members : []) {
        if (m.attribute !== true) expect(m.form).toBe('unqualified');
      }
    }
  });

  test('an unqualified element a spec cannot mark (a choice) is refused at file:line:column', () => {
    const text = edit(corpus('Choices.wsdl'), [
      '<s:schema elementFormDefault="qualified" targetNamespace="urn:example:choices">',
      '<s:schema elementFormDefault="unqualified" targetNamespace="urn:example:choices">',
    ]);
    let error: unknown;
    try {
      readWsdl(text, 'Choices.wsdl', { exact: false });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(WsdlError);
    expect((error as Error).message).toMatch(
      /^Choices\.wsdl:\d+:\d+: the element "\w+" is unqualified \(its schema has no elementFormDefault="qualified"\): a spec states form="unqualified" on members, parameters, results and array items only, and cannot express it here$/,
    );
  });
});

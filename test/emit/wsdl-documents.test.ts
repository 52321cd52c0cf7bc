/**
 * A service whose `[WebServiceBinding(Namespace)]` names another namespace than the service's: the runtime serves
 * `?wsdl`, `?wsdl=wsdl1` and a `?schema=schemaN` per schema (corpus `BindingNamespace`, `BindingTypes`, served by
 * the real runtime). `generate` writes each document byte for byte, and the generated server serves each at its
 * query, the addresses filled with the request's.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ADDRESS_MARKER } from '@asmxgen/runtime';
import { generateWsdl, loadSpec } from '../../generator/index.js';
import { contentText } from '../../generator/model/file-content.js';
import { renderDocuments } from '../../generator/emit/service-documents.js';
import { CORPUS_DIR } from '../wsdl/wsdl-fixtures.js';

const GOLDEN = resolve(import.meta.dirname, '../golden');

const SERVICES = [
  { scenario: 'corpus-binding-namespace', file: 'BindingNamespace', service: 'Ledger', schemas: 2 },
  { scenario: 'corpus-binding-types', file: 'BindingTypes', service: 'Clinic', schemas: 2 },
];

describe.each(SERVICES)('$file: a binding in another namespace', ({ scenario, file, service, schemas }) => {
  test('generate writes every document the runtime serves, byte for byte', async () => {
    const model = await loadSpec(join(GOLDEN, scenario, 'spec.yaml'));
    const files = await generateWsdl(model, { baseUrl: 'http://localhost:8080' });
    const ids = ['wsdl1', ...Array.from({ length: schemas }, (_, i) => `schema${i + 1}`)];
    const pairs = [
      [`${service}.wsdl`, `${file}.wsdl`],
      ...ids.map((id) => [
        `${service}.${id}.${id.startsWith('wsdl') ? 'wsdl' : 'xsd'}`,
        `${file}.${id}.${id.startsWith('wsdl') ? 'wsdl' : 'xsd'}`,
      ]),
    ];
    expect(files.map((f) => f.path).sort()).toEqual(pairs.map(([generated]) => generated).sort());
    for (const [generated, served] of pairs) {
      expect(contentText(files.find((f) => f.path === generated)!.content), generated).toBe(
        readFileSync(join(CORPUS_DIR, served!), 'utf8'),
      );
    }
  });

  test('the server is given the imported documents by id, with the address marker in their locations', async () => {
    const model = await loadSpec(join(GOLDEN, scenario, 'spec.yaml'));
    const documents = renderDocuments(model);
    expect(Object.keys(documents.descriptions ?? {})).toEqual(['wsdl1']);
    expect(Object.keys(documents.schemas ?? {})).toEqual(Array.from({ length: schemas }, (_, i) => `schema${i + 1}`));
    expect(documents.wsdl).toContain(`location="${ADDRESS_MARKER}?wsdl=wsdl1"`);
    const address = 'http://localhost:8080/' + file + '.asmx';
    expect(documents.descriptions!.wsdl1!.split(ADDRESS_MARKER).join(address)).toBe(
      readFileSync(join(CORPUS_DIR, `${file}.wsdl1.wsdl`), 'utf8'),
    );
  });
});

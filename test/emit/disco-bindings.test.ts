/**
 * `?disco` of a service with several SOAP bindings lists every SOAP 1.1 binding, then every SOAP 1.2 one, in the
 * order the WSDL writes them: as the real ASMX runtime serves it for test/fixtures/asmx-corpus/TwoBindings.asmx.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { renderDisco } from '../../generator/emit/service-documents.js';
import { loadSpecText } from '../../generator/index.js';

/** GET /TwoBindings.asmx?disco from Mono's ASMX runtime, the host rewritten to localhost:8080 as in the corpus. */
const RUNTIME_DISCO =
  '<?xml version="1.0" encoding="utf-8"?>\n' +
  '<discovery xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns="http://schemas.xmlsoap.org/disco/">\n' +
  '  <contractRef ref="http://localhost:8080/TwoBindings.asmx?wsdl" docRef="http://localhost:8080/TwoBindings.asmx" xmlns="http://schemas.xmlsoap.org/disco/scl/" />\n' +
  '  <soap address="http://localhost:8080/TwoBindings.asmx" xmlns:q1="urn:example:catalog" binding="q1:CatalogBinding" xmlns="http://schemas.xmlsoap.org/disco/soap/" />\n' +
  '  <soap address="http://localhost:8080/TwoBindings.asmx" xmlns:q2="urn:example:catalog" binding="q2:CatalogSoap" xmlns="http://schemas.xmlsoap.org/disco/soap/" />\n' +
  '  <soap address="http://localhost:8080/TwoBindings.asmx" xmlns:q3="urn:example:catalog" binding="q3:AdminBinding" xmlns="http://schemas.xmlsoap.org/disco/soap/" />\n' +
  '  <soap address="http://localhost:8080/TwoBindings.asmx" xmlns:q4="urn:example:catalog" binding="q4:CatalogBinding1" xmlns="http://schemas.xmlsoap.org/disco/soap/" />\n' +
  '  <soap address="http://localhost:8080/TwoBindings.asmx" xmlns:q5="urn:example:catalog" binding="q5:CatalogSoap12" xmlns="http://schemas.xmlsoap.org/disco/soap/" />\n' +
  '  <soap address="http://localhost:8080/TwoBindings.asmx" xmlns:q6="urn:example:catalog" binding="q6:AdminBinding1" xmlns="http://schemas.xmlsoap.org/disco/soap/" />\n' +
  '</discovery>';

it('lists the SOAP bindings of TwoBindings as the runtime does, byte for byte', () => {
  const spec = resolve(import.meta.dirname, '../golden/corpus-two-bindings/spec.yaml');
  const model = loadSpecText(readFileSync(spec, 'utf8'), spec);
  expect(renderDisco(model, 'http://localhost:8080/TwoBindings.asmx')).toBe(RUNTIME_DISCO);
});

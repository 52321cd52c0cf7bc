/**
 * Documents the .NET Framework 1.x wrote (`wsdl.writer: net1`): import recognises them and the writer writes them
 * again byte for byte, with the description read from `wsdl:service` (test/fixtures/net1/README.md).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderWsdl } from '../../generator/emit/wsdl.js';
import { buildModel } from '../../generator/index.js';
import { parseSpec } from '../../generator/spec/parse-spec.js';
import { SpecError } from '../../generator/spec/spec-error.js';
import { readWsdl } from '../../generator/wsdl-reader/read-wsdl.js';

const FILE = resolve(import.meta.dirname, '../fixtures/net1/Quotes.wsdl');
const TEXT = readFileSync(FILE, 'utf8');

describe('a .NET Framework 1.x document', () => {
  it('imports with wsdl.writer: net1, its bindings and the description of its wsdl:service', () => {
    const { spec, addresses } = readWsdl(TEXT, 'Quotes.wsdl');
    expect(spec.wsdl).toEqual({ writer: 'net1' });
    expect(spec.bindings).toEqual(['soap11', 'httpGet', 'httpPost']);
    expect(spec.service.description).toBe('Stock quotes, as a .NET Framework 1.1 service serves them.');
    expect(spec.operations[0]!.description).toBe('The last quote of a symbol.');
    expect(renderWsdl(buildModel(spec), addresses.soap11!)).toBe(TEXT);
  });

  it('is written in the later forms without the setting', () => {
    const { spec, addresses } = readWsdl(TEXT, 'Quotes.wsdl');
    const later = renderWsdl(buildModel({ ...spec, wsdl: undefined }), addresses.soap11!);
    expect(later).toContain('<soap:binding transport="http://schemas.xmlsoap.org/soap/http" />');
    expect(later).toContain(
      '<wsdl:documentation xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/">The last quote of a symbol.</wsdl:documentation>',
    );
    expect(later).toContain('xmlns:soap12=');
  });

  it('refuses SOAP 1.2 in a spec for the .NET Framework 1.x, at the setting', () => {
    const spec = 'service:\n  name: Svc\n  namespace: urn:svc\noperations:\n  - name: Ping\nwsdl:\n  writer: net1\n';
    expect(() => parseSpec(spec, 'f.yaml')).toThrow(SpecError);
    expect(() => parseSpec(spec, 'f.yaml')).toThrow(
      'f.yaml:7:11: wsdl.writer: the .NET Framework 1.x serves no SOAP 1.2: list the bindings without soap12 ' +
        '(e.g. bindings: [soap11, httpGet, httpPost])',
    );
  });
});

/**
 * Several SOAP bindings in one service (corpus `TwoBindings`, `ManyBindings`): the reader groups operations by port
 * type, reads the declaration order the bindings keep, and refuses what no runtime writes.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { renderWsdl } from '../../generator/emit/wsdl.js';
import { buildModel } from '../../generator/index.js';
import { parseSpec } from '../../generator/spec/parse-spec.js';
import { readWsdl, WsdlError } from '../../generator/wsdl-reader/read-wsdl.js';
import { CORPUS_DIR, edit } from './wsdl-fixtures.js';

const corpus = (name: string) => readFileSync(resolve(CORPUS_DIR, name), 'utf8');
const ADDRESS = 'http://sp.example.com/_vti_bin/ManyBindings.asmx';

function refusal(text: string): string {
  try {
    readWsdl(text, 'fixture.wsdl');
  } catch (err) {
    if (err instanceof WsdlError) return err.message;
    throw err;
  }
  throw new Error('expected a WsdlError');
}

describe('several SOAP bindings', () => {
  test('each operation is read into its binding, the bindings in the order the WSDL writes them', () => {
    const { spec } = readWsdl(corpus('ManyBindings.wsdl'), 'ManyBindings.wsdl');
    expect(spec.service.soapBindings).toEqual([{ name: 'ProfileAdmin' }, 'default', { name: 'ProfileQuery' }]);
    expect(spec.service.conformanceClaim).toBe(true);
    expect(spec.operations.map((op) => [op.name, op.binding])).toEqual([
      ['SaveProfile', 'ProfileAdmin'],
      ['GetProfile', undefined],
      ['Remove', 'ProfileAdmin'],
      ['Keys', 'ProfileQuery'],
      ['Search', 'ProfileQuery'],
      ['Count', undefined],
    ]);
  });

  test('a SOAP-only WSDL as a Windows server serves it (SharePoint-style) imports and regenerates byte for byte', () => {
    // SharePoint's services offer SOAP only, with CRLF line ends: the declaration order is the bindings' own.
    const golden = parseSpec(
      readFileSync(resolve(import.meta.dirname, '../golden/corpus-many-bindings/spec.yaml'), 'utf8'),
      'spec.yaml',
    );
    const soapOnly = buildModel({ ...golden, bindings: ['soap11', 'soap12'], wsdl: { lineEnds: 'crlf' } });
    const served = renderWsdl(soapOnly, ADDRESS);
    expect(served).not.toContain('HttpGet');
    expect(served).toContain('<wsdl:binding name="ProfileQuery1" type="tns:ProfileQuery">\r\n');
    const { spec } = readWsdl(served, 'ManyBindings.wsdl');
    expect(spec.operations.map((op) => op.name)).toEqual([
      'SaveProfile',
      'Remove',
      'GetProfile',
      'Count',
      'Keys',
      'Search',
    ]);
    expect(renderWsdl(buildModel(spec), ADDRESS)).toBe(served);
  });

  test('bindings sharing a port type, a binding without operations and HTTP lists out of a binding’s order are refused', () => {
    const text = corpus('TwoBindings.wsdl');
    const purge = (verb: string) =>
      `    <wsdl:operation name="Purge">\n      <wsdl:input message="tns:PurgeHttp${verb}In" />\n      <wsdl:output message="tns:PurgeHttp${verb}Out" />\n    </wsdl:operation>\n`;
    const reindex = (verb: string) =>
      `    <wsdl:operation name="Reindex">\n      <wsdl:input message="tns:ReindexHttp${verb}In" />\n      <wsdl:output message="tns:ReindexHttp${verb}Out" />\n    </wsdl:operation>\n`;
    const swapped = edit(
      text,
      [purge('Get') + reindex('Get'), reindex('Get') + purge('Get')],
      [purge('Post') + reindex('Post'), reindex('Post') + purge('Post')],
    );
    expect(refusal(swapped)).toBe(
      'fixture.wsdl:156:5: HttpGet and HttpPost list operation "Purge" in another order than its SOAP binding does: the ASMX runtime writes every binding in the order the service declares its methods',
    );
    // A [WebServiceBinding] on an interface the service implements: a binding without methods.
    const emptyAdmin = text
      .replace(
        / {2}<wsdl:portType name="AdminBinding">[\s\S]*?<\/wsdl:portType>/,
        '  <wsdl:portType name="AdminBinding" />',
      )
      .replace(
        /(<wsdl:binding name="AdminBinding1?" type="tns:AdminBinding">\n {4}<soap(?:12)?:binding [^\n]*\n)[\s\S]*?( {2}<\/wsdl:binding>)/g,
        '$1$2',
      );
    expect(refusal(emptyAdmin)).toBe(
      'fixture.wsdl:133:18: port type "AdminBinding" holds no operation: the ASMX runtime writes a binding without methods only for a [WebServiceBinding] on an interface the service implements, which a spec cannot express; remove the port type, its bindings and ports and import again',
    );
    const sharedPortType = edit(text, [
      '<wsdl:binding name="AdminBinding" type="tns:AdminBinding">',
      '<wsdl:binding name="AdminBinding" type="tns:CatalogSoap">',
    ]);
    expect(refusal(sharedPortType)).toBe(
      'fixture.wsdl:206:37: bindings "CatalogSoap" and "AdminBinding" are both SOAP 1.1 bindings of port type "CatalogSoap": the ASMX runtime writes one port type per [WebServiceBinding], with one binding per SOAP version',
    );
  });
});

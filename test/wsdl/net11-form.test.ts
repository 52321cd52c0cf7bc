/**
 * The .NET Framework 1.1's WSDL writer (`wsdl.runtime: net1.1`). `fixtures/net11/Fortunes.wsdl` is the WSDL of
 * `fixtures/net11/Fortunes.yaml` in the form .NET 1.1 servers serve (the form of webservicex.net's and other
 * services' 1.1-era WSDLs): the root declares `http soap s soapenc tns tm mime`, no `soap12` (1.1 had no SOAP 1.2),
 * then `targetNamespace` and `xmlns:wsdl`; every `documentation` is `<documentation xmlns="…/wsdl/">`; the
 * service's description is in `wsdl:service` only; `soap:binding` has `style="document"`.
 */
import { expect, test } from 'vitest';
import { renderSpecYaml } from '../../generator/emit/spec-yaml.js';
import { renderWsdl } from '../../generator/emit/wsdl.js';
import { buildModel } from '../../generator/index.js';
import { parseSpec } from '../../generator/spec/parse-spec.js';
import { SpecError } from '../../generator/spec/spec-error.js';
import { readWsdl } from '../../generator/wsdl-reader/read-wsdl.js';
import { edit, readFixture } from './wsdl-fixtures.js';

const WSDL = readFixture('net11/Fortunes.wsdl');
const SPEC_YAML = readFixture('net11/Fortunes.yaml');
const ADDRESS = 'http://example.org/fortunes/Fortunes.asmx';
const HEAD = 'service:\n  name: Svc\n  namespace: urn:svc\noperations:\n  - name: Ping\n';

function problems(text: string): string[] {
  try {
    parseSpec(text, 'w.yaml');
  } catch (error) {
    if (error instanceof SpecError) return error.problems.map((p) => `${p.line}:${p.column}: ${p.message}`);
    throw error;
  }
  return [];
}

test('the spec with wsdl.runtime: net1.1 generates the .NET 1.1 form byte for byte', () => {
  const spec = parseSpec(SPEC_YAML, 'Fortunes.yaml');
  expect(renderWsdl(buildModel(spec), ADDRESS)).toBe(WSDL);
});

test('import recognises the form, records runtime: net1.1, and regenerates the served bytes', () => {
  const { spec } = readWsdl(WSDL, 'Fortunes.wsdl');
  expect(spec.service.description).toBe('Sayings, one at a time');
  expect(spec.bindings).toEqual(['soap11', 'httpGet', 'httpPost']);
  expect(spec.wsdl).toStrictEqual({ runtime: 'net1.1', lineEnds: 'crlf' });
  expect(spec).toStrictEqual(parseSpec(SPEC_YAML, 'Fortunes.yaml'));
  expect(renderWsdl(buildModel(spec), ADDRESS)).toBe(WSDL);
  expect(parseSpec(renderSpecYaml(spec), 'imported.yaml')).toStrictEqual(spec);
});

test('the declarations in another order are recorded as namespaceOrder on top of runtime', () => {
  const text = edit(WSDL, [
    'xmlns:http="http://schemas.xmlsoap.org/wsdl/http/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" ',
    'xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:http="http://schemas.xmlsoap.org/wsdl/http/" ',
  ]);
  const { spec } = readWsdl(text, 'Fortunes.wsdl');
  expect(spec.wsdl).toStrictEqual({
    runtime: 'net1.1',
    namespaceOrder: ['soap', 'http', 's', 'soapenc', 'tns', 'tm', 'mime'],
    lineEnds: 'crlf',
  });
  expect(renderWsdl(buildModel(spec), ADDRESS)).toBe(text);
});

test('a later writer’s document (soap12 declared) is not taken for .NET 1.1', () => {
  const text = edit(WSDL, [' xmlns:mime=', ' xmlns:soap12="http://schemas.xmlsoap.org/wsdl/soap12/" xmlns:mime=']);
  expect(readWsdl(text, 'Fortunes.wsdl', { exact: false }).spec.wsdl?.runtime).toBeUndefined();
});

test('.NET 1.1 has no SOAP 1.2: a spec that enables it is refused at wsdl.runtime', () => {
  expect(problems(`${HEAD}wsdl:\n  runtime: net1.1\n`)).toEqual([
    '7:12: the .NET Framework 1.1 has no SOAP 1.2 binding; list the others in bindings (e.g. [soap11, httpGet, ' +
      'httpPost]), or drop wsdl.runtime',
  ]);
  expect(problems(`${HEAD}bindings: [soap11, soap12]\nwsdl:\n  runtime: net1.1\n`)).toHaveLength(1);
  expect(problems(`${HEAD}bindings: [soap11]\nwsdl:\n  runtime: net1.1\n`)).toEqual([]);
  expect(problems(`${HEAD}bindings: [soap11]\nwsdl:\n  runtime: net2\n`)).toEqual([
    '8:12: unknown value "net2"; expected one of: net1.0, net1.1, mono',
  ]);
});

test('an rpc/encoded service of .NET 1.1 imports back to its spec, description from wsdl:service', () => {
  const spec = parseSpec(
    'service:\n  name: Calc\n  namespace: http://example.org/calc/\n  description: Sums\n  style: rpc\n' +
      'bindings: [soap11]\noperations:\n  - name: Add\n    description: Adds two numbers\n' +
      '    parameters: [{ name: a, type: int }, { name: b, type: int }]\n    result: int\nwsdl:\n  runtime: net1.1\n',
    'calc.yaml',
  );
  const text = renderWsdl(buildModel(spec), 'http://example.org/Calc.asmx');
  expect(text).toContain(
    '  <wsdl:service name="Calc">\n    <documentation xmlns="http://schemas.xmlsoap.org/wsdl/">Sums</documentation>\n',
  );
  expect(text).toContain('<soap:binding transport="http://schemas.xmlsoap.org/soap/http" style="rpc" />');
  const { spec: read } = readWsdl(text, 'Calc.wsdl');
  expect(read).toStrictEqual(spec);
  expect(renderWsdl(buildModel(read), 'http://example.org/Calc.asmx')).toBe(text);
});

/**
 * A .NET 1.1 service with no description: `wsdl:service` holds an empty `<documentation xmlns="…/wsdl/" />`, as in
 * dbujak/Brinkster's Web Reference `Web References/localhost/zipcodes.wsdl` (commit b62a90ffb057), served for
 * `wanControl/ZipCodes/ZipCodes.asmx.vb`, whose class has `[WebService(Namespace := …)]` and no `Description`
 * (node-soap's `recursive2.wsdl` and SOAP::WSDL's `tools.wsdl` have the same element).
 */
test('an empty documentation in wsdl:service is recorded as wsdl.emptyDocumentation and written back', () => {
  const text = edit(WSDL, [
    '<documentation xmlns="http://schemas.xmlsoap.org/wsdl/">Sayings, one at a time</documentation>',
    '<documentation xmlns="http://schemas.xmlsoap.org/wsdl/" />',
  ]);
  const { spec } = readWsdl(text, 'Fortunes.wsdl');
  expect(spec.service.description).toBeUndefined();
  expect(spec.wsdl).toStrictEqual({ runtime: 'net1.1', lineEnds: 'crlf', emptyDocumentation: true });
  expect(renderWsdl(buildModel(spec), ADDRESS)).toBe(text);
  const yaml = renderSpecYaml(spec);
  expect(yaml).toContain('  emptyDocumentation: true');
  expect(parseSpec(yaml, 'imported.yaml')).toStrictEqual(spec);
  // Without it, the element is left out, as before.
  const { wsdl: _, ...bare } = spec;
  expect(renderWsdl(buildModel({ ...bare, wsdl: { runtime: 'net1.1', lineEnds: 'crlf' } }), ADDRESS)).toBe(
    edit(text, ['    <documentation xmlns="http://schemas.xmlsoap.org/wsdl/" />\r\n', '']),
  );
});

test('wsdl.emptyDocumentation needs a .NET 1.x runtime and a service without description', () => {
  expect(problems(`${HEAD}bindings: [soap11]\nwsdl:\n  runtime: net1.1\n  emptyDocumentation: true\n`)).toEqual([]);
  expect(problems(`${HEAD}wsdl:\n  emptyDocumentation: true\n`)).toEqual([
    '7:23: only the .NET Framework 1.x writes an empty <documentation> in wsdl:service; set wsdl.runtime: net1.1 ' +
      '(or net1.0), or drop wsdl.emptyDocumentation',
  ]);
  const described = HEAD.replace('  namespace: urn:svc\n', '  namespace: urn:svc\n  description: Pings\n');
  expect(problems(`${described}bindings: [soap11]\nwsdl:\n  runtime: net1.1\n  emptyDocumentation: true\n`)).toEqual([
    '10:23: the service has a description, which wsdl:service documents; drop wsdl.emptyDocumentation',
  ]);
});

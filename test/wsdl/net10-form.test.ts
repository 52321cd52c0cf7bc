/**
 * The .NET Framework 1.0's WSDL writer (`wsdl.runtime: net1.0`): the WSDL namespace is the default namespace
 * (`<definitions … xmlns="http://schemas.xmlsoap.org/wsdl/">`, `<types>`, `<message>`… unprefixed), the service's
 * namespace is `s0`, the root declares `s1 http soap s s0 soapenc tm mime`, and the service's description is a
 * plain `<documentation>` in `<service>`. `fixtures/real-world/sharepoint-portal-UserProfileService.wsdl` is
 * SharePoint Portal Server 2003's, as a project committed it (SOURCES.md); the .NET 1.0 runtime is not available,
 * so the served document is the reference.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from 'vitest';
import { renderSpecYaml } from '../../generator/emit/spec-yaml.js';
import { renderWsdl } from '../../generator/emit/wsdl.js';
import { buildModel } from '../../generator/index.js';
import { parseSpec } from '../../generator/spec/parse-spec.js';
import { SpecError } from '../../generator/spec/spec-error.js';
import { readWsdl } from '../../generator/wsdl-reader/read-wsdl.js';
import { FIXTURES_DIR } from './wsdl-fixtures.js';

const FILE = 'sharepoint-portal-UserProfileService.wsdl';
const WSDL = readFileSync(resolve(FIXTURES_DIR, 'real-world', FILE), 'utf8');
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

test('import records runtime: net1.0 and keeps the description the service element holds', () => {
  const { spec } = readWsdl(WSDL, FILE);
  expect(spec.service.description).toBe('User Profile Service');
  expect(spec.bindings).toEqual(['soap11']);
  expect(spec.wsdl).toStrictEqual({ runtime: 'net1.0', prolog: '', selfClosing: 'compact' });
});

test('the spec written by import regenerates the served bytes on its own (no wsdl.original)', () => {
  const { spec, addresses } = readWsdl(WSDL, FILE);
  const yaml = renderSpecYaml(spec);
  expect(yaml).toContain('runtime: net1.0');
  const reread = parseSpec(yaml, 'UserProfileService.yaml');
  expect(reread).toStrictEqual(spec);
  expect(renderWsdl(buildModel(reread), addresses.soap11!)).toBe(WSDL);
});

test('an rpc/encoded service in the 1.0 form: d7p1:arrayType, s0: references, and back to the same spec', () => {
  const spec = parseSpec(
    'service:\n  name: Calc\n  namespace: http://example.org/calc/\n  description: Sums\n  style: rpc\n' +
      'bindings: [soap11]\noperations:\n  - name: Sum\n    description: Adds numbers\n' +
      '    parameters: [{ name: values, type: "int[]" }]\n    result: int\nwsdl:\n  runtime: net1.0\n',
    'calc.yaml',
  );
  const text = renderWsdl(buildModel(spec), 'http://example.org/Calc.asmx');
  expect(text).toContain(' targetNamespace="http://example.org/calc/" xmlns="http://schemas.xmlsoap.org/wsdl/">\n');
  expect(text).toContain(
    '<s:attribute d7p1:arrayType="s:int[]" ref="soapenc:arrayType" xmlns:d7p1="http://schemas.xmlsoap.org/wsdl/" />',
  );
  expect(text).toContain('  <service name="Calc">\n    <documentation>Sums</documentation>\n');
  expect(text).toContain('    <operation name="Sum">\n      <documentation>Adds numbers</documentation>\n');
  expect(text).not.toContain('wsdl:');
  expect(text).not.toContain('tns:');
  const { spec: read } = readWsdl(text, 'Calc.wsdl');
  expect(read).toStrictEqual(spec);
  expect(renderWsdl(buildModel(read), 'http://example.org/Calc.asmx')).toBe(text);
});

test('.NET 1.0 has no SOAP 1.2 either, and a runtime it does not know is refused at its place', () => {
  expect(problems(`${HEAD}wsdl:\n  runtime: net1.0\n`)).toEqual([
    '7:12: the .NET Framework 1.0 has no SOAP 1.2 binding; list the others in bindings (e.g. [soap11, httpGet, ' +
      'httpPost]), or drop wsdl.runtime',
  ]);
  expect(problems(`${HEAD}bindings: [soap11, httpPost]\nwsdl:\n  runtime: net1.0\n`)).toEqual([]);
  expect(problems(`${HEAD}bindings: [soap11]\nwsdl:\n  runtime: net1\n`)).toEqual([
    '8:12: unknown value "net1"; did you mean "net1.0"? Expected one of: net1.0, net1.1, mono',
  ]);
});

/**
 * The .NET Framework 1.0's WSDL writer (`wsdl.runtime: net1.0`): 1.1's document with the WSDL namespace as the
 * default namespace (`<definitions … xmlns="…wsdl/">`, unprefixed WSDL elements, `<documentation>`) and the service's
 * namespace declared as `s0`, right after `s`. `fixtures/real-world/sharepoint-sp2003-UserProfileService.wsdl` is
 * what SharePoint Portal Server 2003 served (SOURCES.md): Microsoft's types as `s1` first, the description inside
 * `service`, no XML declaration, `/>`.
 */
import { describe, expect, test } from 'vitest';
import { renderSpecYaml } from '../../generator/emit/spec-yaml.js';
import { renderWsdl } from '../../generator/emit/wsdl.js';
import { buildModel } from '../../generator/index.js';
import { parseSpec } from '../../generator/spec/parse-spec.js';
import { SpecError } from '../../generator/spec/spec-error.js';
import { readWsdl } from '../../generator/wsdl-reader/read-wsdl.js';
import { readFixture } from './wsdl-fixtures.js';

const FILE = 'sharepoint-sp2003-UserProfileService.wsdl';
const SERVED = readFixture(`real-world/${FILE}`);

function problems(text: string): string[] {
  try {
    parseSpec(text, 'w.yaml');
  } catch (error) {
    if (error instanceof SpecError) return error.problems.map((p) => `${p.line}:${p.column}: ${p.message}`);
    throw error;
  }
  return [];
}

describe('a WSDL the .NET Framework 1.0 served', () => {
  const { spec, addresses } = readWsdl(SERVED, FILE);

  test('imports with runtime: net1.0 and the service description, and regenerates the served bytes', () => {
    expect(spec.service.description).toBe('User Profile Service');
    expect(spec.bindings).toEqual(['soap11']);
    expect(spec.wsdl).toStrictEqual({ runtime: 'net1.0', prolog: '', selfClosing: 'compact' });
    expect(renderWsdl(buildModel(spec), addresses.soap11!)).toBe(SERVED);
    expect(parseSpec(renderSpecYaml(spec), 'imported.yaml')).toStrictEqual(spec);
  });

  test('the same spec as net1.1 writes the wsdl:-prefixed form with tns', () => {
    const net11 = renderWsdl(buildModel({ ...spec, wsdl: { ...spec.wsdl, runtime: 'net1.1' } }), addresses.soap11!);
    expect(net11).toContain('<wsdl:definitions xmlns:s1="http://microsoft.com/wsdl/types/"');
    expect(net11).toContain('<wsdl:port name="UserProfileServiceSoap" binding="tns:UserProfileServiceSoap">');
    expect(net11).toContain(
      '<documentation xmlns="http://schemas.xmlsoap.org/wsdl/">User Profile Service</documentation>',
    );
    expect(readWsdl(net11, 'net11.wsdl').spec.wsdl?.runtime).toBe('net1.1');
  });
});

test('a spec written by hand in the 1.0 form: s0 after s, unprefixed elements, <documentation>', () => {
  const spec = parseSpec(
    'service:\n  name: Echo\n  namespace: urn:echo\n  description: Says it back\n' +
      'bindings: [soap11]\noperations:\n  - name: Say\n    description: Once\n' +
      '    parameters: [{ name: text, type: string }]\n    result: string\nwsdl:\n  runtime: net1.0\n',
    'echo.yaml',
  );
  const wsdl = renderWsdl(buildModel(spec), 'http://example.org/Echo.asmx');
  expect(wsdl.split('\n').slice(0, 2)).toEqual([
    '<?xml version="1.0" encoding="utf-8"?>',
    '<definitions xmlns:http="http://schemas.xmlsoap.org/wsdl/http/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" ' +
      'xmlns:s="http://www.w3.org/2001/XMLSchema" xmlns:s0="urn:echo" xmlns:soapenc="http://schemas.xmlsoap.org/soap/encoding/" ' +
      'xmlns:tm="http://microsoft.com/wsdl/mime/textMatching/" xmlns:mime="http://schemas.xmlsoap.org/wsdl/mime/" ' +
      'targetNamespace="urn:echo" xmlns="http://schemas.xmlsoap.org/wsdl/">',
  ]);
  expect(wsdl).toContain('    <part name="parameters" element="s0:Say" />\n');
  expect(wsdl).toContain('      <documentation>Once</documentation>\n      <input message="s0:SaySoapIn" />\n');
  expect(wsdl).toContain('  <service name="Echo">\n    <documentation>Says it back</documentation>\n');
  expect(wsdl).not.toMatch(/wsdl:|tns:/);
  const back = readWsdl(wsdl, 'Echo.wsdl');
  expect(back.spec).toStrictEqual(spec);
});

test('.NET 1.0 has no SOAP 1.2: a spec that enables it is refused at wsdl.runtime', () => {
  expect(
    problems('service:\n  name: Svc\n  namespace: urn:svc\noperations:\n  - name: Ping\nwsdl:\n  runtime: net1.0\n'),
  ).toEqual([
    '7:12: the .NET Framework 1.0 has no SOAP 1.2 binding; list the others in bindings (e.g. [soap11, httpGet, ' +
      'httpPost]), or drop wsdl.runtime',
  ]);
});

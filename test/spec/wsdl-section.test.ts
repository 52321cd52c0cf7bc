import { expect, test } from 'vitest';
import { renderWsdl } from '../../generator/emit/wsdl.js';
import { buildModel } from '../../generator/index.js';
import { parseSpec } from '../../generator/spec/parse-spec.js';
import { SpecError } from '../../generator/spec/spec-error.js';

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

test('the wsdl section reads into the spec and shapes the WSDL text', () => {
  const spec = parseSpec(
    `${HEAD}wsdl:\n  namespaceOrder: [soap, tm, soapenc, mime, tns, s, soap12, http]\n  lineEnds: crlf\n  finalNewline: true\n`,
    'w.yaml',
  );
  expect(spec.wsdl).toStrictEqual({
    namespaceOrder: ['soap', 'tm', 'soapenc', 'mime', 'tns', 's', 'soap12', 'http'],
    lineEnds: 'crlf',
    finalNewline: true,
  });
  const text = renderWsdl(buildModel(spec), 'http://localhost:8080/Svc.asmx');
  expect(text.split('\r\n')[1]).toMatch(
    /^<wsdl:definitions xmlns:soap="[^"]+" xmlns:tm="[^"]+" xmlns:soapenc="[^"]+" xmlns:mime="[^"]+" xmlns:tns="urn:svc" xmlns:s="[^"]+" xmlns:soap12="[^"]+" xmlns:http="[^"]+" targetNamespace="urn:svc" xmlns:wsdl="[^"]+">$/,
  );
  expect(text.replaceAll('\r\n', '')).not.toContain('\n');
  expect(text.endsWith('</wsdl:definitions>\r\n')).toBe(true);
});

test('prefixes the list leaves out follow in the runtime’s order; prefixes the WSDL lacks are skipped', () => {
  const spec = parseSpec(`${HEAD}wsdl:\n  namespaceOrder: [soap, s7, tns]\n`, 'w.yaml');
  expect(buildModel(spec).wsdl.namespaces.map((n) => n.prefix)).toEqual([
    'soap',
    'tns',
    'soapenc',
    'soap12',
    'http',
    'mime',
    'tm',
    's',
  ]);
});

test('each mistake in the wsdl section is reported at its place', () => {
  expect(
    problems(`${HEAD}wsdl:\n  namespaceOrder: [soap, xsd, soap]\n  lineEnds: cr\n  finalNewline: yes\n  order: 1\n`),
  ).toEqual([
    '7:26: unknown prefix "xsd"; the runtime declares soapenc, soap12, http, tns, mime, tm, s, soap and s0, s1, … for extra schemas',
    '7:31: duplicate prefix "soap" (first defined at line 7)',
    '8:13: unknown value "cr"; expected one of: lf, crlf',
    '9:17: expected true or false',
    '10:3: unknown field "order"; expected one of: namespaceOrder, lineEnds, finalNewline',
  ]);
});

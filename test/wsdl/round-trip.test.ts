import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { renderSpecYaml } from '../../generator/emit/spec-yaml.js';
import { renderWsdl } from '../../generator/emit/wsdl.js';
import { buildModel, generate } from '../../generator/index.js';
import { BINDING_KINDS } from '../../generator/model/types.js';
import { parseSpec } from '../../generator/spec/parse-spec.js';
import type { Spec } from '../../generator/spec/spec-types.js';
import { readWsdl } from '../../generator/wsdl-reader/read-wsdl.js';
import { listScenarios } from '../golden/scenarios.js';
import { sharedFile } from '../shared-files.js';
import { WsdlError } from '../../generator/wsdl-reader/wsdl-error.js';
import { canonicalSpec, importableSharedWsdls, NOT_YET_IMPORTED, readShared } from './wsdl-fixtures.js';

describe.each(importableSharedWsdls())('%s', (wsdl) => {
  const text = readShared(wsdl);

  test('imports to a spec that generates the same WSDL, byte for byte', async () => {
    const { spec, addresses } = readWsdl(text, wsdl);
    const model = buildModel(spec);
    const address = addresses.soap11 ?? Object.values(addresses)[0]!;
    expect(address.endsWith(model.path)).toBe(true);
    const files = await generate(model, { baseUrl: address.slice(0, -model.path.length) });
    const generated = files.find((f) => f.path === `${model.name}.wsdl`);
    expect(generated?.content).toBe(text);
  });

  test('the spec YAML it writes reads back to the same spec', () => {
    const { spec } = readWsdl(text, wsdl);
    const yaml = renderSpecYaml(spec, { schemaPath: '../spec/asmxgen.schema.json', source: wsdl });
    expect(parseSpec(yaml, 'imported.yaml')).toStrictEqual(spec);
  });

  test('the spec is already in canonical form (defaults left out)', () => {
    const { spec } = readWsdl(text, wsdl);
    expect(canonicalSpec(spec)).toStrictEqual(spec);
  });
});

describe.each(Object.entries(NOT_YET_IMPORTED))('%s', (wsdl, reason) => {
  test('is refused with the construct, its line and column, and why', () => {
    let error: unknown;
    try {
      readWsdl(readShared(wsdl), wsdl.slice(wsdl.lastIndexOf('/') + 1));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(WsdlError);
    expect((error as Error).message).toMatch(reason);
  });
});

describe('imported specs equal the specs committed for the golden scenarios', () => {
  // Scenarios generated --wsdl-only hold complex types, which `import` does not read yet.
  const scenarios = listScenarios().filter((s) => s.reference !== undefined && !s.wsdlOnly);

  test('every shared WSDL is some scenario’s reference', () => {
    expect(scenarios.map((s) => s.reference).sort()).toEqual(
      importableSharedWsdls()
        .map((w) => sharedFile(w))
        .sort(),
    );
  });

  // The default spec spells out `path` and `bindings` with their default values, gives UploadImage
  // `parameters: []` and labels operations with `group`s, which a WSDL cannot carry: both sides are
  // compared in canonical form, which for the corpus specs is the committed spec itself.
  test.each(scenarios.map((s) => [s.name, s] as const))('%s', (_name, scenario) => {
    const golden = parseSpec(readFileSync(scenario.spec, 'utf8'), scenario.spec);
    const imported = readWsdl(readFileSync(scenario.reference!, 'utf8'), scenario.reference!).spec;
    expect(imported).toStrictEqual(canonicalSpec(golden));
    if (scenario.name !== 'authentication-web-service') expect(imported).toStrictEqual(golden);
  });
});

test('addresses: the location of each port, by binding kind', () => {
  expect(readWsdl(readShared('wsdl-corpus/Inventory.wsdl'), 'Inventory.wsdl').addresses).toStrictEqual({
    soap11: 'http://localhost:8080/Inventory.asmx',
    soap12: 'http://localhost:8080/Inventory.asmx',
    httpGet: 'http://localhost:8080/Inventory.asmx',
    httpPost: 'http://localhost:8080/Inventory.asmx',
  });
  expect(readWsdl(readShared('wsdl-corpus/LegacySoapOnly.wsdl'), 'LegacySoapOnly.wsdl').addresses).toStrictEqual({
    soap11: 'http://localhost:8080/Legacy.asmx',
    soap12: 'http://localhost:8080/Legacy.asmx',
  });
});

test('an endpoint path other than /{name}.asmx is kept; the default one is left out', () => {
  const text = readShared('wsdl-corpus/LegacySoapOnly.wsdl').replaceAll(
    'http://localhost:8080/Legacy.asmx',
    'https://legacy.example.com:8443/app/services/Legacy.asmx',
  );
  const { spec, addresses } = readWsdl(text, 'Legacy.wsdl');
  expect(spec.service.path).toBe('/app/services/Legacy.asmx');
  expect(addresses.soap12).toBe('https://legacy.example.com:8443/app/services/Legacy.asmx');
  expect(readWsdl(readShared('wsdl-corpus/LegacySoapOnly.wsdl'), 'Legacy.wsdl').spec.service).not.toHaveProperty(
    'path',
  );
});

test('a SOAPAction other than namespace/Operation is kept, and regenerates', async () => {
  const text = readShared('wsdl-corpus/LegacySoapOnly.wsdl').replaceAll(
    'soapAction="http://tempuri.org/Notify"',
    'soapAction="urn:legacy:notify"',
  );
  const { spec } = readWsdl(text, 'Legacy.wsdl');
  expect(spec.operations[0]).toStrictEqual({
    name: 'Notify',
    soapAction: 'urn:legacy:notify',
    parameters: [{ name: 'message', type: 'string' }],
  });
  expect(spec.operations[1]).not.toHaveProperty('soapAction');
  const files = await generate(buildModel(spec), { baseUrl: 'http://localhost:8080' });
  expect(files.find((f) => f.path === 'Legacy.wsdl')?.content).toBe(text);
});

test('every combination of bindings, a path and SOAPActions round-trip: spec → WSDL → the same spec', () => {
  const inventory = readWsdl(readShared('wsdl-corpus/Inventory.wsdl'), 'Inventory.wsdl').spec;
  const base: Spec = {
    ...inventory,
    service: { ...inventory.service, path: '/legacy/Inventory.asmx' },
    operations: inventory.operations.map((op, i) =>
      i % 2 === 0 ? { ...op, soapAction: `urn:action:${op.name}` } : op,
    ),
  };
  for (let mask = 1; mask < 1 << BINDING_KINDS.length; mask++) {
    const bindings = BINDING_KINDS.filter((_, i) => mask & (1 << i));
    const spec = canonicalSpec({ ...base, bindings });
    const wsdl = renderWsdl(buildModel(spec), 'http://localhost:8080/legacy/Inventory.asmx');
    const reading = readWsdl(wsdl, `${bindings.join('-')}.wsdl`);
    // Without a SOAP binding the WSDL has no SOAPAction to carry.
    const soap = bindings.includes('soap11') || bindings.includes('soap12');
    const expected = soap ? spec : { ...spec, operations: spec.operations.map(({ soapAction: _, ...op }) => op) };
    expect(reading.spec, bindings.join(', ')).toStrictEqual(expected);
    expect(Object.keys(reading.addresses)).toEqual(bindings);
  }
});

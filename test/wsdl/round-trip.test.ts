import { readdirSync, readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { renderSpecYaml } from '../../generator/emit/spec-yaml.js';
import { contentText } from '../../generator/model/file-content.js';
import { renderWsdl } from '../../generator/emit/wsdl.js';
import { buildModel, generate } from '../../generator/index.js';
import { BINDING_KINDS } from '../../generator/model/types.js';
import { parseSpec } from '../../generator/spec/parse-spec.js';
import type { Spec } from '../../generator/spec/spec-types.js';
import { readWsdl } from '../../generator/wsdl-reader/read-wsdl.js';
import { listScenarios } from '../golden/scenarios.js';
import { sharedFile } from '../shared-files.js';
import {
  canonicalSpec,
  CORPUS_DIR,
  edit,
  importableWsdls,
  readShared,
  inSeveralDocuments,
  isServiceWsdl,
  readCorpusWsdl,
  reproducedCorpusWsdls,
  withoutIncludes,
  wsdlLabel,
} from './wsdl-fixtures.js';

/** Imports `text`, generates the WSDL of the spec for the address its first port names. */
function regenerate(text: string, file: string): { spec: Spec; wsdl: string } {
  const { spec, addresses } = readWsdl(text, file);
  const model = buildModel(spec);
  const address = BINDING_KINDS.map((k) => addresses[k]).find((a) => a !== undefined)!;
  expect(address.endsWith(model.path)).toBe(true);
  return { spec, wsdl: renderWsdl(model, address) };
}

describe.each(importableWsdls().map((path) => [wsdlLabel(path), path] as const))('%s', (label, path) => {
  const text = readFileSync(path, 'utf8');

  test('imports to a spec that generates the same WSDL, byte for byte', async () => {
    const { spec, addresses } = readWsdl(text, label);
    const model = buildModel(spec);
    const address = addresses.soap11 ?? Object.values(addresses)[0]!;
    const baseUrl = address.slice(0, -model.path.length);
    const files = model.codeBlockers.length === 0 ? await generate(model, { baseUrl }) : undefined;
    const wsdl = files?.find((f) => f.path === `${model.name}.wsdl`)?.content;
    const generated = wsdl === undefined ? renderWsdl(model, address) : contentText(wsdl);
    expect(generated).toBe(text);
  });

  test('the spec YAML it writes reads back to the same spec', () => {
    const { spec } = readWsdl(text, label);
    const yaml = renderSpecYaml(spec, { schemaPath: '../spec/asmxgen.schema.json', source: label });
    expect(parseSpec(yaml, 'imported.yaml')).toStrictEqual(spec);
  });

  test('the spec is already in canonical form (defaults left out, names as the WSDL has them)', () => {
    const { spec } = readWsdl(text, label);
    expect(canonicalSpec(spec)).toStrictEqual(withoutIncludes(spec));
  });
});

// A binding in another namespace: the runtime serves ?wsdl, ?wsdl=wsdl1 and a ?schema=schemaN per schema, which
// import reads together; generate writes each of them back, byte for byte.
const severalDocuments = reproducedCorpusWsdls().filter(inSeveralDocuments);
describe.each(severalDocuments.map((path) => [wsdlLabel(path), path] as const))('%s', (label, path) => {
  test('imports, with the documents it names, to a spec that generates every document byte for byte', async () => {
    const { spec, addresses } = readCorpusWsdl(path);
    const model = buildModel(spec);
    const baseUrl = addresses.soap11!.slice(0, -model.path.length);
    const files = await generate(model, { baseUrl });
    const stem = path.replace(/\.wsdl$/, '');
    const documents = readdirSync(CORPUS_DIR).filter(
      (f) => f.startsWith(`${basename(stem)}.`) && /\.(wsdl|xsd)$/.test(f),
    );
    expect(documents.length).toBeGreaterThan(2);
    for (const document of documents) {
      const generated = files.find((f) => f.path === `${model.name}${document.slice(basename(stem).length)}`);
      expect(generated && contentText(generated.content), document).toBe(
        readFileSync(resolve(CORPUS_DIR, document), 'utf8'),
      );
    }
  });

  test('the spec YAML it writes reads back to the same spec, in canonical form', () => {
    const { spec } = readCorpusWsdl(path);
    const yaml = renderSpecYaml(spec, { schemaPath: '../spec/asmxgen.schema.json', source: label });
    expect(parseSpec(yaml, 'imported.yaml')).toStrictEqual(spec);
    expect(canonicalSpec(spec)).toStrictEqual(withoutIncludes(spec));
  });
});

describe('imported specs equal the specs committed for the golden scenarios', () => {
  const scenarios = listScenarios().filter((s) => s.reference !== undefined);

  test('every importable WSDL is some scenario’s reference, and every corpus WSDL is reproduced or refused', () => {
    expect(scenarios.map((s) => s.reference).sort()).toEqual([...importableWsdls(), ...severalDocuments].sort());
    const corpus = reproducedCorpusWsdls().map((p) => p.slice(CORPUS_DIR.length + 1));
    const files = readdirSync(CORPUS_DIR).filter(isServiceWsdl);
    expect(corpus.sort()).toEqual(files.sort());
  });

  // The default spec spells out `path` and `bindings` with their default values, gives UploadImage
  // `parameters: []` and labels operations with `group`s; the corpus specs name C# members and enum values that
  // the WSDL renames, header fields it never shows, include lists it shows only by their effect. Both sides are
  // compared in canonical form: what a WSDL can say, named as the importer names it (see canonicalSpec).
  test.each(scenarios.map((s) => [s.name, s] as const))('%s', (_name, scenario) => {
    const golden = parseSpec(readFileSync(scenario.spec, 'utf8'), scenario.spec);
    const imported = readCorpusWsdl(scenario.reference!, scenario.reference!).spec;
    expect(withoutIncludes(imported)).toStrictEqual(canonicalSpec(golden));
  });
});

/**
 * What varies between servers (the spec's `wsdl:` section): each reproduced WSDL in the forms other servers
 * serve, made here from the corpus files: CRLF line ends (Windows servers), a final newline, and the .NET
 * Framework's order of the root's declarations (`soap tm soapenc mime tns s soap12 http`, the extra schemas'
 * prefixes after `tns`).
 */
describe('what varies between servers is recorded and reproduced', () => {
  const NET_ORDER = ['soap', 'tm', 'soapenc', 'mime', 'tns', 's', 'soap12', 'http'];

  /** The root's declarations before targetNamespace in the .NET Framework's order. */
  function dotNetOrder(text: string): { text: string; order: string[] } {
    const start = text.indexOf('<wsdl:definitions ') + '<wsdl:definitions '.length;
    const end = text.indexOf(' targetNamespace=', start);
    const declarations = text.slice(start, end).match(/xmlns:[\w]+="[^"]*"/g)!;
    const prefix = (d: string) => d.slice('xmlns:'.length, d.indexOf('='));
    const extra = declarations.filter((d) => !NET_ORDER.includes(prefix(d)));
    const fixed = NET_ORDER.map((p) => declarations.find((d) => prefix(d) === p)!);
    const tns = fixed.findIndex((d) => prefix(d) === 'tns');
    const ordered = [...fixed.slice(0, tns + 1), ...extra, ...fixed.slice(tns + 1)];
    return { text: text.slice(0, start) + ordered.join(' ') + text.slice(end), order: ordered.map(prefix) };
  }

  const variants: readonly (readonly [string, (text: string) => { text: string; wsdl: Spec['wsdl'] }])[] = [
    ['CRLF line ends', (t) => ({ text: t.replaceAll('\n', '\r\n'), wsdl: { lineEnds: 'crlf' } })],
    ['a final newline', (t) => ({ text: `${t}\n`, wsdl: { finalNewline: true } })],
    [
      'the .NET Framework declaration order',
      (t) => {
        const { text, order } = dotNetOrder(t);
        return { text, wsdl: { namespaceOrder: order } };
      },
    ],
    [
      'all three, as a Windows server running the .NET Framework serves it',
      (t) => {
        const { text, order } = dotNetOrder(t);
        return {
          text: `${text.replaceAll('\n', '\r\n')}\r\n`,
          wsdl: { namespaceOrder: order, lineEnds: 'crlf', finalNewline: true },
        };
      },
    ],
  ];

  const wsdls = importableWsdls().map((path) => [wsdlLabel(path), path] as const);
  describe.each(variants)('%s', (_variant, make) => {
    test.each(wsdls)('%s', (label, path) => {
      const original = readFileSync(path, 'utf8');
      const { text, wsdl } = make(original);
      expect(text).not.toBe(original);
      const { spec, wsdl: generated } = regenerate(text, label);
      const served = readWsdl(original, label).spec;
      expect(spec.wsdl).toStrictEqual({ ...served.wsdl, ...wsdl });
      expect(generated).toBe(text);
      const yaml = renderSpecYaml(spec);
      expect(parseSpec(yaml, 'imported.yaml')).toStrictEqual(spec);
      const { wsdl: _wsdl, ...rest } = spec;
      const { wsdl: _servedWsdl, ...servedRest } = served;
      expect(rest).toStrictEqual(servedRest);
    });
  });

  test('a WSDL in Mono’s form records nothing', () => {
    expect(readWsdl(readShared('wsdl-corpus/Library.wsdl'), 'Library.wsdl').spec).not.toHaveProperty('wsdl');
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
  expect(contentText(files.find((f) => f.path === 'Legacy.wsdl')!.content)).toBe(text);
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

test('the Library and the corpus in every subset of bindings round-trip too', () => {
  // With no SOAP binding, the WSDL names the operations HTTP leaves out nowhere but in the schema.
  const corpus = reproducedCorpusWsdls().filter((p) => !inSeveralDocuments(p));
  for (const path of [...corpus, sharedFile('wsdl-corpus/Library.wsdl')]) {
    const original = readWsdl(readFileSync(path, 'utf8'), path).spec;
    for (const bindings of [['soap11'], ['soap12', 'httpGet'], ['soap12', 'httpPost'], ['soap11', 'soap12']] as const) {
      const spec: Spec = { ...original, bindings: [...bindings] };
      const wsdl = renderWsdl(buildModel(spec), 'http://localhost:8080/X.asmx');
      expect(regenerate(wsdl, 'subset.wsdl').wsdl, `${wsdlLabel(path)}: ${bindings.join(', ')}`).toBe(wsdl);
    }
  }
});

test('out and ref parameters import in the order the method declares them, and regenerate', () => {
  // string GetVersion(ref string channel, out int build): ref in the request and the response, out in the response.
  const text = edit(
    readShared('wsdl-corpus/LegacySoapOnly.wsdl'),
    [
      '      <s:element name="GetVersion">\n        <s:complexType />',
      '      <s:element name="GetVersion">\n        <s:complexType>\n          <s:sequence>\n' +
        '            <s:element minOccurs="0" maxOccurs="1" name="channel" type="s:string" />\n' +
        '          </s:sequence>\n        </s:complexType>',
    ],
    [
      '<s:element minOccurs="0" maxOccurs="1" name="GetVersionResult" type="s:string" />',
      '<s:element minOccurs="0" maxOccurs="1" name="GetVersionResult" type="s:string" />\n' +
        '            <s:element minOccurs="0" maxOccurs="1" name="channel" type="s:string" />\n' +
        '            <s:element minOccurs="1" maxOccurs="1" name="build" type="s:int" />',
    ],
  );
  const { spec, wsdl } = regenerate(text, 'Legacy.wsdl');
  expect(spec.operations[1]).toStrictEqual({
    name: 'GetVersion',
    parameters: [
      { name: 'channel', type: 'string', direction: 'ref' },
      { name: 'build', type: 'int', direction: 'out' },
    ],
    result: 'string',
  });
  expect(wsdl).toBe(text);
});
